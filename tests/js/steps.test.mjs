// The steppers' step functions (web/widgets/steps/*.ts) as data, in Node: each takes the chapter's
// scenario and the module and returns the steps a stepper draws. Their answers are held to the
// chapter's figures (the ones the browser tests read off the pages) and to independent
// arithmetic: the first token at or after a hash, wrapping; h32 and jump from their published
// definitions; Maglev's permutations replayed turn by turn; bounded loads placed again key by key.
// The browser tests keep what needs a page: the narration, the tables as drawn, the keys.
//
// The TypeScript is bundled as the site bundles it (rolldown, the bundler Vite uses), with the
// package ("ringlab") left to the built one, so the steps call the same module as these tests.
import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, describe, test } from "node:test";
import { pathToFileURL } from "node:url";
import { rolldown } from "rolldown";
import { RinglabError, load } from "ringlab";
import { distDir, experimentCases, h32Reference, jumpReference, root } from "./helpers.mjs";

const stepsDir = path.join(root, "web", "widgets", "steps");
const out = mkdtempSync(path.join(tmpdir(), "ringlab-steps-"));
after(() => rmSync(out, { recursive: true, force: true }));

const sources = readdirSync(stepsDir).filter((f) => f.endsWith(".ts"));
const bundle = await rolldown({
  input: Object.fromEntries(sources.map((f) => [path.basename(f, ".ts"), path.join(stepsDir, f)])),
  external: ["ringlab"],
  logLevel: "warn",
  plugins: [
    {
      // Vite's `?inline` CSS (the widgets' styles, which core/scenario.ts shares with the steps
      // it serves): text no step function reads; the bundle leaves it out.
      name: "css-inline",
      resolveId: (id) => (id.endsWith("?inline") ? `\0css:${id}` : null),
      load: (id) => (id.startsWith("\0css:") ? 'export default "";' : null),
    },
  ],
});
await bundle.write({ dir: out, format: "esm", paths: { ringlab: pathToFileURL(path.join(distDir, "index.js")).href } });
await bundle.close();
const steps = Object.fromEntries(
  await Promise.all(
    sources.map(async (f) => {
      const name = path.basename(f, ".ts");
      return [name, await import(pathToFileURL(path.join(out, `${name}.js`)).href)];
    }),
  ),
);

const rl = await load();

// The chapter's rings (the steppers' defaults).
const ABCD = [
  { name: "A", tokens: [10] },
  { name: "B", tokens: [30] },
  { name: "C", tokens: [50] },
  { name: "D", tokens: [80] },
];
const HASHES = [5, 20, 38, 50, 77, 95];
const SEARCH = [
  { name: "A", tokens: [105, 930] },
  { name: "B", tokens: [290, 610] },
  { name: "C", tokens: [450, 845] },
];

/** The owner by the rule itself: the first token at or after the hash, else the smallest token. */
function ownerByRule(servers, hash) {
  const points = servers.flatMap((s, i) => s.tokens.map((t) => ({ t, i }))).sort((a, b) => a.t - b.t);
  const at = points.find((p) => p.t >= hash);
  return at
    ? { server: at.i, token: at.t, wrapped: false }
    : { server: points[0].i, token: points[0].t, wrapped: true };
}

describe("token-ring: small rings with hand-placed tokens", () => {
  test("bitsFor: the fewest bits whose range holds the span", () => {
    assert.deepEqual(
      [2, 3, 4, 5, 100, 128, 129, 1000, 2 ** 32].map(steps["token-ring"].bitsFor),
      [1, 2, 2, 3, 7, 7, 8, 10, 32],
    );
  });

  test("ownerOf: every position of the 0–99 ring is owned by the rule, with equal and wrap named", () => {
    const r = steps["token-ring"].smallRing(rl, 100, ABCD);
    try {
      for (let hash = 0; hash < 100; hash++) {
        const o = steps["token-ring"].ownerOf(r, hash);
        const want = ownerByRule(ABCD, hash);
        assert.equal(o.server, want.server, `hash ${hash}`);
        assert.equal(o.token, want.token, `hash ${hash}`);
        assert.equal(o.wrapped, want.wrapped, `hash ${hash}`);
        assert.equal(o.equal, want.token === hash, `hash ${hash}`);
        assert.equal(o.id, ABCD[want.server].name);
      }
    } finally {
      r.ring.dispose();
    }
  });

  test("bad rings are named errors: a server twice, a token or key outside the span, a span of 1", () => {
    const code = (fn) => {
      try {
        fn();
      } catch (e) {
        assert.ok(e instanceof RinglabError, `${e}`);
        return e.code;
      }
      assert.fail("no error");
    };
    const { smallRing, ownerOf } = steps["token-ring"];
    assert.equal(
      code(() => smallRing(rl, 100, [...ABCD, { name: "A", tokens: [60] }])),
      "duplicate_server",
    );
    assert.equal(
      code(() => smallRing(rl, 100, [{ name: "A", tokens: [100] }])),
      "token_out_of_range",
    );
    assert.equal(
      code(() => smallRing(rl, 1, ABCD)),
      "out_of_range",
    );
    const r = smallRing(rl, 100, ABCD);
    try {
      assert.equal(
        code(() => ownerOf(r, 100)),
        "token_out_of_range",
      );
    } finally {
      r.ring.dispose();
    }
  });
});

