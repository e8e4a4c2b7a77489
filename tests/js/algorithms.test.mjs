// Properties of the placement functions through the package API, checked against what the spec
// promises and against small models written here in plain JavaScript: Maglev's even fill and its
// turn-by-turn trace, bounded loads' capacities, weighted rendezvous, the token ring against a
// naive model, the traces against owner() and jump(), the analysis helpers, compare() and
// progress callbacks.
import assert from "node:assert/strict";
import { afterEach, test } from "node:test";
import { load, RinglabError } from "ringlab";
import { h32Reference, jumpReference, prng } from "./helpers.mjs";

const rl = await load();

const handles = [];
const own = (h) => (handles.push(h), h);
afterEach(() => handles.splice(0).forEach((h) => h.dispose()));

// --- Maglev ---------------------------------------------------------------------------------

test("Maglev unweighted: every backend holds floor(M/N) or ceil(M/N) slots", () => {
  for (const [n, m] of [
    [1, 7],
    [3, 7],
    [7, 7],
    [5, 13],
    [10, 101],
    [12, 251],
    [100, 65537],
    [1000, 65537],
    [13, 65537],
  ]) {
    const t = own(rl.maglev({ backends: n, tableSize: m }));
    const counts = t.entryCounts();
    assert.equal(counts.length, n);
    assert.equal(
      counts.reduce((a, b) => a + b, 0),
      m,
    );
    for (const c of counts) assert.ok(c === Math.floor(m / n) || c === Math.ceil(m / n), `N ${n} M ${m}: ${c}`);
  }
});

test("Maglev: default table size, S0.. names, lookups agree with the table", () => {
  const t = own(rl.maglev({ backends: 4 }));
  assert.equal(t.tableSize, 65537);
  assert.deepEqual(t.backends, ["S0", "S1", "S2", "S3"]);
  const table = t.table();
  const keys = rl.keys(16, 2000);
  const hashes = rl.h32Many(keys);
  const byHash = t.lookupHashMany(hashes);
  assert.deepEqual(t.lookupMany(keys), byHash);
  for (let i = 0; i < 300; i++) {
    assert.equal(byHash[i], table[hashes[i] % 65537]);
    assert.equal(t.lookupHash(hashes[i]), byHash[i]);
    assert.equal(t.lookupIndex(keys[i]), byHash[i]);
    assert.equal(t.lookup(keys[i]), t.backends[byHash[i]]);
  }
  // The table is a copy: changing it changes nothing inside.
  table.fill(0);
  assert.notDeepEqual(t.table(), table);
});

test("Maglev: offset and skip from the spec; the fill trace replays each backend's permutation", () => {
  const names = ["zeta", "alpha", "S10", "S2", "ব্যাকএন্ড", "😀"];
  for (const m of [13, 101, 65537]) {
    const t = own(rl.maglev({ backends: names.map((name, i) => ({ name, weight: 1 + (i % 3) })), tableSize: m }));
    names.forEach((name, b) => {
      assert.equal(t.offset(b), h32Reference(`${name}|offset`) % m, `${name} offset`);
      assert.equal(t.skip(b), (h32Reference(`${name}|skip`) % (m - 1)) + 1, `${name} skip`);
    });
    const turns = t.fillTurns();
    assert.equal(turns.backend.length, m);
    assert.equal(turns.slot.length, m);
    assert.equal(turns.skipped.length, m);
    const table = t.table();
    const next = new Array(names.length).fill(0);
    const taken = new Set();
    for (let i = 0; i < m; i++) {
      const b = turns.backend[i];
      // Each backend walks its permutation (offset + j × skip) mod M, passing over `skipped` taken slots.
      for (let k = 0; k < turns.skipped[i]; k++) {
        const passed = Number((BigInt(t.offset(b)) + BigInt(next[b]) * BigInt(t.skip(b))) % BigInt(m));
        assert.ok(taken.has(passed), `turn ${i}: slot ${passed} was taken`);
        next[b]++;
      }
      const slot = Number((BigInt(t.offset(b)) + BigInt(next[b]) * BigInt(t.skip(b))) % BigInt(m));
      assert.equal(turns.slot[i], slot, `M ${m} turn ${i}`);
      assert.ok(!taken.has(slot));
      taken.add(slot);
      next[b]++;
      assert.equal(table[slot], b);
    }
    assert.equal(taken.size, m);
  }
});

test("Maglev: the table does not depend on the order backends are listed in", () => {
  const names = ["b", "c", "a", "d", "e"];
  const a = own(rl.maglev({ backends: names, tableSize: 251 }));
  const b = own(rl.maglev({ backends: [...names].reverse(), tableSize: 251 }));
  const ta = Array.from(a.table(), (i) => a.backends[i]);
  const tb = Array.from(b.table(), (i) => b.backends[i]);
  assert.deepEqual(ta, tb);
});

