// Bad input for every function of the algorithms API: each rejected input is its own test, with
// the stable code it must arrive with (a RinglabError, never an abort or a dead module). Then the
// lifetimes of the new handles: create/use/dispose loops leave the heap where it started, use
// after dispose is an error, and forgotten handles are freed by the FinalizationRegistry.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { after, test } from "node:test";
import { errorCodes, load, RinglabError } from "ringlab";

const rl = await load();
const other = await load({
  wasmBinary: await import("node:fs").then((fs) =>
    fs.readFileSync(new URL("../../web/lib/dist/wasm/ringlab.wasm", import.meta.url)),
  ),
});

// Long-lived fixtures the rejected calls are made on.
const ring = rl.ring({ servers: 4, vnodes: 10 });
const foreignRing = other.ring({ servers: 2 });
const disposedRing = rl.ring({ servers: 2 });
disposedRing.dispose();
const hrw = rl.weightedRendezvous([{ name: "a", weight: 2 }, "b"]);
const maglev = rl.maglev({ backends: 3, tableSize: 13 });
const tokens = rl.tokenRing({ bits: 8 });
tokens.add("A", 10);
const empty = rl.tokenRing();
const hashes = Uint32Array.of(1, 2, 3);
after(() => [ring, foreignRing, hrw, maglev, tokens, empty].forEach((h) => h.dispose()));

