// `npm run check`, the quick tier: formatting, the package and the widgets' types, the native build
// and the C++ suite (CTest), and the package's tests that need neither a browser nor the real
// software, each stage timed. A few
// minutes on a built tree; run it before every commit. `npm test` (scripts/test.mjs) is the full
// tier: the sanitizers, fuzzing, the real software, the Catch2 suite as WebAssembly, the packed
// tarball, the benchmarks' smoke runs and the browser tests.
import path from "node:path";
import { root, run } from "./lib/proc.mjs";
import { Stages, runAsync } from "./lib/stages.mjs";
import { buildNative } from "./build-native.mjs";
import { runJsTests } from "./test-js.mjs";

const node = process.execPath;

Stages.main("npm run check", async (s) => {
  // Two single-threaded stages side by side: prettier and clang-format over the sources, and the
  // package (tsc and the bundler; the modules themselves only when the C++ changed). The package
  // is built without the Catch2 suite as WebAssembly, which is the full tier's.
  await s.together([
    ["format --check", () => runAsync(node, ["scripts/format.mjs", "--check"])],
    ["package build", () => runAsync(node, ["scripts/build-wasm.mjs", "--no-tests"])],
  ]);
  // The widgets and the playground against the package just built: tsc alone, no bundle (the
  // site build is the full tier's), so a type error in a page or a catalogue is found here.
  await s.stage("widgets typecheck", () =>
    run(node, [path.join(root, "node_modules", "typescript", "bin", "tsc"), "-p", path.join(root, "web", "widgets")]),
  );
  await s.stage("native build", () => buildNative());
  await s.stage("ctest (native)", () => run("ctest", ["--test-dir", "build", "--output-on-failure", "-j", "2"]));
  await s.stage("js tests (no browser, no real software)", () => runJsTests({ quick: true }));
});