test("Maglev weighted: slots follow the weights", () => {
  const t = own(rl.maglev({ backends: [{ name: "a", weight: 1 }, { name: "b", weight: 3 }, "c"] }));
  const [a, b, c] = t.entryCounts();
  assert.ok(Math.abs(b / a - 3) < 0.01, `${a} ${b}`);
  assert.ok(Math.abs(c / a - 1) < 0.01, `${a} ${c}`);
});

// --- Bounded loads --------------------------------------------------------------------------

test("bounded loads: no server exceeds its capacity; walks, loads and counts agree", () => {
  const next = prng(77);
  for (const [servers, vnodes, m, eps] of [
    [5, 10, 1000, 0.01],
    [10, 100, 20000, 0.25],
    [3, 1, 500, 0.1],
    [7, 40, 7001, 1],
  ]) {
    const ring = own(
      rl.ring({ servers: Array.from({ length: servers }, (_, i) => ({ name: `n${i}`, weight: 1 + (i % 3) })), vnodes }),
    );
    const hashes = Uint32Array.from({ length: m }, () => next());
    const p = rl.boundedLoads(ring, hashes, eps);
    const sumW = ring.serverInfo().reduce((a, s) => a + s.weight, 0);
    const loads = new Uint32Array(servers);
    let notFirst = 0;
    let longest = 0;
    for (let k = 0; k < m; k++) {
      loads[p.servers[k]]++;
      if (p.walks[k] === 0) assert.equal(p.servers[k], ring.ownerOfHashMany(hashes.subarray(k, k + 1))[0]);
      else notFirst++;
      longest = Math.max(longest, p.walks[k]);
    }
    assert.deepEqual(p.loads, loads);
    assert.equal(p.notFirstChoice, notFirst);
    assert.equal(p.longestWalk, longest);
    ring.serverInfo().forEach((s, i) => {
      assert.equal(p.capacities[i], Math.ceil(((1 + eps) * m * s.weight) / sumW), `capacity of ${s.name}`);
      assert.ok(p.loads[i] <= p.capacities[i], `${s.name}: ${p.loads[i]} <= ${p.capacities[i]}`);
    });
  }
});

// --- Weighted rendezvous --------------------------------------------------------------------

test("weighted rendezvous with equal weights picks what plain rendezvous picks", () => {
  const names = ["S0", "S1", "S2", "S3", "S4", "S5", "S6"];
  const keys = rl.keys(16, 5000);
  const plain = own(rl.rendezvous(names));
  const want = plain.pickMany(keys);
  for (const w of [1, 2.5, 1e-6, 1000]) {
    const weighted = own(rl.weightedRendezvous(names.map((name) => ({ name, weight: w }))));
    assert.deepEqual(weighted.pickMany(keys), want, `weight ${w}`);
    for (let i = 0; i < 200; i++) assert.deepEqual(weighted.top(keys[i], 4), plain.top(keys[i], 4));
  }
  assert.deepEqual(own(rl.weightedRendezvous(names)).pickMany(keys), want);
  assert.deepEqual(own(rl.weightedRendezvous(7)).pickMany(keys), want);
});

test("weighted rendezvous: scores are −w / ln(score / 2^32), and weights shift the share", () => {
  const h = own(
    rl.weightedRendezvous([
      { name: "a", weight: 1 },
      { name: "b", weight: 3 },
    ]),
  );
  for (const key of rl.keys(5, 200)) {
    const s = h.scores(key);
    assert.ok(s instanceof Float64Array);
    ["a", "b"].forEach((name, i) => {
      const u = h32Reference(`${key}|${name}`) / 2 ** 32;
      const expected = u === 0 ? 0 : -[1, 3][i] / Math.log(u);
      assert.ok(Math.abs(s[i] - expected) <= 1e-12 * Math.abs(expected), `${key} ${name}`);
    });
    assert.equal(h.pickIndex(key), s[1] > s[0] ? 1 : 0);
  }
  const picks = h.pickMany(rl.keys(9, 20000));
  const share = picks.filter((i) => i === 1).length / picks.length;
  assert.ok(Math.abs(share - 0.75) < 0.02, `share of b ${share}`);
  const empty = own(rl.weightedRendezvous([]));
  assert.equal(empty.pick("k"), undefined);
  assert.equal(empty.pickIndex("k"), -1);
  assert.deepEqual(empty.top("k", 3), []);
});