test("§2 ring: 5→A, 20→B, 38→C, 50→C (equal), 77→D, 95→A (wraps); intro, a step per key, summary", () => {
  const s = steps.ring.ringSteps({ span: 100, servers: ABCD, hashes: HASHES }, rl);
  assert.deepEqual(
    s.map((x) => `${x.kind}${x.index >= 0 ? x.index : ""}`),
    ["intro", "key0", "key1", "key2", "key3", "key4", "key5", "summary"],
  );
  const owners = s[0].owners;
  assert.deepEqual(
    owners.map((o) => ABCD[o.server].name),
    ["A", "B", "C", "C", "D", "A"],
  );
  assert.deepEqual(
    owners.map((o) => o.equal),
    [false, false, false, true, false, false],
  );
  assert.deepEqual(
    owners.map((o) => o.wrapped),
    [false, false, false, false, false, true],
  );
});

test("§3 membership: E joins at 40 (38 C→E), then B leaves (20 B→E)", () => {
  const { membershipSteps, parseChanges } = steps.membership;
  const s = membershipSteps({ span: 100, servers: ABCD, hashes: HASHES, changes: parseChanges(["+E:40", "-B"]) }, rl);
  assert.deepEqual(
    s.map((x) => `${x.kind}${x.change}`),
    ["start-1", "arc0", "moved0", "arc1", "moved1"],
  );
  const name = (step, o) => step.servers[o.server].name;
  const prev = (step, o) => step.previousServers[o.server].name;
  const moves = (step) =>
    step.owners
      .map((o, i) => [HASHES[i], prev(step, step.previous[i]), name(step, o)])
      .filter(([, a, b]) => a !== b)
      .map(([h, a, b]) => `${h} ${a}→${b}`);
  // E's arc (30, 40] was C's; B's arc (10, 30] passes to E.
  const arcs = (step, list) => step.arcs.map((a) => [a.start, a.end, list(step)[a.from].name, step.servers[a.to].name]);
  assert.deepEqual(
    arcs(s[1], (x) => x.previousServers),
    [[30, 40, "C", "E"]],
  );
  assert.deepEqual(moves(s[2]), ["38 C→E"]);
  assert.deepEqual([s[2].moved, s[2].movedToNew, s[2].movedBetweenOld], [1, 1, 0]);
  assert.deepEqual(
    arcs(s[3], (x) => x.previousServers),
    [[10, 30, "B", "E"]],
  );
  assert.deepEqual(moves(s[4]), ["20 B→E"]);
  assert.deepEqual([s[4].moved, s[4].movedToNew, s[4].movedBetweenOld], [1, 0, 1]);
  assert.deepEqual([s[4].fromNames, s[4].toNames], [["B"], ["E"]]);
  // Every step's owners are the rule's on its own servers.
  for (const step of s)
    step.owners.forEach((o, i) => assert.equal(o.server, ownerByRule(step.servers, HASHES[i]).server));
});

