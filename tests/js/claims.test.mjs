// ringlab/claims, as the package ships it: every claim of the chapter with its verdict, the same
// catalogue as the CLI prints (Node CLI, and the native binary when built), and a module of its
// own that the main entry does not load.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { load } from "ringlab/claims";
import { cliJs, distDir, root } from "./helpers.mjs";

const catalogue = await load();
const json = catalogue.claimsJson();
const claims = catalogue.claims();

// The ids in the chapter's order: widgets, links and translations are keyed by them.
const ids = [
  "mod-n-six-keys",
  "mod-n-new-server-share",
  "mod-n-moves-80",
  "cache-hit-after-mod-n",
  "cache-database-load",
  "ring-vs-mod-output",
  "mod-n-measured",
  "ring-moves-21.9",
  "ring-none-between-old",
  "largest-arc-v1",
  "largest-arc-expected",
  "smallest-arc-expected",
  "sd-formula-n10",
  "even-10x-needs-100x",
  "vnode-sweep-output",
  "vnodes-for-target",
  "memory-25600-points",
  "lookup-10x-vnodes",
  "lookup-15-comparisons",
  "hrw-balance",
  "hrw-jump-output",
  "hrw-moves-20.1",
  "hrw-none-from-others",
  "jump-moves-8.8",
  "jump-near-ideal",
  "jump-none-between-old",
  "jump-loops-ln-n",
  "maglev-m-over-n",
  "bounded-load-cap",
  "bounded-most-stay",
  "hot-key-vnodes",
  "n-to-n-plus-1",
];

// The verdicts, each argued in the catalogue's tolerance: `within` only where the chapter's
// figure is an expectation (held against a sample: 10,000 keys, 2,000 rings) or rests on an
// approximation (1/c², ln n for H_n).
const within = [
  "mod-n-new-server-share",
  "smallest-arc-expected",
  "vnodes-for-target",
  "hrw-balance",
  "jump-near-ideal",
  "jump-loops-ln-n",
];

test("every claim of the chapter, with its verdict", () => {
  assert.deepEqual(
    claims.map((c) => c.id),
    ids,
  );
  for (const c of claims) {
    assert.equal(c.verdict, within.includes(c.id) ? "within" : "match", c.id);
    assert.match(c.section, /^§[1-9]$/, c.id);
    assert.ok(["exact", "rounding", "statistical", "model"].includes(c.tolerance.kind), c.id);
    assert.ok(c.claim.length > 20 && c.tolerance.reason.length > 10 && c.ringlab.scenario.length > 5, c.id);
    if (c.chapter.value !== null) assert.equal(typeof c.ringlab.value === "number" || c.ringlab.value === null, true);
  }
});

test("the figures the issue names, live", () => {
  const by = Object.fromEntries(claims.map((c) => [c.id, c]));
  assert.equal(by["mod-n-moves-80"].ringlab.figure, "80%");
  assert.equal(by["cache-hit-after-mod-n"].ringlab.figure, "19%");
  assert.equal(by["cache-database-load"].ringlab.figure, "16.2x");
  assert.equal(by["ring-moves-21.9"].ringlab.figure, "21.9%");
  assert.equal(by["largest-arc-v1"].ringlab.figure, "2.9");
  assert.equal(by["memory-25600-points"].ringlab.figure, "400 KB");
  assert.equal(by["lookup-15-comparisons"].ringlab.figure, "15");
  assert.equal(by["hrw-moves-20.1"].ringlab.figure, "20.1%");
  assert.equal(by["hrw-none-from-others"].ringlab.value, 0);
  assert.equal(by["jump-moves-8.8"].ringlab.figure, "8.8%");
  assert.equal(by["maglev-m-over-n"].ringlab.figure, "6553 to 6554 slots each");
  assert.ok(by["bounded-load-cap"].ringlab.value <= 1250);
  // ringlab's own memory beside the chapter's 16 B a point: measured, and smaller.
  assert.ok(by["memory-25600-points"].ringlab.values.ownBytes < by["memory-25600-points"].ringlab.values.modelBytes);
  // The published programs' outputs, byte for byte.
  for (const id of ["ring-vs-mod-output", "vnode-sweep-output", "hrw-jump-output"]) {
    assert.equal(by[id].ringlab.figure, by[id].chapter.figure, id);
    assert.equal(by[id].chapter.value, null);
  }
});

test("claims() is claimsJson() parsed, and computed again on each call", () => {
  assert.deepEqual(claims, JSON.parse(json));
  const again = catalogue.claims();
  assert.notEqual(again, claims);
  assert.deepEqual(again, claims);
  assert.equal(catalogue.version, JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).version);
});

test("the Node CLI prints the package's catalogue, byte for byte", () => {
  const r = spawnSync(process.execPath, [cliJs, "claims", "--json"], { cwd: root, encoding: "utf8" });
  assert.equal(r.status, 0);
  assert.equal(r.stderr, "");
  assert.equal(r.stdout, json);
});

const native = path.join(root, "build", "ringlab");
test(
  "the native CLI prints the same catalogue",
  { skip: existsSync(native) ? false : "no native build (build/ringlab)" },
  () => {
    const r = spawnSync(native, ["claims", "--json"], { encoding: "utf8" });
    assert.equal(r.status, 0);
    assert.equal(r.stdout, json);
  },
);

test("a module of its own: neither ringlab nor ringlab/systems loads it", () => {
  for (const entry of ["index.js", "systems.js", "single.js"]) {
    assert.doesNotMatch(readFileSync(path.join(distDir, entry), "utf8"), /ringlab-claims/, entry);
  }
  assert.match(readFileSync(path.join(distDir, "claims.js"), "utf8"), /ringlab-claims\.wasm/);
});

test("the module's heap is back where it was after a catalogue", () => {
  const before = catalogue.memory().heapUsed;
  catalogue.claimsJson();
  assert.equal(catalogue.memory().heapUsed, before);
});

test("no figure shows a double's every digit: each is written at its claim's digits", () => {
  for (const c of claims) {
    for (const text of [c.chapter.figure, c.ringlab.figure, c.ringlab.detail])
      assert.doesNotMatch(text, /\d\.\d{5,}/, `${c.id}: ${text}`);
  }
  // The chapter's 16.2, at its one decimal: not the double 16.199999999999985.
  const db = claims.find((c) => c.id === "cache-database-load");
  assert.equal(db.ringlab.detail, "(1 - hit after) / (1 - hit before) = 81% / 5% = 16.2");
  assert.equal(db.ringlab.figure, "16.2x");
});
