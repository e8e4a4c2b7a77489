#!/usr/bin/env node
// Regenerates the vectors of the bucket algorithms that ringlab defines itself: jump and mod-N,
// tests/golden/buckets/jump.tsv and mod-n.tsv, from the course's jump (scripts/lib/oracle.mjs,
// written from docs/algorithms.md#jump, not from the C++ core) and from `%`. The vectors of an
// algorithm with a published reference come from that reference instead, and are committed as
// they are (tests/golden/buckets/README.md).
//
//   node scripts/gen-golden-buckets.mjs
//
// No clock and no unordered iteration: running it twice gives identical files.
import { writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { h32, jump, mulberry32 } from "./lib/oracle.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const outDir = join(root, "tests", "golden", "buckets");
if (process.argv.length > 2) {
  process.stderr.write("usage: node scripts/gen-golden-buckets.mjs\n");
  process.exit(1);
}

const header = ["options", "ops", "input", "bucket"];
function write(name, rows) {
  const text = [header, ...rows].map((r) => r.join("\t")).join("\n") + "\n";
  writeFileSync(join(outDir, name), text);
  console.log(`tests/golden/buckets/${name}: ${rows.length} rows`);
}

// The count of live buckets after `ops` ("add", "remove:B"), as jump has them: add makes bucket n
// live, remove takes the last one out.
function after(n, ops) {
  for (const op of ops === "" ? [] : ops.split(",")) {
    if (op === "add") n += 1;
    else if (op === `remove:${n - 1}`) n -= 1;
    else throw new Error(`${op} is not jump's with ${n} buckets`);
  }
  return n;
}

const rng = mulberry32(2024);
const u32 = () => rng.next();
const u64 = () => (BigInt(rng.next()) << 32n) | BigInt(rng.next());

// jump: keys at the edges of 64 bits, h32("user:42") and pseudo-random keys; each at fixed and
// pseudo-random counts, and with membership changes (the last bucket out, buckets added), whose
// answers are jump's at the count they leave.
{
  const keys = [0n, 1n, (1n << 64n) - 1n, 1n << 63n, BigInt(h32("user:42"))];
  for (let i = 0; i < 40; i++) keys.push(u64());
  const cases = [
    [1, ""],
    [2, ""],
    [10, ""],
    [1000, ""],
    [2147483647, ""],
    [1 + (u32() % 2147483647), ""],
    [10, "remove:9"],
    [10, "add"],
    [10, "remove:9,remove:8,add"],
    [1, "add,add,add"],
    [2147483647, "remove:2147483646"],
  ];
  const rows = [];
  for (const [n, ops] of cases) {
    for (const key of keys) rows.push([`buckets=${n}`, ops, key.toString(), String(jump(key, after(n, ops)))]);
  }
  write("jump.tsv", rows);
}

// mod-N: 32-bit inputs mod the count.
{
  const inputs = [0, 1, 4294967295, 2147483648, h32("user:42")];
  for (let i = 0; i < 40; i++) inputs.push(u32());
  const rows = [];
  for (const n of [1, 2, 7, 10, 65537, 4294967295, 1 + (u32() % 4294967295)]) {
    for (const x of inputs) rows.push([`buckets=${n}`, "", String(x), String(x % n)]);
  }
  write("mod-n.tsv", rows);
}
