// ringlab/buckets: every bucket algorithm of the registry through the one handle, against its
// vectors (tests/golden/buckets/), one input at a time and in batches; jump and mod-N through it
// are rl.jump and rl.modN; membership as the core has it; and what the wrapper checks itself (the
// JavaScript types). The named errors are tests/bad-input.json's (bad-input-table.test.mjs).
import assert from "node:assert/strict";
import { test } from "node:test";
import { load as loadMain } from "ringlab";
import { load, RinglabError } from "ringlab/buckets";
import { pathToFileURL } from "node:url";
import { bucketVectorCases as vectorCases, cliJs, prng } from "./helpers.mjs";

const buckets = await load();
const rl = await loadMain();

/** A hasher as the case builds it: its options, then its ops in order. */
function built(name, c) {
  const h = buckets.hasher(name, c.options);
  for (const op of c.ops === "" ? [] : c.ops.split(",")) {
    if (op === "add") h.add();
    else h.remove(Number(op.slice("remove:".length)));
  }
  return h;
}

test("the module's algorithms are the registry's buckets family, each with its vectors", async () => {
  // The registry as `ringlab algorithms --json` prints it (the CLI's module: the same core).
  const { runCli } = await import(pathToFileURL(cliJs).href);
  const registry = JSON.parse((await runCli(["algorithms", "--json"])).out).filter((a) => a.family === "buckets");
  assert.deepEqual(
    buckets.algorithms(),
    registry.map((a) => ({
      name: a.name,
      input: a.input,
      answers: a.answers ?? "bucket",
      removal: a.removal,
      options: a.options.map((o) => o.name),
      traces: a.traces,
    })),
  );
  assert.ok(registry.some((a) => a.name === "jump"));
  for (const a of registry) assert.ok(vectorCases(a.name).length >= 1, `${a.name} has vectors`);
});

test("every bucket algorithm's vectors, one input at a time and in batches", () => {
  for (const { name, input, answers } of buckets.algorithms()) {
    let rows = 0;
    for (const c of vectorCases(name)) {
      const label = `${name} ${c.optionsText.slice(0, 60)} ${c.ops}`;
      const h = built(name, c);
      assert.equal(h.algorithm, name);
      assert.equal(h.input, input);
      assert.equal(h.answers, answers);
      // A bucket number, or a node's name: the file's text.
      const want = answers === "name" ? c.answers : c.buckets;
      if (input === "text") {
        assert.deepEqual(
          c.inputs.map((k) => h.bucket(k)),
          want,
          label,
        );
        assert.deepEqual(Array.from(h.bucketMany(c.inputs)), want, label);
      } else {
        const values = c.inputs.map((x) => BigInt(x));
        assert.deepEqual(
          values.map((x) => h.bucket(x)),
          c.buckets,
          label,
        );
        // Numbers where they are exact.
        for (let i = 0; i < values.length; i++) {
          if (values[i] <= BigInt(Number.MAX_SAFE_INTEGER)) assert.equal(h.bucket(Number(values[i])), c.buckets[i]);
        }
        assert.deepEqual(Array.from(h.bucketMany(BigUint64Array.from(values))), c.buckets, label);
        // The 32-bit ones as a Uint32Array, into a buffer given.
        const narrow = values.map((x, i) => [x, c.buckets[i]]).filter(([x]) => x <= 0xffffffffn);
        const out = new Uint32Array(narrow.length);
        assert.equal(
          h.bucketMany(
            Uint32Array.from(narrow, ([x]) => Number(x)),
            out,
          ),
          out,
        );
        assert.deepEqual(
          Array.from(out),
          narrow.map(([, b]) => b),
          label,
        );
      }
      rows += c.inputs.length;
      h.dispose();
    }
    assert.ok(rows >= 100, `${name}: ${rows} rows`);
  }
});

test("jump through the handle is rl.jump and rl.jumpMany, at every count add and remove leave", () => {
  const next = prng(2024);
  const keys = BigUint64Array.from({ length: 500 }, () => (BigInt(next()) << 32n) | BigInt(next()));
  const h = buckets.hasher("jump", { buckets: 1 });
  for (let n = 1; n <= 60; n++) {
    assert.equal(h.size, n);
    assert.deepEqual(h.bucketMany(keys), new Uint32Array(rl.jumpMany(keys, n).buffer));
    assert.equal(h.bucket(keys[7]), rl.jump(keys[7], n));
    if (n < 60) assert.equal(h.add(), n);
  }
  for (let n = 60; n > 1; n--) {
    h.remove(n - 1);
    assert.equal(h.size, n - 1);
    assert.deepEqual(h.bucketMany(keys), new Uint32Array(rl.jumpMany(keys, n - 1).buffer));
  }
  assert.equal(h.canAdd, true);
  assert.equal(h.canRemove, true);
  // A million keys in one call: staged in chunks of the heap, as rl.jumpMany.
  const many = BigUint64Array.from(
    { length: 1_000_000 },
    (_, i) => (BigInt(i) * 0x9e3779b97f4a7c15n) & 0xffffffffffffffffn,
  );
  h.add();
  assert.deepEqual(h.bucketMany(many), new Uint32Array(rl.jumpMany(many, 2).buffer));
  h.dispose();
});

