#!/usr/bin/env node
// Regenerates tests/golden/algorithms/: golden data for the placement functions.
//
//   node scripts/gen-golden-algorithms.mjs
//
// This is an independent implementation of docs/algorithms.md (ring, preference list,
// rendezvous, Maglev, bounded loads, token ring, analysis), written from that text alone, not
// from the C++ core. When the core agrees with these files, two implementations written apart
// agree: that is evidence, not tautology.
//
// No dependencies, no clock, no unordered iteration: running it twice gives identical files.
// The script also checks that every case still exercises what its name promises (a token
// collision, a rendezvous tie, a weight that rounds at .5, a capacity that depends on double
// rounding), so a change of parameters cannot quietly turn an awkward case into an ordinary one.

import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { courseKey, h32, h32Units, mulberry32 } from "./lib/oracle.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const outDir = join(root, "tests", "golden", "algorithms");

function fail(msg) {
  process.stderr.write("gen-golden-algorithms: " + msg + "\n");
  process.exit(1);
}
function check(cond, msg) {
  if (!cond) fail("self-check failed: " + msg);
}
if (process.argv.length > 2) fail("usage: node scripts/gen-golden-algorithms.mjs");

// ---------------------------------------------------------------------------------------------
// The course's keys, from h32 and mulberry32 as docs/algorithms.md defines them (scripts/lib/oracle.mjs).

function courseKeys(seed, n) {
  const rng = mulberry32(seed);
  return Array.from({ length: n }, () => courseKey(rng));
}

{
  const facts = [
    ["", 2872998923],
    ["a", 444641715],
    ["user:42", 599759890],
    ["S0#0", 3947687215],
    ["ব্যবহারকারী:৪২", 1770631165],
    ["\uD800x", 3097795570],
    ["😀", 1787143206],
  ];
  for (const [s, want] of facts) check(h32(s) === want, `h32(${JSON.stringify(s)})`);
  check(courseKeys(16, 3).join(" ") === "user:631395207 user:144321889 user:752337801", "course keys");
}

const TWO32 = 4294967296;
const BN_KEY = "ব্যবহারকারী:৪২";
const KEYS16 = courseKeys(16, 1000); // the course's keys, seed 16; every file uses a prefix

// ---------------------------------------------------------------------------------------------
// Output helpers. Every field is checked: no tab/CR/LF, well-formed UTF-16 (the files are UTF-8,
// so a lone surrogate could not round-trip).

const written = [];
const counts = {};
function field(v) {
  const s = typeof v === "string" ? v : String(v);
  if (/[\t\r\n]/.test(s)) fail("field with a tab or newline: " + JSON.stringify(s));
  if (!s.isWellFormed()) fail("field with a lone surrogate: " + JSON.stringify(s));
  return s;
}
function writeTsv(name, header, rows) {
  const lines = [header.join("\t")];
  for (const r of rows) {
    if (r.length !== header.length) fail(`${name}: row has ${r.length} fields, header ${header.length}`);
    lines.push(r.map(field).join("\t"));
  }
  writeFile(name, lines.join("\n") + "\n");
  counts[name] = rows.length;
}
function writeFile(name, text) {
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, name), text);
  written.push(name);
}
// A name that is used inside a `,`/`:`-joined list.
function listName(s) {
  if (s.length === 0 || /[,:]/.test(s)) fail("bad list item " + JSON.stringify(s));
  return s;
}
const caseName = (s) => (/^[a-z0-9][a-z0-9.-]*$/.test(s) ? s : fail("bad case name " + s));

// ---------------------------------------------------------------------------------------------
// Weighted ring with virtual nodes (docs/algorithms.md#ring).
//
// Server s (list position pos) gets v_s = max(1, round(V * w_s)) points with tokens
// h32(name + "#" + i). V * w_s is one double multiply; Math.round rounds halves up, which for
// positive values is docs/algorithms.md's "halves rounded up". Points are sorted by token with a stable
// sort, so equal tokens keep list order (position, then i).

function vnodeCount(V, w) {
  if (!(Number.isFinite(w) && w > 0)) fail("weight must be finite and > 0: " + w);
  return Math.max(1, Math.round(V * w));
}

function buildRing(servers, V) {
  const points = [];
  servers.forEach((s, pos) => {
    const v = vnodeCount(V, s.weight);
    for (let i = 0; i < v; i++) points.push({ token: h32(s.name + "#" + i), pos, i });
  });
  points.sort((a, b) => a.token - b.token); // Array.prototype.sort is stable (ES2019)
  return points;
}

// Index of the owner point of hash x: the first point with token >= x, else point 0.
function ownerIndex(points, x) {
  let lo = 0,
    hi = points.length;
  while (lo < hi) {
    const m = (lo + hi) >>> 1;
    if (points[m].token < x) lo = m + 1;
    else hi = m;
  }
  return lo === points.length ? 0 : lo;
}

// Preference list (docs/algorithms.md#preference-list): walk clockwise from the owner point collecting distinct servers. With
// zones, lap one only takes a server whose zone is not represented yet; lap two (from the same
// owner point) appends the remaining servers in walk order.
function preference(points, servers, x, rf, zones) {
  if (!(Number.isInteger(rf) && rf >= 1)) fail("rf must be >= 1");
  const P = points.length,
    start = ownerIndex(points, x);
  const out = [],
    taken = new Set(),
    seenZones = new Set();
  for (let k = 0; k < P && out.length < rf; k++) {
    const pos = points[(start + k) % P].pos;
    if (taken.has(pos)) continue;
    if (zones && seenZones.has(servers[pos].zone)) continue;
    taken.add(pos);
    seenZones.add(servers[pos].zone);
    out.push(pos);
  }
  if (zones) {
    for (let k = 0; k < P && out.length < rf; k++) {
      const pos = points[(start + k) % P].pos;
      if (!taken.has(pos)) {
        taken.add(pos);
        out.push(pos);
      }
    }
  }
  return out;
}

// Self-check against the tutorial's worked examples (docs/algorithms.md#tutorial-examples: the tutorial's §2 and §5).
{
  const mk = (list) => list.map(([token, pos]) => ({ token, pos, i: 0 })).sort((a, b) => a.token - b.token);
  const abcd = mk([
    [10, 0],
    [30, 1],
    [50, 2],
    [80, 3],
  ]);
  const own = (x) => "ABCD"[abcd[ownerIndex(abcd, x)].pos];
  check([5, 20, 38, 50, 77, 95].map(own).join("") === "ABCCDA", "tutorial §2 owners");
  const r = mk([
    [105, 0],
    [930, 0],
    [290, 1],
    [610, 1],
    [450, 2],
    [845, 2],
  ]);
  const srv = [{ zone: "" }, { zone: "" }, { zone: "" }];
  check(
    r[ownerIndex(r, 700)].pos === 2 && r[ownerIndex(r, 950)].pos === 0 && r[ownerIndex(r, 450)].pos === 2,
    "tutorial §5 owners",
  );
  check(
    preference(r, srv, 700, 3, false)
      .map((p) => "ABC"[p])
      .join("") === "CAB",
    "tutorial §5 preference",
  );
}

// ---------------------------------------------------------------------------------------------
// Rings. Each case: vnodes V and servers "name:weight:zone".

function parseServers(spec) {
  return spec.split(",").map((e) => {
    const parts = e.split(":");
    if (parts.length !== 3) fail("bad server entry " + JSON.stringify(e));
    const [name, w, zone] = parts;
    const weight = Number(w);
    if (String(weight) !== w) fail("weight not in canonical form: " + w);
    return { name: listName(name), weight, wText: w, zone };
  });
}
const serversSpec = (list) => list.map((s) => `${listName(s.name)}:${s.w ?? 1}:${s.zone ?? ""}`).join(",");
const range = (n, f) => Array.from({ length: n }, (_, i) => f(i));

// Birthday search for a small ring with a token collision: two different names whose points
// name#i (i in 0..2) share a token. Candidates c0, c1, ... in order; the first collision wins.
const smallCollision = (() => {
  const seen = new Map();
  for (let k = 0; k < 2000000; k++) {
    const name = "c" + k;
    for (let i = 0; i < 3; i++) {
      const t = h32(name + "#" + i);
      const prev = seen.get(t);
      if (prev && prev.name !== name) return { a: prev, b: { name, i }, token: t };
      if (!prev) seen.set(t, { name, i });
    }
  }
  return fail("no small collision found");
})();

