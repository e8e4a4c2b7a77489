// compare's rows of the newer bucket hashers in the package (ringlab/lab's compareNewer) against
// the command line's (`ringlab compare --newer all --json`): on random scenarios, field for field,
// the build times aside (the wall clock's). The native CLI when it is built, else the Node CLI
// (tests/js/compare-newer.test.mjs holds the two CLIs to the same rows). And the package's forms
// of the list and of the scenario, and its errors, which are rl.compare's and the CLI's.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { pathToFileURL } from "node:url";
import { load } from "ringlab";
import { load as loadBuckets } from "ringlab/buckets";
import { load as loadLab } from "ringlab/lab";
import { cliJs, root } from "./helpers.mjs";

const { runCli } = await import(pathToFileURL(cliJs).href);
const native = path.join(root, process.env.RINGLAB_BUILD_DIR ?? "build", "ringlab");
const hasNative = existsSync(native);
const lab = await loadLab();
const rl = await load();

/** The CLI's answer: status, stdout, stderr, from the native CLI if built, else the Node CLI. */
async function cli(args) {
  if (hasNative) {
    const r = spawnSync(native, args, { encoding: "utf8" });
    return { status: r.status, out: r.stdout, err: r.stderr };
  }
  const r = await runCli(args);
  return { status: r.exitCode, out: r.out, err: r.err };
}

const withoutTime = (rows) => rows.map(({ buildMs, ...rest }) => (assert.ok(buildMs >= 0), rest));

// A seeded Mulberry32, so that a failing scenario is the same on every run.
function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Random scenarios: 1 to 40 servers, 0 to 3,000 keys, any seed, and an add (named or not), a
// remove or a fail of any server (the last one's too, which every algorithm supports).
function scenarios(count) {
  const rnd = mulberry32(20240611);
  const int = (lo, hi) => lo + Math.floor(rnd() * (hi - lo + 1));
  const out = [];
  for (let i = 0; i < count; ++i) {
    const servers = int(1, 40);
    const keys = int(0, 3000);
    const seed = int(-1000, 1_000_000);
    const kind = ["add", "add:new", "remove", "fail"][int(0, 3)];
    // A server to take out: the last one about half the time, else any.
    const s = rnd() < 0.5 ? servers - 1 : int(0, servers - 1);
    // Taking out the only server leaves none: an add then.
    const change = kind.startsWith("add") || servers === 1 ? kind.replace(/^(remove|fail)$/, "add") : `${kind}:S${s}`;
    out.push({
      flags: ["--servers", `${servers}`, "--keys", `${keys}`, "--seed", `${seed}`, "--change", change],
      scenario: { servers, keys, seed, change },
    });
  }
  return out;
}

test("compareNewer's rows are `ringlab compare --newer all --json`'s, on random scenarios", async () => {
  for (const { flags, scenario } of scenarios(12)) {
    const rows = lab.compareNewer(scenario);
    const r = await cli(["compare", ...flags, "--newer", "all", "--json"]);
    assert.equal(r.status, 0, r.err);
    // The CLI prints the chapter's rows first: the newer ones follow them.
    const chapter = rl.compare(scenario).length;
    const want = JSON.parse(r.out).slice(chapter);
    assert.deepEqual(withoutTime(rows), withoutTime(want), flags.join(" "));
    // The same fields as the CLI's rows (a supported row has no reason).
    const fields = (row) => Object.keys(row).sort();
    for (const [i, row] of rows.entries()) assert.deepEqual(fields(row), fields(want[i]), row.algorithm);
  }
});

test("compareNewer: unsupported rows as the CLI gives them, with their reason", async () => {
  for (const { flags, scenario } of [
    // A server other than the last one removed: the algorithms that remove only their last bucket.
    { flags: ["--keys", "300", "--change", "remove:S3"], scenario: { keys: 300, change: "remove:S3" } },
    // A weight: every bucket hasher (none has weights).
    {
      flags: ["--keys", "300", "--servers", "4", "--change", "weight:S1=2"],
      scenario: { keys: 300, servers: 4, change: { kind: "weight", name: "S1", weight: 2 } },
    },
  ]) {
    const rows = lab.compareNewer(scenario);
    const r = await cli(["compare", ...flags, "--newer", "all", "--json"]);
    const want = JSON.parse(r.out).slice(rl.compare(scenario).length);
    assert.deepEqual(withoutTime(rows), withoutTime(want), flags.join(" "));
    const unsupported = rows.filter((row) => !row.supported);
    assert.ok(unsupported.length > 0, flags.join(" "));
    for (const row of unsupported) {
      assert.match(row.reason, new RegExp(`^${row.algorithm} (has no weights|can only remove the last bucket)$`));
      assert.equal(row.reasonCode, row.reason.endsWith(" has no weights") ? "no_weights" : "last_bucket_only");
      assert.equal(row.moved, 0);
    }
  }
  const weighted = lab.compareNewer({ keys: 10, servers: [{ name: "a", weight: 2 }, "b"] });
  for (const row of weighted) assert.equal(row.reason, `${row.algorithm} has no weights`);
});

