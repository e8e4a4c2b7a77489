#!/usr/bin/env node
// Regenerates tests/golden/: the unit-level files (h32, mulberry32, the course's keys, jump) and
// the experiment cases' outputs.
//
//   node scripts/gen-golden.mjs [path/to/reference]
//
// The unit-level files come from the course's functions (scripts/lib/oracle.mjs) and need nothing outside this repository.
// The experiment outputs come from the published programs, run as oracles: with a reference
// folder (the argument, or ../shared/reference when it exists) every case is run again and its
// output and notes rewritten; without one, the committed outputs and notes are kept, checked
// against the case list, and everything else is regenerated. Nothing in the build or the tests
// reads the reference folder; they read the committed files instead.
//
// Besides writing the files, the script checks that every case really exercises what its name
// promises (a toFixed tie, a token collision, an `undefined` count, NaN), so a change of flags
// cannot silently turn an awkward case into an ordinary one. Output is deterministic: running it
// twice gives identical files.

import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { courseKey, h32, h32Units, jump, mulberry32 } from "./lib/oracle.mjs";
import { pool } from "./lib/proc.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const outDir = join(root, "tests", "golden");
const EXPERIMENTS = ["ring-vs-mod", "vnode-sweep", "hrw-jump"];

function fail(msg) {
  process.stderr.write("gen-golden: " + msg + "\n");
  process.exit(1);
}

// ---------------------------------------------------------------------------------------------
// Reference folder (optional)

if (process.argv.length > 3) fail("usage: node scripts/gen-golden.mjs [path/to/reference]");
const defaultRef = resolve(root, "..", "shared", "reference");
const refDir = process.argv[2] ? resolve(process.cwd(), process.argv[2]) : existsSync(defaultRef) ? defaultRef : null;
if (refDir !== null) {
  if (!existsSync(refDir) || !statSync(refDir).isDirectory()) {
    fail(
      `reference folder not found: ${refDir}\n` +
        "  Pass the folder holding ring-vs-mod.cjs, vnode-sweep.cjs and hrw-jump.cjs:\n" +
        "  node scripts/gen-golden.mjs path/to/reference",
    );
  }
  for (const f of ["common.cjs", ...EXPERIMENTS.map((e) => e + ".cjs")]) {
    if (!existsSync(join(refDir, f))) fail(`reference folder ${refDir} has no ${f}`);
  }
}

// ---------------------------------------------------------------------------------------------
// The course's functions (h32, mulberry32, the course's keys, jump) produce the unit-level golden
// files; they are scripts/lib/oracle.mjs, which follows the definitions (docs/algorithms.md)
// operation for operation.

// The chapter's stated values; if these fail, the functions are wrong.
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
  for (const [s, want] of facts) {
    const units = Array.from({ length: s.length }, (_, i) => s.charCodeAt(i));
    if (h32(s) !== want || h32Units(units) !== want) fail(`h32 self-check failed for ${JSON.stringify(s)}`);
  }
  const r = mulberry32(16);
  const first = [courseKey(r), courseKey(r), courseKey(r)].join(" ");
  if (first !== "user:631395207 user:144321889 user:752337801") fail("mulberry32 self-check failed: " + first);
}

// ---------------------------------------------------------------------------------------------
// Small helpers

const hex = (n, w) => n.toString(16).padStart(w, "0");
const unitsOf = (s) => Array.from({ length: s.length }, (_, i) => s.charCodeAt(i));
const tsv = (header, rows) => [header, ...rows].map((r) => r.join("\t")).join("\n") + "\n";
const written = [];
function write(rel, data) {
  const p = join(outDir, rel);
  mkdirSync(dirname(p), { recursive: true });
  writeFileSync(p, data);
  written.push(rel);
}
function assertLabel(label) {
  if (!/^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/.test(label) || label.includes("\t")) {
    fail("bad label " + JSON.stringify(label));
  }
}

// ---------------------------------------------------------------------------------------------
// Exact toFixed tie detection. x.toFixed(d) is an exact tie when x * 10^d, computed on the exact
// binary value of x, has fractional part exactly 1/2. JS then picks the larger integer; C's
// printf (round-half-even) picks the even one, so ties with an even floor are where a naive port
// prints a different digit.

function exactDouble(x) {
  // Returns [m, e] with |x| = m * 2^e exactly (m a BigInt).
  const dv = new DataView(new ArrayBuffer(8));
  dv.setFloat64(0, x);
  const hi = dv.getUint32(0),
    lo = dv.getUint32(4);
  const bexp = (hi >>> 20) & 0x7ff;
  const frac = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  if (bexp === 0) return [frac, -1074];
  return [frac | (1n << 52n), bexp - 1075];
}

function tieAt(x, d) {
  if (!Number.isFinite(x) || Math.abs(x) >= 1e21) return null;
  const [m, e] = exactDouble(x);
  if (e >= 0 || m === 0n) return null;
  const scaled = m * 10n ** BigInt(d);
  const q = 1n << BigInt(-e);
  if (2n * (scaled % q) !== q) return null;
  const floor = scaled / q;
  return { x, d, printed: x.toFixed(d), printfDiffers: floor % 2n === 0n };
}

