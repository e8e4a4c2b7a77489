// The plan page's drawing from a Plan (web/widgets/core/plan-view.ts), checked against the
// package: the slot strip's runs before and after a Redis plan are the masters' shares the plan
// gives (counts and ranges), a step's spans are its slots, a Cassandra range's arc is its share of
// the token ring, a ring or table plan's moved runs are their share of the hash space, and the
// JSON export is the plan, field for field.
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import { pathToFileURL } from "node:url";
import { load } from "ringlab/plan";
import ts from "typescript";
import { root } from "./helpers.mjs";

// plan-view.ts imports nothing: it transpiles on its own.
const out = mkdtempSync(path.join(tmpdir(), "ringlab-plan-view-"));
after(() => rmSync(out, { recursive: true, force: true }));
const src = readFileSync(path.join(root, "web/widgets/core/plan-view.ts"), "utf8");
const { outputText } = ts.transpileModule(src, {
  compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
});
writeFileSync(path.join(out, "plan-view.mjs"), outputText);
const { unitRuns, ownersAfter, unitSpans, rangeArc, tokenTurn, spaceArc, binRuns, planJson, slotOwners } = await import(
  pathToFileURL(path.join(out, "plan-view.mjs")).href
);

const plans = await load();
const nodes = readFileSync(path.join(root, "docs/examples/cluster-nodes.txt"), "utf8");
const ring = readFileSync(path.join(root, "docs/examples/cassandra-ring.txt"), "utf8");

/** A share as the strip shows it: slots and runs of each owner. */
function shares(ownerArray, n) {
  const out = Array.from({ length: n }, () => ({ count: 0, ranges: 0 }));
  for (const r of unitRuns(ownerArray)) {
    if (r.owner < 0) continue;
    out[r.owner].count += r.end - r.start + 1;
    out[r.owner].ranges += 1;
  }
  return out;
}

test("slotOwners: each unit's holder from the holders' runs", () => {
  assert.deepEqual(
    Array.from(
      slotOwners(
        [
          { slots: [[1, 2]] },
          { slots: [] },
          {
            slots: [
              [0, 0],
              [4, 4],
            ],
          },
        ],
        6,
      ),
    ),
    [2, 0, 0, -1, 2, -1],
  );
});

test("unitRuns and unitSpans: runs in order", () => {
  assert.deepEqual(unitRuns([0, 0, 1, 1, 1, -1, 0]), [
    { start: 0, end: 1, owner: 0 },
    { start: 2, end: 4, owner: 1 },
    { start: 5, end: 5, owner: -1 },
    { start: 6, end: 6, owner: 0 },
  ]);
  assert.deepEqual(unitRuns([]), []);
  assert.deepEqual(unitSpans(Uint32Array.from([5461, 5462, 5463, 0, 1, 7])), [
    [5461, 5463],
    [0, 1],
    [7, 7],
  ]);
});

for (const [what, make] of [
  ["rebalance with empty masters", () => plans.redis.rebalance({ nodes, useEmptyMasters: true })],
  ["rebalance with a drain", () => plans.redis.rebalance({ nodes, weights: { a1a1: 0 } })],
  [
    "reshard of 1000 slots from all",
    () => plans.redis.reshard({ nodes, from: "all", to: "d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4", slots: 1000 }),
  ],
]) {
  test(`the slot strip of a Redis ${what}: every master's slots and ranges as the plan gives them`, () => {
    // The masters with their slots as the module reads the text: one call, no plan.
    const masters = plans.redis.nodes(nodes).filter((n) => n.role === "master");
    const before = slotOwners(masters);
    assert.ok(
      before.every((o) => o >= 0),
      "every slot has its master",
    );
    const plan = make();
    const index = new Map(masters.map((m, i) => [m.id, i]));
    const after = ownersAfter(before, plan.steps, index);
    const b = shares(before, masters.length);
    const a = shares(after, masters.length);
    for (const n of plan.nodes) {
      const i = index.get(n.node);
      assert.deepEqual(b[i], { count: n.before.count, ranges: n.before.ranges }, `${n.node} before`);
      assert.deepEqual(a[i], { count: n.after.count, ranges: n.after.ranges }, `${n.node} after`);
    }
    // The slots that change master are the plan's moved slots.
    let changed = 0;
    for (let u = 0; u < 16384; u++) if (before[u] !== after[u]) changed++;
    assert.equal(changed, plan.moved);
    for (const st of plan.steps) {
      const spans = unitSpans(st.units);
      assert.equal(
        spans.reduce((s, [x, y]) => s + y - x + 1, 0),
        st.units.length,
      );
    }
  });
}

test("a Cassandra range's arc is its share of the token ring", () => {
  assert.equal(tokenTurn(-(2n ** 63n)), 0);
  assert.equal(tokenTurn(0n), 0.5);
  const plan = plans.cassandra.change({ ring, strategy: "nts:dc1=2", leave: "10.0.0.2", everyRange: true });
  let turns = 0;
  for (const r of plan.ranges) {
    const { turn } = rangeArc(r.start, r.end);
    // A range holds its end but not its start: its width in tokens is its hashes' count, but for
    // the range that holds −2^63, a token no key has.
    assert.ok(Math.abs(turn * 2 ** 64 - Number(r.hashes)) <= 2 ** 12, r.range);
    turns += turn;
  }
  assert.ok(Math.abs(turns - 1) < 1e-12, "the ranges cover the ring once");
});

