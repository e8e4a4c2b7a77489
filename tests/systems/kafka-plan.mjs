// librdkafka 2.0.2 against `ringlab plan kafka`: a small C program, compiled here against
// Debian's librdkafka-dev, calls the library's own partitioners (murmur2, murmur2_random,
// consistent, fnv1a) on every key for the partition count before and after each change, all in
// one process; `ringlab plan kafka --partitioner all --json` runs once per change. Each key's
// partitions before and after, and whether it moves, must be the plan's, and the plan's steps
// must hold exactly the keys that move, each under its two partitions.
//
//   node tests/systems/kafka-plan.mjs [--seed N]
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { keyBytes, makeKeys, nativeCli, writeKeys } from "./lib.mjs";

// argv: KEYS_FILE N:M... stdout: for each function (FUNCTIONS' order), each change, each key,
// one line "BEFORE AFTER".
const ORACLE = String.raw`
#include <librdkafka/rdkafka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef int32_t (*partitioner)(const rd_kafka_topic_t *, const void *, size_t, int32_t, void *, void *);

static int die(const char *what) { fprintf(stderr, "oracle: %s\n", what); exit(2); }

int main(int argc, char **argv) {
  if (argc < 3) return die("usage: oracle KEYS_FILE N:M...");
  FILE *f = fopen(argv[1], "rb");
  if (!f) return die("cannot open the keys");
  fseek(f, 0, SEEK_END);
  size_t len = (size_t) ftell(f);
  fseek(f, 0, SEEK_SET);
  char *text = malloc(len + 1);
  if (fread(text, 1, len, f) != len) return die("cannot read the keys");
  fclose(f);
  partitioner fns[] = {rd_kafka_msg_partitioner_murmur2, rd_kafka_msg_partitioner_murmur2_random,
                       rd_kafka_msg_partitioner_consistent, rd_kafka_msg_partitioner_fnv1a};
  for (int fi = 0; fi < 4; fi++) {
    for (int c = 2; c < argc; c++) {
      long before, after;
      if (sscanf(argv[c], "%ld:%ld", &before, &after) != 2) return die("a change is N:M");
      size_t from = 0;
      for (;;) {
        char *nl = memchr(text + from, '\n', len - from);
        size_t klen = nl ? (size_t) (nl - (text + from)) : len - from;
        /* Never NULL, even for the empty key: a record whose key is an empty byte array. */
        printf("%d %d\n", (int) fns[fi](NULL, text + from, klen, (int32_t) before, NULL, NULL),
               (int) fns[fi](NULL, text + from, klen, (int32_t) after, NULL, NULL));
        if (!nl) break;
        from += klen + 1;
      }
    }
  }
  return 0;
}
`;

// [the librdkafka function, the plan's partitioner]: the plan's summaries come in the order
// murmur2, consistent, fnv1a.
const FUNCTIONS = [
  ["murmur2", "murmur2"],
  ["murmur2_random", "murmur2"],
  ["consistent", "consistent"],
  ["fnv1a", "fnv1a"],
];
const PLAN_ORDER = ["murmur2", "consistent", "fnv1a"];
const CHANGES = ["3:4", "6:12", "10:11", "1:7", "100:1009", "2147483646:2147483647"];
export const KEYS = 2000;

