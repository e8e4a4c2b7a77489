// Lifetimes in ringlab/buckets: a bucket hasher frees its C++ object on dispose() (or `using`:
// Symbol.dispose),
// and batch calls free what they staged, so the buckets module's heap comes back to where it was
// after any number of them. A separate instance (load with options), so no other test shares its
// heap.
import assert from "node:assert/strict";
import path from "node:path";
import { test } from "node:test";
import { pathToFileURL } from "node:url";
import { load } from "ringlab/buckets";
import { bucketVectorCases, distDir } from "./helpers.mjs";

const buckets = await load({ wasmUrl: pathToFileURL(path.join(distDir, "wasm", "ringlab-buckets.wasm")) });
const wide = BigUint64Array.from({ length: 5000 }, (_, i) => (BigInt(i) * 0x9e3779b97f4a7c15n) & 0xffffffffffffffffn);
const narrow = Uint32Array.from({ length: 5000 }, (_, i) => (i * 2654435761) >>> 0);

// Each algorithm built as its first vector case builds it: options every algorithm takes.
const optionsOf = Object.fromEntries(buckets.algorithms().map((a) => [a.name, bucketVectorCases(a.name)[0].options]));

function round() {
  for (const { name } of buckets.algorithms()) {
    const h = buckets.hasher(name, optionsOf[name]);
    if (h.input === "text") h.bucketMany(Array.from(narrow, String));
    else h.bucketMany(narrow);
    if (h.input === "u64") h.bucketMany(wide);
    h.bucket(h.input === "text" ? "user:42" : 42);
    // The bucket add() made is live whichever buckets the algorithm keeps live (jump's are
    // 0 .. n - 1, DxHash's any slots), so remove() can take it back.
    const added = h.canAdd ? h.add() : h.size - 1;
    if (h.canRemove) h.remove(added);
    h.dispose();
    // Symbol.dispose (what `using` calls) frees it as dispose() does.
    const scoped = buckets.hasher(name, optionsOf[name]);
    if (scoped.input !== "text") scoped.bucketMany(narrow, new Uint32Array(narrow.length));
    scoped[Symbol.dispose]();
  }
  // Failed calls free what they made too.
  assert.throws(() => buckets.hasher("jump", { buckets: 0 }));
  assert.throws(() => buckets.hasher("nope", { buckets: 1 }));
  const h = buckets.hasher("mod-n", { buckets: 3 });
  assert.throws(() => h.bucketMany(BigUint64Array.of(1n, 1n << 40n)));
  assert.throws(() => h.add());
  h.dispose();
}

test("dispose() and every batch give the heap back", () => {
  round(); // the first round grows the heap to what a round needs
  const before = buckets.memory().heapUsed;
  for (let i = 0; i < 50; i++) round();
  const after = buckets.memory().heapUsed;
  assert.equal(after, before, `heap in use: ${before} bytes before 50 rounds, ${after} after`);
  assert.ok(buckets.memory().memoryBytes > 0);
});

test("10,000 hashers made and disposed leave the heap as it was", () => {
  const before = buckets.memory().heapUsed;
  for (let i = 0; i < 10_000; i++) buckets.hasher("jump", { buckets: 1 + (i % 1000) }).dispose();
  assert.equal(buckets.memory().heapUsed, before);
});
