#!/usr/bin/env node
// Regenerates tests/golden/erlang/: phash2 and Malachi routing as erl computes them.
//
//   node scripts/gen-golden-erlang.mjs        (needs erl and erlc: npm run setup installs them)
//
// Every value in these files comes from erl (OTP 25) through tests/erlang/phash2_oracle.erl;
// nothing here asks ringlab. The term texts come from tests/erlang/terms.mjs with a fixed seed,
// so running it twice gives identical files.
//
//   phash2.tsv    kind, term (Erlang text), phash2/1, phash2(T, R) for R = 1, 2, 2^16, 2^27,
//                 2^32 - 1 and 2^32
//   malachi.tsv   ring_bits, vnodes ([{Id, Token}, ...]), keys ([Key, ...]), and the position in
//                 vnodes of the vnode each key routes to (Malachi's linear ceiling search in erl)
//   rejected.tsv  text erl refuses to read as a term
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { requireErl, root, runErl } from "../tests/erlang/erl.mjs";
import { INVALID, KINDS, makeRandom, termText } from "../tests/erlang/terms.mjs";

const outDir = path.join(root, "tests", "golden", "erlang");
const RANGES = [1, 2, 65536, 2 ** 27, 2 ** 32 - 1, 2 ** 32];
const PER_KIND = 200;
const MAX_TEXT = 300; // characters of term text (large maps: 700)

const otp = requireErl();
if (otp !== "25") throw new Error(`the golden files are OTP 25's; this erl is OTP ${otp}`);

// Terms worth naming: the published vectors and every edge of make_hash2.
// prettier-ignore
const HANDPICKED = [
  "<<>>", "<<\"a\">>", "<<\"topic-a\">>", "<<\"hello world\">>", "<<\"abcdefghijkl\">>", "<<\"abcdefghijklm\">>",
  "<<255,0,128>>", "<<\"héllo\"/utf8>>", `<<"${"x".repeat(100)}">>`, "<<1:1>>", "<<1:7>>", "<<0,0:1>>", "<<1:3>>",
  "0", "1", "2", "42", "1000", "-1", "-42", "134217727", "134217728", "-134217728", "-134217729", "4294967295",
  "4294967296", "576460752303423487", "576460752303423488", "-576460752303423488", "-576460752303423489",
  "18446744073709551615", "18446744073709551616", "-18446744073709551616", "340282366920938463463374607431768211456",
  "[]", "[[]]", "[[],[]]", "{}", "{[]}", "#{}", "#{[] => []}", "a", "[a]", "{a}", "''", "'é'", "'€'", "'ÿ'", "'Ā'",
  "'\\x{1F600}'", "'aé'", "'é€ÿ'", "0.0", "-0.0", "1.0", "-1.0", "1.5", "0.1", "5.0e-324", "1.7976931348623157e308",
  "\"abc\"", "\"abcd\"", "\"abcde\"", "[1,2,3,4,5,6,7,8,9]", "[255,256]", "[1,a,2]", "[1|2]", "[a|b]", "[1,2|3]",
  "[1,2|<<>>]", "\"ab\" \"cd\"", "[0]", "[-1]", "{a, [1 | 2]}", "{range, 7}", "{<<\"topic\">>, 3}", "#{k => v}",
  "#{k => v, 1 => 2.5}", "#{a => 1, b => 2}", "#{b => 2, a => 1}", "#{1 => 1.0, 1.0 => 1}", "#{a => #{b => #{}}}",
  "{{{{{{{{{{}}}}}}}}}}", "[[[[[[[[[[]]]]]]]]]]", "<<\"€\">>", "<<\"€\"/utf16>>", "<<\"€\"/utf32-little>>",
  "<<-1:64>>", "<<1.5/float>>", "<<1.5:32/float>>", "16#FF", "$a", "-$a", "2#1010", "36#zz", "1_000_000",
];