test("§5 search: 700 → C in three probes, 950 wraps to A, 450 is C's own; RF 3 across zones gives C, A, B", () => {
  const s = steps.search.searchSteps(
    {
      span: 1000,
      servers: SEARCH,
      hashes: [700, 950, 450],
      pref: 700,
      rf: 3,
      zones: { A: "az-1", B: "az-1", C: "az-2" },
    },
    rl,
  );
  assert.deepEqual(
    s[0].points.map((p) => p.token),
    [105, 290, 450, 610, 845, 930],
  );
  const probes = (hash) =>
    s.filter((x) => x.kind === "probe" && x.hash === hash).map((x) => [x.probe.lo, x.probe.hi, x.probe.mid]);
  assert.deepEqual(probes(700), [
    [0, 6, 3],
    [4, 6, 5],
    [4, 5, 4],
  ]);
  const found = Object.fromEntries(s.filter((x) => x.kind === "found").map((x) => [x.hash, x]));
  assert.deepEqual([found[700].landed, SEARCH[found[700].owner.server].name, found[700].owner.token], [4, "C", 845]);
  assert.equal(probes(950).length, 2);
  assert.deepEqual([found[950].landed, SEARCH[found[950].owner.server].name, found[950].owner.wrapped], [6, "A", true]);
  assert.deepEqual([SEARCH[found[450].owner.server].name, found[450].owner.equal], ["C", true]);
  // The walk from C's point at 845 takes C there, then A; B, in A's zone, only on the second lap.
  const list = s[s.length - 1];
  assert.equal(list.kind, "list");
  assert.deepEqual(list.list, ["C", "A", "B"]);
  const walk = s.filter((x) => x.kind === "walk").map((x) => [s[0].points[x.visit.point].token, x.visit.action]);
  assert.deepEqual(walk[0], [845, "take"]);
  // B (az-1) comes after A (az-1): on the first lap it is passed over for its zone, taken on the
  // second.
  assert.ok(walk.some(([, a]) => a === "same-zone"));
  assert.deepEqual(walk[walk.length - 1][1], "take-late");
  // Without zones, the first lap takes three servers in ring order from the owner.
  const plain = steps.search.searchSteps(
    { span: 1000, servers: SEARCH, hashes: [700], pref: 700, rf: 3, zones: {} },
    rl,
  );
  assert.deepEqual(plain[plain.length - 1].list, ["C", "A", "B"]);
  assert.ok(plain.every((x) => x.kind !== "walk" || x.visit.lap === 1));
});

test("§1 mod N: 4 → 5 servers, rows are hash mod n, the moved count and the theory", () => {
  const s = steps.modn.modNSteps({ hashes: HASHES, from: 4, to: 5 }, rl);
  assert.equal(s.length, HASHES.length + 2);
  const { rows } = s[0];
  assert.deepEqual(
    rows.map((r) => [r.hash, r.before, r.after]),
    HASHES.map((h) => [h, h % 4, h % 5]),
  );
  assert.equal(s[0].moved, rows.filter((r) => r.before !== r.after).length);
  assert.deepEqual(
    rows.map((r) => r.moved),
    rows.map((r) => r.before !== r.after),
  );
  // Kept: min(n, m) / lcm(n, m) = 4/20; the least any scheme moves: |m − n| / max(n, m) = 1/5.
  assert.equal(s[0].keptFraction, 4 / 20);
  assert.equal(s[0].minimumMoved, 1 / 5);
  // The reader's own key joins at its h32.
  const own = steps.modn.modNSteps({ hashes: HASHES, from: 4, to: 5, key: "user:42" }, rl)[0].rows.at(-1);
  assert.deepEqual([own.key, own.hash], ["user:42", h32Reference("user:42")]);
  // B removed from A, B, C renumbers C: its keys move though C stays; kept is counted over a period.
  const renamed = steps.modn.modNSteps(
    { hashes: HASHES, from: 3, to: 2, names: { before: ["A", "B", "C"], after: ["A", "C"] } },
    rl,
  )[0];
  let kept = 0;
  for (let x = 0; x < 6; x++) if (["A", "B", "C"][x % 3] === ["A", "C"][x % 2]) kept++;
  assert.equal(renamed.keptFraction, kept / 6);
  assert.deepEqual(
    renamed.rows.map((r) => r.moved),
    HASHES.map((h) => ["A", "B", "C"][h % 3] !== ["A", "C"][h % 2]),
  );
});

test("§6 rendezvous: user:42 → S2, scores h32(key|server), ranking highest first", () => {
  const servers = ["S0", "S1", "S2", "S3"];
  const s = steps.rendezvous.rendezvousSteps({ key: "user:42", servers }, rl);
  assert.deepEqual(
    s.map((x) => `${x.kind}${x.shown}`),
    ["intro0", "score1", "score2", "score3", "score4", "winner4"],
  );
  const { scores, winner, ranking } = s[0];
  assert.deepEqual(
    scores,
    servers.map((x) => h32Reference(`user:42|${x}`)),
  );
  // The chapter's figures: the scores over 2^32, to six places.
  assert.deepEqual(
    scores.map((x) => (x / 2 ** 32).toFixed(6)),
    ["0.344051", "0.733557", "0.892589", "0.564754"],
  );
  assert.equal(winner, 2);
  assert.deepEqual(ranking, ["S2", "S1", "S3", "S0"]);
});

