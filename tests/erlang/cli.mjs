#!/usr/bin/env node
// The native CLI's Erlang commands against the real erl (OTP 25):
//
//   node tests/erlang/cli.mjs [--count 3000] [--rings 20] [--seed S] [--cli PATH]
//
// - `ringlab phash2 --syntax erlang`: --count random terms (tests/erlang/terms.mjs) given as
//   arguments, a batch per CLI process (phash2/1, then --range 2^32, then a random range),
//   against erl's phash2/1 and phash2/2 of the same text.
// - `ringlab place malachi`: --rings random rings (ids of several kinds, some with commas inside,
//   random bits and tokens), each with keys in a --keys file: Elixir strings (no --syntax; erl
//   gets the binary of their UTF-8 bytes) and Erlang terms (--syntax erlang). Every key must go
//   to the vnode erl's linear ceiling search picks; --boundaries must be each vnode's arc.
// Without --seed the seed is new each run and printed, so a failure can be replayed.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { requireErl, root, runErl } from "./erl.mjs";
import { KINDS, makeRandom, randomChar, termText } from "./terms.mjs";

const args = process.argv.slice(2);
function option(name, fallback) {
  const i = args.indexOf(name);
  if (i < 0) return fallback;
  if (i + 1 >= args.length) throw new Error(`${name} needs a value`);
  return args[i + 1];
}
const count = Number(option("--count", "3000"));
const rings = Number(option("--rings", "20"));
const seed = Number(option("--seed", String((Date.now() ^ (process.pid << 16)) >>> 0)));
const cli = option("--cli", path.join(process.env.RINGLAB_BUILD_DIR ?? path.join(root, "build"), "ringlab"));
if (!existsSync(cli)) throw new Error(`${cli} not found: build it (cmake --build build --target ringlab_cli)`);
const otp = requireErl();
console.log(`erl OTP ${otp}; ringlab ${cli}; seed ${seed} (replay: --seed ${seed})`);
const r = makeRandom(seed);
const failures = [];

function ringlab(argv) {
  const p = spawnSync(cli, argv, { encoding: "utf8", maxBuffer: 1 << 28 });
  if (p.error) throw p.error;
  if (p.status !== 0) throw new Error(`ringlab ${argv.slice(0, 6).join(" ")} ... failed (${p.status}): ${p.stderr}`);
  const lines = p.stdout.split("\n");
  lines.pop();
  return lines;
}

// --- phash2 -------------------------------------------------------------------------------------
// Text that fits one line of erl's job file and one argument: no tabs, newlines or NULs.
const fits = (t) => !/[\t\n\r\0]/.test(t) && t.length < 20000;
const kinds = Object.keys(KINDS);
const terms = [];
while (terms.length < count) {
  const t = r.chance(0.5) ? termText(r, 0) : KINDS[r.pick(kinds)](r);
  if (fits(t)) terms.push(t);
}
const bigRange = 2 ** 32;
const randomRange = r.range(1, 2 ** 32 - 1);
// Batches of arguments well under the system's limit on one command line.
const batches = [];
for (let i = 0, size = 0; i < terms.length; i++) {
  if (batches.length === 0 || size > 500_000) (batches.push([]), (size = 0));
  batches.at(-1).push(terms[i]);
  size += terms[i].length + 1;
}
let processes = 0;
const ours = { one: [], big: [], random: [] };
for (const b of batches) {
  ours.one.push(...ringlab(["phash2", "--syntax", "erlang", "--", ...b]));
  ours.big.push(...ringlab(["phash2", "--syntax", "erlang", "--range", String(bigRange), "--", ...b]));
  ours.random.push(...ringlab(["phash2", "--syntax", "erlang", "--range", String(randomRange), "--", ...b]));
  processes += 3;
}
const theirs = runErl(
  "hash",
  terms.map((t) => `${bigRange},${randomRange}\t${t}`),
);
terms.forEach((t, i) => {
  const [status, one, ranged] = theirs[i].split("\t");
  if (status !== "ok") return failures.push(`erl does not read a generated term: ${t.slice(0, 200)}`);
  const [big, random] = ranged.split(",");
  const got = [ours.one[i], ours.big[i], ours.random[i]];
  if (got.join() !== [one, big, random].join())
    failures.push(
      `phash2 differs for ${t.slice(0, 200)}\n    ringlab: ${got.join(", ")}\n    erl:     ${one}, ${big}, ${random}`,
    );
});
console.log(
  `phash2: ${terms.length} terms x 3 (phash2/1, range 2^32, range ${randomRange}) in ${processes} CLI processes`,
);

