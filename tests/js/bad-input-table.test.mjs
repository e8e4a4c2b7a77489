// The bad-input table (tests/bad-input.json) through the two JavaScript surfaces: every row with
// a JS call through the package's API (a RinglabError with the row's code, rule, parameter and
// message), and every row with a command line through the WASM CLI (exit status 2, nothing on
// stdout, "ringlab: " + the message with its leading parameter name spelled as the command spells
// it, and the error's code, rule and parameter as data). The WASM CLI runs each row once, in this
// process through the bin's own runCli (one module for all rows); the bin itself is started for a
// sample of rows, and must print what runCli returns. When a native build exists, the native CLI
// must print the same bytes. tests/cpp runs the same command-line rows through the native
// run_cli; the table's `about` states the rule.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { test } from "node:test";
import { load, RinglabError } from "ringlab";
import { load as loadSystems, RinglabError as SystemsError } from "ringlab/systems";
import { load as loadBuckets, RinglabError as BucketsError } from "ringlab/buckets";
import { load as loadPlacers, RinglabError as PlacersError } from "ringlab/placers";
import { load as loadPlans, RinglabError as PlanError } from "ringlab/plan";
import { load as loadLab, RinglabError as LabError } from "ringlab/lab";
import { cliJs, invokeTableCall, root } from "./helpers.mjs";

const table = JSON.parse(readFileSync(path.join(root, "tests", "bad-input.json"), "utf8"));
const rl = await load();
const systems = await loadSystems();
const buckets = await loadBuckets();
const placers = await loadPlacers();
const plan = await loadPlans();
const lab = await loadLab();

const api = { rl, systems, buckets, placers, plan, lab };
const invoke = (js) => invokeTableCall(js, api);

/** The message as the command line prints it: the leading parameter name in the command's spelling. */
function cliMessage(row) {
  const [cmd, sub] = row.cli;
  const names = table.cliNames[cmd === "run" || cmd === "place" || cmd === "plan" ? `${cmd} ${sub}` : cmd] ?? {};
  for (const [name, spelling] of Object.entries(names)) {
    if (row.message.startsWith(name + " ")) return `ringlab: ${spelling}${row.message.slice(name.length)}\n`;
  }
  return `ringlab: ${row.message}\n`;
}

const native = path.join(process.env.RINGLAB_BUILD_DIR ?? path.join(root, "build"), "ringlab");
const hasNative = existsSync(native);

function spawnCli(cmd, args) {
  const r = spawnSync(cmd[0], [...cmd.slice(1), ...args], { cwd: root, encoding: "utf8" });
  if (r.error) throw r.error;
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

// The WASM CLI's answer to each command-line row, run once and shared by the tests that read it.
const { runCli } = await import(pathToFileURL(cliJs).href);
const wasmRuns = new Map();
async function wasmCli(row) {
  if (!wasmRuns.has(row)) wasmRuns.set(row, await runCli(row.cli));
  return wasmRuns.get(row);
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

test("every command-line row: the WASM CLI exits 2 with the table's message, code, rule and parameter", async () => {
  const wrong = [];
  for (const row of cliRows) {
    const r = await wasmCli(row);
    // The parameter as the command spells it (the table's cliNames), as the native suite checks.
    const [cmd, sub] = row.cli;
    const names = table.cliNames[cmd === "run" || cmd === "place" || cmd === "plan" ? `${cmd} ${sub}` : cmd] ?? {};
    const got = { exitCode: r.exitCode, out: r.out, err: r.err, code: r.code, rule: r.rule, param: r.param };
    const want = {
      exitCode: 2,
      out: "",
      err: cliMessage(row),
      code: row.code ?? "",
      rule: row.rule ?? "",
      param: row.param === null ? "" : (names[row.param] ?? row.param),
    };
    if (JSON.stringify(got) !== JSON.stringify(want))
      wrong.push(`${row.name}: expected ${JSON.stringify(want)}, got ${JSON.stringify(got)}`);
  }
  assert.deepEqual(wrong, []);
});

test("the WASM CLI's bin prints what runCli returns (a sample of rows, and --help)", async () => {
  // Every tenth row, and the first usage error and the first rejected value.
  const firstUsage = cliRows.find((r) => r.code === null);
  const firstValue = cliRows.find((r) => r.code !== null);
  const sample = cliRows.filter((r, i) => i % 10 === 0 || r === firstUsage || r === firstValue);
  for (const row of sample) {
    const r = await wasmCli(row);
    assert.deepEqual(
      spawnCli([process.execPath, cliJs], row.cli),
      { status: r.exitCode, stdout: r.out, stderr: r.err },
      row.name,
    );
  }
  const help = await runCli(["--help"]);
  assert.equal(help.exitCode, 0);
  assert.equal(spawnCli([process.execPath, cliJs], ["--help"]).stdout, help.out);
});

test("every row with both forms: the CLI's message is the API's by the stated rule", async () => {
  const both = table.rows.filter((r) => r.js && r.cli);
  assert.ok(both.length >= 30, `${both.length} rows with both forms`);
  for (const row of both) {
    let message;
    try {
      invoke(row.js);
    } catch (e) {
      message = e.message;
    }
    const shown = (await wasmCli(row)).err;
    assert.equal(shown, cliMessage({ ...row, message }), row.name);
  }
});

test(
  "the native CLI prints the same bytes as the WASM CLI for every command-line row",
  { skip: !hasNative && "no native build" },
  async () => {
    for (const row of cliRows) {
      const a = spawnCli([native], row.cli);
      const b = await wasmCli(row);
      assert.deepEqual([a.status, a.stdout, a.stderr], [b.exitCode, b.out, b.err], row.name);
    }
  },
);

test("ringlab, ringlab/systems, ringlab/buckets, ringlab/placers and ringlab/lab throw one RinglabError class", () => {
  assert.equal(SystemsError, RinglabError);
  assert.equal(BucketsError, RinglabError);
  assert.equal(PlacersError, RinglabError);
  assert.equal(PlanError, RinglabError);
  assert.equal(LabError, RinglabError);
});