test("§7 jump: the module's jumps and growth are the published jump's; a key moves only into the new bucket", () => {
  for (const key of ["user:42", "user:1", "user:65537"]) {
    const s = steps.jump.jumpSteps({ key, buckets: 10, growTo: 11 }, rl);
    const { hash, jumps, growth } = s[0];
    assert.equal(hash, h32Reference(key));
    assert.equal(s.length, jumps.length + 2);
    assert.deepEqual(
      growth,
      Array.from({ length: 11 }, (_, i) => jumpReference(BigInt(hash), i + 1)),
    );
    for (let n = 1; n < growth.length; n++) if (growth[n] !== growth[n - 1]) assert.equal(growth[n], n, key);
    // Each jump is the published walk: the key through the LCG, the next candidate from it; a
    // jump starts where the previous one landed, the last leaves the 10 buckets, and the key sits
    // in the bucket the last jump started from.
    let state = BigInt(hash);
    let bucket = 0;
    for (const j of jumps) {
      state = (state * 2862933555777941757n + 1n) & ((1n << 64n) - 1n);
      assert.deepEqual(j, {
        bucket,
        key: state,
        next: Math.floor((bucket + 1) * (2147483648 / Number((state >> 33n) + 1n))),
      });
      bucket = j.next;
    }
    assert.ok(jumps.at(-1).next >= 10);
    assert.equal(growth[9], jumps.at(-1).bucket);
  }
  // Growth is shown for at most 64 sizes.
  assert.equal(steps.jump.jumpSteps({ key: "user:42", buckets: 1000 }, rl)[0].growth.length, 64);
});

/** Maglev's turns replayed: each backend walks its permutation (offset + j·skip) mod M. */
function replayMaglev(tbl, M) {
  const next = tbl.backends.map(() => 0);
  const table = new Array(M).fill(-1);
  for (let t = 0; t < tbl.turns.slot.length; t++) {
    const b = tbl.turns.backend[t];
    next[b] += tbl.turns.skipped[t];
    const slot = (tbl.offsets[b] + next[b] * tbl.skips[b]) % M;
    assert.equal(tbl.turns.slot[t], slot, `turn ${t}: backend ${b}'s next preferred slot`);
    assert.equal(table[slot], -1, `turn ${t}: slot ${slot} was empty`);
    table[slot] = b;
    next[b]++;
  }
  return table;
}

describe("§7 Maglev", () => {
  test("M = 13: 13 turns in backend order, each the backend's next empty preferred slot", () => {
    const s = steps.maglev.maglevSteps({ backends: ["B0", "B1", "B2"], tableSize: 13, key: "user:42" }, rl);
    assert.equal(s.length, 15);
    assert.deepEqual([s[0].kind, s[1].kind, s[14].kind], ["intro", "turn", "done"]);
    const tbl = s[0];
    assert.ok(tbl.skips.every((k) => k >= 1 && k < 13));
    assert.deepEqual([...tbl.table], replayMaglev(tbl, 13));
    assert.deepEqual(Array.from(tbl.turns.backend.slice(0, 6)), [0, 1, 2, 0, 1, 2]);
    assert.deepEqual([...tbl.counts].sort(), [4, 4, 5]);
    const hash = h32Reference("user:42");
    assert.deepEqual(tbl.lookup, { key: "user:42", hash, slot: hash % 13, backend: tbl.table[hash % 13] });
  });

  test("M = 65537: one summary step, 21846 / 21846 / 21845 slots, no turns", () => {
    const s = steps.maglev.maglevSteps({ backends: ["B0", "B1", "B2"], tableSize: 65537, key: "my own key" }, rl);
    assert.equal(s.length, 1);
    assert.equal(s[0].kind, "summary");
    assert.equal(s[0].turns, undefined);
    assert.deepEqual([...s[0].counts], [21846, 21846, 21845]);
    const counts = [0, 0, 0];
    for (const b of s[0].table) counts[b]++;
    assert.deepEqual(counts, [21846, 21846, 21845]);
    assert.equal(s[0].lookup.slot, h32Reference("my own key") % 65537);
  });
});