// The plan of one change for every partitioner: for each, each key's "BEFORE AFTER" (with "*"
// when it moves), checked against its steps.
function plan(keysFile, keys, change) {
  const r = spawnSync(
    nativeCli(),
    ["plan", "kafka", "--partitions", change, "--partitioner", "all", "--keys", keysFile, "--json"],
    {
      encoding: "utf8",
      maxBuffer: 1 << 28,
    },
  );
  if (r.status !== 0) throw new Error(`ringlab plan kafka --partitions ${change} failed (${r.status}): ${r.stderr}`);
  const plans = [];
  let steps = [];
  for (const line of r.stdout.trim().split("\n")) {
    const o = JSON.parse(line);
    if (!o.summary) {
      steps.push(o);
      continue;
    }
    const s = o.summary;
    if (s.keys.length !== keys.length) throw new Error(`plan ${change}: ${s.keys.length} keys for ${keys.length}`);
    const moving = new Map();
    for (const step of steps) for (const k of step.keys) moving.set(k, `${step.from} ${step.to}`);
    const answers = s.keys.map((k, i) => {
      if (!keyBytes(k.key).equals(keys[i])) throw new Error(`plan ${change}: key ${i + 1} is another key`);
      // A key that moves is in the step of its two partitions, and one that stays in none.
      const stepped = moving.get(k.key);
      if (
        k.moves !== (k.before !== k.after) ||
        (k.moves ? stepped !== `${k.before} ${k.after}` : stepped !== undefined)
      )
        return `inconsistent: ${JSON.stringify(k)}, step ${stepped}`;
      return `${k.before} ${k.after}${k.moves ? " *" : ""}`;
    });
    const stepped = steps.reduce((n, step) => n + step.keys.length, 0);
    const movers = s.keys.filter((k) => k.moves).length;
    if (s.moved !== stepped || stepped !== movers)
      throw new Error(`plan ${change}: ${s.moved} keys moved, steps hold ${stepped}, ${movers} keys move`);
    plans.push(answers);
    steps = [];
  }
  if (plans.length !== PLAN_ORDER.length) throw new Error(`plan ${change}: ${plans.length} plans`);
  return plans;
}

export async function compare({ keys: all, dir }) {
  const keys = all.slice(0, KEYS);
  const src = path.join(dir, "oracle.c");
  const bin = path.join(dir, "oracle");
  writeFileSync(src, ORACLE);
  const cc = spawnSync("gcc", ["-O1", "-o", bin, src, "-lrdkafka"], { encoding: "utf8" });
  if (cc.status !== 0) throw new Error(`cannot build the librdkafka oracle (librdkafka-dev):\n${cc.stderr}`);
  const keysFile = path.join(dir, "keys-plan.txt");
  writeKeys(keysFile, keys);
  const r = spawnSync(bin, [keysFile, ...CHANGES], { encoding: "utf8", maxBuffer: 1 << 28 });
  if (r.status !== 0) throw new Error(`librdkafka oracle failed (${r.status}): ${r.stderr}`);
  const lines = r.stdout.trim().split("\n");
  if (lines.length !== FUNCTIONS.length * CHANGES.length * keys.length)
    throw new Error(`oracle: ${lines.length} lines for ${FUNCTIONS.length} x ${CHANGES.length} x ${keys.length}`);
  const plans = new Map(CHANGES.map((c) => [c, plan(keysFile, keys, c)]));
  const rows = [];
  let at = 0;
  for (const [fn, partitioner] of FUNCTIONS)
    for (const change of CHANGES) {
      const real = lines.slice(at, at + keys.length).map((line) => {
        const [before, after] = line.split(" ");
        return `${before} ${after}${before !== after ? " *" : ""}`;
      });
      at += keys.length;
      rows.push({
        config: `plan --partitions ${change}, ${partitioner} (rd_kafka_msg_partitioner_${fn})`,
        keys,
        ringlab: plans.get(change)[PLAN_ORDER.indexOf(partitioner)],
        real,
      });
    }
  return rows;
}

// Alone: node tests/systems/kafka-plan.mjs [--seed N]
if (import.meta.url === `file://${process.argv[1]}`) {
  const argv = process.argv.slice(2);
  const seed = argv.includes("--seed") ? Number(argv[argv.indexOf("--seed") + 1]) : Math.floor(Math.random() * 2 ** 31);
  const dir = mkdtempSync(path.join("/tmp", "ringlab-kafka-plan-"));
  console.log(`kafka-plan: seed ${seed}`);
  const rows = await compare({ keys: makeKeys(seed), dir }).finally(() =>
    rmSync(dir, { recursive: true, force: true }),
  );
  let failed = 0;
  for (const row of rows) {
    const d = row.keys.filter((_, i) => row.ringlab[i] !== row.real[i]).length;
    failed += d;
    console.log(`  ${row.config.padEnd(70)} ${row.keys.length} keys, ${d} differences`);
  }
  console.log(`kafka-plan: ${failed} differences`);
  process.exit(failed ? 1 : 0);
}
