// The bad-input table (tests/bad-input.json) through the two JavaScript surfaces: every row with
// a JS call through the package's API (a RinglabError with the row's code, rule, parameter and
// message), and every
// row with a command line through the WASM CLI (the package's bin: exit status 2, nothing on
// stdout, "ringlab: " + the message with its leading parameter name spelled as the command spells
// it). When a native build exists, the native CLI must print the same bytes. tests/cpp runs the
// same command-line rows through the native run_cli; the table's `about` states the rule.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { load, RinglabError } from "ringlab";
import { load as loadSystems, RinglabError as SystemsError } from "ringlab/systems";
import { cliJs, root } from "./helpers.mjs";

const table = JSON.parse(readFileSync(path.join(root, "tests", "bad-input.json"), "utf8"));
const rl = await load();
const systems = await loadSystems();

// Values JSON cannot hold, as the table's `about` lists them.
function decode(v) {
  if (Array.isArray(v)) return v.map(decode);
  if (v === null || typeof v !== "object") return v;
  const keys = Object.keys(v);
  if (keys.length === 1 && keys[0].startsWith("$")) {
    const x = v[keys[0]];
    switch (keys[0]) {
      case "$number":
        return Number(x);
      case "$bigint":
        return BigInt(x);
      case "$Uint32Array":
        return Uint32Array.from(x);
      case "$repeat":
        return x[0].repeat(x[1]);
      case "$ring":
        return rl.ring(decode(x));
      case "$term":
        return systems.parseTerm(x);
      default:
        throw new Error(`bad-input.json: unknown tag ${keys[0]}`);
    }
  }
  return Object.fromEntries(keys.map((k) => [k, decode(v[k])]));
}

// "compare" -> rl.compare, "theory.sdOverMean" -> rl.theory.sdOverMean, "Ring.remove" -> a method
// of the handle js.on makes (after js.setup, and disposed first when js.dispose says so).
function invoke(js) {
  const api = js.module === "systems" ? systems : rl;
  const args = decode(js.args);
  if (js.on) {
    const handle = api[js.on.call](...decode(js.on.args));
    for (const [method, a] of js.setup ?? []) handle[method](...decode(a));
    if (js.dispose) handle.dispose();
    const method = js.call.split(".")[1];
    return handle[method](...args);
  }
  const parts = js.call.split(".");
  const owner = parts.length === 2 ? api[parts[0]] : api;
  return owner[parts.at(-1)](...args);
}

/** The message as the command line prints it: the leading parameter name in the command's spelling. */
function cliMessage(row) {
  const [cmd, sub] = row.cli;
  const names = table.cliNames[cmd === "run" || cmd === "place" ? `${cmd} ${sub}` : cmd] ?? {};
  for (const [name, spelling] of Object.entries(names)) {
    if (row.message.startsWith(name + " ")) return `ringlab: ${spelling}${row.message.slice(name.length)}\n`;
  }
  return `ringlab: ${row.message}\n`;
}

const native = path.join(process.env.RINGLAB_BUILD_DIR ?? path.join(root, "build"), "ringlab");
const hasNative = existsSync(native);

function runCli(file, args) {
  const cmd = file === native ? [native, args] : [process.execPath, [cliJs, ...args]];
  const r = spawnSync(cmd[0], cmd[1], { cwd: root, encoding: "utf8" });
  if (r.error) throw r.error;
  return r;
}

const jsRows = table.rows.filter((r) => r.js);
const cliRows = table.rows.filter((r) => r.cli);

test("the table has rows for both surfaces and every row names its mistake once", () => {
  assert.ok(jsRows.length >= 30, `${jsRows.length} JS rows`);
  assert.ok(cliRows.length >= 30, `${cliRows.length} command-line rows`);
  const names = table.rows.map((r) => r.name);
  assert.equal(new Set(names).size, names.length, "row names are unique");
});

test("every JS row: a RinglabError with the row's code, rule, parameter and message", () => {
  // Every mismatch is listed, not just the first.
  const wrong = [];
  for (const row of jsRows) {
    let got = "no error";
    try {
      invoke(row.js);
    } catch (e) {
      got =
        e instanceof RinglabError
          ? { code: e.code, rule: e.rule, param: e.param, message: e.message }
          : `${e?.constructor?.name}: ${e?.message}`;
    }
    const want = { code: row.code, rule: row.rule, param: row.param, message: row.message };
    if (JSON.stringify(got) !== JSON.stringify(want)) {
      wrong.push(`${row.name}: expected ${JSON.stringify(want)}, got ${JSON.stringify(got)}`);
    }
    // The module keeps working after every rejection.
    const h = rl.h32("user:42");
    if (h !== 599759890) wrong.push(`${row.name}: afterwards h32("user:42") is ${h}`);
  }
  assert.deepEqual(wrong, []);
});

test("every command-line row: the WASM CLI exits 2 with the table's message", () => {
  for (const row of cliRows) {
    const r = runCli(cliJs, row.cli);
    assert.equal(r.stdout, "", `${row.name}: stdout`);
    assert.equal(r.stderr, cliMessage(row), `${row.name}: stderr`);
    assert.equal(r.status, 2, `${row.name}: exit status`);
  }
});

test("every row with both forms: the CLI's message is the API's by the stated rule", () => {
  const both = table.rows.filter((r) => r.js && r.cli);
  assert.ok(both.length >= 30, `${both.length} rows with both forms`);
  for (const row of both) {
    let message;
    try {
      invoke(row.js);
    } catch (e) {
      message = e.message;
    }
    const shown = runCli(cliJs, row.cli).stderr;
    assert.equal(shown, cliMessage({ ...row, message }), row.name);
  }
});

test(
  "the native CLI prints the same bytes as the WASM CLI for every command-line row",
  { skip: !hasNative && "no native build" },
  () => {
    for (const row of cliRows) {
      const a = runCli(native, row.cli);
      const b = runCli(cliJs, row.cli);
      assert.deepEqual([a.status, a.stdout, a.stderr], [b.status, b.stdout, b.stderr], row.name);
    }
  },
);

test("ringlab and ringlab/systems throw one RinglabError class", () => {
  assert.equal(SystemsError, RinglabError);
});
