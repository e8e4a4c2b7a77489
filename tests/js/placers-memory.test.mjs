// Lifetimes in ringlab/placers: a placer frees its C++ object on dispose() (or `using`:
// Symbol.dispose), and its calls free what they made, so the module's heap comes back to where it
// was after any number of them. A separate instance (load with options), so no other test shares
// its heap.
import assert from "node:assert/strict";
import path from "node:path";
import { test } from "node:test";
import { pathToFileURL } from "node:url";
import { load } from "ringlab/placers";
import { applyPlacerOps, distDir, placerScenarios } from "./helpers.mjs";

const placers = await load({ wasmUrl: pathToFileURL(path.join(distDir, "wasm", "ringlab-buckets.wasm")) });
const scenarios = placerScenarios(placers.algorithms(), 11, 2);

function round() {
  for (const s of scenarios) {
    const p = placers.placer(s.algorithm, { servers: s.servers, ...s.options });
    applyPlacerOps(p, s.ops);
    p.placeMany(s.keys);
    p.placeMany(s.keys, new Uint32Array(s.keys.length));
    p.place(s.keys[0]);
    p.trace(s.keys[0]);
    p.servers();
    p.dispose();
    // Symbol.dispose (what `using` calls) frees it as dispose() does.
    const scoped = placers.placer(s.algorithm, { servers: s.servers, ...s.options });
    scoped.place("k");
    scoped[Symbol.dispose]();
  }
  // Failed calls free what they made too.
  assert.throws(() => placers.placer("ring", { servers: ["a"], vnodes: 0 }));
  assert.throws(() => placers.placer("nope", { servers: ["a"] }));
  assert.throws(() => placers.placer("rendezvous", { servers: ["a", "a"] }));
  const p = placers.placer("maglev", { servers: ["a", "b"], tableSize: 7 });
  assert.throws(() => p.add("c"));
  p.dispose();
  const ring = placers.placer("ring", { servers: ["a"], vnodes: 3 });
  assert.throws(() => ring.remove("b"));
  assert.throws(() => ring.reweight("a", -1));
  ring.dispose();
}

test("dispose() and every call give the heap back", () => {
  round(); // the first round grows the heap to what a round needs
  const before = placers.memory().heapUsed;
  for (let i = 0; i < 30; i++) round();
  const after = placers.memory().heapUsed;
  assert.equal(after, before, `heap in use: ${before} bytes before 30 rounds, ${after} after`);
  assert.ok(placers.memory().memoryBytes > 0);
});

test("10,000 placers made and disposed leave the heap as it was", () => {
  const before = placers.memory().heapUsed;
  for (let i = 0; i < 10_000; i++) placers.placer("rendezvous", { servers: ["a", `b${i % 100}`] }).dispose();
  assert.equal(placers.memory().heapUsed, before);
});