const r = makeRandom(20250713);
// Large maps (more than 32 keys, a different layout in the VM) of short keys and values, so
// that a few hundred of them stay readable.
function shortLargeMap() {
  const n = r.range(33, 45);
  const pairs = [];
  for (let i = 0; i < n; i++) {
    const key = r.pick([() => String(r.range(-50, 5000)), () => `k${r.int(1000)}`, () => `<<"${r.int(100)}">>`])();
    pairs.push(`${key} => ${r.pick([() => String(r.int(100)), () => "v", () => "[]", () => "{}"])()}`);
  }
  return `#{${pairs.join(",")}}`;
}
const makers = { ...KINDS, map_large: shortLargeMap };
const rows = HANDPICKED.map((text) => ({ kind: "handpicked", text }));
for (const kind of Object.keys(makers)) {
  let made = 0;
  for (let tries = 0; made < PER_KIND && tries < PER_KIND * 50; tries++) {
    const text = makers[kind](r);
    if (text.length > (kind === "map_large" ? 700 : MAX_TEXT) || text.includes("\t")) continue;
    rows.push({ kind, text });
    made++;
  }
  if (made < PER_KIND) throw new Error(`only ${made} short ${kind} terms`);
}

const answers = runErl(
  "hash",
  rows.map((row) => `${RANGES.join(",")}\t${row.text}`),
);
const tsv = ["kind\tterm\tphash2\t" + RANGES.map((x) => `range_${x}`).join("\t")];
rows.forEach((row, i) => {
  const a = answers[i].split("\t");
  if (a[0] !== "ok") throw new Error(`erl does not read ${row.text}`);
  tsv.push([row.kind, row.text, a[1], ...a[2].split(",")].join("\t"));
});

// Malachi rings.
const ringRows = [];
for (let i = 0; i < 40; i++) {
  const bits = [32, 32, 16, 8, 1, 2, 5, 24, 31][i % 9];
  const n = Math.min(1 + r.int(24), 2 ** bits);
  const tokens = new Set();
  while (tokens.size < n) tokens.add(r.int(2 ** bits));
  const ids = [(k) => `{vnode, ${k}}`, (k) => `<<"vnode-${k}">>`, (k) => String(k), (k) => `{range, ${k}}`];
  const vnodes = [...tokens].map((t, k) => `{${ids[(i + k) % ids.length](k)}, ${t}}`);
  const keys = [];
  while (keys.length < 25) {
    const k = termText(r, 2);
    if (k.length <= 80) keys.push(k);
  }
  ringRows.push({ bits, vnodes: `[${vnodes.join(", ")}]`, keys: `[${keys.join(", ")}]` });
}
const owners = runErl(
  "malachi",
  ringRows.map((x) => `${x.bits}\t${x.vnodes}\t${x.keys}`),
);
const malachi = ["ring_bits\tvnodes\tkeys\towners"];
ringRows.forEach((x, i) => {
  const a = owners[i].split("\t");
  if (a[0] !== "ok") throw new Error(`erl cannot route ring ${i}`);
  malachi.push([x.bits, x.vnodes, x.keys, a[1]].join("\t"));
});

// Text erl rejects: the fixed list and damaged good text that erl refuses.
const damaged = [];
const POOL = Array.from("{}[]|,#<>:/-+.$'\"\\ 0a_=eE");
while (damaged.length < 300) {
  const cps = Array.from(termText(r, 1)).slice(0, 120);
  const at = r.int(cps.length + 1);
  if (r.chance(0.5) && cps.length > 0) cps.splice(Math.min(at, cps.length - 1), 1);
  else cps.splice(at, 0, r.pick(POOL));
  const text = cps.join("");
  if (!text.includes("\t") && !text.includes("\n")) damaged.push(text);
}
const candidates = [...INVALID.filter((t) => !t.includes("\n")), ...damaged];
const verdicts = runErl(
  "hash",
  candidates.map((t) => `1\t${t}`),
);
const rejected = ["text", ...candidates.filter((t, i) => verdicts[i] === "error")];

mkdirSync(outDir, { recursive: true });
writeFileSync(path.join(outDir, "phash2.tsv"), tsv.join("\n") + "\n");
writeFileSync(path.join(outDir, "malachi.tsv"), malachi.join("\n") + "\n");
writeFileSync(path.join(outDir, "rejected.tsv"), rejected.join("\n") + "\n");
console.log(
  `tests/golden/erlang: phash2.tsv ${rows.length} terms, malachi.tsv ${ringRows.length} rings, rejected.tsv ${rejected.length - 1} texts (erl OTP ${otp})`,
);