/** [what, the call, its code] */
const rejected = [
  // weightedRendezvous
  ["weightedRendezvous: a string for the list", () => rl.weightedRendezvous("a"), "invalid_type"],
  ["weightedRendezvous: a negative count", () => rl.weightedRendezvous(-1), "out_of_range"],
  ["weightedRendezvous: a fractional count", () => rl.weightedRendezvous(1.5), "invalid_argument"],
  ["weightedRendezvous: a server that is a number", () => rl.weightedRendezvous([7]), "invalid_type"],
  ["weightedRendezvous: an empty name", () => rl.weightedRendezvous([""]), "invalid_argument"],
  [
    "weightedRendezvous: a repeated name",
    () => rl.weightedRendezvous(["a", { name: "a", weight: 2 }]),
    "duplicate_server",
  ],
  ["weightedRendezvous: weight 0", () => rl.weightedRendezvous([{ name: "a", weight: 0 }]), "out_of_range"],
  ["weightedRendezvous: a negative weight", () => rl.weightedRendezvous([{ name: "a", weight: -1 }]), "out_of_range"],
  ["weightedRendezvous: weight NaN", () => rl.weightedRendezvous([{ name: "a", weight: NaN }]), "out_of_range"],
  [
    "weightedRendezvous: weight Infinity",
    () => rl.weightedRendezvous([{ name: "a", weight: Infinity }]),
    "out_of_range",
  ],
  [
    "weightedRendezvous: a weight that is a string",
    () => rl.weightedRendezvous([{ name: "a", weight: "2" }]),
    "invalid_type",
  ],
  [
    "weightedRendezvous: an unknown server field",
    () => rl.weightedRendezvous([{ name: "a", wieght: 2 }]),
    "invalid_argument",
  ],
  ["WeightedRendezvous.top: k < 0", () => hrw.top("k", -1), "out_of_range"],
  ["WeightedRendezvous.top: a fractional k", () => hrw.top("k", 1.5), "invalid_argument"],
  ["WeightedRendezvous.pick: a key that is a number", () => hrw.pick(1), "invalid_type"],
  ["WeightedRendezvous.pickMany: a string instead of a list", () => hrw.pickMany("k"), "invalid_type"],
  ["WeightedRendezvous.scores: a key that is a number", () => hrw.scores(5), "invalid_type"],

  // maglev
  ["maglev: no options", () => rl.maglev(), "invalid_type"],
  ["maglev: an unknown option", () => rl.maglev({ backends: 3, size: 7 }), "invalid_argument"],
  ["maglev: backends as a name", () => rl.maglev({ backends: "S0" }), "invalid_type"],
  ["maglev: no backends (count 0)", () => rl.maglev({ backends: 0 }), "out_of_range"],
  ["maglev: no backends (empty list)", () => rl.maglev({ backends: [] }), "out_of_range"],
  ["maglev: a fractional backend count", () => rl.maglev({ backends: 2.5 }), "invalid_argument"],
  ["maglev: more backends than slots (count)", () => rl.maglev({ backends: 70000 }), "out_of_range"],
  [
    "maglev: more backends than slots (list)",
    () => rl.maglev({ backends: ["a", "b", "c"], tableSize: 2 }),
    "out_of_range",
  ],
  ["maglev: a table size that is not prime", () => rl.maglev({ backends: 3, tableSize: 12 }), "invalid_argument"],
  [
    "maglev: a prime table size above 16,777,213",
    () => rl.maglev({ backends: 3, tableSize: 16777259 }),
    "limit_exceeded",
  ],
  ["maglev: a table size of 2^32 + 15", () => rl.maglev({ backends: 3, tableSize: 2 ** 32 + 15 }), "limit_exceeded"],
  ["maglev: a negative table size", () => rl.maglev({ backends: 3, tableSize: -7 }), "out_of_range"],
  ["maglev: a fractional table size", () => rl.maglev({ backends: 3, tableSize: 7.5 }), "invalid_argument"],
  ["maglev: a repeated backend", () => rl.maglev({ backends: ["a", "b", "a"] }), "duplicate_server"],
  ["maglev: an empty backend name", () => rl.maglev({ backends: [""] }), "invalid_argument"],
  ["maglev: a negative weight", () => rl.maglev({ backends: [{ name: "a", weight: -1 }] }), "out_of_range"],
  ["Maglev.offset: past the last backend", () => maglev.offset(3), "out_of_range"],
  ["Maglev.offset: a negative backend", () => maglev.offset(-1), "out_of_range"],
  ["Maglev.skip: a fractional backend", () => maglev.skip(0.5), "invalid_argument"],
  ["Maglev.lookupHash: a negative hash", () => maglev.lookupHash(-1), "out_of_range"],
  ["Maglev.lookupHash: a hash of 2^32", () => maglev.lookupHash(2 ** 32), "out_of_range"],
  ["Maglev.lookupHashMany: an array instead of a Uint32Array", () => maglev.lookupHashMany([1]), "invalid_type"],
  ["Maglev.lookup: a key that is a number", () => maglev.lookup(5), "invalid_type"],
  ["Maglev.lookupMany: a list with a number", () => maglev.lookupMany(["a", 1]), "invalid_type"],

  // boundedLoads
  ["boundedLoads: not a ring", () => rl.boundedLoads({}, hashes, 0.25), "invalid_type"],
  ["boundedLoads: a ring of another instance", () => rl.boundedLoads(foreignRing, hashes, 0.25), "invalid_argument"],
  ["boundedLoads: a disposed ring", () => rl.boundedLoads(disposedRing, hashes, 0.25), "disposed"],
  ["boundedLoads: hashes as an array", () => rl.boundedLoads(ring, [1, 2], 0.25), "invalid_type"],
  ["boundedLoads: epsilon 0", () => rl.boundedLoads(ring, hashes, 0), "out_of_range"],
  ["boundedLoads: a negative epsilon", () => rl.boundedLoads(ring, hashes, -0.5), "out_of_range"],
  ["boundedLoads: epsilon NaN", () => rl.boundedLoads(ring, hashes, NaN), "out_of_range"],
  ["boundedLoads: epsilon Infinity", () => rl.boundedLoads(ring, hashes, Infinity), "out_of_range"],
  ["boundedLoads: epsilon as a string", () => rl.boundedLoads(ring, hashes, "0.1"), "invalid_type"],

  // tokenRing
  ["tokenRing: bits 0", () => rl.tokenRing({ bits: 0 }), "out_of_range"],
  ["tokenRing: bits 33", () => rl.tokenRing({ bits: 33 }), "out_of_range"],
  ["tokenRing: fractional bits", () => rl.tokenRing({ bits: 1.5 }), "invalid_argument"],
  ["tokenRing: bits as a string", () => rl.tokenRing({ bits: "8" }), "invalid_type"],
  ["tokenRing: an unknown option", () => rl.tokenRing({ bit: 8 }), "invalid_argument"],
  ["tokenRing: options that are a number", () => rl.tokenRing(8), "invalid_type"],
  ["TokenRing.add: a token >= 2^bits", () => tokens.add("B", 256), "token_out_of_range"],
  ["TokenRing.add: a token of 2^32 on a 32-bit ring", () => empty.add("B", 2 ** 32), "token_out_of_range"],
  ["TokenRing.add: the largest safe integer", () => empty.add("B", Number.MAX_SAFE_INTEGER), "token_out_of_range"],
  ["TokenRing.add: a token another vnode holds", () => tokens.add("B", 10), "token_taken"],
  ["TokenRing.add: an id already on the ring", () => tokens.add("A", 11), "already_present"],
  ["TokenRing.add: an id already on the ring, at its own token", () => tokens.add("A", 10), "already_present"],
  ["TokenRing.add: a negative token", () => tokens.add("B", -1), "token_out_of_range"],
  ["TokenRing.add: a fractional token", () => tokens.add("B", 1.5), "invalid_argument"],
  ["TokenRing.add: an unsafe token", () => tokens.add("B", 2 ** 53), "invalid_argument"],
  ["TokenRing.add: a token as a string", () => tokens.add("B", "1"), "invalid_type"],
  ["TokenRing.add: an id that is a number", () => tokens.add(1, 1), "invalid_type"],
  ["TokenRing.add: an empty id", () => tokens.add("", 1), "invalid_argument"],
  ["TokenRing.remove: an id not on the ring", () => tokens.remove("nope"), "not_found"],
  ["TokenRing.route: an empty ring", () => empty.route("k"), "empty"],
  ["TokenRing.routeHash: an empty ring", () => empty.routeHash(1), "empty"],
  ["TokenRing.routeHash: a negative hash", () => tokens.routeHash(-1), "out_of_range"],
  ["TokenRing.routeHash: a hash of 2^32", () => tokens.routeHash(2 ** 32), "out_of_range"],
  ["TokenRing.boundaries: an id not on the ring", () => tokens.boundaries("nope"), "not_found"],
  ["TokenRing.tokenOf: an id not on the ring", () => tokens.tokenOf("nope"), "not_found"],
  ["TokenRing.searchTrace: a fractional hash", () => tokens.searchTrace(1.5), "invalid_argument"],

  // traces
  ["searchTrace: tokens as an array", () => rl.searchTrace([1, 2], 1), "invalid_type"],
  ["searchTrace: tokens not sorted", () => rl.searchTrace(Uint32Array.of(3, 1, 2), 1), "invalid_argument"],
  ["searchTrace: a negative hash", () => rl.searchTrace(Uint32Array.of(1), -1), "out_of_range"],
  ["Ring.searchTrace: a hash of 2^32", () => ring.searchTrace(2 ** 32), "out_of_range"],
  ["Ring.searchTrace: a hash as a string", () => ring.searchTrace("1"), "invalid_type"],
  ["preferenceWalk: no options", () => rl.preferenceWalk(), "invalid_type"],
  [
    "preferenceWalk: an unknown option",
    () => rl.preferenceWalk({ tokens: Uint32Array.of(1), servers: Uint32Array.of(0), hash: 1, rf: 1, zone: [] }),
    "invalid_argument",
  ],
  [
    "preferenceWalk: tokens as an array",
    () => rl.preferenceWalk({ tokens: [1], servers: Uint32Array.of(0), hash: 1, rf: 1 }),
    "invalid_type",
  ],
  [
    "preferenceWalk: tokens not sorted",
    () => rl.preferenceWalk({ tokens: Uint32Array.of(3, 1), servers: Uint32Array.of(0, 1), hash: 1, rf: 1 }),
    "invalid_argument",
  ],
  [
    "preferenceWalk: servers of another length",
    () => rl.preferenceWalk({ tokens: Uint32Array.of(1, 2), servers: Uint32Array.of(0), hash: 1, rf: 1 }),
    "invalid_argument",
  ],
  [
    "preferenceWalk: rf 0",
    () => rl.preferenceWalk({ tokens: Uint32Array.of(1), servers: Uint32Array.of(0), hash: 1, rf: 0 }),
    "out_of_range",
  ],
  [
    "preferenceWalk: a fractional rf",
    () => rl.preferenceWalk({ tokens: Uint32Array.of(1), servers: Uint32Array.of(0), hash: 1, rf: 1.5 }),
    "invalid_argument",
  ],
  [
    "preferenceWalk: a hash of 2^32",
    () => rl.preferenceWalk({ tokens: Uint32Array.of(1), servers: Uint32Array.of(0), hash: 2 ** 32, rf: 1 }),
    "out_of_range",
  ],
  [
    "preferenceWalk: a server without a zone",
    () =>
      rl.preferenceWalk({
        tokens: Uint32Array.of(1, 2),
        servers: Uint32Array.of(0, 2),
        hash: 1,
        rf: 1,
        zones: ["a", "b"],
      }),
    "invalid_argument",
  ],
  [
    "preferenceWalk: an empty zone list",
    () => rl.preferenceWalk({ tokens: Uint32Array.of(1), servers: Uint32Array.of(0), hash: 1, rf: 1, zones: [] }),
    "invalid_argument",
  ],
  [
    "preferenceWalk: a zone that is an object",
    () => rl.preferenceWalk({ tokens: Uint32Array.of(1), servers: Uint32Array.of(0), hash: 1, rf: 1, zones: [{}] }),
    "invalid_type",
  ],
  [
    "preferenceWalk: a huge server index",
    () => rl.preferenceWalk({ tokens: Uint32Array.of(1), servers: Uint32Array.of(0xffffffff), hash: 1, rf: 1 }),
    "out_of_range",
  ],
  ["jumpTrace: 0 buckets", () => rl.jumpTrace(1n, 0), "out_of_range"],
  ["jumpTrace: 2^31 buckets", () => rl.jumpTrace(1n, 2 ** 31), "out_of_range"],
  ["jumpTrace: a negative key", () => rl.jumpTrace(-1, 10), "out_of_range"],
  ["jumpTrace: a key of 2^64", () => rl.jumpTrace(1n << 64n, 10), "out_of_range"],
  ["jumpTrace: a fractional key", () => rl.jumpTrace(1.5, 10), "invalid_argument"],
  ["jumpTrace: a key as a string", () => rl.jumpTrace("1", 10), "invalid_type"],

  // analysis
  [
    "movement: placements of different lengths",
    () => rl.movement(Uint32Array.of(0, 1), Uint32Array.of(0), [false, false]),
    "invalid_argument",
  ],
  [
    "movement: a server id outside isNew",
    () => rl.movement(Uint32Array.of(0, 5), Uint32Array.of(0, 1), [false, false]),
    "invalid_argument",
  ],
  ["movement: before as an array", () => rl.movement([0], Uint32Array.of(0), [false]), "invalid_type"],
  ["movement: isNew as a number", () => rl.movement(Uint32Array.of(0), Uint32Array.of(0), 1), "invalid_type"],
  ["movement: isNew with a number in it", () => rl.movement(Uint32Array.of(0), Uint32Array.of(0), [1]), "invalid_type"],
  ["loadStats: no loads", () => rl.loadStats([]), "invalid_argument"],
  ["loadStats: a load that is a string", () => rl.loadStats([1, "2"]), "invalid_type"],
  ["loadStats: a number instead of a list", () => rl.loadStats(5), "invalid_type"],
  ["loadStats: null", () => rl.loadStats(null), "invalid_type"],
  ["theory.sdOverMean: 0 servers", () => rl.theory.sdOverMean(0, 10), "out_of_range"],
  ["theory.sdOverMean: 0 vnodes", () => rl.theory.sdOverMean(10, 0), "out_of_range"],
  ["theory.sdOverMean: a negative server count", () => rl.theory.sdOverMean(-1, 1), "out_of_range"],
  ["theory.sdOverMean: 2^32 servers", () => rl.theory.sdOverMean(2 ** 32, 1), "out_of_range"],
  ["theory.sdOverMean: a fractional server count", () => rl.theory.sdOverMean(1.5, 1), "invalid_argument"],
  ["theory.sdOverMean: servers as a string", () => rl.theory.sdOverMean("10", 1), "invalid_type"],
  ["theory.vnodesFor: target 0", () => rl.theory.vnodesFor(10, 0), "out_of_range"],
  ["theory.vnodesFor: target NaN", () => rl.theory.vnodesFor(10, NaN), "out_of_range"],
  ["theory.vnodesFor: target as a string", () => rl.theory.vnodesFor(10, "0.1"), "invalid_type"],
  ["theory.vnodesFor: 0 servers", () => rl.theory.vnodesFor(0, 0.1), "out_of_range"],
  ["theory.harmonic: a negative n", () => rl.theory.harmonic(-1), "out_of_range"],
  ["theory.modNKeptFraction: n = 0", () => rl.theory.modNKeptFraction(0, 5), "out_of_range"],
  ["theory.minimumMovedFraction: m = 0", () => rl.theory.minimumMovedFraction(4, 0), "out_of_range"],
  ["cacheWhatIf: hit ratio 1", () => rl.cacheWhatIf(1, 0.5), "out_of_range"],
  ["cacheWhatIf: a negative hit ratio", () => rl.cacheWhatIf(-0.1, 0), "out_of_range"],
  ["cacheWhatIf: a moved fraction above 1", () => rl.cacheWhatIf(0.5, 1.5), "out_of_range"],
  ["cacheWhatIf: hit ratio NaN", () => rl.cacheWhatIf(NaN, 0), "out_of_range"],
  ["cacheWhatIf: a hit ratio as a string", () => rl.cacheWhatIf("0.5", 0), "invalid_type"],
  ["hotKeys: not a ring", () => rl.hotKeys("ring"), "invalid_type"],
  ["hotKeys: a disposed ring", () => rl.hotKeys(disposedRing), "disposed"],
  ["hotKeys: no keys", () => rl.hotKeys(ring, { keys: 0 }), "out_of_range"],
  ["hotKeys: more than 10,000,000 keys", () => rl.hotKeys(ring, { keys: 10_000_001 }), "limit_exceeded"],
  ["hotKeys: more than 100,000,000 requests", () => rl.hotKeys(ring, { requests: 100_000_001 }), "limit_exceeded"],
  ["hotKeys: negative requests", () => rl.hotKeys(ring, { requests: -1 }), "out_of_range"],
  ["hotKeys: a negative Zipf exponent", () => rl.hotKeys(ring, { s: -1 }), "out_of_range"],
  ["hotKeys: Zipf exponent NaN", () => rl.hotKeys(ring, { s: NaN }), "out_of_range"],
  ["hotKeys: 0 copies", () => rl.hotKeys(ring, { copies: 0 }), "out_of_range"],
  ["hotKeys: more hot keys than keys", () => rl.hotKeys(ring, { hot: 2000 }), "out_of_range"],
  ["hotKeys: an unsafe seed", () => rl.hotKeys(ring, { seed: 2 ** 53 }), "invalid_argument"],
  ["hotKeys: an unknown option", () => rl.hotKeys(ring, { zipf: 1 }), "invalid_argument"],

  // compare
  ["compare: 0 servers", () => rl.compare({ servers: 0 }), "out_of_range"],
  ["compare: a negative server count", () => rl.compare({ servers: -3 }), "out_of_range"],
  ["compare: more than 100,000 servers", () => rl.compare({ servers: 100_001 }), "out_of_range"],
  ["compare: an empty server list", () => rl.compare({ servers: [] }), "out_of_range"],
  ["compare: a repeated server", () => rl.compare({ servers: ["a", "a"] }), "duplicate_server"],
  ["compare: servers as a name", () => rl.compare({ servers: "S0" }), "invalid_type"],
  ["compare: more than 100,000,000 keys", () => rl.compare({ keys: 100_000_001 }), "limit_exceeded"],
  ["compare: threads 0", () => rl.compare({ threads: 0 }), "out_of_range"],
  ["ringVsMod: threads 257", () => rl.ringVsMod({ threads: 257 }), "out_of_range"],
  ["hrwJump: threads not an integer", () => rl.hrwJump({ threads: 1.5 }), "invalid_argument"],
  ["vnodeSweep: threads a string", () => rl.vnodeSweep({ threads: "2" }), "invalid_type"],
  ["compare: negative keys", () => rl.compare({ keys: -1 }), "out_of_range"],
  ["compare: 0 vnodes", () => rl.compare({ vnodes: 0 }), "out_of_range"],
  ["compare: an unknown change", () => rl.compare({ change: "move:S1" }), "invalid_argument"],
  ["compare: remove without a name", () => rl.compare({ change: "remove" }), "invalid_argument"],
  ["compare: remove a server not in the scenario", () => rl.compare({ change: "remove:nope" }), "unknown_server"],
  ["compare: weight without a value", () => rl.compare({ change: "weight:S1" }), "invalid_argument"],
  ["compare: weight that is not a number", () => rl.compare({ change: "weight:S1=abc" }), "invalid_argument"],
  ["compare: weight 0", () => rl.compare({ change: "weight:S1=0" }), "out_of_range"],
  [
    "compare: a change object of unknown kind",
    () => rl.compare({ change: { kind: "move", name: "S1" } }),
    "invalid_argument",
  ],
  [
    "compare: a weight change without a weight",
    () => rl.compare({ change: { kind: "weight", name: "S1" } }),
    "invalid_argument",
  ],
  ["compare: a remove change without a name", () => rl.compare({ change: { kind: "remove" } }), "invalid_argument"],
  [
    "compare: a change object with an unknown field",
    () => rl.compare({ change: { kind: "add", server: "x" } }),
    "invalid_argument",
  ],
  ["compare: a change that is a number", () => rl.compare({ change: 42 }), "invalid_type"],
  ["compare: epsilon 0", () => rl.compare({ epsilon: 0, keys: 10 }), "out_of_range"],
  ["compare: a table size that is not prime", () => rl.compare({ tableSize: 15, keys: 10 }), "invalid_argument"],
  ["compare: a table smaller than the servers", () => rl.compare({ tableSize: 7, keys: 10 }), "out_of_range"],
  ["compare: an unknown option", () => rl.compare({ server: 4 }), "invalid_argument"],

  // progress callbacks
  ["ringVsMod: onProgress that is not a function", () => rl.ringVsMod({ keys: 10, onProgress: "log" }), "invalid_type"],
  ["vnodeSweep: onProgress that is not a function", () => rl.vnodeSweep({ keys: 10, onProgress: {} }), "invalid_type"],
  ["hrwJump: onProgress that is not a function", () => rl.hrwJump({ keys: 10, onProgress: 1 }), "invalid_type"],
];

