// librdkafka 2.0.2 against `ringlab place kafka`: a small C program, compiled here against
// Debian's librdkafka-dev, calls the library's partitioner functions on every key (they need no
// broker and no topic handle). The Java client's keyed default, (murmur2 & 0x7fffffff) % n, is
// librdkafka's murmur2_random for every key that is not NULL (a key of length 0 is not NULL:
// Java hashes an empty byte array too), and librdkafka's plain murmur2.
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { place, writeKeys } from "./lib.mjs";

// argv: KEYS_FILE FUNCTION N. stdout: one partition per key, in order.
const ORACLE = String.raw`
#include <librdkafka/rdkafka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int die(const char *what) { fprintf(stderr, "oracle: %s\n", what); exit(2); }

int main(int argc, char **argv) {
  if (argc != 4) return die("usage: oracle KEYS_FILE FUNCTION N");
  FILE *f = fopen(argv[1], "rb");
  if (!f) return die("cannot open the keys");
  fseek(f, 0, SEEK_END);
  size_t len = (size_t) ftell(f);
  fseek(f, 0, SEEK_SET);
  char *text = malloc(len + 1);
  if (fread(text, 1, len, f) != len) return die("cannot read the keys");
  fclose(f);
  int32_t (*fn)(const rd_kafka_topic_t *, const void *, size_t, int32_t, void *, void *);
  if (!strcmp(argv[2], "murmur2")) fn = rd_kafka_msg_partitioner_murmur2;
  else if (!strcmp(argv[2], "murmur2_random")) fn = rd_kafka_msg_partitioner_murmur2_random;
  else if (!strcmp(argv[2], "consistent")) fn = rd_kafka_msg_partitioner_consistent;
  else if (!strcmp(argv[2], "fnv1a")) fn = rd_kafka_msg_partitioner_fnv1a;
  else return die("unknown function");
  int32_t n = (int32_t) atol(argv[3]);
  size_t from = 0;
  for (;;) {
    char *nl = memchr(text + from, '\n', len - from);
    size_t klen = nl ? (size_t) (nl - (text + from)) : len - from;
    /* Never NULL, even for the empty key: a record whose key is an empty byte array. */
    printf("%d\n", (int) fn(NULL, text + from, klen, n, NULL, NULL));
    if (!nl) break;
    from += klen + 1;
  }
  return 0;
}
`;

// [ringlab's --partitioner, the librdkafka function]
const FUNCTIONS = [
  ["murmur2", "murmur2_random"],
  ["murmur2", "murmur2"],
  ["consistent", "consistent"],
  ["fnv1a", "fnv1a"],
];
const PARTITIONS = [1, 3, 12, 100, 1009, 2147483647];

// The real answers: one row per configuration, { config, args (place kafka's flags), keys, real }.
export async function real({ keys, dir }) {
  const src = path.join(dir, "oracle.c");
  const bin = path.join(dir, "oracle");
  writeFileSync(src, ORACLE);
  const cc = spawnSync("gcc", ["-O1", "-o", bin, src, "-lrdkafka"], { encoding: "utf8" });
  if (cc.status !== 0) throw new Error(`cannot build the librdkafka oracle (librdkafka-dev):\n${cc.stderr}`);
  const keysFile = path.join(dir, "keys-oracle.txt");
  writeKeys(keysFile, keys);
  const rows = [];
  for (const [partitioner, fn] of FUNCTIONS) {
    for (const n of PARTITIONS) {
      const r = spawnSync(bin, [keysFile, fn, String(n)], { encoding: "utf8", maxBuffer: 1 << 28 });
      if (r.status !== 0) throw new Error(`librdkafka oracle failed (${r.status}): ${r.stderr}`);
      const real = r.stdout.trim().split("\n").map(Number);
      if (real.length !== keys.length) throw new Error(`oracle: ${real.length} answers for ${keys.length} keys`);
      const args = ["--partitions", String(n), "--partitioner", partitioner];
      rows.push({
        config: `--partitioner ${partitioner} --partitions ${n} (rd_kafka_msg_partitioner_${fn})`,
        args,
        keys,
        real,
      });
    }
  }
  return rows;
}

export async function compare(ctx) {
  return (await real(ctx)).map((row) => ({ ...row, ringlab: place("kafka", row.args, row.keys, ctx.dir) }));
}