test("rendezvous, plain and weighted: removing a server moves exactly that server's keys", () => {
  const names = ["a", "b", "c", "d", "e", "f"];
  const keys = rl.keys(31, 20000);
  for (const weights of [
    [1, 1, 1, 1, 1, 1],
    [1, 2, 0.5, 3, 1, 1.5],
  ]) {
    for (const gone of ["a", "c", "f"]) {
      const kept = names.filter((n) => n !== gone);
      const make = (list) =>
        own(
          weights.every((w) => w === 1)
            ? rl.rendezvous(list)
            : rl.weightedRendezvous(list.map((n) => ({ name: n, weight: weights[names.indexOf(n)] }))),
        );
      const before = make(names);
      const after = make(kept);
      const b = before.pickMany(keys);
      const a = after.pickMany(keys);
      let moved = 0;
      for (let i = 0; i < keys.length; i++) {
        const from = names[b[i]];
        const to = kept[a[i]];
        if (from === gone) moved++;
        else assert.equal(to, from, `${keys[i]} stayed on ${from}`);
      }
      assert.equal(moved, b.filter((s) => names[s] === gone).length);
      assert.ok(moved > 0);
    }
  }
});

// --- Token ring -----------------------------------------------------------------------------

// A naive model of docs/algorithms.md#token-ring: a map id -> token, scanned in full for every question.
class ModelTokenRing {
  constructor(bits) {
    this.bits = bits;
    this.size = 2 ** bits;
    this.tokens = new Map();
  }
  sorted() {
    return [...this.tokens].sort((x, y) => x[1] - y[1]);
  }
  add(id, token) {
    if (token >= this.size) throw { code: "token_out_of_range" };
    for (const [other, t] of this.tokens) if (t === token && other !== id) throw { code: "token_taken" };
    if (this.tokens.has(id)) throw { code: "already_present" };
    this.tokens.set(id, token);
  }
  remove(id) {
    if (!this.tokens.delete(id)) throw { code: "not_found" };
  }
  routeHash(hash) {
    const points = this.sorted();
    if (points.length === 0) throw { code: "empty" };
    const x = hash % this.size;
    return (points.find(([, t]) => t >= x) ?? points[0])[0];
  }
  route(key) {
    return this.routeHash(h32Reference(key));
  }
  boundaries(id) {
    if (!this.tokens.has(id)) throw { code: "not_found" };
    const points = this.sorted();
    const i = points.findIndex(([p]) => p === id);
    return [points[(i + points.length - 1) % points.length][1], points[i][1]];
  }
  tokenOf(id) {
    if (!this.tokens.has(id)) throw { code: "not_found" };
    return this.tokens.get(id);
  }
}

function outcome(f) {
  try {
    const v = f();
    return { ok: v === undefined ? "ok" : v };
  } catch (e) {
    if (e instanceof RinglabError) return { error: e.code };
    if (e && typeof e.code === "string" && !(e instanceof Error)) return { error: e.code };
    throw e;
  }
}

test("token ring: 3 × 3000 random operations match a naive model, results and error codes", () => {
  for (const bits of [32, 8, 1]) {
    const next = prng(1000 + bits);
    const size = 2 ** bits;
    const model = new ModelTokenRing(bits);
    const ring = own(rl.tokenRing({ bits }));
    assert.equal(ring.bits, bits);
    const ids = Array.from({ length: 12 }, (_, i) => (i % 4 === 3 ? `ন${i}` : `v${i}`));
    const usedTokens = [0];
    const pick = (list) => list[next() % list.length];
    for (let step = 0; step < 3000; step++) {
      const id = pick(ids);
      const op = next() % 8;
      let got;
      let want;
      if (op <= 2) {
        // Tokens: fresh ones, reused ones (token_taken, or already_present on its own token),
        // the edges of the ring and beyond it (2^bits and, for 32 bits, past 2^32).
        const choice = next() % 6;
        const token =
          choice === 0
            ? pick(usedTokens)
            : choice === 1
              ? size - 1
              : choice === 2
                ? size + (next() % 3)
                : next() % size;
        if (token < size) usedTokens.push(token);
        got = outcome(() => ring.add(id, token));
        want = outcome(() => model.add(id, token));
      } else if (op === 3) {
        got = outcome(() => ring.remove(id));
        want = outcome(() => model.remove(id));
      } else if (op === 4) {
        const key = `user:${next()}`;
        got = outcome(() => ring.route(key));
        want = outcome(() => model.route(key));
        assert.equal(ring.position(key), h32Reference(key) % size);
      } else if (op === 5) {
        const hash = next();
        got = outcome(() => ring.routeHash(hash));
        want = outcome(() => model.routeHash(hash));
      } else if (op === 6) {
        got = outcome(() => ring.boundaries(id));
        want = outcome(() => model.boundaries(id));
      } else {
        got = outcome(() => ring.tokenOf(id));
        want = outcome(() => model.tokenOf(id));
      }
      assert.deepEqual(got, want, `bits ${bits} step ${step} op ${op} id ${id}`);
      assert.equal(ring.size, model.tokens.size);
    }
    const points = model.sorted();
    assert.deepEqual(
      ring.ids(),
      points.map(([id]) => id),
    );
    assert.deepEqual(
      Array.from(ring.tokens()),
      points.map(([, t]) => t),
    );
  }
});