{
  const t = tieAt(0.25, 1),
    u = tieAt(2.125, 2);
  if (!t || !t.printfDiffers || t.printed !== "0.3" || !u || u.printed !== "2.13" || tieAt(0.1, 1) || tieAt(2.675, 2)) {
    fail("toFixed tie self-check failed");
  }
}

// Preloaded into an instrumented second run of each case: records every toFixed call on stderr.
const TOFIXED_HOOK =
  'import { writeSync } from "node:fs";' +
  "const calls = [], orig = Number.prototype.toFixed;" +
  "Number.prototype.toFixed = function (d) { calls.push([String(Number(this)), Number(d)]); return orig.call(this, d); };" +
  'process.on("exit", () => writeSync(2, "@@toFixed " + JSON.stringify(calls) + "\\n"));';
// Preloaded into a third run of cases with token collisions: the same sort, but equal tokens in
// reverse insertion order. If stdout changes, the golden output pins the stable sort.
const UNSTABLE_SORT_HOOK =
  "const sort = Array.prototype.sort;" +
  "Array.prototype.sort = function (cmp) { this.reverse(); return sort.call(this, cmp); };";
const dataUrl = (code) => "data:text/javascript," + encodeURIComponent(code);

// ---------------------------------------------------------------------------------------------
// Experiment cases. Tags in the name are checked below:
//   tofixed-tie  some printed toFixed value is an exact tie      collision  servers share a token
//   undefined    a server prints `undefined`                     nan        something prints NaN
//   rounds       the seed's first step seed + 0x6D2B79F5 is not exact in doubles

const CASES = [
  // ring-vs-mod: defaults --seed 16 --keys 10000 --servers 4 --vnodes 100
  ["ring-vs-mod__default", "ring-vs-mod", ""],
  ["ring-vs-mod__parity-seed7-k5000-s9-v50", "ring-vs-mod", "--seed 7 --keys 5000 --servers 9 --vnodes 50"],
  ["ring-vs-mod__parity-k1-s1-v1", "ring-vs-mod", "--keys 1 --servers 1 --vnodes 1"],
  ["ring-vs-mod__seed-0", "ring-vs-mod", "--seed 0"],
  ["ring-vs-mod__seed-neg1", "ring-vs-mod", "--seed -1"],
  ["ring-vs-mod__seed-2147483647", "ring-vs-mod", "--seed 2147483647"],
  ["ring-vs-mod__seed-4294967295", "ring-vs-mod", "--seed 4294967295"],
  ["ring-vs-mod__seed-max-safe", "ring-vs-mod", "--seed 9007199254740991"],
  ["ring-vs-mod__seed-min-safe", "ring-vs-mod", "--seed -9007199254740991"],
  ["ring-vs-mod__seed-9007199254740990-rounds", "ring-vs-mod", "--seed 9007199254740990"],
  ["ring-vs-mod__keys-0-nan", "ring-vs-mod", "--keys 0"],
  ["ring-vs-mod__keys-2", "ring-vs-mod", "--keys 2"],
  ["ring-vs-mod__keys-200000", "ring-vs-mod", "--keys 200000 --servers 10 --vnodes 200"],
  ["ring-vs-mod__servers-1", "ring-vs-mod", "--servers 1"],
  ["ring-vs-mod__servers-100-v1", "ring-vs-mod", "--servers 100 --vnodes 1 --keys 5000"],
  ["ring-vs-mod__vnodes-1", "ring-vs-mod", "--vnodes 1"],
  ["ring-vs-mod__keys-800-tofixed-tie", "ring-vs-mod", "--keys 800"],
  ["ring-vs-mod__servers-15-tofixed-tie", "ring-vs-mod", "--servers 15"],
  ["ring-vs-mod__collision", "ring-vs-mod", "--seed 213 --keys 1000 --servers 155 --vnodes 1290"],

  // vnode-sweep: defaults --seed 16 --servers 10 --keys 100000 --vnodes 1,10,100,1000
  ["vnode-sweep__default", "vnode-sweep", ""],
  ["vnode-sweep__parity-s7-k7000-v1-2-3", "vnode-sweep", "--servers 7 --keys 7000 --vnodes 1,2,3"],
  ["vnode-sweep__parity-s50-k400-v5-500", "vnode-sweep", "--servers 50 --keys 400 --vnodes 5,500"],
  ["vnode-sweep__seed-0", "vnode-sweep", "--seed 0 --keys 20000"],
  ["vnode-sweep__seed-neg1", "vnode-sweep", "--seed -1 --keys 20000"],
  ["vnode-sweep__seed-max-safe", "vnode-sweep", "--seed 9007199254740991 --keys 20000"],
  ["vnode-sweep__keys-0-nan", "vnode-sweep", "--keys 0"],
  ["vnode-sweep__keys-1", "vnode-sweep", "--keys 1 --servers 3 --vnodes 1,10"],
  ["vnode-sweep__keys-2", "vnode-sweep", "--keys 2 --servers 2 --vnodes 1,3"],
  ["vnode-sweep__keys-200000", "vnode-sweep", "--keys 200000 --vnodes 1,100"],
  ["vnode-sweep__servers-1", "vnode-sweep", "--servers 1 --keys 1000 --vnodes 1,10"],
  ["vnode-sweep__servers-100", "vnode-sweep", "--servers 100 --keys 10000 --vnodes 1,10,100"],
  ["vnode-sweep__servers-1000", "vnode-sweep", "--servers 1000 --keys 20000 --vnodes 1,5"],
  ["vnode-sweep__keys-1000-servers-3-avg", "vnode-sweep", "--keys 1000 --servers 3"],
  ["vnode-sweep__keys-10000-servers-3-avg", "vnode-sweep", "--keys 10000 --servers 3 --vnodes 10,100"],
  ["vnode-sweep__vnodes-single", "vnode-sweep", "--vnodes 37 --keys 20000"],
  ["vnode-sweep__vnodes-repeated", "vnode-sweep", "--vnodes 5,5 --keys 20000"],
  ["vnode-sweep__keys-800-servers-100-tofixed-tie", "vnode-sweep", "--keys 800 --servers 100"],
  ["vnode-sweep__keys-8-tofixed-tie", "vnode-sweep", "--keys 8 --servers 5 --vnodes 1,2,3,4,5"],
  ["vnode-sweep__keys-1-servers-2-tofixed-tie", "vnode-sweep", "--keys 1 --servers 2 --vnodes 1,10"],
  ["vnode-sweep__collision-s20-v28448", "vnode-sweep", "--servers 20 --vnodes 28448 --keys 200000"],
  ["vnode-sweep__collision", "vnode-sweep", "--seed 65 --keys 1000 --servers 156 --vnodes 1290"],

  // hrw-jump: defaults --seed 16 --keys 10000 --servers 5 --remove 2 --buckets 10
  ["hrw-jump__default", "hrw-jump", ""],
  ["hrw-jump__parity-seed99-k2-undefined", "hrw-jump", "--seed 99 --keys 2 --servers 4 --remove 0 --buckets 1"],
  ["hrw-jump__parity-k20000-s12-b333", "hrw-jump", "--keys 20000 --servers 12 --remove 11 --buckets 333"],
  ["hrw-jump__seed-0", "hrw-jump", "--seed 0"],
  ["hrw-jump__seed-neg1", "hrw-jump", "--seed -1"],
  ["hrw-jump__seed-2147483647", "hrw-jump", "--seed 2147483647"],
  ["hrw-jump__seed-4294967295", "hrw-jump", "--seed 4294967295"],
  ["hrw-jump__seed-min-safe", "hrw-jump", "--seed -9007199254740991"],
  ["hrw-jump__seed-9007199254740990-rounds", "hrw-jump", "--seed 9007199254740990 --keys 2000"],
  ["hrw-jump__keys-0-nan-undefined", "hrw-jump", "--keys 0"],
  ["hrw-jump__keys-1-undefined", "hrw-jump", "--keys 1"],
  ["hrw-jump__keys-5-undefined", "hrw-jump", "--keys 5 --servers 8 --remove 7"],
  ["hrw-jump__keys-200000", "hrw-jump", "--keys 200000 --buckets 1000"],
  ["hrw-jump__servers-1-remove-0", "hrw-jump", "--servers 1 --remove 0"],
  ["hrw-jump__servers-100-undefined", "hrw-jump", "--servers 100 --remove 50 --keys 300"],
  ["hrw-jump__buckets-1", "hrw-jump", "--buckets 1"],
  ["hrw-jump__buckets-2147483646", "hrw-jump", "--buckets 2147483646"],
  ["hrw-jump__buckets-15-tofixed-tie", "hrw-jump", "--buckets 15"],
  ["hrw-jump__keys-800-tofixed-tie", "hrw-jump", "--keys 800 --buckets 79"],
];

