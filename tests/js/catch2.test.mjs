// The C++ suite (tests/cpp, Catch2) compiled with Emscripten and run under Node: the 32-bit
// lane, where size_t and long are 32 bits wide, with the same golden files (read through
// NODERAWFS); and its rendezvous and compare tests again on the SIMD128 module's objects.
// scripts/build-wasm.mjs builds both in build-wasm/ (CMake under emcmake), where CTest knows how
// to run them (tests/cpp/CMakeLists.txt).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { root } from "./helpers.mjs";

const buildDir = path.join(root, "build-wasm");

test("the Catch2 suite passes as WebAssembly under Node", () => {
  assert.ok(existsSync(path.join(buildDir, "CTestTestfile.cmake")), "build-wasm/ has no tests: run npm run build:wasm");
  // -V: the suite's own summary, checked below, is part of the output.
  const r = spawnSync("ctest", ["--test-dir", buildDir, "-V", "--no-tests=error"], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 64 << 20,
  });
  assert.ifError(r.error);
  assert.equal(r.status, 0, `${r.stdout.slice(-4000)}\n${r.stderr.slice(-2000)}`);
  // Two programs: the whole suite, and its rendezvous and compare tests linked with the SIMD128
  // module's objects (ringlab_tests_wasm_simd128).
  assert.equal([...r.stdout.matchAll(/All tests passed \(\d+ assertions? in \d+ test cases?\)/g)].length, 2);
  assert.match(r.stdout, /ringlab_tests_wasm_simd128 \.+\s+Passed/);
  assert.match(r.stdout, /100% tests passed, 0 tests failed out of 2\b/);
});
