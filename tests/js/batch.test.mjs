// Batch calls staged in the module's heap, their reused `out` arrays, and the direct single-key
// calls: every path gives the answers of the others and of an independent JavaScript h32, keys
// of every length (past the 1,024-unit key scratch too) and lone surrogates included; a batch
// leaves the heap where it was, even when it is refused halfway through packing.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { afterEach, test } from "node:test";
import { load, RinglabError } from "ringlab";
import { h32Reference, prng } from "./helpers.mjs";

const rl = await load();
const handles = [];
const own = (h) => (handles.push(h), h);
afterEach(() => handles.splice(0).forEach((h) => h.dispose()));

// Strings of every kind: empty, ASCII, any UTF-16 unit (lone surrogates included), and longer
// than the key scratch (those take the embind path).
function randomKeys(seed, count) {
  const next = prng(seed);
  const keys = [];
  for (let i = 0; i < count; i++) {
    const kind = i % 5;
    const len = kind === 4 ? 1000 + (next() % 100) : next() % 24;
    let s = "";
    for (let j = 0; j < len; j++) s += String.fromCharCode(kind === 0 ? 48 + (next() % 75) : next() % 65536);
    keys.push(s);
  }
  keys.push("", "user:42", "x".repeat(1024), "y".repeat(1025), "\ud800", "\udfff".repeat(3000));
  return keys;
}

const keys = randomKeys(7, 2000);

test("h32: the single call (direct or embind by length), h32Many and a reused out agree with JavaScript", () => {
  const expected = Uint32Array.from(keys, h32Reference);
  assert.deepEqual(
    Uint32Array.from(keys, (k) => rl.h32(k)),
    expected,
  );
  assert.deepEqual(rl.h32Many(keys), expected);
  const out = new Uint32Array(keys.length);
  assert.equal(rl.h32Many(keys, out), out, "out is filled in and returned");
  assert.deepEqual(out, expected);
});

test("keyHashes(seed, n) is h32Many(keys(seed, n)), made without strings", () => {
  for (const seed of [0, 16, -1, 2147483647, 4294967295, 9007199254740991, -9007199254740991]) {
    const n = 997;
    assert.deepEqual(rl.keyHashes(seed, n), rl.h32Many(rl.keys(seed, n)), `seed ${seed}`);
  }
  assert.equal(rl.keyHashes(1, 0).length, 0);
  const out = new Uint32Array(5);
  assert.equal(rl.keyHashes(16, 5, out), out);
  assert.deepEqual(out, rl.h32Many(rl.keys(16, 5)));
  assert.throws(() => rl.keyHashes(1, -1), { name: "RinglabError", code: "out_of_range" });
  assert.throws(() => rl.keyHashes(1, 100000001), { name: "RinglabError", code: "limit_exceeded" });
  assert.throws(() => rl.keyHashes(1.5, 1), { name: "RinglabError", code: "invalid_argument" });
});

test("ring: owner() per key, ownerMany and ownerOfHashMany (with and without out) agree", () => {
  const ring = own(rl.ring({ servers: 37, vnodes: 50 }));
  const hashes = rl.h32Many(keys);
  const single = Uint32Array.from(keys, (k) => ring.ownerIndex(k));
  assert.deepEqual(
    Uint32Array.from(hashes, (h) => ring.servers.indexOf(ring.ownerOfHash(h))),
    single,
  );
  assert.deepEqual(ring.ownerMany(keys), single);
  assert.deepEqual(ring.ownerOfHashMany(hashes), single);
  const out = new Uint32Array(keys.length);
  assert.equal(ring.ownerMany(keys, out), out);
  assert.deepEqual(out, single);
  out.fill(0);
  assert.equal(ring.ownerOfHashMany(hashes, out), out);
  assert.deepEqual(out, single);
});