// Flag validity per docs/algorithms.md#limits; golden data only covers valid flag values.
const FLAGS = {
  "ring-vs-mod": ["seed", "keys", "servers", "vnodes"],
  "vnode-sweep": ["seed", "servers", "keys", "vnodes"],
  "hrw-jump": ["seed", "keys", "servers", "remove", "buckets"],
};
const DEFAULTS = {
  "ring-vs-mod": { seed: 16, keys: 10000, servers: 4, vnodes: [100] },
  "vnode-sweep": { seed: 16, servers: 10, keys: 100000, vnodes: [1, 10, 100, 1000] },
  "hrw-jump": { seed: 16, keys: 10000, servers: 5, remove: 2, buckets: 10 },
};
const isInt = (s) => /^-?(0|[1-9][0-9]*)$/.test(s) && Number.isSafeInteger(Number(s));

function parseCase([name, exp, flags]) {
  if (!/^[a-z0-9][a-z0-9._-]*$/.test(name) || !name.startsWith(exp + "__")) fail(`bad case name ${name}`);
  if (!FLAGS[exp]) fail(`${name}: unknown experiment ${exp}`);
  const argv = flags === "" ? [] : flags.split(" ");
  const p = { ...DEFAULTS[exp] };
  if (argv.length % 2) fail(`${name}: flags must come in --name value pairs`);
  for (let i = 0; i < argv.length; i += 2) {
    const k = argv[i].replace(/^--/, ""),
      v = argv[i + 1];
    if (!argv[i].startsWith("--") || !FLAGS[exp].includes(k)) fail(`${name}: unknown flag ${argv[i]}`);
    if (k === "vnodes") {
      const vs = v.split(",");
      if ((exp === "ring-vs-mod" && vs.length !== 1) || !vs.every(isInt)) fail(`${name}: bad --vnodes ${v}`);
      p.vnodes = vs.map(Number);
    } else {
      if (!isInt(v)) fail(`${name}: --${k} ${v} is not an integer`);
      p[k] = Number(v);
    }
  }
  const bad = (why) => fail(`${name}: invalid flags (${why})`);
  if (p.servers < 1) bad("servers >= 1");
  if (p.keys < 0) bad("keys >= 0");
  if (p.vnodes && p.vnodes.some((v) => v < 1)) bad("vnodes >= 1");
  if (exp === "hrw-jump" && !(p.remove >= 0 && p.remove < p.servers)) bad("0 <= remove < servers");
  if (exp === "hrw-jump" && !(p.buckets >= 1 && p.buckets + 1 <= 2147483647)) bad("1 <= buckets <= 2^31-2");
  return { name, exp, flags, argv, p };
}