test("mod-n through the handle is rl.modN, and has no membership", () => {
  const next = prng(7);
  const hashes = Uint32Array.from({ length: 1000 }, () => next());
  for (const n of [1, 7, 10, 65537, 4294967295]) {
    const h = buckets.hasher("mod-n", { buckets: n });
    assert.equal(h.size, n);
    assert.deepEqual(
      Array.from(h.bucketMany(hashes)),
      Array.from(hashes, (x) => rl.modN(x, n)),
    );
    assert.equal(h.bucket(hashes[3]), rl.modN(hashes[3], n));
    assert.equal(h.canAdd, false);
    assert.equal(h.canRemove, false);
    h.dispose();
  }
  // A BigUint64Array of 32-bit values is taken too; one beyond 32 bits is the core's error.
  const h = buckets.hasher("mod-n", { buckets: 10 });
  assert.deepEqual(Array.from(h.bucketMany(BigUint64Array.of(15n, 4294967295n))), [5, 5]);
  assert.throws(
    () => h.bucketMany(BigUint64Array.of(1n, 4294967296n)),
    (e) => e instanceof RinglabError && e.code === "out_of_range" && e.param === "input",
  );
  h.dispose();
});

test("an algorithm that answers names answers its nodes' names, as given, one key at a time and in batches", () => {
  const named = buckets.algorithms().filter((a) => a.answers === "name");
  for (const { name, input, options } of named) {
    assert.equal(input, "text", name);
    assert.ok(options.includes("nodes"), name);
    // Names beyond ASCII and one holding a lone surrogate (hashed as U+FFFD, answered as given).
    const nodes = ["shard-1", "নোড-২", "😀", "x\ud800y", "a,b"];
    const h = buckets.hasher(name, { nodes });
    assert.equal(h.answers, "name");
    assert.equal(h.size, nodes.length);
    const keys = Array.from({ length: 2000 }, (_, i) => (i % 3 === 0 ? `কী:${i}` : `user:${i}`));
    const one = keys.map((k) => h.bucket(k));
    const many = h.bucketMany(keys);
    assert.ok(Array.isArray(many));
    assert.deepEqual(many, one);
    for (const n of nodes) assert.ok(one.includes(n), `${name}: ${n}`);
    // The list is the handle's own: changing the array given changes nothing.
    const given = ["a", "b", "c"];
    const abc = buckets.hasher(name, { nodes: given });
    const before = abc.bucketMany(keys);
    given[0] = "z";
    assert.deepEqual(abc.bucketMany(keys), before);
    assert.ok(!before.includes("z"));
    h.dispose();
    abc.dispose();
  }
  // Every other algorithm answers numbers.
  for (const a of buckets.algorithms()) if (a.answers !== "name") assert.equal(a.answers, "bucket", a.name);
});

test("the wrapper's own checks: JavaScript types, the out buffer, a disposed hasher", () => {
  const h = buckets.hasher("jump", { buckets: 10 });
  const isType = (e) => e instanceof RinglabError && e.code === "invalid_type";
  assert.throws(() => h.bucketMany([1, 2]), isType);
  assert.throws(() => h.bucket(null), isType);
  assert.throws(() => h.remove("9"), isType);
  assert.throws(() => buckets.hasher("jump", 10), isType);
  assert.throws(() => buckets.hasher(7, { buckets: 1 }), isType);
  assert.throws(() => buckets.hasher("jump", { buckets: "10" }), isType);
  assert.throws(
    () => h.bucketMany(Uint32Array.of(1, 2), new Uint32Array(3)),
    (e) => e instanceof RinglabError && e.code === "invalid_argument" && e.rule === "outLength",
  );
  // The module keeps working after every refusal.
  assert.equal(h.bucket(599759890n), 9);
  const gone = buckets.hasher("mod-n", { buckets: 3 });
  gone.dispose();
  gone.dispose();
  assert.equal(gone.disposed, true);
  assert.throws(
    () => gone.size,
    (e) => e instanceof RinglabError && e.code === "disposed",
  );
  // Symbol.dispose is dispose(), for `using`.
  h[Symbol.dispose]();
  assert.equal(h.disposed, true);
});

test("load() without options resolves to one instance; the module reports its version", async () => {
  assert.equal(await load(), buckets);
  assert.equal(buckets.version, rl.version);
});
