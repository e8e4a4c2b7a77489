// Configures and builds the native library, CLI (build/ringlab) and C++ tests with CMake
// (the `native` preset in CMakePresets.json). With --tools (`npm test`), only the programs the
// other suites run: the CLI, the bench and erl's helper (the `native-tools` build preset); npm test
// runs the Catch2 suite under the sanitizers and as WebAssembly, `npm run check` natively.
import { isMain, main, run } from "./lib/proc.mjs";

export function buildNative({ tools = false } = {}) {
  run("cmake", ["--preset", "native"]);
  run("cmake", ["--build", "--preset", tools ? "native-tools" : "native"]);
}

if (isMain(import.meta.url)) {
  const args = process.argv.slice(2);
  if (args.some((a) => a !== "--tools")) {
    console.error("usage: node scripts/build-native.mjs [--tools]");
    process.exit(2);
  }
  main(() => buildNative({ tools: args.includes("--tools") }));
}
