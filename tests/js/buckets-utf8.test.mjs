// ringlab/buckets' bucketManyUtf8: keys the caller encoded answer exactly as their strings do in
// bucketMany, for each text algorithm (MementoHash, multi-probe), on random keys with non-ASCII
// text, lone surrogates (which the strings' path, like TextEncoder, makes U+FFFD) and empty keys,
// after membership changes too. The named errors are tests/bad-input.json's
// (bad-input-table.test.mjs); here, what they leave behind.
import assert from "node:assert/strict";
import { test } from "node:test";
import { load, RinglabError } from "ringlab/buckets";
import { prng } from "./helpers.mjs";

const buckets = await load();
const encoder = new TextEncoder();

// Units drawn from ASCII, Latin-1, Bengali, CJK and a surrogate pair's halves (alone or paired).
const alphabet = ["a", "Z", "7", ":", "é", "ß", "ক", "্", "ষ", "中", "\u{1F600}", "\uD800", "\uDFFF"];

/** n random keys, some empty when `empty`, each of 0 .. 12 of the alphabet's pieces. */
function randomKeys(next, n, empty) {
  const keys = [];
  for (let i = 0; i < n; i++) {
    const len = empty ? next() % 13 : 1 + (next() % 12);
    let k = "";
    for (let j = 0; j < len; j++) k += alphabet[next() % alphabet.length];
    keys.push(k);
  }
  return keys;
}

/** The keys' UTF-8 end to end, and their n + 1 offsets. */
function encoded(keys) {
  const parts = keys.map((k) => encoder.encode(k));
  const offsets = new Uint32Array(keys.length + 1);
  for (let i = 0; i < parts.length; i++) offsets[i + 1] = offsets[i] + parts[i].length;
  const bytes = new Uint8Array(offsets[keys.length]);
  parts.forEach((p, i) => bytes.set(p, offsets[i]));
  return { bytes, offsets };
}

test("memento: the UTF-8 batch answers bucketMany's buckets, before and after removals and adds", () => {
  const next = prng(0x5eed);
  for (const n of [1, 7, 1000]) {
    const h = buckets.hasher("memento", { buckets: n });
    // More keys than the core's block of views, so that a batch spans several blocks.
    const keys = randomKeys(next, 2500, false);
    const { bytes, offsets } = encoded(keys);
    const check = () => {
      const want = h.bucketMany(keys);
      assert.deepEqual(h.bucketManyUtf8(bytes, offsets), want);
      const out = new Uint32Array(keys.length);
      assert.equal(h.bucketManyUtf8(bytes, offsets, out), out);
      assert.deepEqual(out, want);
    };
    check();
    const live = [...Array(n).keys()];
    for (let r = 0; r < Math.min(n - 1, 5); r++) {
      h.remove(live.splice(next() % live.length, 1)[0]);
      check();
    }
    if (h.size < n) {
      h.add();
      check();
    }
    h.dispose();
  }
});

test("multiprobe: the UTF-8 batch answers the places of bucketMany's names, empty keys included", () => {
  const next = prng(0xc0ffee);
  const nodes = randomKeys(next, 40, false).map((k, i) => `${k}-${i}`);
  for (const [list, probes] of [
    [nodes, 21],
    [nodes.slice(0, 1), 21],
    // A node left: multi-probe is built again from the list without it.
    [nodes.filter((_, i) => i !== 17), 5],
  ]) {
    const h = buckets.hasher("multiprobe", { nodes: list, probes });
    const keys = randomKeys(next, 2500, true);
    assert.ok(keys.includes(""));
    const { bytes, offsets } = encoded(keys);
    const places = h.bucketManyUtf8(bytes, offsets);
    assert.ok(places instanceof Uint32Array);
    assert.deepEqual(
      Array.from(places, (p) => list[p]),
      h.bucketMany(keys),
    );
    h.dispose();
  }
});

test("multiprobe: bucketMany fills a reused array of names, batch after batch, as it answers a new one", () => {
  const next = prng(0x5eed);
  const nodes = randomKeys(next, 30, false).map((k, i) => `${k}-${i}`);
  const h = buckets.hasher("multiprobe", { nodes });
  const names = new Array(700).fill("stale");
  for (let batch = 0; batch < 3; batch++) {
    const keys = randomKeys(next, 700, true);
    assert.equal(h.bucketMany(keys, names), names);
    assert.deepEqual(names, h.bucketMany(keys));
  }
  // Of another length, or no array: named errors, and the array is left as it was.
  const before = [...names];
  assert.throws(
    () => h.bucketMany(["k"], names),
    (e) => e instanceof RinglabError && e.code === "invalid_argument" && e.rule === "outLength" && e.param === "out",
  );
  assert.throws(
    () => h.bucketMany(["k"], new Uint32Array(1)),
    (e) => e instanceof RinglabError && e.code === "invalid_type" && e.param === "out",
  );
  assert.deepEqual(names, before);
  // A bucket algorithm's out is still a Uint32Array, never an array of names.
  const m = buckets.hasher("memento", { buckets: 5 });
  assert.throws(
    () => m.bucketMany(["k"], ["x"]),
    (e) => e instanceof RinglabError && e.code === "invalid_type" && e.param === "out",
  );
  m.dispose();
  h.dispose();
});

test("a batch of no keys, and offsets into a larger buffer's view", () => {
  const h = buckets.hasher("multiprobe", { nodes: ["a", "b", "c"] });
  assert.deepEqual(h.bucketManyUtf8(new Uint8Array(0), Uint32Array.of(0)), new Uint32Array(0));
  // Views that do not start at their buffer's first byte: the arrays are read as views.
  const keys = ["user:42", "ক্ষ", ""];
  const { bytes, offsets } = encoded(keys);
  const big = new Uint8Array(bytes.length + 5);
  big.set(bytes, 3);
  const bigOffsets = new Uint32Array(offsets.length + 2);
  bigOffsets.set(offsets, 1);
  assert.deepEqual(
    Array.from(h.bucketManyUtf8(big.subarray(3, 3 + bytes.length), bigOffsets.subarray(1, 1 + offsets.length))),
    h.bucketMany(keys).map((name) => ["a", "b", "c"].indexOf(name)),
  );
  h.dispose();
});

test("bad offsets are refused before any key is hashed, and the hasher works on", () => {
  const h = buckets.hasher("memento", { buckets: 5 });
  const bytes = encoder.encode("abc");
  for (const offsets of [[], [1, 3], [0, 2, 1, 3], [0, 1, 2], [0, 4]]) {
    const out = new Uint32Array(Math.max(0, offsets.length - 1)).fill(77);
    assert.throws(
      () => h.bucketManyUtf8(bytes, Uint32Array.from(offsets), out),
      (e) =>
        e instanceof RinglabError &&
        e.code === "invalid_argument" &&
        e.rule === "byteOffsets" &&
        e.message === "offsets must be at least one offset, ascending from 0 to the bytes' length (3)",
    );
    // Nothing written on refusal.
    assert.ok(out.every((v) => v === 77));
  }
  assert.throws(() => h.bucketManyUtf8(bytes, Uint32Array.of(0, 3), new Uint32Array(2)), { rule: "outLength" });
  assert.throws(() => h.bucketManyUtf8("abc", Uint32Array.of(0, 3)), { code: "invalid_type", param: "bytes" });
  assert.throws(() => h.bucketManyUtf8(bytes, [0, 3]), { code: "invalid_type", param: "offsets" });
  assert.deepEqual(h.bucketManyUtf8(bytes, Uint32Array.of(0, 1, 3)), h.bucketMany(["a", "bc"]));
  h.dispose();
});