test("token ring: a single vnode owns everything; clone is independent", () => {
  const ring = own(rl.tokenRing());
  assert.equal(ring.bits, 32);
  assert.throws(() => ring.route("k"), { code: "empty" });
  assert.deepEqual(ring.searchTrace(5), []);
  ring.add("only", 4294967295);
  assert.deepEqual(ring.boundaries("only"), [4294967295, 4294967295]);
  assert.equal(ring.routeHash(0), "only");
  const copy = own(ring.clone());
  copy.add("other", 7);
  ring.remove("only");
  assert.equal(ring.size, 0);
  assert.deepEqual(copy.ids(), ["other", "only"]);
  assert.deepEqual(copy.boundaries("only"), [7, 4294967295]);
});

test("token ring: the tutorial's ring over 0-99 (§2, §3)", () => {
  const ring = own(rl.tokenRing({ bits: 7 }));
  for (const [id, t] of [
    ["A", 10],
    ["B", 30],
    ["C", 50],
    ["D", 80],
  ])
    ring.add(id, t);
  const owners = (hashes) => hashes.map((h) => ring.routeHash(h));
  assert.deepEqual(owners([5, 20, 38, 50, 77, 95]), ["A", "B", "C", "C", "D", "A"]);
  ring.add("E", 40);
  assert.deepEqual(owners([5, 20, 38, 50, 77, 95]), ["A", "B", "E", "C", "D", "A"]);
  ring.remove("B");
  assert.deepEqual(owners([5, 20, 38, 50, 77, 95]), ["A", "E", "E", "C", "D", "A"]);
});

// --- Traces ---------------------------------------------------------------------------------

// Where a search ends: the start of the range left after its last step (size -> wraps to 0).
function endOf(steps, size) {
  if (steps.length === 0) return 0;
  const last = steps[steps.length - 1];
  const at = last.right ? last.mid + 1 : last.mid;
  return at === size ? 0 : at;
}

function checkSteps(steps, tokens, hash) {
  let lo = 0;
  let hi = tokens.length;
  for (const s of steps) {
    assert.equal(s.lo, lo);
    assert.equal(s.hi, hi);
    assert.equal(s.mid, lo + Math.floor((hi - lo) / 2));
    assert.equal(s.token, tokens[s.mid]);
    assert.equal(s.right, s.token < hash);
    if (s.right) lo = s.mid + 1;
    else hi = s.mid;
  }
  assert.equal(lo, hi, "the search ran to the end");
}

test("searchTrace: the steps of the owner search end on owner(); ring, token list and token ring agree", () => {
  const next = prng(4242);
  const ring = own(rl.ring({ servers: ["A", "B", { name: "C", weight: 2 }, "D"], vnodes: 37 }));
  const { tokens, servers } = ring.points();
  const hashes = [
    0,
    0xffffffff,
    tokens[0],
    tokens[tokens.length - 1],
    tokens[10],
    tokens[10] + 1,
    ...Array.from({ length: 500 }, () => next()),
  ];
  for (const h of hashes) {
    const steps = ring.searchTrace(h);
    assert.ok(steps.length >= 1 && steps.length <= Math.ceil(Math.log2(tokens.length + 1)));
    checkSteps(steps, tokens, h);
    assert.equal(ring.servers[servers[endOf(steps, tokens.length)]], ring.ownerOfHash(h), `hash ${h}`);
    assert.deepEqual(rl.searchTrace(tokens, h), steps);
  }
  // A token ring searches its own tokens, after reducing the hash to its bits.
  const t = own(rl.tokenRing({ bits: 10 }));
  for (const [id, token] of [
    ["A", 105],
    ["A2", 930],
    ["B", 290],
    ["B2", 610],
    ["C", 450],
    ["C2", 845],
  ])
    t.add(id, token);
  const tt = t.tokens();
  for (let i = 0; i < 300; i++) {
    const h = next();
    const steps = t.searchTrace(h);
    checkSteps(steps, tt, h % 1024);
    assert.equal(t.ids()[endOf(steps, tt.length)], t.routeHash(h));
  }
  // §5: the search for 700 over 105, 290, 450, 610, 845, 930.
  const tutorial = rl.searchTrace(Uint32Array.of(105, 290, 450, 610, 845, 930), 700);
  assert.deepEqual(
    tutorial.map((s) => [s.lo, s.hi, s.mid, s.token, s.right]),
    [
      [0, 6, 3, 610, true],
      [4, 6, 5, 930, false],
      [4, 5, 4, 845, false],
    ],
  );
  assert.deepEqual(rl.searchTrace(new Uint32Array(0), 5), []);
});

