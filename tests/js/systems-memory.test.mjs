// Lifetimes in ringlab/systems: every handle (Malachi rings, real systems) frees its C++ object
// on dispose(), and batch calls free what they staged, so the systems module's heap comes back to
// where it was after any number of them. A separate instance (load with options), so no other
// test shares its heap.
import assert from "node:assert/strict";
import path from "node:path";
import { test } from "node:test";
import { pathToFileURL } from "node:url";
import { load } from "ringlab/systems";
import { distDir } from "./helpers.mjs";

const erl = await load({ wasmUrl: pathToFileURL(path.join(distDir, "wasm", "ringlab-systems.wasm")) });
const keys = Array.from({ length: 5000 }, (_, i) => `user:${i}`);

function round() {
  const ring = erl.malachiRing({ ringBits: 20 });
  for (let v = 0; v < 200; v++) ring.addVnode(`vnode-${v}`, v * 5000);
  ring.routeMany(keys);
  ring.vnodes();
  const copy = ring.clone();
  copy.removeVnode("vnode-0");
  copy.dispose();
  ring.dispose();
  erl.phash2Many(keys, 1000);
  erl.parseTerm('%{"k" => [1, 2.5, {:a, "b"}]}');
  for (const [name, options] of [
    ["memcached", { servers: "a:1,b:2,c:3", mode: "consistent_ketama" }],
    ["nginx", { servers: "a:1,b:2=2,c:3", mode: "consistent" }],
    ["kafka", { partitions: 12 }],
    ["cassandra", { tokens: "a=-5,b=7" }],
    ["envoy-maglev", { hosts: "10.0.0.1:80,10.0.0.2:80" }],
  ]) {
    const sys = erl.system(name, options);
    const many = sys.placeMany(keys);
    sys.placeMany(keys, many);
    sys.placeMany(keys.slice(0, 50).map((k) => new TextEncoder().encode(k)));
    sys.place("k");
    sys.servers();
    const other = erl.system(name, options);
    sys.diff(other, keys);
    sys.diff(other, [...keys.slice(0, 50), new Uint8Array([0xff, 0x80])]);
    sys.why("k");
    sys.why(new Uint8Array([0xff]));
    other.dispose();
    sys.dispose();
  }
  const nginx = erl.system("nginx", { servers: "a:1,b:2,c:3", down: "b:2" });
  for (let i = 0; i < 50; i++) nginx.tries(keys[i]);
  nginx.dispose();
  const m = erl.system("memcached", { servers: "a:1,b:2", mode: "consistent_ketama" });
  const added = m.edit({ add: "c:3", weight: 2 });
  added.edit({ remove: "a:1" }).dispose();
  added.dispose();
  assert.throws(() => m.edit({ remove: "z:9" }));
  m.dispose();
  // A batch that fails part way (a key the system refuses) frees what it staged too.
  const guava = erl.system("guava", { buckets: 10, input: "long" });
  assert.throws(() => guava.placeMany(["1", "2", "x"]));
  assert.throws(() => guava.diff(guava, [new Uint8Array([0x31]), new Uint8Array([0x78])]));
  assert.throws(() => guava.why("x"));
  guava.dispose();
  // Failed calls free what they made too.
  assert.throws(() => erl.system("kafka", { partitions: 0 }));
  assert.throws(() => erl.parseTerm("{1,"));
}

test("dispose() and every batch give the heap back", () => {
  round(); // the first round grows the heap to what a round needs
  const before = erl.memory().heapUsed;
  for (let i = 0; i < 20; i++) round();
  const after = erl.memory().heapUsed;
  assert.equal(after, before, `heap in use: ${before} bytes before 20 rounds, ${after} after`);
  assert.ok(erl.memory().memoryBytes > 0);
});