test("Maglev and rendezvous: single calls and batches (with and without out) agree", () => {
  const m = own(rl.maglev({ backends: 13, tableSize: 251 }));
  const hashes = rl.h32Many(keys);
  const single = Uint32Array.from(keys, (k) => m.lookupIndex(k));
  assert.deepEqual(
    Uint32Array.from(hashes, (h) => m.lookupHash(h)),
    single,
  );
  assert.deepEqual(m.lookupMany(keys), single);
  assert.deepEqual(m.lookupMany(keys, new Uint32Array(keys.length)), single);
  assert.deepEqual(m.lookupHashMany(hashes, new Uint32Array(keys.length)), single);

  for (const hrw of [
    own(rl.rendezvous(9)),
    own(rl.weightedRendezvous([{ name: "a", weight: 1 }, { name: "b", weight: 3 }, "c"])),
  ]) {
    const picks = Int32Array.from(keys, (k) => hrw.pickIndex(k));
    assert.deepEqual(hrw.pickMany(keys), picks);
    const out = new Int32Array(keys.length);
    assert.equal(hrw.pickMany(keys, out), out);
    assert.deepEqual(out, picks);
  }
  const none = own(rl.rendezvous([]));
  assert.deepEqual(none.pickMany(["a", "b"], new Int32Array(2)), Int32Array.of(-1, -1));
  assert.equal(none.pickIndex("a"), -1);
});

test("jump: the direct single call, jumpMany over 32- and 64-bit keys and out agree", () => {
  const next = prng(3);
  const wide = BigUint64Array.from({ length: 1001 }, () => (BigInt(next()) << 32n) | BigInt(next()));
  const narrow = Uint32Array.from({ length: 1001 }, () => next());
  for (const buckets of [1, 2, 1000, 2147483647]) {
    const w = Int32Array.from(wide, (k) => rl.jump(k, buckets));
    assert.deepEqual(rl.jumpMany(wide, buckets), w);
    assert.deepEqual(rl.jumpMany(wide, buckets, new Int32Array(wide.length)), w);
    const n32 = Int32Array.from(narrow, (k) => rl.jump(k, buckets));
    assert.deepEqual(rl.jumpMany(narrow, buckets), n32);
    assert.deepEqual(rl.jumpMany(narrow, buckets, new Int32Array(narrow.length)), n32);
  }
  assert.equal(rl.jump(0xffffffffffffffffn, 1000), rl.jumpMany(BigUint64Array.of(0xffffffffffffffffn), 1000)[0]);
  // Out of range, the single call still names the error.
  assert.throws(() => rl.jump(1, 0), { name: "RinglabError", code: "out_of_range" });
  assert.throws(() => rl.jumpMany(narrow, 0, new Int32Array(narrow.length)), {
    name: "RinglabError",
    code: "out_of_range",
  });
});

test("modNMany with out agrees with modN", () => {
  const hashes = rl.h32Many(keys);
  const expected = Uint32Array.from(hashes, (h) => rl.modN(h, 7));
  assert.deepEqual(rl.modNMany(hashes, 7), expected);
  const out = new Uint32Array(hashes.length);
  assert.equal(rl.modNMany(hashes, 7, out), out);
  assert.deepEqual(out, expected);
});

test("a wrong out is refused before anything is staged", () => {
  const ring = own(rl.ring({ servers: 3 }));
  assert.throws(() => ring.ownerMany(["a", "b"], new Uint32Array(3)), {
    name: "RinglabError",
    code: "invalid_argument",
    message: "out must hold one value per key: length 2, got 3",
  });
  assert.throws(() => ring.ownerOfHashMany(new Uint32Array(2), new Int32Array(2)), {
    name: "RinglabError",
    code: "invalid_type",
    message: "out must be a Uint32Array, got Int32Array",
  });
  assert.throws(() => own(rl.rendezvous(3)).pickMany(["a"], new Uint32Array(1)), {
    name: "RinglabError",
    code: "invalid_type",
  });
  assert.throws(() => rl.jumpMany(new Uint32Array(1), 10, [0]), { name: "RinglabError", code: "invalid_type" });
});

test("batches leave the heap where it was, refused ones too", () => {
  const ring = own(rl.ring({ servers: 5 }));
  const big = rl.keys(5, 200000);
  ring.ownerMany(big); // the first large batch may grow the memory; the heap in use returns
  const start = rl.memory().heapUsed;
  for (let i = 0; i < 5; i++) {
    rl.h32Many(big, new Uint32Array(big.length));
    ring.ownerOfHashMany(rl.keyHashes(5, 100000));
    rl.jumpMany(new BigUint64Array(1000), 10);
  }
  // A key that is not a string, at the end: refused while checking, after the first pass.
  assert.throws(() => rl.h32Many([...big.slice(0, 1000), 42]), {
    name: "RinglabError",
    code: "invalid_type",
    message: "keys[1000] must be a string, got number",
  });
  assert.equal(rl.memory().heapUsed, start);
});