test("compareNewer: every newer algorithm by default, a list as text or as names, in its order", async () => {
  const all = withoutTime(lab.compareNewer({ keys: 200 }));
  assert.deepEqual(withoutTime(lab.compareNewer({ keys: 200, newer: "all" })), all);
  // Every bucket algorithm of the registry without a row of the chapter's compare, in its order.
  const chapter = new Set(rl.algorithms().flatMap((a) => (a.compare ? [a.name] : [])));
  const newer = (await loadBuckets()).algorithms().flatMap((a) => (chapter.has(a.name) ? [] : [a.name]));
  assert.ok(newer.length > 0);
  assert.deepEqual(
    all.map((r) => r.algorithm),
    newer,
  );
  const [first, last] = [all[0].algorithm, all.at(-1).algorithm];
  const two = withoutTime(lab.compareNewer({ keys: 200, newer: [last, first] }));
  assert.deepEqual(two, withoutTime(lab.compareNewer({ keys: 200, newer: `${last},${first}` })));
  assert.deepEqual(two, [all.at(-1), all[0]]);
  // Servers by name: the same rows as S0 … S{n-1} given by count, names and all.
  const named = withoutTime(lab.compareNewer({ keys: 200, servers: ["S0", "S1", "S2"], change: "remove:S1" }));
  assert.deepEqual(named, withoutTime(lab.compareNewer({ keys: 200, servers: 3, change: "remove:S1" })));
});

const error = (f) => {
  try {
    f();
  } catch (e) {
    return [e.name, e.code, e.rule, e.param, e.message];
  }
  return "no error";
};

test("compareNewer refuses a scenario as rl.compare refuses it, with the same error", () => {
  for (const bad of [
    { keys: -1 },
    { keys: 1.5 },
    { servers: 0 },
    { servers: [] },
    { change: "remove:nope" },
    { change: "drop:S1" },
    { change: { kind: "weight", name: "S1" } },
    { vnodes: 0 },
    { tableSize: 4 },
    { epsilon: 0 },
    { threads: 0 },
    { seed: "1" },
    { servers: ["a", "a"] },
    { nope: 1 },
  ]) {
    const got = error(() => lab.compareNewer(bad));
    const want = error(() => rl.compare(bad));
    assert.notEqual(want, "no error", JSON.stringify(bad));
    // The options' own name is the call's, and its options are rl.compare's and newer.
    if (bad.nope !== undefined) {
      assert.deepEqual(got.slice(0, 4), want.slice(0, 4));
      assert.equal(got[4], want[4].replace("for compare ", "for compareNewer ").replace(/\)$/, ", newer)"));
    } else assert.deepEqual(got, want, JSON.stringify(bad));
  }
});

test("compareNewer's list errors are the CLI's --newer errors, and a scenario's come first as there", async () => {
  for (const [newer, text] of [
    ["jump", "jump"],
    ["dx,nope", "dx,nope"],
    ["dx,anchor,dx", "dx,anchor,dx"],
    ["", ""],
    [["dx", "anchor", "dx"], "dx,anchor,dx"],
    [["nope"], "nope"],
  ]) {
    const got = error(() => lab.compareNewer({ keys: 10, newer }));
    const r = await cli(["compare", "--keys", "10", "--newer", text]);
    assert.equal(r.status, 2);
    assert.equal(r.err, `ringlab: ${got[4].replace(/^newer /, "--newer ")}\n`, JSON.stringify(newer));
    assert.equal(got[1], "invalid_argument");
  }
  // An array of none: the list's rule.
  assert.deepEqual(
    error(() => lab.compareNewer({ newer: [] })),
    ["RinglabError", "invalid_argument", "list", "newer", "newer must be a list of 1 to 8 values, got 0 values"],
  );
  assert.equal(error(() => lab.compareNewer({ newer: 3 }))[1], "invalid_type");
  assert.equal(error(() => lab.compareNewer({ newer: ["dx", 3] }))[1], "invalid_type");
  // A bad server count and a bad list: the count's error, as on the command line.
  const both = error(() => lab.compareNewer({ servers: 0, newer: "jump" }));
  const r = await cli(["compare", "--servers", "0", "--newer", "jump"]);
  assert.equal(r.err, `ringlab: ${both[4].replace(/^servers /, "--servers ")}\n`);
});