const cases = CASES.map(parseCase);
{
  const seen = new Set();
  for (const c of cases) {
    if (seen.has(c.name)) fail("duplicate case " + c.name);
    seen.add(c.name);
  }
  for (const exp of EXPERIMENTS) {
    if (!cases.some((c) => c.exp === exp && c.flags === "")) fail(`no default case for ${exp}`);
  }
}

// Cross-server token collisions in the rings an experiment builds ("S" + s + "#" + i).
function collisions(c) {
  const rings =
    c.exp === "ring-vs-mod"
      ? [[c.p.servers + 1, c.p.vnodes[0]]]
      : c.exp === "vnode-sweep"
        ? [...new Set(c.p.vnodes)].map((v) => [c.p.servers, v])
        : [];
  const found = [];
  for (const [n, v] of rings) {
    const first = new Map();
    for (let s = 0; s < n; s++) {
      for (let i = 0; i < v; i++) {
        const t = h32("S" + s + "#" + i),
          prev = first.get(t);
        if (prev === undefined) first.set(t, [s, i]);
        else if (prev[0] !== s)
          found.push({ servers: n, vnodes: v, token: t, a: `S${prev[0]}#${prev[1]}`, b: `S${s}#${i}` });
      }
    }
  }
  return found;
}

// ---------------------------------------------------------------------------------------------
// Running the reference

function run(args) {
  return new Promise((resolveRun, reject) => {
    const t0 = process.hrtime.bigint();
    const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "pipe"] });
    const out = [],
      err = [];
    child.stdout.on("data", (b) => out.push(b));
    child.stderr.on("data", (b) => err.push(b));
    child.on("error", reject);
    child.on("close", (code, signal) =>
      resolveRun({
        code,
        signal,
        stdout: Buffer.concat(out),
        stderr: Buffer.concat(err).toString("utf8"),
        ms: Number(process.hrtime.bigint() - t0) / 1e6,
      }),
    );
  });
}

async function analyse(c) {
  const script = join(refDir, c.exp + ".cjs");
  const plain = await run([script, ...c.argv]);
  if (plain.code !== 0 || plain.stderr !== "") {
    fail(`${c.name}: reference exited with ${plain.code ?? plain.signal}\n${plain.stderr}`);
  }
  const inst = await run(["--import", dataUrl(TOFIXED_HOOK), script, ...c.argv]);
  const m = /^@@toFixed (.*)$/m.exec(inst.stderr);
  if (inst.code !== 0 || !m || !inst.stdout.equals(plain.stdout)) fail(`${c.name}: instrumented run disagrees`);
  const ties = [];
  for (const [xs, d] of JSON.parse(m[1])) {
    const t = tieAt(Number(xs), d);
    if (t && !ties.some((u) => Object.is(u.x, t.x) && u.d === t.d)) ties.push(t);
  }
  const cols = collisions(c);
  let stableSortMatters = false;
  if (cols.length) {
    const uns = await run(["--import", dataUrl(UNSTABLE_SORT_HOOK), script, ...c.argv]);
    if (uns.code !== 0) fail(`${c.name}: reverse-tie run failed`);
    stableSortMatters = !uns.stdout.equals(plain.stdout);
  }
  const text = plain.stdout.toString("utf8");
  return {
    ...c,
    stdout: plain.stdout,
    ms: plain.ms,
    ties,
    collisions: cols,
    stableSortMatters,
    undefinedCount: /=undefined\b/.test(text),
    nan: /NaN/.test(text),
  };
}

// Without a reference folder: the committed outputs and notes, checked against the case list.
function committed() {
  const rows = (f) => {
    const p = join(outDir, "experiments", f);
    if (!existsSync(p)) fail(`no reference folder and no committed ${relative(root, p)}: pass the reference folder`);
    return readFileSync(p, "utf8")
      .split("\n")
      .slice(1, -1)
      .map((l) => l.split("\t"));
  };
  const listed = rows("cases.tsv");
  const noted = new Map(rows("notes.tsv").map(([name, note]) => [name, note ?? ""]));
  if (
    listed.length !== cases.length ||
    listed.some(([n, e, f], i) => n !== cases[i].name || e !== cases[i].exp || (f ?? "") !== cases[i].flags)
  ) {
    fail("the case list changed: pass the reference folder to run the new cases");
  }
  return cases.map((c) => {
    const txt = join(outDir, "experiments", c.name + ".txt");
    if (!existsSync(txt) || !noted.has(c.name)) fail(`${c.name}: no committed output: pass the reference folder`);
    return { ...c, stdout: readFileSync(txt), note: noted.get(c.name) };
  });
}