// --- place malachi ------------------------------------------------------------------------------
// An id in Elixir and in Erlang text.
function vnodeId(i) {
  const k = r.int(8);
  if (k === 0) return [`{:vnode, ${i}}`, `{vnode, ${i}}`];
  if (k === 1) return [`"vnode-${i}"`, `<<"vnode-${i}">>`];
  if (k === 2) return [String(i), String(i)];
  if (k === 3) return [`:"node-${i}@host"`, `'node-${i}@host'`];
  if (k === 4) return [`{"n", ${i}, 1.5}`, `{<<"n">>, ${i}, 1.5}`];
  if (k === 5) return [`[${i}, :a]`, `[${i}, a]`];
  if (k === 6) return [`%{:id => ${i}, "x,y" => ?,}`, `#{id => ${i}, <<"x,y">> => $,}`];
  return [`{:range, ${i}, ~c"${i},"}`, `{range, ${i}, "${i},"}`];
}
// A random string of characters (no newline, which ends a key in the file; no lone surrogates).
function elixirString() {
  let s = "";
  for (let n = r.range(0, 20); n > 0; n--) {
    const cp = randomChar(r);
    if (cp !== 10 && !(cp >= 0xd800 && cp <= 0xdfff)) s += String.fromCodePoint(cp);
  }
  return s;
}
const dir = mkdtempSync(path.join(tmpdir(), "ringlab-cli-"));
let routed = 0;
let arcs = 0;
const pending = []; // the CLI's answers, checked against one erl run at the end
try {
  for (let ring = 0; ring < rings; ring++) {
    const bits = r.chance(0.5) ? 32 : r.range(1, 32);
    const n = Math.min(r.range(1, 40), 2 ** bits);
    const tokens = new Set();
    while (tokens.size < n) tokens.add(r.int(2 ** bits));
    const vnodes = [...tokens].map((t, k) => ({ id: vnodeId(k), token: t }));
    const erlRing = `[${vnodes.map((v) => `{${v.id[1]}, ${v.token}}`).join(", ")}]`;
    for (const syntax of ["elixir string", "erlang"]) {
      const keys = [];
      while (keys.length < 100) {
        const k = syntax === "erlang" ? termText(r, 1) : elixirString();
        if (syntax !== "erlang" || fits(k)) keys.push(k);
      }
      const file = path.join(dir, `keys-${ring}-${syntax === "erlang" ? "erl" : "ex"}.txt`);
      writeFileSync(file, keys.map((k) => k + "\n").join(""));
      const ids = vnodes.map((v) => (syntax === "erlang" ? v.id[1] : v.id[0]));
      const argv = ["place", "malachi", "--bits", String(bits)];
      argv.push("--vnodes", vnodes.map((v, k) => `${ids[k]}=${v.token}`).join(","), "--keys", file);
      if (syntax === "erlang") argv.push("--syntax", "erlang");
      const lines = ringlab(argv).map((l) => JSON.parse(l));
      const erlKeys = syntax === "erlang" ? keys : keys.map((k) => `<<${[...Buffer.from(k, "utf8")].join(",")}>>`);
      pending.push({ ring, syntax, keys, ids, lines, job: `${bits}\t${erlRing}\t[${erlKeys.join(", ")}]` });
      if (syntax === "erlang") {
        // Arcs: (the previous token, the vnode's token], in token order, wrapping.
        const sorted = vnodes.map((v, k) => ({ id: ids[k], token: v.token })).sort((a, b) => a.token - b.token);
        const got = ringlab([
          "place",
          "malachi",
          "--bits",
          String(bits),
          "--syntax",
          "erlang",
          "--boundaries",
          "--vnodes",
          vnodes.map((v, k) => `${ids[k]}=${v.token}`).join(","),
        ]).map((l) => JSON.parse(l));
        const expected = sorted.map((v, k) => ({
          vnode: v.id,
          start: sorted[(k + sorted.length - 1) % sorted.length].token,
          end: v.token,
        }));
        if (JSON.stringify(got) !== JSON.stringify(expected)) failures.push(`ring ${ring}: boundaries differ`);
        else arcs += got.length;
      }
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
const answers = runErl(
  "malachi",
  pending.map((p) => p.job),
);
pending.forEach(({ ring, syntax, keys, ids, lines }, j) => {
  const [status, owners] = answers[j].split("\t");
  if (status !== "ok") return failures.push(`ring ${ring} (${syntax}): erl does not read the ring or the keys`);
  const want = owners.split(",").map((ix) => ids[Number(ix)]);
  if (lines.length !== keys.length)
    failures.push(`ring ${ring} (${syntax}): ${lines.length} lines for ${keys.length} keys`);
  lines.forEach((l, i) => {
    if (l.key !== keys[i] || l.result !== want[i])
      failures.push(
        `ring ${ring} (${syntax}) key ${JSON.stringify(keys[i])}: ringlab ${JSON.stringify(l)}, erl ${want[i]}`,
      );
    else routed++;
  });
});
console.log(`place malachi: ${rings} rings, ${routed} keys routed as erl routes them, ${arcs} arcs as expected`);

if (failures.length > 0) {
  console.log(`\n${failures.length} failures:`);
  for (const f of failures.slice(0, 20)) console.log(f);
  process.exit(1);
}
console.log("0 differences");
