// The committed golden data (tests/golden, generated from the reference programs) through the
// package's public API: every hash, PRNG value, key, jump bucket and experiment text.
import assert from "node:assert/strict";
import { test } from "node:test";
import { load } from "ringlab";
import { apiCall, bytesFromHex, experimentCases, readTsv, stringFromUnits } from "./helpers.mjs";

const rl = await load();

test("h32.tsv: strings hashed as UTF-16 units, one by one and as a batch", () => {
  const rows = readTsv("h32.tsv");
  assert.ok(rows.length >= 200);
  const strings = rows.map((r) => stringFromUnits(r.units));
  rows.forEach((r, i) => assert.equal(rl.h32(strings[i]), Number(r.h32), `h32 of ${r.label}`));
  assert.deepEqual(
    Array.from(rl.h32Many(strings)),
    rows.map((r) => Number(r.h32)),
  );
});

test("h32_bytes.tsv: a Uint8Array is hashed as bytes", () => {
  for (const r of readTsv("h32_bytes.tsv")) {
    assert.equal(rl.h32(bytesFromHex(r.bytes)), Number(r.h32), `h32 of bytes ${r.label}`);
  }
});

function bySeed(rows) {
  const groups = new Map();
  for (const r of rows) {
    const seed = Number(r.seed);
    if (!groups.has(seed)) groups.set(seed, []);
    groups.get(seed).push(r);
  }
  return groups;
}

test("mulberry32.tsv: next() and nextUint32(), value by value and in batches", () => {
  for (const [seed, rows] of bySeed(readTsv("mulberry32.tsv"))) {
    const count = Math.max(...rows.map((r) => Number(r.index))) + 1;
    const single = rl.mulberry32(seed);
    const uints = Array.from({ length: count }, () => single.nextUint32());
    const batch = rl.mulberry32(seed).nextUint32Many(count);
    const rand = rl.mulberry32(seed);
    const rands = Array.from({ length: count }, () => rand.next());
    for (const r of rows) {
      const i = Number(r.index);
      assert.equal(uints[i], Number(r.uint32), `seed ${seed} index ${i}`);
      assert.equal(batch[i], Number(r.uint32), `seed ${seed} index ${i} (batch)`);
      assert.equal(String(rands[i]), r.rand, `seed ${seed} rand ${i}`);
    }
  }
});

test("keys.tsv: the course's keys", () => {
  for (const [seed, rows] of bySeed(readTsv("keys.tsv"))) {
    const count = Math.max(...rows.map((r) => Number(r.index))) + 1;
    const keys = rl.keys(seed, count);
    const numbers = rl.keyNumbers(seed, count);
    for (const r of rows) {
      assert.equal(keys[Number(r.index)], r.key, `seed ${seed} index ${r.index}`);
      assert.equal(`user:${numbers[Number(r.index)]}`, r.key);
    }
  }
  assert.deepEqual(rl.keys(16, 3), ["user:631395207", "user:144321889", "user:752337801"]);
});

test("jump.tsv: bigint keys, safe-integer keys and the batch form", () => {
  const rows = readTsv("jump.tsv");
  assert.ok(rows.length >= 3000);
  const byBuckets = new Map();
  for (const r of rows) {
    const key = BigInt(r.key);
    const n = Number(r.buckets);
    assert.equal(rl.jump(key, n), Number(r.bucket), `jump(${r.key}, ${n})`);
    if (key <= BigInt(Number.MAX_SAFE_INTEGER)) assert.equal(rl.jump(Number(key), n), Number(r.bucket));
    if (!byBuckets.has(n)) byBuckets.set(n, []);
    byBuckets.get(n).push(r);
  }
  for (const [n, group] of byBuckets) {
    const keys = BigUint64Array.from(group, (r) => BigInt(r.key));
    assert.deepEqual(
      Array.from(rl.jumpMany(keys, n)),
      group.map((r) => Number(r.bucket)),
      `jumpMany(…, ${n})`,
    );
  }
});

test("experiments/: every case's text is byte-identical, and its numbers agree with it", () => {
  const cases = experimentCases();
  assert.ok(cases.length >= 60);
  for (const c of cases) {
    const { method, options } = apiCall(c);
    const result = rl[method](options);
    assert.equal(result.text, c.expected, `${c.name} (${c.flags.join(" ")})`);
    if (method === "hrwJump") {
      // The text's "S3=undefined" is the counts array's undefined.
      const printed = c.expected.split("\n")[0].split(" ").slice(3);
      assert.deepEqual(
        printed,
        result.counts.map((n, s) => `S${s}=${n}`),
        c.name,
      );
    }
  }
});

test("experiments: no options means the published defaults", () => {
  const defaults = Object.fromEntries(
    experimentCases()
      .filter((c) => c.flags.length === 0)
      .map((c) => [c.experiment, c.expected]),
  );
  assert.equal(rl.ringVsMod().text, defaults["ring-vs-mod"]);
  assert.equal(rl.vnodeSweep().text, defaults["vnode-sweep"]);
  assert.equal(rl.hrwJump().text, defaults["hrw-jump"]);
});