const RING_CASES = [
  { name: "uniform-s10-v100", V: 100, servers: range(10, (i) => ({ name: "S" + i })) },
  { name: "uniform-s4-v10", V: 10, servers: range(4, (i) => ({ name: "S" + i })) },
  { name: "uniform-s5-v10", V: 10, servers: range(5, (i) => ({ name: "S" + i })) },
  { name: "single-s1-v1", V: 1, servers: [{ name: "solo" }] },
  { name: "single-s1-v5", V: 5, servers: [{ name: "S0" }] },
  {
    name: "weighted-mix-v10",
    V: 10,
    servers: [
      { name: "A", w: 1 },
      { name: "B", w: 2 },
      { name: "C", w: 0.5 },
      { name: "D", w: 1.5 },
      { name: "E", w: 0.01 },
      { name: "F", w: 2.5 },
    ],
  },
  {
    // V * w = 0.5, 1.5, 2.5 (round up to 1, 2, 3), 0.002 (max(1, 0) = 1), 2 (exact).
    name: "weighted-halves-v2",
    V: 2,
    servers: [
      { name: "q", w: 0.25 },
      { name: "r", w: 0.75 },
      { name: "s", w: 1.25 },
      { name: "t", w: 0.001 },
      { name: "u", w: 1 },
    ],
  },
  {
    // V * w = 2.5 -> 3, 0.5 -> 1, double 1.5 (0.15 * 10) -> 2, double 3.5 (0.35 * 10) -> 4,
    // 0.1 -> max(1, 0) = 1, 4.5 -> 5.
    name: "weighted-halves-v10",
    V: 10,
    servers: [
      { name: "h0", w: 0.25 },
      { name: "h1", w: 0.05 },
      { name: "h2", w: 0.15 },
      { name: "h3", w: 0.35 },
      { name: "h4", w: 0.01 },
      { name: "h5", w: 0.45 },
    ],
  },
  {
    // The double product decides: 0.285 * 100 = 28.499999999999996 -> 28 (decimal 28.5 would
    // give 29); 0.145 * 100 = 14.499999999999998 -> 14; 1.005 * 100 = 100.49999999999999 -> 100;
    // 0.015 * 100 = 1.5 -> 2.
    name: "weighted-double-v100",
    V: 100,
    servers: [
      { name: "d0", w: 0.285 },
      { name: "d1", w: 0.145 },
      { name: "d2", w: 1.005 },
      { name: "d3", w: 0.015 },
    ],
  },
  {
    name: "zones-s6-v20",
    V: 20,
    servers: [
      { name: "a1", zone: "a" },
      { name: "b1", zone: "b" },
      { name: "a2", zone: "a" },
      { name: "c1", zone: "c" },
      { name: "b2", zone: "b" },
      { name: "c2", zone: "c" },
    ],
  },
  {
    name: "zones-uneven-v8",
    V: 8,
    servers: [
      { name: "x1", w: 1, zone: "east" },
      { name: "x2", w: 2, zone: "east" },
      { name: "x3", w: 0.5, zone: "east" },
      { name: "y1", w: 1, zone: "west" },
      { name: "z1", w: 1.5, zone: "north" },
      { name: "z2", w: 1, zone: "north" },
    ],
  },
  {
    name: "zones-one-v5",
    V: 5,
    servers: range(4, (i) => ({ name: "S" + i, zone: "rack" })),
  },
  {
    name: "names-unicode-v20",
    V: 20,
    servers: [
      { name: "সার্ভার-১", zone: "a" },
      { name: "সার্ভার-২", zone: "b" },
      { name: "😀", zone: "a" },
      { name: "café", zone: "b" },
      { name: "Ａ", zone: "c" },
    ],
  },
  {
    // A tiny ring with a token collision between two servers: the server listed first owns it.
    name: "collision-small",
    V: 3,
    servers: [{ name: smallCollision.b.name }, { name: "S0" }, { name: smallCollision.a.name }],
  },
  {
    name: "collision-small-swapped",
    V: 3,
    servers: [{ name: smallCollision.a.name }, { name: "S0" }, { name: smallCollision.b.name }],
  },
  // The course's collision (gen-golden.mjs notes S29#788 = S155#1286 = 1630001666).
  { name: "collision-s156-v1290", V: 1290, servers: range(156, (i) => ({ name: "S" + i })) },
  { name: "collision-s156-v1290-reversed", V: 1290, servers: range(156, (i) => ({ name: "S" + (155 - i) })) },
  // S4#28444 = S12#10: the earlier server wins although its i is larger (position, then i).
  { name: "collision-s20-v28448", V: 28448, servers: range(20, (i) => ({ name: "S" + i })) },
];

const rings = new Map();
for (const c of RING_CASES) {
  caseName(c.name);
  const spec = serversSpec(c.servers);
  const servers = parseServers(spec);
  const points = buildRing(servers, c.V);
  // Collisions: runs of equal tokens, in ring order.
  const collisions = [];
  for (let k = 1; k < points.length; k++) {
    if (points[k].token === points[k - 1].token) {
      if (collisions.length && collisions[collisions.length - 1].end === k - 1)
        collisions[collisions.length - 1].end = k;
      else collisions.push({ start: k - 1, end: k });
    }
  }
  rings.set(c.name, { ...c, spec, servers, points, collisions });
}

// Every collision-* ring must have a collision between different servers; no other ring may.
for (const r of rings.values()) {
  const cross = r.collisions.some((c) => new Set(r.points.slice(c.start, c.end + 1).map((p) => p.pos)).size > 1);
  if (r.name.startsWith("collision") !== cross) fail(`${r.name}: collision tag does not match the ring`);
}
{
  const pt = (ring, name, i) => {
    const r = rings.get(ring),
      pos = r.servers.findIndex((s) => s.name === name);
    return r.points.findIndex((p) => p.pos === pos && p.i === i);
  };
  const r = rings.get("collision-s156-v1290"),
    rr = rings.get("collision-s156-v1290-reversed");
  const a = pt("collision-s156-v1290", "S29", 788),
    b = pt("collision-s156-v1290", "S155", 1286);
  check(r.points[a].token === 1630001666 && b === a + 1, "S29#788 = S155#1286 = 1630001666, S29 first");
  check(
    pt("collision-s156-v1290-reversed", "S155", 1286) + 1 === pt("collision-s156-v1290-reversed", "S29", 788),
    "reversed list: S155#1286 first",
  );
  check(rr.points.length === r.points.length, "reversed ring size");
  const c = rings.get("collision-s20-v28448");
  const x = pt("collision-s20-v28448", "S4", 28444),
    y = pt("collision-s20-v28448", "S12", 10);
  check(c.points[x].token === 1003159975 && y === x + 1, "S4#28444 = S12#10 = 1003159975, S4 first");
}
{
  // The weights that round at .5 or through the double product give the documented counts.
  const want = {
    "weighted-halves-v2": [1, 2, 3, 1, 2],
    "weighted-halves-v10": [3, 1, 2, 4, 1, 5],
    "weighted-double-v100": [28, 14, 100, 2],
    "weighted-mix-v10": [10, 20, 5, 15, 1, 25],
  };
  for (const [name, v] of Object.entries(want)) {
    const r = rings.get(name);
    check(r.servers.map((s) => vnodeCount(r.V, s.weight)).join() === v.join(), name + " vnode counts");
  }
}

writeTsv(
  "rings.tsv",
  ["case", "vnodes", "servers"],
  [...rings.values()].map((r) => [r.name, r.V, r.spec]),
);
writeTsv(
  "ring_vnodes.tsv",
  ["case", "server", "weight", "vnodes"],
  [...rings.values()]
    .filter((r) => r.servers.length <= 20)
    .flatMap((r) => r.servers.map((s) => [r.name, s.name, s.wText, vnodeCount(r.V, s.weight)])),
);

const SMALL_POINTS = 300;
writeTsv(
  "ring_points.tsv",
  ["case", "index", "token", "server", "i"],
  [...rings.values()]
    .filter((r) => r.points.length <= SMALL_POINTS)
    .flatMap((r) => r.points.map((p, k) => [r.name, k, p.token, r.servers[p.pos].name, p.i])),
);

