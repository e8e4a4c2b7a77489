// Randomized agreement with independent JavaScript implementations written from the spec: the
// module must equal the published h32 for every JS string (each UTF-16 range, lone surrogates,
// U+0000), and jump must equal a BigInt implementation for any 64-bit key.
import assert from "node:assert/strict";
import { test } from "node:test";
import { load } from "ringlab";
import { h32Reference, jumpReference, prng } from "./helpers.mjs";

const rl = await load();
const SEED = 20240607;

// A unit from one of the UTF-16 ranges, chosen uniformly by range so rare ones are frequent.
const ranges = [
  [0x0000, 0x007f], // ASCII, U+0000 included
  [0x0080, 0x07ff], // two-byte UTF-8 (Latin-1, Greek, …)
  [0x0980, 0x09ff], // Bengali
  [0x0800, 0xd7ff], // the rest of the BMP below the surrogates
  [0xd800, 0xdbff], // high surrogates (often left unpaired)
  [0xdc00, 0xdfff], // low surrogates
  [0xe000, 0xffff], // private use, specials, U+FFFF
];

function randomString(next) {
  const length = next() % 40; // 0 .. 39 units, the empty string included
  const units = [];
  while (units.length < length) {
    const [lo, hi] = ranges[next() % ranges.length];
    const u = lo + (next() % (hi - lo + 1));
    units.push(u);
    // Sometimes a proper pair, so astral characters (emoji) appear too.
    if (u >= 0xd800 && u <= 0xdbff && next() % 2 === 0) units.push(0xdc00 + (next() % 0x400));
  }
  return String.fromCharCode(...units);
}

test("h32 equals the published function for 20,000 random strings from every UTF-16 range", () => {
  const next = prng(SEED);
  const strings = Array.from({ length: 20000 }, () => randomString(next));
  const lone = strings.filter((s) => /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(s));
  assert.ok(lone.length > 1000, `lone surrogates are exercised (${lone.length} strings)`);
  const expected = strings.map(h32Reference);
  for (let i = 0; i < strings.length; i++) {
    assert.equal(rl.h32(strings[i]), expected[i], `seed ${SEED}, string ${i}: ${JSON.stringify(strings[i])}`);
  }
  assert.deepEqual(Array.from(rl.h32Many(strings)), expected);
});

test("h32 of long strings (past the glue's TextDecoder threshold and beyond 64 KiB)", () => {
  const next = prng(SEED + 1);
  for (const length of [17, 33, 1000, 70000]) {
    const s = String.fromCharCode(...Array.from({ length }, () => next() & 0xffff));
    assert.equal(rl.h32(s), h32Reference(s), `length ${length}`);
  }
});

test("h32 of bytes: Uint8Array units 0..255, and Node Buffers (a Uint8Array too)", () => {
  const next = prng(SEED + 2);
  for (let i = 0; i < 2000; i++) {
    const bytes = Uint8Array.from({ length: next() % 50 }, () => next() & 0xff);
    assert.equal(rl.h32(bytes), h32Reference(String.fromCharCode(...bytes)));
  }
  assert.equal(rl.h32(Buffer.from("user:42")), 599759890);
});

test("jump equals a BigInt implementation for random 64-bit keys, one by one and in batches", () => {
  const next = prng(SEED + 3);
  const key64 = () => (BigInt(next()) << 32n) | BigInt(next());
  const bucketCounts = [1, 2, 7, 10, 1000, 65536, 2147483647, 1 + (next() % 2147483647), 1 + (next() % 1000)];
  const keys = BigUint64Array.from({ length: 2000 }, key64);
  keys[0] = 0n;
  keys[1] = (1n << 64n) - 1n;
  keys[2] = 1n << 63n;
  for (const n of bucketCounts) {
    const expected = Array.from(keys, (k) => jumpReference(k, n));
    for (let i = 0; i < 200; i++) assert.equal(rl.jump(keys[i], n), expected[i], `jump(${keys[i]}, ${n})`);
    assert.deepEqual(Array.from(rl.jumpMany(keys, n)), expected, `jumpMany(…, ${n})`);
    // A view into a larger buffer at an offset: the batch must read exactly the viewed keys.
    const view = new BigUint64Array(keys.buffer, 8 * 5, 100);
    assert.deepEqual(Array.from(rl.jumpMany(view, n)), expected.slice(5, 105));
  }
});

test("jump of 32-bit keys (the course hashes first: jump(h32(key), n)) agrees with bigint keys", () => {
  const next = prng(SEED + 4);
  const hashes = Uint32Array.from({ length: 5000 }, () => next());
  const asBig = BigUint64Array.from(hashes, (h) => BigInt(h));
  for (const n of [1, 10, 11, 12345]) {
    assert.deepEqual(rl.jumpMany(hashes, n), rl.jumpMany(asBig, n));
    for (let i = 0; i < 100; i++) assert.equal(rl.jump(hashes[i], n), jumpReference(BigInt(hashes[i]), n));
  }
});
