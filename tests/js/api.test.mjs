// The package API's behaviour: rings (against a ring built here in plain JavaScript from the
// spec), rendezvous, the PRNG across batch boundaries, batch twins equal to single calls, server
// names that survive the boundary exactly, handles and their disposal.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, test } from "node:test";
import { load, RinglabError } from "ringlab";
import { h32Reference, prng, root } from "./helpers.mjs";

const rl = await load();

// Node 20 has no `using` declarations yet: handles made by a test are disposed after it.
const handles = [];
const own = (h) => (handles.push(h), h);
afterEach(() => handles.splice(0).forEach((h) => h.dispose()));

// The ring of docs/algorithms.md#ring, built independently: tokens h32(name + "#" + i), stable sort by token.
function referenceRing(servers, vnodes) {
  const points = [];
  servers.forEach((s, index) => {
    const name = typeof s === "string" ? s : s.name;
    const w = typeof s === "string" || s.weight === undefined ? 1 : s.weight;
    const count = Math.max(1, Math.round(vnodes * w));
    for (let i = 0; i < count; i++) points.push({ token: h32Reference(`${name}#${i}`), server: index });
  });
  points.sort((a, b) => a.token - b.token); // Array.prototype.sort is stable
  const owner = (hash) => {
    let lo = 0;
    let hi = points.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (points[mid].token < hash) lo = mid + 1;
      else hi = mid;
    }
    return points[lo === points.length ? 0 : lo].server;
  };
  return { points, owner };
}

test("version is the package's", () => {
  const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
  assert.equal(rl.version, pkg.version);
});

test("the worked facts of docs/algorithms.md (h32, mulberry32, tutorial examples)", () => {
  const facts = { "": 2872998923, a: 444641715, "user:42": 599759890, "S0#0": 3947687215 };
  for (const [s, h] of Object.entries(facts)) assert.equal(rl.h32(s), h);
  assert.equal(rl.h32("ব্যবহারকারী:৪২"), 1770631165);
  assert.equal(rl.h32("\uD800x"), 3097795570);
  assert.equal(rl.h32("😀"), 1787143206);
  // UTF-8 bytes of the Bengali key are not its UTF-16 units: a different hash, by design.
  assert.notEqual(rl.h32(new TextEncoder().encode("ব্যবহারকারী:৪২")), 1770631165);
  // §6 rendezvous for user:42 over S0..S3.
  const hrw = own(rl.rendezvous(4));
  const scores = Array.from(hrw.scores("user:42"), (s) => (s / 2 ** 32).toFixed(6));
  assert.deepEqual(scores, ["0.344051", "0.733557", "0.892589", "0.564754"]);
  assert.equal(hrw.pick("user:42"), "S2");
});

test("a ring's points and owners equal a ring built from the spec in plain JavaScript", () => {
  const servers = ["S0", "S1", "S2", { name: "big", weight: 2.5 }, { name: "tiny", weight: 0.001 }];
  const ring = rl.ring({ servers, vnodes: 40 });
  const ref = referenceRing(servers, 40);
  const { tokens, servers: owners } = ring.points();
  assert.deepEqual(
    Array.from(tokens),
    ref.points.map((p) => p.token),
  );
  assert.deepEqual(
    Array.from(owners),
    ref.points.map((p) => p.server),
  );
  assert.equal(ring.size, ref.points.length);
  assert.deepEqual(
    ring.serverInfo().map((s) => s.points),
    [40, 40, 40, 100, 1],
  );
  const next = prng(7);
  const hashes = Uint32Array.from({ length: 20000 }, () => next());
  hashes[0] = 0;
  hashes[1] = 0xffffffff; // past the last token: wraps to point 0
  hashes[2] = tokens[5]; // equal to a token: that point owns it
  const batch = ring.ownerOfHashMany(hashes);
  for (let i = 0; i < hashes.length; i++) assert.equal(batch[i], ref.owner(hashes[i]));
  for (let i = 0; i < 500; i++) assert.equal(ring.ownerOfHash(hashes[i]), ring.servers[ref.owner(hashes[i])]);
  ring.dispose();
});

