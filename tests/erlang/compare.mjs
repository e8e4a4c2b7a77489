#!/usr/bin/env node
// ringlab's phash2, term reader and Malachi ring against the real erl (OTP 25).
//
//   node tests/erlang/compare.mjs [--count 20000] [--rings 300] [--seed S] [--check PATH]
//
// Makes --count random terms of every kind (tests/erlang/terms.mjs) as Erlang text, plus text
// erl rejects (a fixed list and random damage to good text), and runs all of it through
// ringlab_erlang_check and through erl, each in one process. Required, or the run fails:
//   - every term erl reads, ringlab reads, with the same phash2/1 and phash2/2 for every range;
//   - ringlab's own writing of each term reads back in erl as the same term (=:=), and in
//     ringlab (Erlang and Elixir syntax) as the same term;
//   - every text erl rejects, ringlab rejects;
//   - on --rings random Malachi rings, every key routes to the vnode erl's linear search picks.
// Text erl reads and ringlab refuses is listed (the forms refused on purpose are expected).
// Without --seed the seed is new each run and printed, so a failure can be replayed.
import { checkerPath, requireErl, runChecker, runErl } from "./erl.mjs";
import { INVALID, KINDS, REFUSED_ON_PURPOSE, makeRandom, termText } from "./terms.mjs";

const args = process.argv.slice(2);
function option(name, fallback) {
  const i = args.indexOf(name);
  if (i < 0) return fallback;
  if (i + 1 >= args.length) throw new Error(`${name} needs a value`);
  return args[i + 1];
}

const count = Number(option("--count", "20000"));
const rings = Number(option("--rings", "300"));
const seed = Number(option("--seed", String((Date.now() ^ (process.pid << 16)) >>> 0)));
const checker = checkerPath(option("--check", undefined));
const otp = requireErl();
console.log(`erl OTP ${otp}; ringlab ${checker}; seed ${seed} (replay: --seed ${seed})`);
if (otp !== "25") console.log(`note: the reference is OTP 25; this erl is OTP ${otp}`);

const r = makeRandom(seed);
const FIXED_RANGES = [1, 2, 3, 7, 65536, 2 ** 27, 2 ** 32 - 1, 2 ** 32];

// --- jobs ---------------------------------------------------------------------------------------
const jobs = []; // { kind, text, expect: "ok" | "error" | "refused" | "either" }
const kinds = Object.keys(KINDS);
const perKind = Math.ceil(count / kinds.length);
for (const kind of kinds) for (let i = 0; i < perKind; i++) jobs.push({ kind, text: KINDS[kind](r), expect: "ok" });
for (const text of INVALID) jobs.push({ kind: "invalid (listed)", text, expect: "error" });
for (const text of REFUSED_ON_PURPOSE) jobs.push({ kind: "refused on purpose", text, expect: "refused" });
// Damaged text: one to three random edits of a good text. erl decides what it is.
const POOL = Array.from("{}[]|,#<>:/-+.$'\"\\ 0a_=eE");
for (let i = 0; i < Math.max(200, Math.floor(count / 10)); i++) {
  let cps = Array.from(termText(r, 0));
  if (cps.length > 300) cps = cps.slice(0, 300);
  for (let e = r.range(1, 3); e > 0; e--) {
    const at = r.int(cps.length + 1);
    const k = r.int(3);
    if (k === 0 && cps.length > 0) cps.splice(Math.min(at, cps.length - 1), 1);
    else if (k === 1) cps.splice(at, 0, r.pick(POOL));
    else if (cps.length > 0) cps[Math.min(at, cps.length - 1)] = r.pick(POOL);
  }
  jobs.push({ kind: "damaged", text: cps.join(""), expect: "either" });
}
for (const j of jobs) j.ranges = [...FIXED_RANGES, r.range(1, 2 ** 32)];

// --- run both -----------------------------------------------------------------------------------
let t0 = Date.now();
const ours = runChecker(
  checker,
  "hash",
  jobs.map((j) => `${j.ranges.join(",")}\t${j.text}`),
);
const oursMs = Date.now() - t0;
const erlJobs = jobs.map((j, i) => {
  const a = ours[i].split("\t");
  return `${j.ranges.join(",")}\t${j.text}` + (a[0] === "ok" ? `\t${a[3]}` : "");
});
t0 = Date.now();
const theirs = runErl("hash", erlJobs);
const erlMs = Date.now() - t0;