test("§7 bounded loads: nobody above ⌈1.25·16/4⌉ = 5; every key placed again by the rule", () => {
  const servers = ["S0", "S1", "S2", "S3"];
  const s = steps.bounded.boundedSteps({ servers, vnodes: 3, keys: 16, seed: 16, epsilon: 0.25, key: "" }, rl);
  assert.equal(s.length, 18);
  const p = s[0];
  assert.deepEqual([...p.capacities], [5, 5, 5, 5]);
  assert.deepEqual(p.keys, rl.keys(16, 16));
  // Again, independently: each key from its owner point clockwise to the first server with room.
  const n = p.tokens.length;
  const load = [0, 0, 0, 0];
  p.keys.forEach((key, k) => {
    const hash = h32Reference(key);
    assert.equal(p.hashes[k], hash);
    let at = p.tokens.findIndex((t) => t >= hash);
    if (at < 0) at = 0;
    assert.equal(p.start[k], at, `${key}: the owner point`);
    assert.equal(p.first[k], p.pointServers[at]);
    let walked = 0;
    while (load[p.pointServers[(at + walked) % n]] >= 5) walked++;
    const server = p.pointServers[(at + walked) % n];
    load[server]++;
    assert.deepEqual([p.placed[k], p.walks[k], p.landed[k]], [server, walked, (at + walked) % n], key);
  });
  assert.deepEqual([...p.loads], load);
  assert.equal(p.notFirstChoice, [...p.walks].filter((w) => w > 0).length);
  assert.equal(p.longestWalk, Math.max(...p.walks));
  // The reader's key joins last.
  const own = steps.bounded.boundedSteps({ servers, vnodes: 3, keys: 16, seed: 16, epsilon: 0.25, key: "mine" }, rl);
  assert.deepEqual([own[0].own, own[0].keys.at(-1), own[0].keys.length], [16, "mine", 17]);
});

test("§8 clients: two server lists disagree on the keys the module says; the key shown is the first of them", () => {
  const s = steps.clients.clientsSteps(
    { a: ["A", "B", "C"], b: ["A", "B", "C", "D"], key: "", vnodes: 100, seed: 16, sample: 1000 },
    rl,
  );
  assert.deepEqual(
    s.map((x) => x.kind),
    ["lists", "client-a", "client-b", "summary"],
  );
  const x = s[0];
  const ra = rl.ring({ servers: ["A", "B", "C"], vnodes: 100 });
  const rb = rl.ring({ servers: ["A", "B", "C", "D"], vnodes: 100 });
  try {
    assert.deepEqual(
      x.ownersA,
      x.keys.map((k) => ra.owner(k)),
    );
    assert.deepEqual(
      x.ownersB,
      x.keys.map((k) => rb.owner(k)),
    );
  } finally {
    ra.dispose();
    rb.dispose();
  }
  const differ = x.keys.filter((_, i) => x.ownersA[i] !== x.ownersB[i]);
  assert.equal(x.disagree, differ.length);
  assert.equal(x.sample, 1000);
  assert.ok(differ.length > 0);
  // With a fourth server, every key that moved went to D.
  assert.ok(differ.every((k) => x.ownersB[x.keys.indexOf(k)] === "D"));
  assert.equal(x.key, differ[0]);
  assert.notEqual(x.ownerA, x.ownerB);
});

test("§8 hot key: requests add up, the hottest server carries the most, copies spread the hot key", () => {
  const servers = Array.from({ length: 10 }, (_, i) => `S${i}`);
  const s = steps.hotkey.hotkeySteps(
    { servers, keys: 1000, requests: 100000, s: 1.1, seed: 16, vnodes: 100, moreVnodes: 1000, copies: 4 },
    rl,
  );
  assert.deepEqual(
    s.map((x) => [x.kind, x.vnodes, x.s, x.copies]),
    [
      ["uniform", 100, 0, 1],
      ["zipf", 100, 1.1, 1],
      ["more-vnodes", 1000, 1.1, 1],
      ["copies", 100, 1.1, 4],
    ],
  );
  for (const x of s) {
    assert.equal(
      x.requestsPerServer.reduce((a, b) => a + b, 0),
      100000,
    );
    const max = Math.max(...x.requestsPerServer);
    assert.equal(x.requestsPerServer[x.hottestServer], max);
    assert.ok(Math.abs(x.maxOverMean - max / 10000) < 1e-9, `${x.kind}: ${x.maxOverMean}`);
  }
  // Skewed traffic lands harder than uniform, and more virtual nodes do not help: the hot key is
  // one key, on one server.
  assert.ok(s[1].maxOverMean > s[0].maxOverMean);
  assert.ok(s[2].maxOverMean >= s[1].hottestKeyRequests / 10000);
  assert.ok(s[3].maxOverMean < s[1].maxOverMean);
  // The hot key is the course's first key; its copies are key#1 … key#k on the ring.
  const hot = steps.hotkey.hotKeyOf(rl, 16);
  assert.equal(hot, rl.keys(16, 1)[0]);
  const homes = steps.hotkey.keyHomes(rl, servers, 100, hot, 4);
  const ring = rl.ring({ servers, vnodes: 100 });
  try {
    assert.deepEqual(homes, {
      hash: h32Reference(hot),
      server: ring.owner(hot),
      copies: [1, 2, 3, 4].map((c) => ring.owner(`${hot}#${c}`)),
    });
  } finally {
    ring.dispose();
  }
});

