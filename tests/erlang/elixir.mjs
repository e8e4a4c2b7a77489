#!/usr/bin/env node
// ringlab's Elixir term text against the real Elixir (1.14 on OTP 25, Debian's elixir):
//
//   node tests/erlang/elixir.mjs [--count 6000] [--typed 2000] [--damaged 1500] [--seed S] [--check PATH]
//
// Every text goes through ringlab_erlang_check (mode elixir) and through Elixir
// (tests/erlang/elixir_oracle.exs), each in one process:
//   - --count random terms of every kind tests/erlang/terms.mjs makes, written as Elixir text by
//     ringlab (format_term): Elixir must read each as ringlab reads it (the same phash2 over
//     2^32), so ringlab's writer writes what Elixir reads and its reader reads what it writes;
//   - FORMS (tests/erlang/elixir_terms.mjs), Elixir text as users type it: each read by both
//     alike, or refused by ringlab with a named error (REFUSED_ON_PURPOSE, printed);
//   - --typed random Elixir texts written as users write them (elixir_terms.mjs), MALFORMED, and
//     --damaged random edits of ringlab's texts: whatever Elixir refuses, ringlab refuses too;
//     whatever Elixir reads, ringlab reads alike (damaged text may also be refused by ringlab
//     alone: expressions, trailing commas ...; those are counted).
// Exits non-zero on any difference. Without --seed the seed is new each run and printed.
import { checkerPath, runChecker } from "./erl.mjs";
import { FORMS, MALFORMED, REFUSED_ON_PURPOSE, elixirTermText, requireElixir, runElixir } from "./elixir_terms.mjs";
import { KINDS, makeRandom } from "./terms.mjs";

const args = process.argv.slice(2);
function option(name, fallback) {
  const i = args.indexOf(name);
  if (i < 0) return fallback;
  if (i + 1 >= args.length) throw new Error(`${name} needs a value`);
  return args[i + 1];
}
const count = Number(option("--count", "6000"));
const typedCount = Number(option("--typed", "2000"));
const damagedCount = Number(option("--damaged", "1500"));
const seed = Number(option("--seed", String((Date.now() ^ (process.pid << 16)) >>> 0)));
const checker = checkerPath(option("--check", undefined));

console.log(`Elixir ${requireElixir()}; ringlab ${checker}; seed ${seed} (replay: --seed ${seed})`);
const r = makeRandom(seed);

// --- ringlab's Elixir text for random terms -----------------------------------------------------
// Each kind gets perKind terms that Elixir has text for. Of the others (an atom over 255 bytes,
// which Elixir's tokenizer refuses) up to 25 a kind are kept, and both must refuse their text.
const kinds = Object.keys(KINDS);
const perKind = Math.ceil(count / kinds.length);
const jobs = []; // { kind, text, expect: "same" | "either" | "refuse" }
let unwritten = 0; // Erlang text ringlab refuses on purpose (tests/erlang/compare.mjs covers it)
let noText = 0;
const have = new Map(kinds.map((k) => [k, 0]));
const refusedKept = new Map(kinds.map((k) => [k, 0]));
for (let round = 0; round < 50 && kinds.some((k) => have.get(k) < perKind); round++) {
  const generated = []; // { kind, erlang }
  for (const kind of kinds)
    for (let i = have.get(kind); i < perKind; i++) {
      const text = KINDS[kind](r);
      if (!/[\t\n\r]/.test(text)) generated.push({ kind, erlang: text });
      else i--;
    }
  const written = runChecker(
    checker,
    "elixir",
    generated.map((g) => `erlang\t${g.erlang}`),
  );
  generated.forEach((g, i) => {
    const a = written[i].split("\t");
    if (a[0] === "unread") {
      noText++;
      if (refusedKept.get(g.kind) >= 25) return;
      refusedKept.set(g.kind, refusedKept.get(g.kind) + 1);
      return jobs.push({ kind: g.kind, text: a.slice(2).join("\t"), expect: "refuse" });
    }
    if (a[0] !== "ok") return unwritten++;
    have.set(g.kind, have.get(g.kind) + 1);
    jobs.push({ kind: g.kind, text: a.slice(2).join("\t"), expect: "same" });
  });
}
const good = jobs.map((j) => j.text);
for (let i = 0; i < typedCount; i++) {
  const text = elixirTermText(r);
  if (!/[\n\0]/.test(text)) jobs.push({ kind: "typed", text, expect: "agree" });
}
const onPurpose = new Set(REFUSED_ON_PURPOSE);
for (const text of FORMS) jobs.push({ kind: "forms", text, expect: onPurpose.has(text) ? "refused" : "agree" });
for (const text of MALFORMED) jobs.push({ kind: "malformed", text, expect: "refuse" });
// Damaged text: one to three random edits of ringlab's own Elixir text. Elixir decides.
const POOL = Array.from("{}[]|,%<>:/-+.?'\"\\ 0a_=eExX#~c\u0600\u202e");
for (let i = 0; i < damagedCount; i++) {
  let cps = Array.from(r.pick(good));
  if (cps.length > 300) cps = cps.slice(0, 300);
  for (let e = r.range(1, 3); e > 0; e--) {
    const at = r.int(cps.length + 1);
    const k = r.int(3);
    if (k === 0 && cps.length > 0) cps.splice(Math.min(at, cps.length - 1), 1);
    else if (k === 1) cps.splice(at, 0, r.pick(POOL));
    else if (cps.length > 0) cps[Math.min(at, cps.length - 1)] = r.pick(POOL);
  }
  const text = cps.join("");
  if (!/[\t\n\r\0]/.test(text)) jobs.push({ kind: "damaged", text, expect: "either" });
}
// One line per job for the checker, a NUL after each for Elixir.
for (const j of jobs) if (/[\n\0]/.test(j.text)) throw new Error(`a text with a newline or a NUL: ${j.text}`);