const results =
  refDir === null ? committed() : await pool(cases, Math.max(1, Math.min(8, availableParallelism() - 1)), analyse);

const seedRounds = (seed) => ((seed + 0x6d2b79f5) | 0) !== Number(BigInt.asIntN(32, BigInt(seed) + 0x6d2b79f5n));

// Every tag in a name must be backed by what the run shows.
for (const r of refDir === null ? [] : results) {
  const tags = r.name.split("__")[1];
  if (/rounds/.test(tags) !== seedRounds(r.p.seed)) fail(`${r.name}: tag "rounds" does not match the seed`);
  if (/tofixed-tie/.test(tags) && r.ties.length === 0) fail(`${r.name}: no toFixed tie`);
  if (/collision/.test(tags) && r.collisions.length === 0) fail(`${r.name}: no token collision`);
  if (/undefined/.test(tags) && !r.undefinedCount) fail(`${r.name}: no undefined count`);
  if (/nan/.test(tags) && !r.nan) fail(`${r.name}: no NaN`);
}

// ---------------------------------------------------------------------------------------------
// 1. experiments

const expDir = join(outDir, "experiments");
mkdirSync(expDir, { recursive: true });
const keep = new Set(results.map((r) => r.name + ".txt"));
for (const f of readdirSync(expDir)) {
  if (f.endsWith(".txt") && !keep.has(f)) rmSync(join(expDir, f));
}
write(
  "experiments/cases.tsv",
  tsv(
    ["name", "experiment", "flags"],
    results.map((r) => [r.name, r.exp, r.flags]),
  ),
);
for (const r of results) write(`experiments/${r.name}.txt`, r.stdout);
write(
  "experiments/notes.tsv",
  tsv(
    ["name", "notes"],
    results.map((r) => [r.name, noteOf(r)]),
  ),
);

// ---------------------------------------------------------------------------------------------
// 2. h32 over UTF-16 units, and over bytes

// Deterministic generators for the random rows (mulberry32 with fixed seeds).
const below = (rng, n) => rng.next() % n; // n <= 2^32; the bias is irrelevant here

function randomUtf16(rng, len, mode) {
  const ranges = [
    [0x20, 0x7e],
    [0x00, 0x1f],
    [0x7f, 0xff],
    [0x100, 0x7ff],
    [0x800, 0xd7ff],
    [0xd800, 0xdbff],
    [0xdc00, 0xdfff],
    null,
    [0xe000, 0xffff],
  ];
  const out = [];
  while (out.length < len) {
    const r = ranges[mode === "mixed" ? below(rng, ranges.length) : mode];
    if (r === null) {
      // a well-formed surrogate pair (a supplementary-plane character)
      const cp = 0x10000 + below(rng, 0x100000);
      out.push(0xd800 + ((cp - 0x10000) >> 10), 0xdc00 + ((cp - 0x10000) & 0x3ff));
    } else {
      out.push(r[0] + below(rng, r[1] - r[0] + 1));
    }
  }
  return out.slice(0, len);
}

const h32Rows = [];
function addString(label, s) {
  assertLabel(label);
  h32Rows.push([
    label,
    unitsOf(s)
      .map((u) => hex(u, 4))
      .join(" "),
    String(h32(s)),
  ]);
}
addString("empty", "");
addString("a", "a");
addString("user:42", "user:42");
addString("S0#0", "S0#0");
addString("S9#999", "S9#999");
addString("user:42|S2", "user:42|S2");
addString("bengali user:42", "ব্যবহারকারী:৪২");
addString("lone high + x", "\uD800x");
addString("emoji grinning face", "😀");
addString("emoji pair reversed", "\uDE00\uD83D");
addString("lone high D800", "\uD800");
addString("lone high DBFF", "\uDBFF");
addString("lone low DC00", "\uDC00");
addString("lone low DFFF", "\uDFFF");
addString("high high", "\uD800\uDBFF");
addString("low low", "\uDC00\uDFFF");
addString("low then high", "\uDC00\uD800");
addString("x + lone low", "x\uDC00");
addString("U+FFFF", "\uFFFF");
addString("U+FFFE", "\uFFFE");
addString("U+0000", "\u0000");
addString("U+0000 x3", "\u0000\u0000\u0000");
addString("U+0080", "\u0080");
addString("e acute", "é");
addString("y diaeresis", "ÿ");
addString("cafe", "café");
addString("latin-1 80..ff", String.fromCharCode(...Array.from({ length: 128 }, (_, i) => 0x80 + i)));
addString("ascii 20..7e", String.fromCharCode(...Array.from({ length: 95 }, (_, i) => 0x20 + i)));
addString("U+0100", "\u0100");
addString("U+07FF", "\u07ff");
addString("U+0800", "\u0800");
addString("a x1000", "a".repeat(1000));
{
  const rng = mulberry32(1000);
  addString("random mixed x1000", String.fromCharCode(...randomUtf16(rng, 1000, "mixed")));
}
{
  const rng = mulberry32(20160);
  for (let i = 0; i < 200; i++) {
    const mode = i % 4 === 0 ? below(rng, 9) : "mixed";
    const len = 1 + below(rng, i % 10 === 0 ? 200 : 24);
    const units = randomUtf16(rng, len, mode);
    addString("random " + String(i).padStart(3, "0"), String.fromCharCode(...units));
  }
}
write("h32.tsv", tsv(["label", "units", "h32"], h32Rows));

