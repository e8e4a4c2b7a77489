// `npm start`: installs what is missing, builds, and prints the course's three experiments
// from the native CLI with their published defaults.
import { main, run } from "./lib/proc.mjs";
import { setup } from "./setup.mjs";
import { buildNative } from "./build-native.mjs";

main(() => {
  setup();
  buildNative();
  for (const experiment of ["ring-vs-mod", "vnode-sweep", "hrw-jump"]) run("build/ringlab", ["run", experiment]);
});