test("preferenceWalk: a ring's points give ring.preferenceList, with and without zones; the §5 example", () => {
  const next = prng(5151);
  for (let r = 0; r < 12; r++) {
    const n = 1 + (next() % 9);
    const zoneCount = 1 + (next() % 4);
    const zones = Array.from({ length: n }, (_, i) => (r % 2 === 0 ? `az-${i % zoneCount}` : i % zoneCount));
    const specs = zones.map((zone, i) => ({ name: `srv${i}`, weight: 1 + (next() % 3) / 2, zone: String(zone) }));
    const ring = own(rl.ring({ servers: specs, vnodes: 1 + (next() % 40) }));
    const { tokens, servers } = ring.points();
    const hashes = [
      0,
      0xffffffff,
      tokens[0],
      tokens[tokens.length - 1],
      tokens[tokens.length - 1] + 1,
      ...Array.from({ length: 60 }, () => next()),
    ];
    for (const hash of hashes.filter((h) => h <= 0xffffffff)) {
      for (const rf of [1, 2, 3, 5, 20]) {
        const names = (list) => list.map((i) => ring.servers[i]);
        assert.deepEqual(
          names(rl.preferenceWalk({ tokens, servers, hash, rf })),
          ring.preferenceList(hash, rf),
          `ring ${r} hash ${hash} rf ${rf}`,
        );
        assert.deepEqual(
          names(rl.preferenceWalk({ tokens, servers, hash, rf, zones })),
          ring.preferenceList(hash, rf, { zones: true }),
          `ring ${r} hash ${hash} rf ${rf} zones`,
        );
      }
    }
  }
  // §5: tokens 105 290 450 610 845 930 held by A B C B C A; from 700 with rf 3: C, A, B.
  const tokens = Uint32Array.of(105, 290, 450, 610, 845, 930);
  const servers = Uint32Array.of(0, 1, 2, 1, 2, 0);
  const abc = (list) => list.map((i) => "ABC"[i]);
  assert.deepEqual(abc(rl.preferenceWalk({ tokens, servers, hash: 700, rf: 3 })), ["C", "A", "B"]);
  assert.deepEqual(abc(rl.preferenceWalk({ tokens, servers, hash: 700, rf: 3, zones: ["az-1", "az-1", "az-2"] })), [
    "C",
    "A",
    "B",
  ]);
  assert.deepEqual(abc(rl.preferenceWalk({ tokens, servers, hash: 700, rf: 2, zones: ["az-1", "az-1", "az-2"] })), [
    "C",
    "A",
  ]);
  assert.deepEqual(abc(rl.preferenceWalk({ tokens, servers, hash: 931, rf: 2 })), ["A", "B"], "wraps to point 0");
  assert.deepEqual(abc(rl.preferenceWalk({ tokens, servers, hash: 450, rf: 9 })), ["C", "B", "A"]);
  assert.deepEqual(rl.preferenceWalk({ tokens: new Uint32Array(0), servers: new Uint32Array(0), hash: 5, rf: 2 }), []);
});

test("jumpTrace: the jumps end on jump(); keys follow the LCG; bigint and number keys agree", () => {
  const next = prng(99);
  const MASK = (1n << 64n) - 1n;
  const cases = [
    [0n, 1],
    [599759890n, 10],
    [MASK, 2147483647],
    [1n << 63n, 1000],
    ...Array.from({ length: 300 }, () => [(BigInt(next()) << 32n) | BigInt(next()), 1 + (next() % 100000)]),
  ];
  for (const [key, n] of cases) {
    const steps = rl.jumpTrace(key, n);
    assert.ok(steps.length >= 1);
    const last = steps[steps.length - 1];
    assert.equal(last.bucket, rl.jump(key, n));
    assert.equal(last.bucket, jumpReference(key, n));
    assert.ok(last.next >= n);
    let k = key;
    steps.forEach((s, i) => {
      k = (k * 2862933555777941757n + 1n) & MASK;
      assert.equal(s.key, k);
      assert.equal(typeof s.key, "bigint");
      if (i + 1 < steps.length) {
        assert.ok(s.next < n);
        assert.equal(steps[i + 1].bucket, s.next);
      }
    });
    assert.equal(steps[0].bucket, 0);
    if (key <= BigInt(Number.MAX_SAFE_INTEGER)) assert.deepEqual(rl.jumpTrace(Number(key), n), steps);
  }
});