test("a ring plan's arcs are their hashes' share of the ring, necessary and collateral as the plan counts them", () => {
  const plan = plans.rings.change({
    system: "memcached",
    options: { servers: "10.0.0.1:11211=2,10.0.0.2:11211,10.0.0.3:11211", mode: "behavior_ketama_weighted" },
    change: { add: "10.0.0.4:11211" },
  });
  const { kind, size } = plan.ring;
  assert.equal(kind, "ring");
  for (const k of ["necessary", "collateral"]) {
    let turns = 0;
    for (const st of plan.steps.filter((st) => st.kind === k))
      for (const a of st.arcs) {
        const { from, turn } = spaceArc(a.start, a.end, kind, size);
        assert.ok(from >= 0 && from < 1);
        assert.ok(Math.abs(turn * Number(size) - Number(a.hashes)) < 1e-3, `${a.start}…${a.end}`);
        turns += turn;
      }
    assert.ok(turns > 0, k);
    assert.ok(Math.abs(turns - Number(plan.ring[k].hashes) / Number(size)) < 1e-12, k);
  }
  // An arc whose end is not after its start wraps past the top of the ring.
  assert.deepEqual(spaceArc(90n, 10n, "ring", 100n), { from: 0.9, turn: 0.2 });
});

test("a table plan's runs are their entries' share of the table", () => {
  const plan = plans.rings.change({
    system: "envoy-maglev",
    options: { hosts: "10.0.0.1:443,10.0.0.2:443,10.0.0.3:443" },
    change: { remove: "10.0.0.3:443" },
  });
  const { kind, size, period } = plan.ring;
  assert.equal(kind, "table");
  let turns = 0;
  for (const st of plan.steps) {
    // A step's units number its runs.
    assert.equal(st.arcs.length, st.units.length, `${st.from} → ${st.to}`);
    for (const a of st.arcs) {
      const { from, turn } = spaceArc(a.start, a.end, kind, size, period);
      assert.equal(from, Number(a.start) / period);
      assert.equal(Math.round(turn * period), Number(a.end - a.start) + 1);
      turns += turn;
    }
  }
  // Each entry holds 2^64 / period hashes, give or take one: the runs' share is the moved share.
  assert.ok(Math.abs(turns - Number(plan.ring.moved.hashes) / Number(size)) < 1e-9);
  assert.deepEqual(spaceArc(7n, 8n, "table", 2n ** 64n, 10), { from: 0.7, turn: 0.2 });
});

test("a table's strip draws its runs binned: each bin's share of each kind kept, collateral runs one by one", () => {
  const plan = plans.rings.change({
    system: "envoy-maglev",
    options: { hosts: "10.0.0.1:443,10.0.0.2:443,10.0.0.3:443" },
    change: { remove: "10.0.0.3:443" },
  });
  const { kind, size, period } = plan.ring;
  const runs = plan.steps.flatMap((st) =>
    st.arcs.map((a) => ({ ...spaceArc(a.start, a.end, kind, size, period), kind: st.kind })),
  );
  const bins = 2000;
  const drawn = binRuns(runs, bins, ["collateral"]);
  // What each bin holds of each kind, as the runs starting there add up.
  const share = (list) => {
    const m = new Map();
    for (const r of list) {
      const k = `${r.kind} ${Math.floor(r.from * bins)}`;
      m.set(k, (m.get(k) ?? 0) + r.turn);
    }
    return m;
  };
  const want = share(runs);
  const got = share(drawn);
  assert.deepEqual([...got.keys()].sort(), [...want.keys()].sort());
  for (const [k, v] of want) assert.ok(Math.abs(got.get(k) - v) < 1e-12, k);
  assert.ok(drawn.length <= 2 * bins, `${runs.length} runs, ${drawn.length} drawn`);
  assert.ok(runs.length > 10 * drawn.length, `${runs.length} runs, ${drawn.length} drawn`);
  assert.deepEqual(
    drawn.filter((r) => r.kind === "collateral"),
    runs.filter((r) => r.kind === "collateral"),
  );
  // No two parts overlap: each lies within the runs it holds.
  const sorted = drawn.filter((r) => r.kind !== "collateral").sort((a, b) => a.from - b.from);
  for (let i = 1; i < sorted.length; i++)
    assert.ok(sorted[i - 1].from + sorted[i - 1].turn <= sorted[i].from + 1e-12, `${i}`);
  // A part starts where the earliest of its runs starts, and is listed where its first run was.
  assert.deepEqual(
    binRuns(
      [
        { from: 0.1, turn: 0.01, kind: "a" },
        { from: 0.12, turn: 0.3, kind: "c" },
        { from: 0.05, turn: 0.02, kind: "a" },
        { from: 0.6, turn: 0.1, kind: "a" },
      ],
      4,
      ["c"],
    ),
    [
      { from: 0.05, turn: 0.03, kind: "a" },
      { from: 0.12, turn: 0.3, kind: "c" },
      { from: 0.6, turn: 0.1, kind: "a" },
    ],
  );
});

test("the JSON export is the plan: units as arrays, 64-bit figures as decimal text", () => {
  const plan = plans.cassandra.change({ ring, strategy: "nts:dc1=2", remove: "10.0.0.2", keys: ["user:1"] });
  const json = JSON.parse(planJson(plan));
  assert.equal(json.system, plan.system);
  assert.equal(json.steps.length, plan.steps.length);
  assert.deepEqual(json.steps[0].names, [...plan.steps[0].names]);
  assert.equal(json.keys[0].token, plan.keys[0].token.toString());
  assert.equal(json.hashSpace.size, plan.hashSpace.size.toString());
  const redis = plans.redis.reshard({ nodes, from: "all", to: "d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4", slots: 11 });
  const r = JSON.parse(planJson(redis));
  assert.deepEqual(
    r.steps.map((s) => s.units),
    redis.steps.map((s) => [...s.units]),
  );
  assert.deepEqual(r.warnings, JSON.parse(JSON.stringify(redis.warnings)));
});