// --- compare ------------------------------------------------------------------------------------
const failures = [];
const refused = [];
const stats = new Map(); // kind -> { n, agree }
function fail(job, why, ourLine, erlLine) {
  failures.push(
    `${job.kind}: ${why}\n    text:    ${job.text.slice(0, 300)}\n    ringlab: ${ourLine.slice(0, 300)}\n    erl:     ${erlLine.slice(0, 300)}`,
  );
}
jobs.forEach((job, i) => {
  const o = ours[i].split("\t");
  const e = theirs[i].split("\t");
  const s = stats.get(job.kind) ?? { n: 0, agree: 0, erlOk: 0 };
  stats.set(job.kind, s);
  s.n++;
  if (o[0] === "roundtrip") return fail(job, `ringlab's ${o[1]} text does not read back: ${o[2]}`, ours[i], theirs[i]);
  if (e[0] === "ok") s.erlOk++;
  if (e[0] === "error") {
    if (o[0] !== "error") return fail(job, "erl rejects this text, ringlab reads it", ours[i], theirs[i]);
    s.agree++;
    return;
  }
  if (o[0] !== "ok") {
    refused.push({ job, ours: ours[i] });
    if (job.expect === "refused") s.agree++;
    else if (job.expect === "ok") fail(job, "erl reads this term, ringlab refuses it", ours[i], theirs[i]);
    return;
  }
  if (job.expect === "refused") return fail(job, "meant to be refused, but ringlab read it", ours[i], theirs[i]);
  if (o[1] !== e[1]) return fail(job, "phash2/1 differs", ours[i], theirs[i]);
  if (o[2] !== e[2]) return fail(job, "phash2/2 differs", ours[i], theirs[i]);
  if (e[3] !== "same") return fail(job, `erl reads ringlab's writing of the term as ${e[3]}`, ours[i], theirs[i]);
  s.agree++;
});

console.log(`\n${jobs.length} texts: ringlab ${oursMs} ms, erl ${erlMs} ms`);
console.log("kind                   texts  agree  erl reads");
for (const [kind, s] of stats)
  console.log(
    `${kind.padEnd(22)} ${String(s.n).padStart(6)} ${String(s.agree).padStart(6)} ${String(s.erlOk).padStart(10)}`,
  );
const unexpected = refused.filter((x) => x.job.expect !== "refused");
console.log(`read by erl, refused by ringlab: ${refused.length} (${refused.length - unexpected.length} on purpose)`);
for (const x of unexpected.slice(0, 10))
  console.log(`    ${x.job.kind}: ${x.job.text.slice(0, 120)}  ->  ${x.ours.slice(0, 160)}`);

// --- Malachi rings ------------------------------------------------------------------------------
function vnodeId(i) {
  const k = r.int(8);
  if (k === 0) return `{vnode, ${i}}`;
  if (k === 1) return `<<"vnode-${i}">>`;
  if (k === 2) return String(i);
  if (k === 3) return `'node-${i}@host'`;
  if (k === 4) return `{<<"n">>, ${i}, 1.5}`;
  if (k === 5) return `[${i}, a]`;
  if (k === 6) return `#{id => ${i}}`;
  return `{range, ${i}, "${i}"}`;
}
const ringJobs = [];
for (let i = 0; i < rings; i++) {
  const bits = r.chance(0.5) ? 32 : r.range(1, 32);
  const n = Math.min(r.range(1, 48), 2 ** bits);
  const tokens = new Set();
  while (tokens.size < n) tokens.add(r.int(2 ** bits));
  const vnodes = [...tokens].map((t, k) => `{${vnodeId(k)}, ${t}}`);
  const keys = [];
  for (let k = 0; k < 40; k++) keys.push(termText(r, 1));
  ringJobs.push(`${bits}\t[${vnodes.join(", ")}]\t[${keys.join(", ")}]`);
}
const ourOwners = runChecker(checker, "malachi", ringJobs);
const erlOwners = runErl("malachi", ringJobs);
let routed = 0;
ringJobs.forEach((job, i) => {
  if (ourOwners[i] !== erlOwners[i])
    failures.push(
      `malachi ring ${i}: owners differ\n    ring:    ${job.slice(0, 300)}\n    ringlab: ${ourOwners[i]}\n    erl:     ${erlOwners[i]}`,
    );
  else routed += ourOwners[i].split("\t")[1].split(",").length;
});
console.log(`malachi: ${rings} rings, ${routed} keys routed as erl routes them`);

if (failures.length > 0) {
  console.log(`\n${failures.length} failures:`);
  for (const f of failures.slice(0, 20)) console.log(f);
  process.exit(1);
}
console.log("0 differences");