// --- Analysis -------------------------------------------------------------------------------

test("movement: counts and flows equal a plain JavaScript count", () => {
  const next = prng(5);
  for (let round = 0; round < 20; round++) {
    const ids = 2 + (next() % 8);
    const isNew = Array.from({ length: ids }, () => next() % 3 === 0);
    const n = next() % 3000;
    const before = Uint32Array.from({ length: n }, () => next() % ids);
    const after = Uint32Array.from(before, (b) => (next() % 4 === 0 ? next() % ids : b));
    const m = rl.movement(before, after, isNew);
    const cells = new Map();
    let moved = 0;
    let toNew = 0;
    for (let k = 0; k < n; k++) {
      if (before[k] === after[k]) continue;
      moved++;
      if (isNew[after[k]]) toNew++;
      const key = before[k] * 100 + after[k];
      cells.set(key, (cells.get(key) ?? 0) + 1);
    }
    const flows = [...cells]
      .sort((a, b) => a[0] - b[0])
      .map(([key, keys]) => ({ from: Math.floor(key / 100), to: key % 100, keys }));
    assert.deepEqual(m, { keys: n, moved, movedToNew: toNew, movedBetweenOld: moved - toNew, flows });
    assert.deepEqual(rl.movement(before, after, Uint8Array.from(isNew, Number)), m);
  }
});

test("loadStats: population statistics, as published", () => {
  const next = prng(6);
  for (let round = 0; round < 20; round++) {
    const loads = Array.from({ length: 1 + (next() % 50) }, () => next() % 1000);
    const n = loads.length;
    const mean = loads.reduce((a, b) => a + b, 0) / n;
    const sd = Math.sqrt(loads.reduce((a, l) => a + (l - mean) * (l - mean), 0) / n);
    const s = rl.loadStats(loads);
    assert.equal(s.min, Math.min(...loads));
    assert.equal(s.max, Math.max(...loads));
    assert.equal(s.mean, mean);
    assert.equal(s.sd, sd);
    assert.equal(s.maxOverMean, s.max / mean);
    assert.equal(s.sdOverMean, sd / mean);
    assert.deepEqual(rl.loadStats(Uint32Array.from(loads)), s);
    assert.deepEqual(rl.loadStats(Float64Array.from(loads)), s);
  }
  assert.deepEqual(rl.loadStats([2.5]), { min: 2.5, max: 2.5, mean: 2.5, sd: 0, maxOverMean: 1, sdOverMean: 0 });
});

test("theory: the spec's formulas and figures", () => {
  const { theory } = rl;
  assert.ok(Object.isFrozen(theory));
  // docs/algorithms.md#theory-curves: N = 10 gives 90.5%, 30%, 9.5%, 3.0% for V = 1, 10, 100, 1000 (30% is 1/√10 rounded;
  // sqrt(9/101) is 29.85%).
  assert.deepEqual(
    [1, 10, 100, 1000].map((v) => (100 * theory.sdOverMean(10, v)).toFixed(1)),
    ["90.5", "29.9", "9.5", "3.0"],
  );
  for (const [n, v] of [
    [2, 1],
    [10, 100],
    [1000, 7],
  ])
    assert.equal(theory.sdOverMean(n, v), Math.sqrt((n - 1) / (n * v + 1)));
  assert.equal(theory.vnodesFor(10, 0.1), (9 / (0.1 * 0.1) - 1) / 10);
  let h = 0;
  for (let i = 1; i <= 1000; i++) h += 1 / i;
  assert.equal(theory.harmonic(1000), h);
  assert.equal(theory.harmonic(0), 0);
  assert.equal(theory.modNKeptFraction(4, 5), 4 / 20);
  assert.equal(theory.modNKeptFraction(10, 11), 10 / 110);
  assert.equal(theory.modNKeptFraction(6, 4), 4 / 12);
  assert.equal(theory.minimumMovedFraction(4, 5), 1 / 5);
  assert.equal(theory.minimumMovedFraction(5, 4), 1 / 5);
  assert.equal(theory.minimumMovedFraction(7, 7), 0);
});