const byteRows = [];
function addBytes(label, bytes) {
  assertLabel(label);
  byteRows.push([label, Array.from(bytes, (b) => hex(b, 2)).join(" "), String(h32Units(bytes))]);
}
const latin1Bytes = (s) => Uint8Array.from(unitsOf(s));
addBytes("empty", new Uint8Array(0));
addBytes("a", latin1Bytes("a"));
addBytes("user:42", latin1Bytes("user:42"));
addBytes("S0#0", latin1Bytes("S0#0"));
addBytes(
  "ascii 20..7e",
  Uint8Array.from({ length: 95 }, (_, i) => 0x20 + i),
);
addBytes("00", Uint8Array.of(0x00));
addBytes("7f", Uint8Array.of(0x7f));
addBytes("80", Uint8Array.of(0x80));
addBytes("ff", Uint8Array.of(0xff));
addBytes("e9 (latin-1 e acute)", Uint8Array.of(0xe9));
addBytes("utf-8 e acute", new TextEncoder().encode("é"));
addBytes(
  "bytes 80..ff",
  Uint8Array.from({ length: 128 }, (_, i) => 0x80 + i),
);
addBytes(
  "bytes 00..ff",
  Uint8Array.from({ length: 256 }, (_, i) => i),
);
addBytes("utf-8 bengali user:42", new TextEncoder().encode("ব্যবহারকারী:৪২"));
addBytes("utf-8 emoji grinning face", new TextEncoder().encode("😀"));
{
  const rng = mulberry32(8);
  for (let i = 0; i < 50; i++) {
    const len = below(rng, i % 10 === 9 ? 300 : 40);
    addBytes(
      "random " + String(i).padStart(2, "0"),
      Uint8Array.from({ length: len }, () => below(rng, 256)),
    );
  }
}
write("h32_bytes.tsv", tsv(["label", "bytes", "h32"], byteRows));
{
  // The point of the bytes file: same text, different units, different hash (by design).
  const bn = "ব্যবহারকারী:৪২";
  if (h32Units(new TextEncoder().encode(bn)) === h32(bn)) fail("UTF-8 and UTF-16 h32 of the Bengali key agree");
  if (h32Units(Uint8Array.of(0xe9)) !== h32("é")) fail("Latin-1 byte and UTF-16 unit disagree");
}

// ---------------------------------------------------------------------------------------------
// 3. mulberry32 and 4. the course's keys

const SEEDS_PRNG = [
  16, 0, -1, 1, 2147483647, 4294967295, -2147483648, 9007199254740991, -9007199254740991, 12345, 9007199254740990,
];
const prngRows = [];
for (const seed of SEEDS_PRNG) {
  const rng = mulberry32(seed);
  for (let i = 0; i < 20; i++) {
    const u = rng.next();
    prngRows.push([String(seed), String(i), String(u), String(u / 4294967296)]);
  }
}
write("mulberry32.tsv", tsv(["seed", "index", "uint32", "rand"], prngRows));

const SEEDS_KEYS = [16, 0, -1, 2147483647, 4294967295, 7, 9007199254740991, -9007199254740991, 9007199254740990];
const keyRows = [];
for (const seed of SEEDS_KEYS) {
  const rng = mulberry32(seed);
  for (let i = 0; i < 25; i++) keyRows.push([String(seed), String(i), courseKey(rng)]);
}
write("keys.tsv", tsv(["seed", "index", "key"], keyRows));

// ---------------------------------------------------------------------------------------------
// 5. jump

const jumpRows = [];
{
  const rng = mulberry32(2014);
  const u64 = () => (BigInt(rng.next()) << 32n) | BigInt(rng.next());
  const keys = [0n, 1n, (1n << 64n) - 1n, 1n << 63n, BigInt(h32("user:42"))];
  for (let i = 0; i < 300; i++) keys.push(u64());
  const FIXED_N = [1, 2, 3, 10, 1000, 65536, 2147483647];
  for (const key of keys) {
    const ns = [...FIXED_N];
    ns.push(1 + below(rng, 2147483647)); // uniform in 1 .. 2^31-1
    const bits = 1 + below(rng, 31); // log-uniform: 1 .. 2^bits-1
    ns.push(1 + below(rng, 2 ** bits - 1));
    ns.push(1 + below(rng, 100));
    for (const n of ns) jumpRows.push([key.toString(), String(n), String(jump(key, n))]);
  }
}
write("jump.tsv", tsv(["key", "buckets", "bucket"], jumpRows));

// ---------------------------------------------------------------------------------------------
// 5b. Math.log, Math.log2 and Math.exp (js_math.hpp computes them in plain double arithmetic)