test("owner(key), ownerIndex, ownerMany and ownerOfHash(h32(key)) agree", () => {
  const ring = own(rl.ring({ servers: 7 }));
  assert.deepEqual(ring.servers, ["S0", "S1", "S2", "S3", "S4", "S5", "S6"]);
  assert.equal(ring.vnodes, 100);
  const keys = rl.keys(16, 5000);
  const batch = ring.ownerMany(keys);
  const byHash = ring.ownerOfHashMany(rl.h32Many(keys));
  assert.deepEqual(batch, byHash);
  for (let i = 0; i < 300; i++) {
    assert.equal(ring.owner(keys[i]), ring.servers[batch[i]]);
    assert.equal(ring.ownerIndex(keys[i]), batch[i]);
    assert.equal(ring.ownerOfHash(rl.h32(keys[i])), ring.owner(keys[i]));
  }
});

test("memoryBytes: a 4-byte token and the server packed in one byte a point, and the lookup's bucket index", () => {
  // The chapter's example, 100 servers × 256 virtual nodes: 25,600 points. 100 servers fit a
  // one-byte server index; what is left is the index that starts each search, under 4 B a point.
  const ring = own(rl.ring({ servers: 100, vnodes: 256 }));
  assert.equal(ring.size, 25600);
  const index = ring.memoryBytes - 25600 * (4 + 1);
  assert.ok(index > 0 && index < 25600 * 4, `index of ${index} B`);
  // 300 servers need two bytes for the server's index.
  const wide = own(rl.ring({ servers: 300, vnodes: 10 }));
  assert.ok(wide.memoryBytes >= 3000 * (4 + 2), `${wide.memoryBytes} B`);
  assert.equal(own(rl.ring({ servers: 100, vnodes: 256 })).memoryBytes, ring.memoryBytes);
});

test("add and remove give exactly the ring a fresh build gives", () => {
  const ring = own(rl.ring({ servers: ["A", "B", "C"], vnodes: 64 }));
  ring.add("D");
  ring.add({ name: "E", weight: 0.5, zone: "z2" });
  const fresh = own(rl.ring({ servers: ["A", "B", "C", "D", { name: "E", weight: 0.5, zone: "z2" }], vnodes: 64 }));
  assert.deepEqual(ring.points(), fresh.points());
  assert.deepEqual(ring.servers, ["A", "B", "C", "D", "E"]);
  ring.remove("B");
  const fresh2 = own(rl.ring({ servers: ["A", "C", "D", { name: "E", weight: 0.5, zone: "z2" }], vnodes: 64 }));
  assert.deepEqual(ring.points(), fresh2.points());
  assert.deepEqual(ring.serverInfo(), fresh2.serverInfo());
  assert.equal(ring.indexOf("D"), 2);
  assert.equal(ring.indexOf("B"), -1);
});

test("setWeight: raising a weight only adds points, so keys move only onto that server", () => {
  const ring = own(rl.ring({ servers: 4, vnodes: 50 }));
  const keys = rl.keys(3, 20000);
  const before = ring.ownerMany(keys);
  ring.setWeight("S3", 3);
  const after = ring.ownerMany(keys);
  assert.equal(ring.serverInfo()[3].points, 150);
  for (let i = 0; i < keys.length; i++) if (before[i] !== after[i]) assert.equal(after[i], 3);
  assert.ok(after.filter((s) => s === 3).length > before.filter((s) => s === 3).length);
});