test("hotKeys: every request lands somewhere; copies spread the hottest key", () => {
  const ring = own(rl.ring({ servers: 8 }));
  const base = rl.hotKeys(ring);
  assert.ok(base.requestsPerServer instanceof Float64Array);
  assert.equal(base.requestsPerServer.length, 8);
  assert.equal(
    base.requestsPerServer.reduce((a, b) => a + b, 0),
    100000,
  );
  const max = Math.max(...base.requestsPerServer);
  assert.equal(base.hottestServer, base.requestsPerServer.indexOf(max));
  assert.equal(base.maxOverMean, max / (100000 / 8));
  assert.deepEqual(rl.hotKeys(ring, {}), base, "deterministic");
  // With s = 1 over 1000 keys the hottest key draws about 1/H_1000 of the requests.
  assert.ok(Math.abs(base.hottestKeyRequests / 100000 - 1 / rl.theory.harmonic(1000)) < 0.01);
  const spread = rl.hotKeys(ring, { hot: 1, copies: 8 });
  assert.equal(spread.hottestKeyRequests, base.hottestKeyRequests);
  assert.ok(spread.maxOverMean < base.maxOverMean, `${spread.maxOverMean} < ${base.maxOverMean}`);
  const uniform = rl.hotKeys(ring, { s: 0, requests: 50000, keys: 500, seed: 3 });
  assert.equal(
    uniform.requestsPerServer.reduce((a, b) => a + b, 0),
    50000,
  );
  assert.ok(uniform.hottestKeyRequests < 200);
});

// --- compare --------------------------------------------------------------------------------

// The algorithms compare has a row for, from the registry.
const compared = rl.algorithms().filter((a) => a.compare);
const withoutTime = (rows) => rows.map(({ buildMs, ...rest }) => (assert.ok(buildMs >= 0), rest));

test("compare: adding an 11th server moves ~1/11 of the keys with the good schemes, ~10/11 with mod-N", () => {
  const rows = rl.compare({ keys: 40000 });
  assert.deepEqual(rows.map((r) => r.algorithm).sort(), compared.map((a) => a.name).sort());
  const by = Object.fromEntries(rows.map((r) => [r.algorithm, r]));
  // Every row but mod-N's (it renumbers the servers) and Maglev's (its table moves a few keys
  // between the old servers too: below) moves only the keys the new server takes.
  const good = compared.filter((a) => a.removal !== "renumber" && a.name !== "maglev").map((a) => a.name);
  assert.ok(good.length > 0);
  for (const a of good) {
    assert.equal(by[a].supported, true);
    assert.ok(Math.abs(by[a].moved - 1 / 11) < 0.03, `${a} moved ${by[a].moved}`);
    assert.equal(by[a].movedBetweenOld, 0, a);
    assert.equal(by[a].movedNeedlessly, 0, a);
    assert.equal(by[a].movedToNew, by[a].moved, a);
  }
  assert.ok(Math.abs(by["mod-n"].moved - 10 / 11) < 0.01);
  // Adding touches only the new server: every move between the others is needless.
  assert.equal(by["mod-n"].movedNeedlessly, by["mod-n"].movedBetweenOld);
  assert.ok(by.maglev.movedBetweenOld < 0.01);
  assert.equal(by.maglev.movedNeedlessly, by.maglev.movedBetweenOld);
  assert.ok(!("reason" in by.ring));
  assert.equal(by.maglev.memoryBytes, 65537 * 4);
});

