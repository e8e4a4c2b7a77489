#!/usr/bin/env node
// `npm run test:js`: the package's own tests (tests/js, Node's test runner) and its type tests
// (tests/types), after building what they run against: the WebAssembly modules with the Catch2
// suite as WebAssembly (scripts/build-wasm.mjs) and the site (`npm run build:web`, for the widgets
// bundle the packed tarball carries).
//
//   node scripts/test-js.mjs [--no-build] [--quick] [test files…]
//
// --no-build runs against what is built (`npm test` builds each part once, in its own stage).
// --quick leaves out the files that need Chromium, the real software or a build only the full tier
// makes (fullTierOnly below): what `npm run check` runs, against the package alone
// (`node scripts/build-wasm.mjs --no-tests`).
import { readdirSync } from "node:fs";
import path from "node:path";
import { isMain, main, root, run } from "./lib/proc.mjs";

/** The files `npm run check` leaves to `npm test`, and what each needs that the quick tier lacks. */
export const fullTierOnly = {
  "browser.test.mjs": "headless Chromium",
  "compat-matrix.test.mjs": "the real software (redis-server, librdkafka, libmemcached, Guava on the JDK)",
  "catch2.test.mjs": "the Catch2 suite built with Emscripten (the quick tier runs it natively)",
  "pack.test.mjs": "the widgets bundle (npm run build:web), which the tarball carries",
};

/** The test files, sorted; without the full tier's own files when `quick`. */
export function jsTestFiles({ quick = false } = {}) {
  return readdirSync(path.join(root, "tests", "js"))
    .filter((f) => f.endsWith(".test.mjs") && !(quick && f in fullTierOnly))
    .sort()
    .map((f) => path.join("tests", "js", f));
}

export function buildForJsTests() {
  run(process.execPath, ["scripts/build-wasm.mjs"]);
  run("npm", ["run", "--silent", "build:web"]);
}

/** The type tests, then the files (all of tests/js by default), two at a time. */
export function runJsTests({ quick = false, files = [] } = {}) {
  run(process.execPath, ["node_modules/typescript/bin/tsc", "-p", "tests/types"]);
  // Two files at a time: on two cores, the long single-threaded files (the Catch2 suite as
  // WebAssembly, the 2 GiB memory test) run beside the others instead of before them.
  run(process.execPath, ["--test", "--test-concurrency=2", ...(files.length ? files : jsTestFiles({ quick }))]);
}

if (isMain(import.meta.url)) {
  main(() => {
    const args = process.argv.slice(2);
    const unknown = args.filter((a) => a.startsWith("--") && !["--no-build", "--quick"].includes(a));
    if (unknown.length)
      throw new Error(`unknown option ${unknown[0]} (usage: test-js.mjs [--no-build] [--quick] [files…])`);
    const quick = args.includes("--quick");
    if (!args.includes("--no-build")) {
      if (quick) run(process.execPath, ["scripts/build-wasm.mjs", "--no-tests"]);
      else buildForJsTests();
    }
    runJsTests({ quick, files: args.filter((a) => !a.startsWith("--")) });
  });
}