for (const [what, call, code] of rejected) {
  test(`rejected: ${what} -> ${code}`, () => {
    assert.throws(call, (e) => {
      assert.ok(e instanceof RinglabError, `a RinglabError, got ${e}`);
      assert.equal(e.code, code, e.message);
      assert.ok(errorCodes.includes(e.code));
      assert.ok(e.message.length > 0);
      return true;
    });
  });
}

test("after every rejected input the fixtures are unchanged and the module works", () => {
  assert.deepEqual(tokens.ids(), ["A"]);
  assert.equal(empty.size, 0);
  assert.deepEqual(maglev.backends, ["S0", "S1", "S2"]);
  assert.equal(hrw.pick("user:42"), hrw.servers[hrw.pickIndex("user:42")]);
  assert.equal(rl.h32("user:42"), 599759890);
});

test("new handles: dispose is idempotent, Symbol.dispose disposes, use after dispose is an error", () => {
  const made = [
    [rl.weightedRendezvous(["a"]), (h) => h.pick("k")],
    [rl.maglev({ backends: 2, tableSize: 7 }), (h) => h.table()],
    [rl.tokenRing(), (h) => h.size],
  ];
  const t = rl.tokenRing();
  made.push([t.clone(), (h) => h.ids()]);
  t.dispose();
  for (const [h, use] of made) {
    assert.equal(h.disposed, false);
    use(h);
    h[Symbol.dispose]();
    assert.equal(h.disposed, true);
    h.dispose();
    assert.throws(() => use(h), { name: "RinglabError", code: "disposed" });
  }
  // Values stay usable after their handle is gone: they were copied out.
  const m = rl.maglev({ backends: 2, tableSize: 7 });
  const table = m.table();
  const backends = m.backends;
  m.dispose();
  assert.equal(table.length, 7);
  assert.deepEqual(backends, ["S0", "S1"]);
});

