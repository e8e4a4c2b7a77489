// `ringlab compare --newer`: the newer bucket hashers' rows in the Node CLI (its module has every
// algorithm) and the native CLI, the same rows for the same scenarios, the build times aside (the
// wall clock's); the chapter's rows before them as without --newer, and the errors of the list
// the same on both.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { pathToFileURL } from "node:url";
import { cliJs, root } from "./helpers.mjs";

const { runCli } = await import(pathToFileURL(cliJs).href);
const native = path.join(root, process.env.RINGLAB_BUILD_DIR ?? "build", "ringlab");
const hasNative = existsSync(native);

const withoutTime = (rows) => rows.map(({ buildMs, ...rest }) => (assert.ok(buildMs >= 0), rest));

// Every change kind, the last and a middle server, one server, a weight, no keys.
const scenarios = [
  ["--keys", "700"],
  ["--keys", "500", "--change", "remove:S3"],
  ["--keys", "500", "--change", "fail:S9", "--seed", "3"],
  ["--keys", "400", "--servers", "1", "--change", "add:new"],
  ["--keys", "300", "--servers", "4", "--change", "weight:S1=2"],
  ["--keys", "0"],
];

test("compare --newer: the Node CLI's rows are the native CLI's, after the chapter's rows", async () => {
  for (const flags of scenarios) {
    const plain = await runCli(["compare", ...flags, "--json"]);
    const wasm = await runCli(["compare", ...flags, "--newer", "all", "--json"]);
    assert.equal(wasm.exitCode, 0, wasm.err);
    const rows = withoutTime(JSON.parse(wasm.out));
    const chapter = withoutTime(JSON.parse(plain.out));
    assert.deepEqual(rows.slice(0, chapter.length), chapter, flags.join(" "));
    assert.ok(rows.length > chapter.length, flags.join(" "));
    if (hasNative) {
      const r = spawnSync(native, ["compare", ...flags, "--newer", "all", "--json"], { encoding: "utf8" });
      assert.equal(r.status, 0, r.stderr);
      assert.deepEqual(withoutTime(JSON.parse(r.stdout)), rows, flags.join(" "));
    }
  }
});

test("compare --newer LIST: the rows named, in the list's order; its errors on both CLIs", async () => {
  const all = withoutTime(JSON.parse((await runCli(["compare", "--keys", "200", "--newer", "all", "--json"])).out));
  const chapter = JSON.parse((await runCli(["compare", "--keys", "200", "--json"])).out).length;
  const newer = all.slice(chapter);
  const [first, last] = [newer[0], newer.at(-1)];
  const two = withoutTime(
    JSON.parse(
      (await runCli(["compare", "--keys", "200", "--newer", `${last.algorithm},${first.algorithm}`, "--json"])).out,
    ),
  );
  assert.deepEqual(two.slice(chapter), [last, first]);
  for (const list of [first.algorithm + "," + first.algorithm, "jump", ""]) {
    const args = ["compare", "--keys", "10", "--newer", list];
    const wasm = await runCli(args);
    assert.equal(wasm.exitCode, 2);
    assert.equal(wasm.out, "");
    assert.match(wasm.err, /^ringlab: (--newer must be|algorithm ".*" is listed twice)/);
    if (hasNative) {
      const r = spawnSync(native, args, { encoding: "utf8" });
      assert.equal(r.status, 2);
      assert.equal(r.stderr, wasm.err);
      assert.equal(r.stdout, "");
    }
  }
});