test("single calls stay right after the memory grows (the heap views are re-read)", () => {
  const before = keys.slice(0, 200).map((k) => rl.h32(k));
  const ring = own(rl.ring({ servers: 4, vnodes: 4 }));
  const owners = keys.slice(0, 200).map((k) => ring.owner(k));
  const grown = own(rl.ring({ servers: 64, vnodes: 1 << 17 })); // about 50 MB: the memory grows
  assert.ok(grown.size > 0);
  assert.deepEqual(
    keys.slice(0, 200).map((k) => rl.h32(k)),
    before,
  );
  assert.deepEqual(
    keys.slice(0, 200).map((k) => ring.owner(k)),
    owners,
  );
});

// The direct entry points come from the WebAssembly instance the loader made. Lost (a build
// that drops or renames an export, a loader that does not keep the instance), every single-key
// call would still answer, through embind and several times slower: only this sees it.
const directNames = [
  "ringlab_h32",
  "ringlab_ring_owner",
  "ringlab_ring_owner_of_hash",
  "ringlab_maglev_lookup",
  "ringlab_maglev_lookup_hash",
  "ringlab_rendezvous_pick",
  "ringlab_weighted_rendezvous_pick",
  "ringlab_jump",
];
const diagnostics = Symbol.for("ringlab.diagnostics");

test("the direct single-key calls are live: main entry, a load with options, and ringlab/single", async () => {
  const single = await import("ringlab/single");
  for (const [what, instance] of [
    ["load()", rl],
    [
      "load({ wasmBinary })",
      await load({ wasmBinary: readFileSync(new URL(import.meta.resolve("ringlab/ringlab.wasm"))) }),
    ],
    ["ringlab/single", await single.load()],
  ]) {
    assert.deepEqual(instance[diagnostics]?.direct, directNames, what);
    assert.ok(!Object.keys(instance).includes(String(diagnostics)), "not enumerable");
    assert.equal(instance.h32("user:42"), 599759890, what);
  }
});

test("a disposed handle refuses the direct calls too", () => {
  const ring = rl.ring({ servers: 3 });
  const m = rl.maglev({ backends: 3, tableSize: 7 });
  const hrw = rl.rendezvous(3);
  ring.dispose();
  m.dispose();
  hrw.dispose();
  for (const call of [
    () => ring.owner("k"),
    () => ring.ownerOfHash(1),
    () => m.lookup("k"),
    () => m.lookupHash(1),
    () => hrw.pick("k"),
  ]) {
    assert.throws(call, (e) => e instanceof RinglabError && e.code === "disposed");
  }
});

test("batches cross in chunks: a block made larger mid-way, in the first chunk or a later one", () => {
  // Long keys: the first guess (16 units a key) is short, and the block is made larger mid-way.
  const long = Array.from({ length: 300 }, (_, i) => `${i}:`.padEnd(40 + (i % 50), "é"));
  assert.deepEqual(rl.h32Many(long), Uint32Array.from(long, h32Reference));
  // More keys than one chunk (8,192): short ones first, so the block grows only in a later chunk,
  // then every kind of key; the results land at their keys' places.
  const many = [...rl.keys(3, 9000), ...randomKeys(9, 12000), ...long];
  const expected = Uint32Array.from(many, h32Reference);
  assert.deepEqual(rl.h32Many(many), expected);
  const ring = own(rl.ring({ servers: 11, vnodes: 20 }));
  const out = new Uint32Array(many.length);
  assert.deepEqual(ring.ownerMany(many, out), ring.ownerOfHashMany(expected));
  assert.deepEqual(
    own(rl.rendezvous(5)).pickMany(many),
    Int32Array.from(many, (k) => handles.at(-1).pickIndex(k)),
  );
});

test("an array that changes while it is read is refused", () => {
  const start = rl.memory().heapUsed;
  let reads = 0;
  const changing = ["a", "b"];
  Object.defineProperty(changing, 1, { get: () => (reads++ === 0 ? "x".repeat(40) : "y") });
  assert.throws(() => rl.h32Many(changing), {
    name: "RinglabError",
    code: "invalid_argument",
    message: "keys changed while they were read",
  });
  assert.equal(rl.memory().heapUsed, start);
});