function churn() {
  const w = rl.weightedRendezvous([{ name: "x", weight: 2 }, "y", "z"]);
  w.pick("user:42");
  w.top("user:42", 2);
  w.scores("user:42");
  w.pickMany(["a", "b"]);
  w.dispose();
  const m = rl.maglev({ backends: ["a", { name: "b", weight: 2 }], tableSize: 13 });
  m.lookup("user:42");
  m.lookupMany(["a", "b"]);
  m.lookupHashMany(Uint32Array.of(1, 2));
  m.entryCounts();
  m.fillTurns();
  m.offset(1);
  m.dispose();
  const t = rl.tokenRing({ bits: 16 });
  t.add("a", 5);
  t.add("b", 500);
  t.route("user:42");
  t.boundaries("a");
  t.ids();
  t.searchTrace(7);
  const c = t.clone();
  c.remove("a");
  c.dispose();
  t.dispose();
  const r = rl.ring({ servers: 3, vnodes: 5 });
  r.searchTrace(12345);
  rl.boundedLoads(r, Uint32Array.of(1, 2, 3, 4), 0.5);
  rl.hotKeys(r, { keys: 20, requests: 50, copies: 2 });
  r.dispose();
  rl.jumpTrace(12345n, 100);
  rl.searchTrace(Uint32Array.of(1, 5, 9), 4);
  rl.preferenceWalk({
    tokens: Uint32Array.of(1, 5, 9),
    servers: Uint32Array.of(0, 1, 0),
    hash: 4,
    rf: 2,
    zones: ["a", "b"],
  });
  rl.movement(Uint32Array.of(0, 1), Uint32Array.of(1, 1), [false, true]);
  rl.loadStats([1, 2, 3]);
  rl.theory.harmonic(10);
  rl.cacheWhatIf(0.9, 0.1);
  rl.compare({ servers: 3, keys: 20, vnodes: 2, tableSize: 7, change: "remove:S1" });
  for (const bad of [
    () => t.add("c", 1),
    () => rl.tokenRing({ bits: 99 }),
    () => rl.maglev({ backends: ["a", "a"], tableSize: 7 }),
    () => rl.compare({ keys: 5, change: "remove:nope" }),
    () => rl.preferenceWalk({ tokens: Uint32Array.of(1), servers: Uint32Array.of(3), hash: 1, rf: 1, zones: ["a"] }),
    () =>
      rl.hrwJump({
        keys: 10,
        onProgress: () => {
          throw new Error("stop");
        },
      }),
  ]) {
    try {
      bad();
    } catch {
      // error paths allocate messages; they must be freed too
    }
  }
}