describe("§4 virtual nodes", () => {
  test("the sweep is the published vnode-sweep, row for row (S0 … S6, 7,000 keys, V = 1, 2, 3)", () => {
    const names = Array.from({ length: 7 }, (_, i) => `S${i}`);
    const { seed } = rl.defaults().vnodeSweep;
    const s = steps.vnodes.vnodesSteps({ names, keys: 7000, seed, vnodes: [1, 2, 3], weight: 2, weightVnodes: 3 }, rl);
    assert.deepEqual(
      s.map((x) => [x.kind, x.vnodes, x.weight]),
      [
        ["sweep", 1, 1],
        ["sweep", 2, 1],
        ["sweep", 3, 1],
        ["weight", 3, 2],
      ],
    );
    const golden = experimentCases().find((c) => c.name === "vnode-sweep__parity-s7-k7000-v1-2-3").expected;
    const rows = golden
      .split("\n")
      .filter((l) => /^\d/.test(l))
      .map((l) => l.trim().split(/\s+/));
    s.slice(0, 3).forEach((x, i) => {
      const [v, points, min, max, , maxAvg, sdAvg] = rows[i];
      assert.deepEqual(
        [x.vnodes, x.tokens.length, x.min, x.max, x.maxOverMean.toFixed(2), `${(x.sdOverMean * 100).toFixed(1)}%`],
        [Number(v), Number(points), Number(min), Number(max), maxAvg, sdAvg],
        `V = ${v}`,
      );
      assert.equal(
        x.counts.reduce((a, b) => a + b, 0),
        7000,
      );
      assert.deepEqual(
        x.points,
        names.map(() => x.vnodes),
      );
      // History: the sweep's rows up to this one.
      assert.deepEqual(
        x.history.map((r) => r.vnodes),
        [1, 2, 3].slice(0, i + 1),
      );
      // The theory: sd/mean = √((N−1)/(N·V+1)).
      assert.ok(Math.abs(x.theory - Math.sqrt(6 / (7 * x.vnodes + 1))) < 1e-12);
    });
  });

  test("each key's owner is the first point at or after its hash; shares are the arcs the points end", () => {
    const names = ["A", "B", "C", "D"];
    const [step, weighted] = steps.vnodes.vnodesSteps(
      { names, keys: 2000, seed: 16, vnodes: [5], weight: 3, weightVnodes: 5 },
      rl,
    );
    const { tokens, owners, keyOwners } = step;
    const hashes = rl.keys(16, 2000).map(h32Reference);
    hashes.forEach((hash, k) => {
      let at = tokens.findIndex((t) => t >= hash);
      if (at < 0) at = 0;
      assert.equal(keyOwners[k], owners[at], `key ${k}`);
    });
    const shares = [0, 0, 0, 0];
    for (let i = 0; i < tokens.length; i++)
      shares[owners[i]] += (tokens[i] - (i === 0 ? tokens.at(-1) - 2 ** 32 : tokens[i - 1])) / 2 ** 32;
    shares.forEach((x, i) => assert.ok(Math.abs(step.shares[i] - x) < 1e-12));
    assert.ok(Math.abs(shares.reduce((a, b) => a + b, 0) - 1) < 1e-12);
    const top = shares.indexOf(Math.max(...shares));
    assert.deepEqual([step.largest.server, step.largest.overMean], [top, shares[top] * 4]);
    // Weight 3 on A: max(1, round(5·3)) = 15 points for A, 5 for the others.
    assert.deepEqual(weighted.points, [15, 5, 5, 5]);
  });
});