test("compare: the change as text or as an object; defaults; unsupported rows say why", () => {
  const scenario = { servers: ["a", "b", "c", "d"], keys: 5000, vnodes: 50, seed: 7, tableSize: 251, epsilon: 0.5 };
  assert.deepEqual(
    withoutTime(rl.compare({ ...scenario, change: "remove:b" })),
    withoutTime(rl.compare({ ...scenario, change: { kind: "remove", name: "b" } })),
  );
  assert.deepEqual(
    withoutTime(rl.compare({ ...scenario, change: "weight:c=2.5" })),
    withoutTime(rl.compare({ ...scenario, change: { kind: "weight", name: "c", weight: 2.5 } })),
  );
  assert.deepEqual(
    withoutTime(rl.compare({ ...scenario, change: "add:e" })),
    withoutTime(rl.compare({ ...scenario, change: { kind: "add", name: "e" } })),
  );
  // No name: the new server is S{n}.
  assert.deepEqual(
    withoutTime(rl.compare({ servers: 4, keys: 3000, change: "add" })),
    withoutTime(rl.compare({ servers: 4, keys: 3000, change: "add:S4" })),
  );
  assert.deepEqual(
    withoutTime(rl.compare({ keys: 3000 })),
    withoutTime(
      rl.compare({ servers: 10, keys: 3000, vnodes: 100, seed: 16, change: "add", epsilon: 0.25, tableSize: 65537 }),
    ),
  );
  const removed = Object.fromEntries(rl.compare({ ...scenario, change: "fail:b" }).map((r) => [r.algorithm, r]));
  assert.equal(removed.jump.supported, false);
  assert.equal(removed.jump.reason, "jump can only remove the last bucket");
  assert.equal(removed.jump.reasonCode, "last_bucket_only");
  assert.ok(!("reasonCode" in removed.ring));
  assert.equal(removed.ring.movedToNew, 0);
  assert.equal(removed.rendezvous.movedBetweenOld, removed.rendezvous.moved);
  // ...yet none of them had to move but the failed server's own.
  assert.equal(removed.rendezvous.movedNeedlessly, 0);
  assert.equal(removed.ring.movedNeedlessly, 0);
  const weighted = Object.fromEntries(rl.compare({ ...scenario, change: "weight:c=2" }).map((r) => [r.algorithm, r]));
  assert.equal(weighted.jump.reason, "jump has no weights");
  assert.equal(weighted["mod-n"].reason, "mod-N has no weights");
  assert.equal(weighted["mod-n"].reasonCode, "no_weights");
  assert.equal(weighted["mod-n"].moved, 0);
  const zoned = rl.compare({ servers: [{ name: "x", weight: 2, zone: "z1" }, "y"], keys: 1000 });
  assert.equal(zoned.length, 6);
});

// --- progress -------------------------------------------------------------------------------

test("onProgress: increasing (done, total) pairs, the last one (total, total)", () => {
  for (const [method, options, total, step] of [
    ["ringVsMod", { keys: 200000 }, 200000, 65536],
    // A sweep's work: per key, making it and placing it once per V (the rings of both V are
    // looked up a chunk of 65,536 keys at a time).
    ["vnodeSweep", { keys: 70000, servers: 5, vnodes: [1, 10] }, 70000 * 3, 65536 * 3],
    ["hrwJump", { keys: 140000 }, 140000, 65536],
  ]) {
    const calls = [];
    const result = rl[method]({ ...options, onProgress: (done, t) => calls.push([done, t]) });
    assert.equal(result.text, rl[method](options).text, `${method}: the same result with or without progress`);
    assert.ok(calls.length >= 3, `${method}: ${calls.length} calls`);
    for (const [done, t] of calls) {
      assert.equal(t, total, method);
      assert.ok(done >= 0 && done <= total);
    }
    for (let i = 1; i < calls.length; i++) assert.ok(calls[i][0] >= calls[i - 1][0], method);
    assert.deepEqual(calls[calls.length - 1], [total, total]);
    for (const [d] of calls.slice(0, -1)) assert.equal(d % step, 0, `${method}: every 65,536 keys`);
  }
});

test("onProgress that throws: the run stops, its error is rethrown as is, nothing leaks", () => {
  const before = rl.memory().heapUsed;
  for (const method of ["ringVsMod", "vnodeSweep", "hrwJump"]) {
    const stop = new Error(`stop ${method}`);
    let calls = 0;
    assert.throws(
      () =>
        rl[method]({
          keys: 300000,
          onProgress: (done) => {
            calls++;
            if (done >= 65536) throw stop;
          },
        }),
      (e) => e === stop,
    );
    assert.equal(calls, 2, `${method} stopped at the second call`);
    // A non-Error value is rethrown too.
    assert.throws(
      () =>
        rl[method]({
          keys: 10,
          onProgress: () => {
            throw "plain";
          },
        }),
      (e) => e === "plain",
    );
  }
  assert.equal(rl.memory().heapUsed, before);
  assert.equal(rl.ringVsMod({ keys: 100 }).keys, 100, "the module keeps working");
});

// --- threads ---------------------------------------------------------------------------------

test("threads: checked against the core's range, the same results for every count (one thread in WebAssembly)", () => {
  const rows = (o) => rl.compare(o).map(({ buildMs, ...r }) => r);
  assert.deepEqual(rows({ keys: 70000, threads: 3 }), rows({ keys: 70000 }));
  assert.deepEqual(
    rows({ keys: 70000, threads: 256, change: "remove:S3" }),
    rows({ keys: 70000, change: "remove:S3" }),
  );
  for (const method of ["ringVsMod", "vnodeSweep", "hrwJump"]) {
    assert.equal(rl[method]({ keys: 70000, threads: 2 }).text, rl[method]({ keys: 70000 }).text, method);
    assert.throws(() => rl[method]({ threads: 0 }), {
      name: "RinglabError",
      code: "out_of_range",
      message: "threads must be between 1 and 256, got 0",
    });
  }
});
