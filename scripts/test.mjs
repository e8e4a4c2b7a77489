// `npm test`: installs what is missing, builds everything and runs every test suite.
import { existsSync } from "node:fs";
import path from "node:path";
import { main, root, run } from "./lib/proc.mjs";
import { setup } from "./setup.mjs";
import { buildNative } from "./build-native.mjs";

main(() => {
  setup();
  buildNative();
  // The C++ suite (Catch2, registered with CTest).
  run("ctest", ["--test-dir", "build", "--output-on-failure", "-j", "2"]);
  // The WebAssembly module, the npm package and their tests (Node's test runner).
  if (existsSync(path.join(root, "scripts", "build-wasm.mjs"))) {
    run("npm", ["run", "--silent", "build:wasm"]);
    run("npm", ["run", "--silent", "test:js"]);
  }
});
