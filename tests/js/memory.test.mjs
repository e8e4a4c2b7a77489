// Running out of memory: the module's heap is capped at 2 GiB (-sMAXIMUM_MEMORY in
// cpp/wasm/CMakeLists.txt). Holding handles until it is full ends in RinglabError "out_of_memory"
// (std::bad_alloc caught at the boundary), not in an aborted module: once the handles are
// disposed, the same instance allocates and answers as before and its heap is back to where it
// started. A separate instance (load with options), so no other test shares the full heap.
import assert from "node:assert/strict";
import path from "node:path";
import { test } from "node:test";
import { pathToFileURL } from "node:url";
import { RinglabError, load } from "ringlab";
import { distDir } from "./helpers.mjs";

test("out of memory is RinglabError out_of_memory, and the module keeps working", async () => {
  const rl = await load({ wasmUrl: pathToFileURL(path.join(distDir, "wasm", "ringlab.wasm")) });
  const start = rl.memory().heapUsed;

  // A token ring of 4,000 vnodes with 4,000-unit ids (~32 MB), cloned until the heap is full:
  // each clone is a copy, so the 2 GiB fill in a second or two.
  const base = rl.tokenRing();
  const pad = "x".repeat(3990);
  for (let i = 0; i < 4000; i++) base.add(`${i}-${pad}`, i * 1000);
  const held = [];
  let error;
  try {
    for (let i = 0; i < 200; i++) held.push(base.clone());
  } catch (e) {
    error = e;
  }
  assert.ok(error instanceof RinglabError, `expected a RinglabError, got ${error}`);
  assert.equal(error.code, "out_of_memory");
  assert.match(error.message, /out of memory/);
  assert.ok(held.length >= 10 && held.length < 200, `${held.length} clones before the heap was full`);
  assert.equal(rl.memory().memoryBytes, 2 ** 31, "the memory grew to its 2 GiB maximum");

  // Full: the largest ring is refused the same way, quickly (its first buffer does not fit).
  assert.throws(() => rl.ring({ servers: 1, vnodes: 16777216 }), { name: "RinglabError", code: "out_of_memory" });
  // Small calls still work while it is full.
  assert.equal(rl.h32("user:42"), 599759890);
  assert.equal(held[0].route("user:42"), base.route("user:42"));

  for (const h of held) h.dispose();
  base.dispose();
  const after = rl.memory();
  assert.ok(after.heapUsed <= start + 64 * 1024, `heap in use back near its start: ${start} -> ${after.heapUsed}`);

  // The same instance allocates large things again, and answers as a fresh one does.
  const again = [];
  for (let i = 0; i < 10; i++) again.push(rl.ring({ servers: 8, vnodes: 1 << 15 }));
  const fresh = (await load()).ring({ servers: 8, vnodes: 1 << 15 });
  try {
    assert.equal(again[9].size, 1 << 18);
    for (const key of ["user:42", "user:631395207", "a"]) assert.equal(again[9].owner(key), fresh.owner(key));
  } finally {
    for (const r of again) r.dispose();
    fresh.dispose();
  }
  assert.ok(rl.memory().heapUsed <= start + 64 * 1024);
});