writeTsv(
  "ring_collisions.tsv",
  ["case", "index", "token", "points"],
  [...rings.values()].flatMap((r) =>
    r.collisions.map((c) => [
      r.name,
      c.start,
      r.points[c.start].token,
      r.points
        .slice(c.start, c.end + 1)
        .map((p) => r.servers[p.pos].name + "#" + p.i)
        .join(","),
    ]),
  ),
);

// Hashes that probe the ring: 0, 2^32 - 1, the smallest and largest tokens and their
// neighbours, every collision token and its neighbours, ten evenly spaced tokens +-1.
function probeHashes(r) {
  const P = r.points.length,
    hs = [0, TWO32 - 1];
  const around = (t) => {
    for (const d of [-1, 0, 1]) if (t + d >= 0 && t + d < TWO32) hs.push(t + d);
  };
  around(r.points[0].token);
  around(r.points[P - 1].token);
  for (const c of r.collisions) around(r.points[c.start].token);
  for (let k = 0; k < 10; k++) around(r.points[Math.floor((k * P) / 10)].token);
  return [...new Set(hs)];
}

{
  const rows = [];
  for (const r of rings.values()) {
    const owner = (x) => r.servers[r.points[ownerIndex(r.points, x)].pos].name;
    for (const key of [...KEYS16.slice(0, 50), "user:42", BN_KEY]) rows.push([r.name, key, h32(key), owner(h32(key))]);
    for (const x of probeHashes(r)) rows.push([r.name, "", x, owner(x)]);
  }
  // Above the largest token wraps to point 0.
  for (const r of rings.values()) {
    const last = r.points[r.points.length - 1].token;
    if (last < TWO32 - 1) check(ownerIndex(r.points, last + 1) === 0, r.name + " wrap");
  }
  writeTsv("ring_owners.tsv", ["case", "key", "h32", "owner"], rows);
}

// ---------------------------------------------------------------------------------------------
// Preference lists (docs/algorithms.md#preference-list).

{
  const PREF = [
    { ring: "zones-s6-v20", zones: [false, true] },
    { ring: "zones-uneven-v8", zones: [false, true] },
    { ring: "zones-one-v5", zones: [false, true] },
    { ring: "names-unicode-v20", zones: [false, true] },
    { ring: "weighted-mix-v10", zones: [false] },
    { ring: "uniform-s4-v10", zones: [false] },
    { ring: "single-s1-v1", zones: [false] },
    { ring: "collision-small", zones: [false] },
    { ring: "collision-small-swapped", zones: [false] },
    { ring: "collision-s156-v1290", zones: [false], maxRf: 4 },
  ];
  const rows = [];
  for (const p of PREF) {
    const r = rings.get(p.ring);
    const n = r.servers.length,
      maxRf = p.maxRf ?? n + 1;
    const probes = [
      ...KEYS16.slice(0, 30).map((k) => [k, h32(k)]),
      ...[0, TWO32 - 1, ...r.collisions.map((c) => r.points[c.start].token)].map((x) => ["", x]),
    ];
    for (const zones of p.zones) {
      if (zones && r.servers.some((s) => s.zone === "")) fail(p.ring + ": zones need every server to have a zone");
      for (let rf = 1; rf <= maxRf; rf++) {
        for (const [key, x] of probes) {
          const list = preference(r.points, r.servers, x, rf, zones);
          check(list.length === Math.min(rf, n) && new Set(list).size === list.length, "preference size");
          check(list[0] === r.points[ownerIndex(r.points, x)].pos, "preference starts at the owner");
          rows.push([p.ring, key, x, rf, zones ? "on" : "off", list.map((q) => r.servers[q].name).join(",")]);
        }
      }
    }
  }
  // Zones must matter somewhere: some list differs between on and off.
  const byKey = new Map();
  let differ = 0;
  for (const row of rows) {
    const k = [row[0], row[2], row[3]].join("\t");
    if (byKey.has(k) && byKey.get(k) !== row[5]) differ++;
    byKey.set(k, row[5]);
  }
  check(differ > 0, "zones change some preference list");
  writeTsv("preference.tsv", ["case", "key", "h32", "rf", "zones", "list"], rows);
}

// ---------------------------------------------------------------------------------------------
// Rendezvous (docs/algorithms.md#rendezvous). score = h32(key + "|" + name); highest wins, ties to list order. Weighted:
// u = score / 2^32, -w / ln(u) (u = 0 gives 0). top-k: score descending, ties by list order.

function hrwScores(key, names) {
  return names.map((n) => h32(key + "|" + n));
}
function argmaxFirst(values) {
  let best = 0;
  for (let i = 1; i < values.length; i++) if (values[i] > values[best]) best = i;
  return best;
}
function weightedScores(scores, weights) {
  return scores.map((s, i) => {
    const u = s / TWO32;
    return u === 0 ? 0 : -weights[i] / Math.log(u);
  });
}
function topK(scores, k) {
  return scores
    .map((s, i) => i)
    .sort((a, b) => scores[b] - scores[a])
    .slice(0, k); // stable
}

{
  const sc = hrwScores("user:42", ["S0", "S1", "S2", "S3"]).map((s) => (s / TWO32).toFixed(6));
  check(sc.join(" ") === "0.344051 0.733557 0.892589 0.564754", "tutorial §6 scores " + sc.join(" "));
  check(argmaxFirst(hrwScores("user:42", ["S0", "S1", "S2", "S3"])) === 2, "tutorial §6 winner");
}

// A rendezvous tie: for key "tie:<k>", two names n<i>, n<j> with equal scores. The first key
// with any tie among n0 .. n199999 gives every such pair (first = the earliest name with that
// score), found by sorting the scores rather than hashing them into a Map (much faster).
const hrwTies = (() => {
  const NAMES = 200000,
    scores = new Uint32Array(NAMES);
  for (let k = 0; k < 100; k++) {
    const key = "tie:" + k;
    for (let i = 0; i < NAMES; i++) scores[i] = h32(key + "|n" + i);
    const sorted = scores.slice().sort();
    const dup = new Set();
    for (let i = 1; i < NAMES; i++) if (sorted[i] === sorted[i - 1]) dup.add(sorted[i]);
    if (dup.size === 0) continue;
    const firstName = new Map(),
      found = [];
    for (let i = 0; i < NAMES; i++) {
      const s = scores[i];
      if (!dup.has(s)) continue;
      if (firstName.has(s)) found.push({ key, first: firstName.get(s), second: "n" + i, score: s });
      else firstName.set(s, "n" + i);
    }
    for (const t of found) check(h32(key + "|" + t.first) === h32(key + "|" + t.second), "tie");
    return found;
  }
  return fail("no rendezvous tie found");
})();
writeTsv(
  "rendezvous_ties.tsv",
  ["key", "first", "second", "score"],
  hrwTies.map((t) => [t.key, t.first, t.second, t.score]),
);