// --- run both -----------------------------------------------------------------------------------
let t0 = Date.now();
const ours = runChecker(
  checker,
  "elixir",
  jobs.map((j) => `elixir\t${j.text}`),
);
const oursMs = Date.now() - t0;
t0 = Date.now();
const theirs = runElixir(jobs.map((j) => j.text));
const elixirMs = Date.now() - t0;

// --- compare ------------------------------------------------------------------------------------
const failures = [];
const refusals = []; // read by Elixir, refused by ringlab
const stats = new Map(); // kind -> { n, same, bothRefuse, refused }
jobs.forEach((job, i) => {
  const o = ours[i].split("\t");
  const e = theirs[i].split("\t");
  const s = stats.get(job.kind) ?? { n: 0, same: 0, bothRefuse: 0, refused: 0 };
  stats.set(job.kind, s);
  s.n++;
  const show = () =>
    `\n    text:    ${job.text.slice(0, 300)}\n    ringlab: ${ours[i].slice(0, 300)}\n    elixir:  ${theirs[i].slice(0, 300)}`;
  if (e[0] !== "ok") {
    if (job.kind === "forms") return failures.push(`${job.kind}: Elixir refuses this form${show()}`);
    if (o[0] === "ok") return failures.push(`${job.kind}: Elixir refuses this text, ringlab reads it${show()}`);
    s.bothRefuse++;
    return;
  }
  if (job.expect === "refuse")
    return failures.push(`${job.kind}: Elixir reads this text, expected to refuse it${show()}`);
  if (o[0] !== "ok") {
    if (job.expect === "same") return failures.push(`${job.kind}: ringlab refuses its own Elixir text${show()}`);
    if (job.expect === "agree")
      return failures.push(`${job.kind}: Elixir reads this text, ringlab refuses it${show()}`);
    s.refused++;
    refusals.push({ job, ours: ours[i] });
    return;
  }
  if (job.expect === "refused") return failures.push(`${job.kind}: meant to be refused, but ringlab read it${show()}`);
  if (o[1] !== e[1]) return failures.push(`${job.kind}: phash2 differs (read as different terms)${show()}`);
  s.same++;
});

console.log(`\n${jobs.length} texts: ringlab ${oursMs} ms, Elixir ${elixirMs} ms`);
console.log(
  `(${unwritten} random Erlang texts ringlab refuses on purpose were not written; ${noText} terms had an atom` +
    " over 255 bytes, which Elixir has no text for: up to 25 a kind are checked as refused by both)",
);
console.log("kind                   texts   same  both refuse  refused by ringlab");
for (const [kind, s] of stats)
  console.log(
    `${kind.padEnd(22)} ${String(s.n).padStart(6)} ${String(s.same).padStart(6)} ${String(s.bothRefuse).padStart(12)} ${String(s.refused).padStart(19)}`,
  );
console.log("\nforms Elixir reads and ringlab refuses on purpose, with ringlab's error:");
for (const x of refusals.filter((x) => x.job.kind === "forms"))
  console.log(`    ${JSON.stringify(x.job.text).padEnd(24)} ${x.ours.split("\t").slice(1).join(": ")}`);
const damaged = refusals.filter((x) => x.job.kind === "damaged");
if (damaged.length > 0) console.log(`damaged texts Elixir reads and ringlab refuses: ${damaged.length}, for example:`);
for (const x of damaged.slice(0, 5))
  console.log(`    ${JSON.stringify(x.job.text.slice(0, 80))}  ->  ${x.ours.split("\t").slice(1).join(": ")}`);

if (failures.length > 0) {
  console.log(`\n${failures.length} differences:`);
  for (const f of failures.slice(0, 30)) console.log(f);
  process.exit(1);
}
console.log("0 differences");