const MATH = { log: Math.log, log2: Math.log2, exp: Math.exp };
const f64 = new DataView(new ArrayBuffer(8));
const bitsHex = (x) => {
  f64.setFloat64(0, Number.isNaN(x) ? NaN : x);
  return hex(f64.getUint32(0), 8) + hex(f64.getUint32(4), 8);
};
const fromWords = (hi, lo) => {
  f64.setUint32(0, hi >>> 0);
  f64.setUint32(4, lo >>> 0);
  return f64.getFloat64(0);
};
// A sweep's inputs: mulberry32(seed), three draws (a, b, c) an input.
const SWEEP_INPUT = {
  // A weighted rendezvous score over 2^32 (0 is scored apart).
  unit: (a) => (a || 1) / 4294967296,
  // A whole number 1 … 1,000,000: a Zipf rank, a count.
  whole: (a) => (a % 1000000) + 1,
  // Any finite positive double, subnormals included: exponent field c mod 2047, mantissa a:b.
  positive: (a, b, c) => fromWords(((c % 2047) << 20) | (a & 0xfffff), b),
  // Within 2^-18 of 1, on either side.
  "near-one": (a, b, c) => fromWords(a & 1 ? 0x3ff00000 + (c & 3) : 0x3fefffff - (c & 3), b),
  // ±2^-63 … ±2^10 (exp's whole range, and beyond it both ways).
  signed: (a, b, c) => fromWords(((c & 1) << 31) | ((0x3c0 + ((c >>> 1) % 74)) << 20) | (a & 0xfffff), b),
};
const SWEEPS = [
  ["log", "unit"],
  ["log", "whole"],
  ["log", "positive"],
  ["log", "near-one"],
  ["log2", "unit"],
  ["log2", "whole"],
  ["log2", "positive"],
  ["log2", "near-one"],
  ["exp", "signed"],
];
const SWEEP_SEED = 20261206;
const SWEEP_COUNT = 100000;
const mathRows = [];
const sweepRows = [];
for (const [fn, kind] of SWEEPS) {
  const rng = mulberry32(SWEEP_SEED);
  let h = 0x811c9dc5;
  for (let i = 0; i < SWEEP_COUNT; i++) {
    const x = SWEEP_INPUT[kind](rng.next(), rng.next(), rng.next());
    const r = bitsHex(MATH[fn](x));
    // FNV-1a over the result's 8 bytes, least significant first.
    for (let j = 14; j >= 0; j -= 2) h = Math.imul(h ^ parseInt(r.slice(j, j + 2), 16), 0x01000193) >>> 0;
    if (i < 40) mathRows.push([fn, bitsHex(x), r]);
  }
  sweepRows.push([fn, kind, String(SWEEP_SEED), String(SWEEP_COUNT), hex(h, 8)]);
}
const MATH_SPECIAL = [0, -0, 1, -1, 2, 0.5, 10, 0.1, Math.E, 1e6, 5e-324, 2.2250738585072014e-308, Number.MAX_VALUE];
for (const fn of Object.keys(MATH)) {
  for (const x of [...MATH_SPECIAL, Infinity, -Infinity, NaN, 709.782712893384, -745.1332191019411, 1e-300, -1e-300]) {
    mathRows.push([fn, bitsHex(x), bitsHex(MATH[fn](x))]);
  }
}
write("math.tsv", tsv(["function", "x", "result"], mathRows));
write("math_sweeps.tsv", tsv(["function", "inputs", "seed", "count", "fnv1a32"], sweepRows));

// ---------------------------------------------------------------------------------------------
// 6. README (generated, so the case notes never drift from the data)