test("preferenceList: distinct servers in walk order, starting at the owner; zones spread replicas", () => {
  const ring = own(
    rl.ring({
      servers: [
        { name: "a1", zone: "a" },
        { name: "a2", zone: "a" },
        { name: "b1", zone: "b" },
        { name: "b2", zone: "b" },
        { name: "c1", zone: "c" },
      ],
      vnodes: 20,
    }),
  );
  const zoneOf = (n) => n[0];
  for (const key of rl.keys(5, 300)) {
    const list = ring.preferenceList(key, 3);
    assert.equal(list.length, 3);
    assert.equal(new Set(list).size, 3);
    assert.equal(list[0], ring.owner(key));
    assert.deepEqual(ring.preferenceList(rl.h32(key), 3), list);
    const zoned = ring.preferenceList(key, 3, { zones: true });
    assert.equal(new Set(zoned.map(zoneOf)).size, 3, `zones of ${zoned}`);
    assert.equal(zoned[0], list[0]);
    assert.equal(ring.preferenceList(key, 99).length, 5);
    assert.deepEqual(new Set(ring.preferenceList(key, 5, { zones: true })), new Set(ring.servers));
  }
});

test("server names and zones come back exactly: lone surrogates, U+0000, Bengali, long names", () => {
  const names = ["\uD800", "a\u0000b", "\uDC00" + "x".repeat(40), "সার্ভার-১", "😀".repeat(30), "\uFFFF"];
  const ring = own(
    rl.ring({ servers: names.map((name, i) => ({ name, zone: names[(i + 1) % names.length] })), vnodes: 3 }),
  );
  assert.deepEqual(ring.servers, names);
  assert.deepEqual(
    ring.serverInfo().map((s) => s.zone),
    names.map((_, i) => names[(i + 1) % names.length]),
  );
  // Tokens are h32(name + "#" + i) over the units, so the names reached C++ unchanged too.
  const ref = referenceRing(names, 3);
  assert.deepEqual(
    Array.from(ring.points().tokens),
    ref.points.map((p) => p.token),
  );
  assert.equal(ring.indexOf("\uD800"), 0);
  const hrw = own(rl.rendezvous(names));
  assert.deepEqual(hrw.servers, names);
  assert.deepEqual(
    Array.from(hrw.scores("k")),
    names.map((n) => h32Reference(`k|${n}`)),
  );
});

test("rendezvous: pick, pickIndex, pickMany, top and scores agree with the published rule", () => {
  const names = ["S0", "S1", "S2", "S3", "S4"];
  const hrw = own(rl.rendezvous(names));
  const keys = rl.keys(16, 3000);
  const many = hrw.pickMany(keys);
  for (let i = 0; i < keys.length; i++) {
    const scores = names.map((n) => h32Reference(`${keys[i]}|${n}`));
    const best = scores.indexOf(Math.max(...scores)); // first max, as published
    assert.equal(many[i], best);
    if (i < 300) {
      assert.equal(hrw.pickIndex(keys[i]), best);
      assert.equal(hrw.pick(keys[i]), names[best]);
      const order = names.map((n, s) => s).sort((a, b) => scores[b] - scores[a]); // stable
      assert.deepEqual(
        hrw.top(keys[i], 3),
        order.slice(0, 3).map((s) => names[s]),
      );
    }
  }
  assert.deepEqual(hrw.top("x", 0), []);
  assert.equal(hrw.top("x", 10).length, 5);
  const empty = own(rl.rendezvous([]));
  assert.equal(empty.pick("x"), undefined);
  assert.equal(empty.pickIndex("x"), -1);
  assert.deepEqual(Array.from(empty.pickMany(["a", "b"])), [-1, -1]);
});