test("10,000 create/use/dispose iterations of the new handles leave the heap where it started", () => {
  churn();
  const before = rl.memory().heapUsed;
  for (let i = 0; i < 10_000; i++) churn();
  assert.equal(rl.memory().heapUsed, before);
});

test("forgotten new handles are freed by the FinalizationRegistry (node --expose-gc)", () => {
  const script = `
    import { load } from "ringlab";
    const rl = await load();
    const make = () => {
      for (let i = 0; i < 300; i++) {
        rl.maglev({ backends: 10 }).lookup("k");
        rl.weightedRendezvous(100).pick("k");
        const t = rl.tokenRing();
        for (let j = 0; j < 50; j++) t.add("vnode-" + j, j * 1000);
        t.clone().route("k");
      }
    };
    make();
    const tick = () => new Promise((r) => setTimeout(r, 10));
    for (let i = 0; i < 5; i++) { globalThis.gc(); await tick(); }
    const before = rl.memory().heapUsed;
    make(); // 300 tables of 65,537 slots: 78 MB if nothing were freed
    const grown = rl.memory().heapUsed;
    for (let i = 0; i < 20 && rl.memory().heapUsed > before; i++) { globalThis.gc(); await tick(); }
    console.log(JSON.stringify({ before, grown, after: rl.memory().heapUsed }));
  `;
  const r = spawnSync(process.execPath, ["--expose-gc", "--input-type=module", "-e", script], {
    cwd: new URL("..", import.meta.url),
    encoding: "utf8",
  });
  assert.equal(r.status, 0, r.stderr);
  const { before, grown, after: left } = JSON.parse(r.stdout);
  assert.ok(grown > before + 10_000_000, `the handles held memory (${before} -> ${grown})`);
  assert.equal(left, before, `freed by the registry (${grown} -> ${left})`);
});