const md = (s) => s.replace(/\|/g, "\\|");
// A case's notes: computed from the oracle's run, or as committed.
function noteOf(r) {
  return r.note ?? notes(r);
}
function notes(r) {
  const n = [];
  for (const t of r.ties) {
    n.push(`toFixed tie: (${t.x}).toFixed(${t.d}) = "${t.printed}"${t.printfDiffers ? " (printf rounds down)" : ""}`);
  }
  if (r.collisions.length) {
    const c = r.collisions[0];
    n.push(
      `${r.collisions.length} token collision(s), e.g. ${c.a} = ${c.b} = ${c.token}` +
        (r.stableSortMatters ? "; output depends on the stable sort" : ""),
    );
  }
  if (r.undefinedCount) n.push("`undefined` count");
  if (r.nan) n.push("NaN");
  if (seedRounds(r.p.seed)) n.push("seed + 0x6D2B79F5 rounds");
  return n.join("; ");
}
const caseTable = results.map((r) => `| \`${r.name}\` | \`${md(r.flags || "(none)")}\` | ${md(noteOf(r))} |`);
const readme = `# Golden data

Generated by \`scripts/gen-golden.mjs\`. The unit-level files come from the script's own
functions, written from the definitions in \`docs/algorithms.md\`. The experiment outputs come
from the course's three published programs (parameterized), run as **oracles only**: they are
run to produce these files, which are committed. Builds and tests read these files and never
the reference programs.

Regenerate (output is deterministic; a diff means the data changed):

\`\`\`
node scripts/gen-golden.mjs [path/to/reference]
\`\`\`

The path defaults to \`../shared/reference\` next to the repository when it exists. Without a
reference folder the committed experiment outputs and notes are kept (and checked against the
case list) and the rest is regenerated, so the script runs from a clone alone. All \`.tsv\` files are
tab-separated, one header line, LF line endings, numbers in decimal unless stated.

## Files

| file | rows | columns |
|---|---|---|
| \`experiments/cases.tsv\` | ${results.length} | \`name\`, \`experiment\`, \`flags\` (space-separated, empty = the published defaults) |
| \`experiments/notes.tsv\` | ${results.length} | \`name\`, \`notes\` (what the case exercises, as the table below) |
| \`experiments/<name>.txt\` | ${results.length} files | exact stdout bytes of \`node <reference>/<experiment>.cjs <flags>\` |
| \`h32.tsv\` | ${h32Rows.length} | \`label\` (a description, not the input), \`units\` (the string's UTF-16 code units, 4-digit lowercase hex, space-separated; empty for the empty string), \`h32\` |
| \`h32_bytes.tsv\` | ${byteRows.length} | \`label\`, \`bytes\` (2-digit lowercase hex, space-separated; empty for no bytes), \`h32\` with each byte as one unit |
| \`mulberry32.tsv\` | ${prngRows.length} | \`seed\`, \`index\` (0-based call number), \`uint32\` (next() before dividing by 2^32), \`rand\` (that value / 2^32, printed with JS \`String()\`) |
| \`keys.tsv\` | ${keyRows.length} | \`seed\`, \`index\`, \`key\` (\`"user:" + Math.floor(rand() * 1e9)\`) |
| \`jump.tsv\` | ${jumpRows.length} | \`key\` (uint64, decimal), \`buckets\` (n, 1 .. 2^31-1), \`bucket\` |
| \`math.tsv\` | ${mathRows.length} | \`function\` (\`log\`, \`log2\`, \`exp\`: JavaScript's Math functions), \`x\` and \`result\` (the doubles' bits, 16 hex digits; NaN as 7ff8000000000000) |
| \`math_sweeps.tsv\` | ${sweepRows.length} | \`function\`, \`inputs\` (a kind of input, drawn as \`gen-golden.mjs\` says), \`seed\`, \`count\`, \`fnv1a32\` (FNV-1a over every result's 8 bytes, least significant first) |

Notes:

- \`h32.tsv\` covers the published facts (\`""\`, \`"a"\`, \`"user:42"\`, \`"S0#0"\`, the Bengali key,
  \`"\\uD800x"\`, \`"😀"\`), lone and reversed surrogates, U+0000, U+FFFF, Latin-1, a 1000-unit
  string, and 200 pseudo-random strings drawn from every UTF-16 range (mulberry32, fixed seed).
- \`h32_bytes.tsv\` hashes raw bytes. It agrees with \`h32.tsv\` on ASCII/Latin-1 and differs on
  anything else: the UTF-8 bytes of the Bengali key do not hash like its UTF-16 units.
- \`mulberry32.tsv\` and \`keys.tsv\` include seeds beyond int32, up to ±(2^53 − 1). The published
  first step is a double addition \`seed + 0x6D2B79F5\` *before* ToInt32. It is exact for
  ±9007199254740991 (they behave like −1 and 1) but rounds for 9007199254740990 (the sum is odd
  and above 2^53), so a port must reproduce the double addition, not add modulo 2^32.
- \`math.tsv\` and \`math_sweeps.tsv\` hold \`cpp/include/ringlab/js_math.hpp\` to Node's \`Math.log\`,
  \`Math.log2\` and \`Math.exp\` bit for bit: special values, the first 40 inputs of each sweep, and
  a checksum of each sweep's 100,000 answers.
- \`jump.tsv\` has keys 0, 1, 2^64 − 1, 2^63, h32("user:42") and 300 pseudo-random keys, each with
  n = 1, 2, 3, 10, 1000, 65536, 2^31 − 1 and three pseudo-random n.

## Experiment cases

The case name's suffix says what it exercises; the generator fails if a case stops doing so
(\`tofixed-tie\`: some printed toFixed value is an exact tie of the binary value, which JS rounds
up; \`collision\`: two servers' virtual nodes share a token; \`undefined\`: a server with no key
prints \`undefined\`; \`nan\`: keys = 0 divides by zero; \`rounds\`: the seed's first step
\`seed + 0x6D2B79F5\` rounds in doubles). The notes are computed by the generator.
"printf rounds down" marks ties where round-half-even (C's printf) prints a different digit;
"output depends on the stable sort" means reordering equal tokens changes the printed text.

| name | flags | notes |
|---|---|---|
${caseTable.join("\n")}
`;
write("README.md", readme);

// ---------------------------------------------------------------------------------------------
// Summary on stdout (not written anywhere, so the files stay deterministic).

console.log(refDir === null ? "reference: none (experiment outputs kept as committed)" : `reference: ${refDir}`);
for (const r of refDir === null ? [] : results) {
  const slow = r.ms > 3000 ? "  SLOW" : "";
  console.log(`${r.name.padEnd(48)} ${String(Math.round(r.ms)).padStart(5)} ms${slow}  ${notes(r)}`);
}
console.log(
  `wrote ${written.length} files under ${relative(process.cwd(), outDir) || "."}: ` +
    `${results.length} cases, h32 ${h32Rows.length}, h32_bytes ${byteRows.length}, ` +
    `mulberry32 ${prngRows.length}, keys ${keyRows.length}, jump ${jumpRows.length}`,
);
