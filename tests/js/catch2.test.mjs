// The C++ suite (tests/cpp, Catch2) compiled with Emscripten and run under Node: the 32-bit
// lane, where size_t and long are 32 bits wide, with the same golden files (read through
// NODERAWFS). scripts/build-wasm.mjs builds build-wasm/tests/ringlab-tests.js.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { root } from "./helpers.mjs";

const suiteDir = path.join(root, "tests", "cpp");
const hasSuite = existsSync(suiteDir) && readdirSync(suiteDir).some((f) => f.endsWith(".cpp"));
const program = path.join(root, "build-wasm", "tests", "ringlab-tests.js");

test("the Catch2 suite passes as WebAssembly under Node", { skip: hasSuite ? false : "no tests/cpp/*.cpp", timeout: 600_000 }, () => {
  assert.ok(existsSync(program), `${path.relative(root, program)} is missing: run npm run build:wasm`);
  const r = spawnSync(process.execPath, [program, "--use-colour", "no"], { cwd: root, encoding: "utf8", maxBuffer: 64 << 20 });
  assert.equal(r.status, 0, `${r.stdout.slice(-4000)}\n${r.stderr.slice(-2000)}`);
  assert.match(r.stdout, /All tests passed \(\d+ assertions? in \d+ test cases?\)/);
});