test("mulberry32: one value at a time equals batches, across every internal refill", () => {
  for (const seed of [16, 0, -1, 4294967295, 9007199254740990, -9007199254740991]) {
    const a = rl.mulberry32(seed);
    const singles = Uint32Array.from({ length: 10000 }, () => a.nextUint32());
    assert.deepEqual(rl.mulberry32(seed).nextUint32Many(10000), singles);
    // Mixed: a few singles, then a batch that starts inside the buffer.
    const b = rl.mulberry32(seed);
    const mixed = [b.nextUint32(), b.nextUint32(), b.nextUint32(), ...b.nextUint32Many(5000), b.nextUint32()];
    assert.deepEqual(mixed, Array.from(singles.subarray(0, 5004)));
    const c = rl.mulberry32(seed);
    for (let i = 0; i < 100; i++) assert.equal(c.next(), singles[i] / 4294967296);
  }
  assert.equal(rl.mulberry32(16).nextUint32Many(0).length, 0);
});

test("keys and keyNumbers; mod-N and its batch", () => {
  assert.deepEqual(rl.keys(16, 3), ["user:631395207", "user:144321889", "user:752337801"]);
  assert.deepEqual(rl.keys(16, 0), []);
  assert.deepEqual(Array.from(rl.keyNumbers(16, 2)), [631395207, 144321889]);
  const hashes = rl.h32Many(rl.keys(16, 1000));
  for (const n of [1, 4, 5, 4294967295]) {
    const batch = rl.modNMany(hashes, n);
    for (let i = 0; i < 100; i++) {
      assert.equal(rl.modN(hashes[i], n), hashes[i] % n);
      assert.equal(batch[i], hashes[i] % n);
    }
  }
  // docs/algorithms.md#mod-n: going from 4 to 5 servers keeps min(n,m)/lcm(n,m) = 4/20 of the hash values in place.
  const all = Uint32Array.from({ length: 20 * 1000 }, (_, i) => i);
  const five = rl.modNMany(all, 5);
  const kept = rl.modNMany(all, 4).filter((s, i) => s === five[i]).length;
  assert.equal(kept / all.length, 4 / 20);
});

test("experiment results are plain values (typed arrays copied out, undefined counts)", () => {
  const sweep = rl.vnodeSweep({ servers: 3, keys: 800 });
  assert.equal(sweep.rows.length, 4);
  assert.ok(sweep.rows[0].counts instanceof Uint32Array);
  assert.equal(
    sweep.rows[0].counts.reduce((a, b) => a + b, 0),
    800,
  );
  assert.equal(sweep.average, 800 / 3);
  const hrw = rl.hrwJump({ seed: 99, keys: 2, servers: 4, remove: 0, buckets: 1 });
  assert.deepEqual(hrw.counts, [1, 1, undefined, undefined]);
  const nan = rl.vnodeSweep({ keys: 0, vnodes: [1] });
  assert.ok(Number.isNaN(nan.rows[0].maxOverAvg));
  const rvm = rl.ringVsMod({ keys: 1000 });
  assert.equal(rvm.serversAfter, rvm.serversBefore + 1);
  assert.ok(rvm.modMoved >= rvm.modMovedToNew);
});

test("handles: dispose is idempotent, Symbol.dispose disposes, use after dispose is an error", () => {
  const ring = rl.ring({ servers: 2 });
  assert.equal(ring.disposed, false);
  assert.equal(typeof ring[Symbol.dispose], "function");
  ring[Symbol.dispose]();
  assert.equal(ring.disposed, true);
  ring.dispose();
  for (const use of [
    () => ring.owner("k"),
    () => ring.servers,
    () => ring.size,
    () => ring.points(),
    () => ring.add("x"),
  ]) {
    assert.throws(use, (e) => e instanceof RinglabError && e.code === "disposed");
  }
  const hrw = rl.rendezvous(["a"]);
  hrw.dispose();
  assert.throws(() => hrw.pick("k"), { name: "RinglabError", code: "disposed" });
});

test("memory() reports the heap and the WebAssembly memory", () => {
  const m = rl.memory();
  assert.ok(m.heapUsed > 0 && m.heapReserved >= m.heapUsed && m.memoryBytes >= m.heapReserved);
  assert.equal(m.memoryBytes % 65536, 0);
});