// The tie used in rendezvous.tsv: the one with the highest score, so that it also wins in a
// list padded with other servers.
const hrwTie = hrwTies.reduce((a, b) => (b.score > a.score ? b : a));
{
  const tie = hrwTie;
  const S = (n) => range(n, (i) => "S" + i);
  const ones = (n) => range(n, () => 1);
  const LISTS = [
    { names: S(1), weights: [ones(1), [0.01]] },
    { names: S(2), weights: [ones(2), [1, 3]] },
    { names: S(4), weights: [ones(4), [1, 2, 0.5, 3]] },
    { names: S(5), weights: [ones(5), [1, 2, 0.5, 3, 1.5], [0.01, 1, 1, 1, 100]] },
    { names: ["সার্ভার-১", "সার্ভার-২", "😀", "café", "Ａ", "S0"], weights: [ones(6), [2, 1, 1, 0.25, 4, 1]] },
    { names: S(100), weights: [ones(100), range(100, (i) => [1, 2, 0.5, 1.5][i % 4])] },
    {
      names: [tie.first, tie.second],
      weights: [
        [1, 1],
        [1, 2],
        [2, 1],
      ],
      tie: true,
    },
    { names: [tie.second, tie.first], weights: [[1, 1]], tie: true },
    { names: [tie.second, "S0", tie.first, "S1"], weights: [[1, 1, 1, 1]], tie: true },
  ];
  const rows = [];
  let weightedDiffers = 0;
  for (const l of LISTS) {
    l.names.forEach(listName);
    const keys = l.tie ? [tie.key] : [...KEYS16.slice(0, 40), "user:42", BN_KEY, "😀"];
    for (const w of l.weights) {
      const allOne = w.every((x) => x === 1);
      for (const key of keys) {
        const sc = hrwScores(key, l.names);
        const win = argmaxFirst(sc);
        const ws = weightedScores(sc, w);
        const wwin = argmaxFirst(ws);
        // The weighted winner must not hinge on the last bit of ln(): a libm may differ by an ulp.
        const order = topK(ws, 2);
        if (order.length === 2 && !(sc[order[0]] === sc[order[1]] && w[order[0]] === w[order[1]])) {
          const a = ws[order[0]],
            b = ws[order[1]];
          if (a - b <= 1e-9 * a) fail(`weighted rendezvous too close to call for ${key}`);
        }
        if (allOne) check(wwin === win, "equal weights pick the plain winner");
        if (wwin !== win) weightedDiffers++;
        rows.push([
          l.names.join(","),
          key,
          l.names[win],
          topK(sc, 3)
            .map((i) => l.names[i])
            .join(","),
          l.names[wwin],
          w.map(String).join(","),
        ]);
      }
    }
  }
  check(weightedDiffers > 0, "weights change some winner");
  // The tie rows: the first-listed of the tied pair wins, in either order.
  check(
    argmaxFirst(hrwScores(tie.key, [tie.first, tie.second])) === 0 &&
      argmaxFirst(hrwScores(tie.key, [tie.second, tie.first])) === 0,
    "tie goes to list order",
  );
  const padded = [tie.second, "S0", tie.first, "S1"];
  check(
    topK(hrwScores(tie.key, padded), 3).join() === "0,2,3" || topK(hrwScores(tie.key, padded), 3).join() === "0,2,1",
    "the tied pair leads the padded list",
  );
  writeTsv("rendezvous.tsv", ["servers", "key", "winner", "top3", "weighted_winner", "weights"], rows);
}

// ---------------------------------------------------------------------------------------------
// Maglev (docs/algorithms.md#maglev).

function isPrime(n) {
  if (!Number.isInteger(n) || n < 2) return false;
  for (let d = 2; d * d <= n; d++) if (n % d === 0) return false;
  return true;
}

// Returns the table as backend indices into the list as given.
function maglev(backends, M) {
  if (!isPrime(M) || M < backends.length) fail(`maglev: M = ${M} must be a prime >= ${backends.length}`);
  if (new Set(backends.map((b) => b.name)).size !== backends.length) fail("maglev: duplicate names");
  // Ascending by name; JS string comparison compares UTF-16 code units.
  const order = backends
    .map((b, idx) => ({
      idx,
      w: b.weight,
      offset: h32(b.name + "|offset") % M,
      skip: (h32(b.name + "|skip") % (M - 1)) + 1,
      next: 0,
      target: 0,
      name: b.name,
    }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const wmax = Math.max(...order.map((b) => b.w));
  const table = new Int32Array(M).fill(-1);
  let filled = 0;
  for (let iter = 1; ; iter++) {
    for (const b of order) {
      if (iter * b.w < b.target) continue;
      b.target += wmax;
      let slot;
      // offset + next * skip < M * M <= 2^34 here: exact in doubles.
      while (table[(slot = (b.offset + b.next * b.skip) % M)] !== -1) b.next++;
      table[slot] = b.idx;
      b.next++;
      if (++filled === M) return table;
    }
  }
}

// Table hash: h32 over the table as a sequence of 16-bit units, unit j = backend index of slot j.
const tableH32 = h32Units;
check(tableH32([..."S0#0"].map((c) => c.charCodeAt(0))) === h32("S0#0"), "tableH32 is h32 over units");

const maglevNames = [];
{
  const UNI = ["😀", "Ａ", "সার্ভার-১", "café", "Z"];
  const S = (n) => range(n, (i) => "S" + i);
  const MAGLEV = [
    { name: "m2-n2", M: 2, b: ["y", "x"] },
    { name: "m7-n1", M: 7, b: ["only"] },
    { name: "m7-n3-unsorted", M: 7, b: ["c", "a", "b"] },
    { name: "m7-n7", M: 7, b: ["g", "f", "e", "d", "c", "b", "a"] },
    { name: "m13-n13", M: 13, b: S(13) },
    { name: "m31-w1-2-3", M: 31, b: ["a", "b", "c"], w: [1, 2, 3] },
    { name: "m31-w3-2-1-unsorted", M: 31, b: ["c", "b", "a"], w: [3, 2, 1] },
    { name: "m101-w1-1-10", M: 101, b: ["x", "y", "z"], w: [1, 1, 10] },
    { name: "m101-unicode", M: 101, b: UNI },
    { name: "m251-n5-reversed", M: 251, b: ["S4", "S3", "S2", "S1", "S0"] },
    { name: "m251-w3-1-2-5", M: 251, b: ["p", "q", "r", "s"], w: [3, 1, 2, 5] },
    { name: "m251-n12", M: 251, b: S(12) },
    { name: "m65537-n1", M: 65537, b: ["only"] },
    { name: "m65537-n12", M: 65537, b: S(12) },
    { name: "m65537-w1-2-3-4", M: 65537, b: ["a", "b", "c", "d"], w: [1, 2, 3, 4] },
    { name: "m65537-w1-1-10", M: 65537, b: ["x", "y", "z"], w: [1, 1, 10] },
    { name: "m65537-unicode", M: 65537, b: UNI },
  ];
  const SMALL_M = 251;
  const caseRows = [],
    tableRows = [],
    lookupRows = [];
  for (const c of MAGLEV) {
    maglevNames.push(caseName(c.name));
    const backends = c.b.map((name, i) => ({ name: listName(name), weight: c.w ? c.w[i] : 1 }));
    const table = maglev(backends, c.M);
    const cnt = new Array(backends.length).fill(0);
    for (const x of table) cnt[x]++;
    check(
      cnt.every((x) => x > 0),
      c.name + ": every backend has a slot",
    );
    caseRows.push([
      c.name,
      c.M,
      backends.map((b) => b.name + ":" + b.weight).join(","),
      cnt.join(","),
      tableH32(table),
      Array.from(table.subarray(0, 64)).join(","),
    ]);
    if (c.M <= SMALL_M) table.forEach((x, slot) => tableRows.push([c.name, slot, x]));
    for (const key of [...KEYS16.slice(0, 50), "user:42", BN_KEY])
      lookupRows.push([c.name, key, table[h32(key) % c.M]]);
  }
  // Unsorted lists must not change the table (the algorithm sorts by name).
  const names = (l) => l.map((n) => ({ name: n, weight: 1 }));
  const t1 = maglev(names(["c", "a", "b"]), 7),
    t2 = maglev(names(["a", "b", "c"]), 7);
  check(Array.from(t1, (x) => "cab"[x]).join("") === Array.from(t2, (x) => "abc"[x]).join(""), "maglev order");
  // UTF-16 order differs from code point order for these names: 😀 (D83D) sorts before Ａ (FF21).
  check("😀" < "Ａ" && "😀".codePointAt(0) > "Ａ".codePointAt(0), "UTF-16 order case");
  writeTsv("maglev.tsv", ["case", "M", "backends", "counts", "table_h32", "first64"], caseRows);
  writeTsv("maglev_tables.tsv", ["case", "slot", "backend"], tableRows);
  writeTsv("maglev_lookup.tsv", ["case", "key", "backend"], lookupRows);
}

// ---------------------------------------------------------------------------------------------
// Bounded loads (docs/algorithms.md#bounded-loads). Capacity ceil((1 + eps) * m * w_s / sumW), left to right in doubles, sumW
// summed left to right in list order. Keys in list order walk clockwise from the owner point to
// the first point whose server has load < capacity.

function bounded(r, m, eps) {
  if (!(eps > 0) || r.points.length === 0) fail("bounded: bad input");
  const keys = KEYS16.slice(0, m);
  if (keys.length !== m) fail("bounded: not enough keys");
  let sumW = 0;
  for (const s of r.servers) sumW += s.weight;
  const cap = r.servers.map((s) => Math.ceil(((1 + eps) * m * s.weight) / sumW));
  const loads = new Array(r.servers.length).fill(0);
  const P = r.points.length,
    placed = [];
  let notFirst = 0,
    longest = 0;
  for (const key of keys) {
    const start = ownerIndex(r.points, h32(key));
    let steps = 0;
    while (loads[r.points[(start + steps) % P].pos] >= cap[r.points[(start + steps) % P].pos]) {
      if (++steps >= P) fail("bounded: every server is full");
    }
    const pos = r.points[(start + steps) % P].pos;
    loads[pos]++;
    placed.push(pos);
    if (steps > 0) notFirst++;
    if (steps > longest) longest = steps;
  }
  return { cap, loads, notFirst, longest, placed };
}

{
  const rows = [],
    perKey = [];
  const add = (ringName, m, eps, name, withServers) => {
    const r = rings.get(ringName);
    const res = bounded(r, m, eps);
    rows.push([name, ringName, eps, m, res.cap.join(","), res.loads.join(","), res.notFirst, res.longest]);
    if (withServers) res.placed.forEach((pos, k) => perKey.push([name, k, r.servers[pos].name]));
    return res;
  };
  for (const ringName of ["uniform-s5-v10", "weighted-mix-v10", "zones-uneven-v8"]) {
    for (const m of [1000, 37, 1]) {
      for (const eps of [0.01, 0.1, 0.25, 1]) {
        const name = caseName(`${ringName}-m${m}-e${eps}`);
        add(ringName, m, eps, name, m <= 37 || (m === 1000 && eps === 0.01));
      }
    }
  }
  // (1 + 0.1) * 50 = 55.00000000000001 in doubles, / 5 = 11.000000000000002: the capacity is 12,
  // not the 11 that exact decimal arithmetic gives.
  const d = add("uniform-s5-v10", 50, 0.1, "uniform-s5-v10-m50-e0.1-double", true);
  check(
    d.cap.every((x) => x === 12),
    "double-rounded capacity is 12",
  );
  check(
    rows.some((r) => Number(r[7]) >= 5),
    "some walk is long",
  );
  writeTsv(
    "bounded.tsv",
    ["case", "ring", "epsilon", "keys", "capacities", "loads", "not_first", "longest_walk"],
    rows,
  );
  writeTsv("bounded_servers.tsv", ["case", "index", "server"], perKey);
}

// ---------------------------------------------------------------------------------------------
// Explicit-token ring (docs/algorithms.md#token-ring).

class TokenRing {
  constructor(bits) {
    if (!(Number.isInteger(bits) && bits >= 1 && bits <= 32)) fail("bits");
    this.bits = bits;
    this.mod = 2 ** bits;
    this.byId = new Map();
    this.byToken = new Map();
    this.sorted = [];
  }
  // Which errors add(id, token) could raise; the data never has more than one at once.
  addErrors(id, token) {
    const e = [];
    if (!(Number.isInteger(token) && token >= 0 && token < this.mod)) e.push("token_out_of_range");
    else if (this.byToken.has(token) && this.byToken.get(token) !== id) e.push("token_taken");
    if (this.byId.has(id)) e.push("already_present");
    return e;
  }
  add(id, token) {
    const e = this.addErrors(id, token);
    if (e.length > 1) fail(`add(${id}, ${token}) would raise ${e.join(" and ")}`);
    if (e.length) return "error:" + e[0];
    this.byId.set(id, token);
    this.byToken.set(token, id);
    this.sorted = [...this.byToken.keys()].sort((a, b) => a - b);
    return "ok";
  }
  remove(id) {
    if (!this.byId.has(id)) return "error:not_found";
    this.byToken.delete(this.byId.get(id));
    this.byId.delete(id);
    this.sorted = [...this.byToken.keys()].sort((a, b) => a - b);
    return "ok";
  }
  routeHash(x) {
    if (this.sorted.length === 0) return "error:empty";
    let lo = 0,
      hi = this.sorted.length;
    while (lo < hi) {
      const m = (lo + hi) >>> 1;
      if (this.sorted[m] < x) lo = m + 1;
      else hi = m;
    }
    return this.byToken.get(this.sorted[lo === this.sorted.length ? 0 : lo]);
  }
  route(key) {
    return this.routeHash(h32(key) % this.mod);
  }
  boundaries(id) {
    if (!this.byId.has(id)) return "error:not_found";
    const t = this.byId.get(id),
      k = this.sorted.indexOf(t);
    const pred = this.sorted[(k + this.sorted.length - 1) % this.sorted.length];
    return pred + "," + t;
  }
  size() {
    return String(this.sorted.length);
  }
  ids() {
    return this.sorted.map((t) => this.byToken.get(t)).join(",");
  }
}

{
  const rows = [];
  // A script: [op, args...]. Runs it and records every step.
  function run(name, bits, script) {
    caseName(name);
    const ring = new TokenRing(bits);
    rows.push([name, 0, "new", bits, "ok"]);
    let step = 1;
    for (const [op, ...a] of script) {
      let result, args;
      switch (op) {
        case "add":
          result = ring.add(a[0], a[1]);
          args = a[0] + "," + a[1];
          break;
        case "remove":
          result = ring.remove(a[0]);
          args = a[0];
          break;
        case "route":
          result = ring.route(a[0]);
          args = a[0];
          break;
        case "route_hash":
          if (!(Number.isInteger(a[0]) && a[0] >= 0 && a[0] < ring.mod)) fail("route_hash out of range");
          result = ring.routeHash(a[0]);
          args = String(a[0]);
          break;
        case "boundaries":
          result = ring.boundaries(a[0]);
          args = a[0];
          break;
        case "size":
          result = ring.size();
          args = "";
          break;
        case "ids":
          result = ring.ids();
          args = "";
          break;
        default:
          fail("op " + op);
      }
      if (a.length && op !== "route") listName(String(a[0]));
      if (op === "route" && /[\t\r\n]/.test(a[0])) fail("route key");
      if (/^[0-9]+$/.test(String(result)) && (op === "route" || op === "route_hash"))
        fail("vnode ids must not look like numbers");
      rows.push([name, step++, op, args, result]);
    }
    return ring;
  }
  const keyRoutes = (n) => KEYS16.slice(0, n).map((k) => ["route", k]);

  // bits 32: every error, wrap-around, the single vnode, remove then route.
  const MAX32 = TWO32 - 1;
  run("bits32-script", 32, [
    ["size"],
    ["ids"],
    ["route", "user:42"],
    ["route_hash", 0],
    ["boundaries", "a"],
    ["remove", "a"],
    ["add", "a", 1000],
    ["boundaries", "a"],
    ["route", "user:42"],
    ["route_hash", 0],
    ["route_hash", 1000],
    ["route_hash", MAX32],
    ["add", "b", 1000],
    ["add", "a", 1000],
    ["add", "a", 2000],
    ["add", "b", TWO32],
    ["add", "b", TWO32 + 5],
    ["add", "b", MAX32],
    ["add", "c", 0],
    ["size"],
    ["ids"],
    ["boundaries", "c"],
    ["boundaries", "a"],
    ["boundaries", "b"],
    ["boundaries", "zz"],
    ["route_hash", 0],
    ["route_hash", 1],
    ["route_hash", 999],
    ["route_hash", 1000],
    ["route_hash", 1001],
    ["route_hash", MAX32 - 1],
    ["route_hash", MAX32],
    ["add", "d", h32("user:42")],
    ["route", "user:42"],
    ["route_hash", h32("user:42") + 1],
    ["boundaries", "d"],
    ...keyRoutes(20),
    ["route", BN_KEY],
    ["route", "😀"],
    ["remove", "a"],
    ["remove", "a"],
    ["route_hash", 500],
    ["boundaries", "c"],
    ["boundaries", "d"],
    ["add", "a", 1000],
    ["route_hash", 500],
    ["ids"],
    ["remove", "c"],
    ["boundaries", "b"],
    ["route_hash", 0],
    ["remove", "b"],
    ["remove", "d"],
    ["boundaries", "a"],
    ["route_hash", MAX32],
    ["route", "user:42"],
    ["remove", "a"],
    ["route", "user:42"],
    ["route_hash", 1000],
    ["size"],
    ["ids"],
    ["boundaries", "a"],
  ]);
  // A single vnode at 0 and at the top of the ring.
  run("bits32-single", 32, [
    ["add", "only", 0],
    ["boundaries", "only"],
    ["route_hash", 0],
    ["route_hash", MAX32],
    ...keyRoutes(5),
    ["remove", "only"],
    ["add", "only", MAX32],
    ["boundaries", "only"],
    ["route_hash", 0],
    ["route_hash", MAX32],
    ["add", "only", 7],
    ["add", "other", MAX32],
    ["add", "other", 7],
    ["boundaries", "other"],
    ["boundaries", "only"],
  ]);
  // bits 8: the route hash is h32(key) mod 256.
  run("bits8-script", 8, [
    ["route", "user:42"],
    ["add", "v1", 256],
    ["add", "v1", 300],
    ["add", "v1", 255],
    ["boundaries", "v1"],
    ["add", "v2", 255],
    ["add", "v2", 0],
    ["add", "v3", 128],
    ["add", "v3", 64],
    ["add", "v4", 192],
    ["ids"],
    ["size"],
    ["boundaries", "v2"],
    ["boundaries", "v3"],
    ["boundaries", "v4"],
    ["boundaries", "v1"],
    ["route_hash", 0],
    ["route_hash", 1],
    ["route_hash", 64],
    ["route_hash", 65],
    ["route_hash", 255],
    ...keyRoutes(30),
    ["route", "user:42"],
    ["route", BN_KEY],
    ["remove", "v2"],
    ["route_hash", 0],
    ["boundaries", "v3"],
    ["remove", "v2"],
    ["remove", "v1"],
    ["route_hash", 255],
    ["boundaries", "v3"],
    ...keyRoutes(5),
  ]);
  // bits 1: a ring of two tokens.
  run("bits1-script", 1, [
    ["route_hash", 0],
    ["add", "p", 2],
    ["add", "p", 1],
    ["boundaries", "p"],
    ["route_hash", 0],
    ["route_hash", 1],
    ["add", "q", 1],
    ["add", "q", 0],
    ["add", "r", 0],
    ["add", "r", 1],
    ["add", "p", 1],
    ["boundaries", "p"],
    ["boundaries", "q"],
    ["ids"],
    ["route_hash", 0],
    ["route_hash", 1],
    ...keyRoutes(10),
    ["remove", "q"],
    ["route_hash", 0],
    ["boundaries", "p"],
    ["add", "r", 0],
    ["boundaries", "r"],
    ["remove", "p"],
    ["route_hash", 1],
    ["boundaries", "r"],
    ["remove", "r"],
    ["route_hash", 1],
    ["route", "user:42"],
  ]);
  // The tutorial (docs/algorithms.md#tutorial-examples): ring over 0..99 inside bits 8: A 10, B 30, C 50, D 80; add E at 40;
  // remove B.
  const tut = run("tutorial-s2-bits8", 8, [
    ["add", "A", 10],
    ["add", "B", 30],
    ["add", "C", 50],
    ["add", "D", 80],
    ["route_hash", 5],
    ["route_hash", 20],
    ["route_hash", 38],
    ["route_hash", 50],
    ["route_hash", 77],
    ["route_hash", 95],
    ["add", "E", 40],
    ["route_hash", 5],
    ["route_hash", 20],
    ["route_hash", 38],
    ["route_hash", 50],
    ["route_hash", 77],
    ["route_hash", 95],
    ["remove", "B"],
    ["route_hash", 5],
    ["route_hash", 20],
    ["route_hash", 38],
    ["route_hash", 50],
    ["route_hash", 77],
    ["route_hash", 95],
    ["boundaries", "E"],
    ["boundaries", "A"],
  ]);
  check(tut.ids() === "A,E,C,D", "tutorial ring ids");
  // The tutorial's ring over 0..999 (bits 10): A at 105 and 930, B at 290 and 610, C at 450, 845.
  run("tutorial-s5-bits10", 10, [
    ["add", "A.0", 105],
    ["add", "A.1", 930],
    ["add", "B.0", 290],
    ["add", "B.1", 610],
    ["add", "C.0", 450],
    ["add", "C.1", 845],
    ["route_hash", 700],
    ["route_hash", 950],
    ["route_hash", 450],
    ["route_hash", 1023],
    ["boundaries", "A.0"],
    ["boundaries", "C.1"],
    ["ids"],
  ]);
  {
    const by = (c) =>
      rows
        .filter((r) => r[0] === c && r[2] === "route_hash")
        .map((r) => r[4])
        .join("");
    check(by("tutorial-s2-bits8") === "ABCCDA" + "ABECDA" + "AEECDA", "tutorial §2/§3 routes");
    check(by("tutorial-s5-bits10") === "C.1A.0C.0A.0", "tutorial §5 routes");
  }

  // Random sequences: 500 ops per bits setting. For ids present, add uses the vnode's own token
  // or a free one (only already_present applies); for ids absent, a random, taken, out-of-range
  // or edge token.
  for (const bits of [32, 8, 1]) {
    const rng = mulberry32(9000 + bits);
    const below = (n) => rng.next() % n; // n <= 2^32; bias is irrelevant here
    const mod = 2 ** bits;
    const tokenIn = () => (bits === 32 ? rng.next() : rng.next() % mod);
    const ids = range(bits === 1 ? 4 : 16, (i) => "v" + i);
    const state = new Map(); // mirror of the ring's id -> token, to choose interesting arguments
    const script = [];
    for (let n = 0; n < 500; n++) {
      const r = below(100);
      const id = ids[below(ids.length)];
      const takenTokens = [...state.values()];
      if (r < 40) {
        let token;
        if (state.has(id)) {
          if (below(2) === 0) token = state.get(id);
          else {
            const free = () => {
              for (let k = 0; k < 64; k++) {
                const t = tokenIn();
                if (!takenTokens.includes(t)) return t;
              }
              return null;
            };
            token = free() ?? state.get(id);
          }
        } else {
          const q = below(10);
          if (q < 6) token = tokenIn();
          else if (q < 8 && takenTokens.length) token = takenTokens[below(takenTokens.length)];
          else if (q < 9) token = mod + (below(2) ? 0 : below(1000));
          else token = below(2) ? 0 : mod - 1;
        }
        script.push(["add", id, token]);
        if (!state.has(id) && token < mod && !takenTokens.includes(token)) state.set(id, token);
      } else if (r < 55) {
        script.push(["remove", id]);
        state.delete(id);
      } else if (r < 70) {
        script.push(["route", courseKey(rng)]);
      } else if (r < 85) {
        const q = below(4);
        let x = tokenIn();
        if (q === 0) x = below(2) ? 0 : mod - 1;
        else if (q === 1 && takenTokens.length)
          x = Math.min(mod - 1, Math.max(0, takenTokens[below(takenTokens.length)] + below(3) - 1));
        script.push(["route_hash", x]);
      } else if (r < 95) {
        script.push(["boundaries", id]);
      } else {
        script.push([below(2) ? "size" : "ids"]);
      }
    }
    run(`random-bits${bits}`, bits, script);
  }
  {
    // Every error code and the single-vnode boundaries appear.
    const results = new Set(rows.map((r) => r[4]));
    for (const e of ["token_out_of_range", "token_taken", "already_present", "not_found", "empty"]) {
      check(results.has("error:" + e), "token ring error " + e);
      for (const bits of [32, 8, 1]) {
        const c = `random-bits${bits}`;
        if (e !== "empty" || bits !== 32)
          check(
            rows.some((r) => r[0] === c && r[4] === "error:" + e),
            `${c} has ${e}`,
          );
      }
    }
    check(
      rows.some((r) => r[2] === "boundaries" && /^(\d+),\1$/.test(r[4])),
      "single-vnode boundaries",
    );
  }
  writeTsv("token_ring.tsv", ["case", "step", "op", "args", "result"], rows);
}

// ---------------------------------------------------------------------------------------------
// Theory and the cache what-if (docs/algorithms.md#theory-curves and docs/algorithms.md#cache-what-if).

let courseExample;
{
  const rows = [];
  for (const n of [2, 10, 100]) {
    let h = 0;
    for (let k = 1; k <= n; k++) h += 1 / k; // H_N left to right: 1 + 1/2 + ... + 1/N
    for (const v of [1, 10, 100, 1000]) rows.push([n, v, Math.sqrt((n - 1) / (n * v + 1)), h]);
  }
  const ten = rows
    .filter((r) => r[0] === 10)
    .map((r) => (100 * r[2]).toFixed(1))
    .join(" ");
  check(ten === "90.5 29.9 9.5 3.0", "theory N = 10: " + ten); // docs/algorithms.md rounds 29.85 to "30%"
  writeTsv("theory.tsv", ["n", "v", "sd_over_mean", "harmonic"], rows);

  const target = [];
  for (const n of [2, 10, 100]) {
    for (const c of [0.5, 0.3, 0.1, 0.05, 0.01]) target.push([n, c, ((n - 1) / (c * c) - 1) / n]);
  }
  writeTsv("theory_vnodes.tsv", ["n", "c", "v"], target);

  const cache = [];
  const lcm = (a, b) => {
    const g = (x, y) => (y ? g(y, x % y) : x);
    return (a / g(a, b)) * b;
  };
  const modnMoved = (n, m) => 1 - Math.min(n, m) / lcm(n, m);
  const moved = [0, 0.01, 0.1, 1 / 5, 0.25, 0.5, modnMoved(4, 5), modnMoved(10, 11), 1];
  for (const h of [0, 0.5, 0.8, 0.9, 0.95, 0.99, 0.999]) {
    for (const f of moved) {
      const after = h * (1 - f);
      cache.push([h, f, after, (1 - after) / (1 - h)]);
    }
  }
  const ex = cache.find((r) => r[0] === 0.95 && r[1] === modnMoved(4, 5));
  courseExample = ex;
  check(
    modnMoved(4, 5) === 0.8 && (100 * ex[2]).toFixed(0) === "19" && ex[3].toFixed(1) === "16.2",
    "the course's cache example",
  );
  writeTsv("cache.tsv", ["hit", "moved", "hit_after", "db_multiplier"], cache);
}

// ---------------------------------------------------------------------------------------------
// README (generated, so the counts and names never drift from the data).

const listNames = (arr) => arr.map((n) => "`" + n + "`").join(", ");
const ringNames = [...rings.keys()];
const tie = hrwTie;
const small = smallCollision;
const readme = `# Golden data for the placement functions

Generated by \`scripts/gen-golden-algorithms.mjs\`, an **independent implementation** of
\`docs/algorithms.md\` (ring, preference list, rendezvous, Maglev, bounded loads, token ring,
analysis) in plain JavaScript, written from that text and not derived from the C++ core.
Agreement between the core and these files is therefore evidence that two implementations
written apart read the definitions the same way, not a tautology. The generator also checks the
tutorial's worked examples (docs/algorithms.md#tutorial-examples) and fails if a case stops
exercising what its name promises (a token collision, a rendezvous tie, a weight rounding at .5,
a capacity that depends on double rounding).

Regenerate (no arguments, no dependencies, deterministic: a diff means the data changed):

\`\`\`
node scripts/gen-golden-algorithms.mjs
\`\`\`

All \`.tsv\` files are UTF-8, tab-separated, one header line, LF line endings, a final newline.
Numbers are decimal and doubles are printed with JS \`String()\` (shortest round-trip). Names and
keys are plain UTF-8 text; all of them are well-formed UTF-16 (no lone surrogates), so decoding the
UTF-8 gives exactly the UTF-16 units that are hashed. "Course keys" are
\`"user:" + floor(rand() * 1e9)\` from mulberry32 with seed 16 (docs/algorithms.md#course-keys), always a prefix of that
one stream: \`user:631395207\`, \`user:144321889\`, … Lists inside a field are joined by \`,\`;
names never contain \`,\`, \`:\`, tabs or newlines.

## Files

| file | rows | columns |
|---|---|---|
| \`rings.tsv\` | ${counts["rings.tsv"]} | \`case\`, \`vnodes\` (V), \`servers\`: \`name:weight:zone\` entries joined by \`,\`, in list order (weight as a decimal literal parsed to the nearest double; zone may be empty) |
| \`ring_vnodes.tsv\` | ${counts["ring_vnodes.tsv"]} | \`case\`, \`server\`, \`weight\`, \`vnodes\` = max(1, round(V × w)) (rings with ≤ 20 servers) |
| \`ring_points.tsv\` | ${counts["ring_points.tsv"]} | \`case\`, \`index\` (0-based position in the sorted ring), \`token\`, \`server\`, \`i\` (the point is \`server + "#" + i\`); rings with ≤ ${SMALL_POINTS} points only |
| \`ring_collisions.tsv\` | ${counts["ring_collisions.tsv"]} | \`case\`, \`index\` (of the first point of the run), \`token\`, \`points\` (\`name#i\` of every point with that token, in ring order) — every run of equal tokens in every ring |
| \`ring_owners.tsv\` | ${counts["ring_owners.tsv"]} | \`case\`, \`key\`, \`h32\`, \`owner\` (server name). An empty \`key\` means the row gives owner(x) for the raw hash x = \`h32\` |
| \`preference.tsv\` | ${counts["preference.tsv"]} | \`case\` (a ring), \`key\` (empty = raw hash), \`h32\`, \`rf\`, \`zones\` (\`on\`/\`off\`), \`list\` (server names in preference order) |
| \`rendezvous.tsv\` | ${counts["rendezvous.tsv"]} | \`servers\` (names in list order), \`key\`, \`winner\`, \`top3\` (top-k with k = 3, fewer if the list is shorter), \`weighted_winner\`, \`weights\` (in list order) |
| \`rendezvous_ties.tsv\` | ${counts["rendezvous_ties.tsv"]} | \`key\`, \`first\`, \`second\`, \`score\`: h32(key + "\\|" + first) = h32(key + "\\|" + second) = score |
| \`maglev.tsv\` | ${counts["maglev.tsv"]} | \`case\`, \`M\`, \`backends\` (\`name:weight\` joined by \`,\`, as given — not sorted), \`counts\` (slots per backend, in the given order), \`table_h32\`, \`first64\` (backend indices of slots 0..63) |
| \`maglev_tables.tsv\` | ${counts["maglev_tables.tsv"]} | \`case\`, \`slot\`, \`backend\` — the whole table for M ≤ 251 |
| \`maglev_lookup.tsv\` | ${counts["maglev_lookup.tsv"]} | \`case\`, \`key\`, \`backend\` = table[h32(key) mod M] |
| \`bounded.tsv\` | ${counts["bounded.tsv"]} | \`case\`, \`ring\` (a case of \`rings.tsv\`), \`epsilon\`, \`keys\` (m: the first m course keys), \`capacities\`, \`loads\` (per server in list order), \`not_first\`, \`longest_walk\` |
| \`bounded_servers.tsv\` | ${counts["bounded_servers.tsv"]} | \`case\`, \`index\` (key number, 0-based), \`server\` — for m ≤ 50, and m = 1000 with ε = 0.01 |
| \`token_ring.tsv\` | ${counts["token_ring.tsv"]} | \`case\`, \`step\`, \`op\`, \`args\`, \`result\` |
| \`theory.tsv\` | ${counts["theory.tsv"]} | \`n\`, \`v\`, \`sd_over_mean\` = sqrt((N−1)/(N·V+1)), \`harmonic\` = H_N |
| \`theory_vnodes.tsv\` | ${counts["theory_vnodes.tsv"]} | \`n\`, \`c\`, \`v\` = ((N−1)/(c·c) − 1)/N, the raw double (V for a target sd/mean c) |
| \`cache.tsv\` | ${counts["cache.tsv"]} | \`hit\` (h), \`moved\` (f), \`hit_after\` = h × (1 − f), \`db_multiplier\` = (1 − hit_after) / (1 − h) |

## What each file pins

### Rings (docs/algorithms.md#ring)

Cases: ${listNames(ringNames)}.

- Points: server s gets v_s = max(1, round(V × w_s)) points \`name + "#" + i\`, i = 0 … v_s − 1.
  V × w is one double multiply, then rounded with halves up: \`weighted-halves-v2\` has
  V × w = 0.5, 1.5, 2.5 → 1, 2, 3; \`weighted-halves-v10\` has 2.5 → 3 and 0.15 × 10 = 1.5 → 2,
  0.35 × 10 = 3.5 → 4; \`weighted-double-v100\` has 0.285 × 100 = 28.499999999999996 → 28
  (decimal arithmetic would give 29) and 1.005 × 100 = 100.49999999999999 → 100. Tiny weights
  (0.01, 0.001) still get one point.
- Equal tokens keep list order (server position, then i). \`collision-small\` lists
  \`${small.b.name}\` before \`${small.a.name}\`, whose points \`${small.b.name}#${small.b.i}\` and
  \`${small.a.name}#${small.a.i}\` share token ${small.token}; \`collision-small-swapped\` lists them the
  other way round. \`collision-s156-v1290\` is the course's collision
  (S29#788 = S155#1286 = 1630001666, S29 first); \`-reversed\` lists S155 … S0, so S155 comes
  first. \`collision-s20-v28448\` has S4#28444 = S12#10 = 1003159975: S4 comes first although its
  i is larger. \`ring_collisions.tsv\` lists every run of equal tokens.
- Owners: ${"`"}ring_owners.tsv${"`"} has 50 course keys, \`user:42\` and the Bengali key per ring,
  then raw hashes: 0, 2^32 − 1 (above the largest token, so it wraps to point 0), the smallest
  and largest tokens ±1, every collision token ±1 and ten evenly spaced tokens ±1. A hash equal
  to a token is owned by that point (by the first of a run of equal tokens).

### Preference lists (docs/algorithms.md#preference-list)

Rings with zones (\`zones-s6-v20\`, \`zones-uneven-v8\`, \`zones-one-v5\`, \`names-unicode-v20\`)
with zones off and on; other rings with zones off. rf = 1 … servers + 1 (rf = 1 … 4 on
\`collision-s156-v1290\`), 30 course keys plus the raw hashes 0, 2^32 − 1 and every collision
token. With zones on, the first lap from the owner point takes only servers whose zone is not yet
represented; if the list is still short, a second lap from the same owner point appends the
remaining servers in walk order. Zones are compared as strings; zones are only used on rings
where every server has a non-empty zone.

### Rendezvous (docs/algorithms.md#rendezvous)

Server lists: S0; S0–S1; S0–S3; S0–S4; a Unicode list (Bengali, 😀, café, Ａ, S0); S0–S99; and
a tied pair as \`first,second\`, \`second,first\` and \`second,S0,first,S1\`. Each list with 40
course keys, \`user:42\`, the Bengali key and \`😀\` (the tie lists with the tie key only), under
all-one weights (then \`weighted_winner\` = \`winner\`) and mixed weights. The weighted score is
−w / ln(u) with u = score / 2^32; the generator refuses a key whose two best weighted scores are
within 10^-9 relative of each other unless they are an exact tie (same score and weight), so the
data does not depend on the last bit of a libm's \`log\`.

\`rendezvous_ties.tsv\` lists every tie h32(key + "|" + first) = h32(key + "|" + second) among the
names n0 … n199999 for the first key \`tie:0\`, \`tie:1\`, … that has one (\`first\` is the
earlier name in that search). \`rendezvous.tsv\` uses the tie with the highest score:
h32("${tie.key}|${tie.first}") = h32("${tie.key}|${tie.second}") = ${tie.score}. The first-listed of
the pair wins, and the pair comes first in top3 in list order.

### Maglev (docs/algorithms.md#maglev)

Cases: ${listNames(maglevNames)}.

- Backends are listed **as given**; every index in the files (\`counts\`, \`first64\`,
  \`maglev_tables.tsv\`, \`maglev_lookup.tsv\`) is a 0-based position in that given list. The
  algorithm itself takes them in ascending order of name compared by UTF-16 code units
  (\`m*-unicode\`: 😀 = D83D DE00 sorts before Ａ = FF21, the reverse of code point order; \`S10\`
  sorts before \`S2\`).
- offset = h32(name + "|offset") mod M, skip = h32(name + "|skip") mod (M − 1) + 1, preference
  j = (offset + j × skip) mod M. Fill as in docs/algorithms.md: passes iter = 1, 2, …; a backend is skipped
  in a pass if iter × w < target, else target += w_max, next is advanced past taken slots, the slot
  is taken and next += 1; the fill stops the moment the M-th slot is taken, mid-pass. Weights are
  positive integers in these cases.
- \`table_h32\` = h32 of the table read as a sequence of 16-bit units, unit j = backend index of
  slot j (the core's h32 over UTF-16 units computes it directly).

### Bounded loads (docs/algorithms.md#bounded-loads)

Cases \`<ring>-m<m>-e<ε>\` for rings \`uniform-s5-v10\`, \`weighted-mix-v10\`, \`zones-uneven-v8\`,
m ∈ {1000, 37, 1}, ε ∈ {0.01, 0.1, 0.25, 1}, plus \`uniform-s5-v10-m50-e0.1-double\`.
Capacity = ceil((1 + ε) × m × w_s / Σw) evaluated left to right in doubles, Σw summed left to
right in list order (uniform rings have w = 1, which is docs/algorithms.md's ceil((1 + ε) × m / n)). In the
\`-double\` case (1 + 0.1) × 50 = 55.00000000000001 and / 5 = 11.000000000000002, so the capacity is
12, not 11. Keys are placed in order, walking clockwise from the owner point to the first point
whose server's load is below its capacity. \`not_first\` counts keys not on their owner point's
server; \`longest_walk\` is the largest number of points stepped past (0 = placed on the owner point).

### Explicit-token ring (docs/algorithms.md#token-ring)

\`op\` and \`args\`: \`new\` (args = bits), \`add\` (\`id,token\`), \`remove\` (\`id\`), \`route\` (a key:
hash = h32(key) mod 2^bits), \`route_hash\` (a hash already in [0, 2^bits)), \`boundaries\` (\`id\`),
\`size\`, \`ids\` (ids in token order, joined by \`,\`). \`result\`: \`ok\`, \`error:<code>\`
(\`token_out_of_range\`, \`token_taken\`, \`already_present\`, \`not_found\`, \`empty\`), a vnode id,
\`start,end\` (start exclusive, end inclusive; equal for a single vnode), or a number for \`size\`.
Step 0 of every case is \`new\`. Cases: \`bits32-script\`, \`bits32-single\`, \`bits8-script\`,
\`bits1-script\`, \`tutorial-s2-bits8\` and \`tutorial-s5-bits10\` (the tutorial's §2/§3/§5 rings),
and \`random-bits32\`, \`random-bits8\`, \`random-bits1\` (500 ops each from mulberry32 seeds
9032, 9008, 9001). No step can raise two errors at once: \`token_taken\` means another vnode
holds the token, so adding a present id at its own token is \`already_present\`; a present id is
never added at an out-of-range token or at another vnode's token. Out-of-range tokens for bits 32
are 2^32 and up, so an API that takes them must accept more than 32 bits.

### Theory and the cache what-if (docs/algorithms.md#analysis)

\`theory.tsv\`: N ∈ {2, 10, 100} × V ∈ {1, 10, 100, 1000}; sd/mean = sqrt((N−1)/(N·V+1)),
H_N summed left to right (1 + 1/2 + … + 1/N, each term a double division).
\`cache.tsv\`: h ∈ {0, 0.5, 0.8, 0.9, 0.95, 0.99, 0.999} × f ∈ {0, 0.01, 0.1, 0.2, 0.25, 0.5,
1 − 4/20, 1 − 10/110, 1}; f = 1 − min(n,m)/lcm(n,m) is mod-N's moved fraction for 4 → 5 (= 0.8)
and 10 → 11. The course's example is the row h = 0.95, f = 0.8: hit_after ${courseExample[2]}
(19%), db_multiplier ${courseExample[3]} (16.2×).
`;

writeFile("README.md", readme);

// Remove stale files from earlier runs.
for (const f of readdirSync(outDir)) if (!written.includes(f)) rmSync(join(outDir, f));

console.log(`wrote ${written.length} files under ${relative(process.cwd(), outDir) || "."}:`);
for (const f of written) if (counts[f] !== undefined) console.log(`  ${f.padEnd(22)} ${counts[f]} rows`);
