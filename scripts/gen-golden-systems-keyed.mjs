#!/usr/bin/env node
// Golden files of the keyed systems from the real software on this machine, for the C++ (and
// WASM) suites to check ringlab without a Redis server, librdkafka, the Cassandra driver, Guava
// or erl:
//   tests/golden/systems/redis.tsv      redis-server 7.0 CLUSTER KEYSLOT, redis-cli's split
//   tests/golden/systems/kafka.tsv      librdkafka 2.0.2's partitioner functions
//   tests/golden/systems/cassandra.tsv  python3-cassandra's Murmur3Token and TokenMap
//   tests/golden/systems/guava.tsv      Guava 31.1's Hashing.consistentHash
//   tests/golden/systems/erlang.tsv     OTP 25's erlang:phash2
// (the configurations of tests/systems/<system>.mjs, on fewer keys).
//
//   node scripts/gen-golden-systems-keyed.mjs [--seed N] [SYSTEM...]
//
// Format, tab-separated, one record a line:
//   # ...                   a comment
//   key  HEX                the key table, hex-encoded (the empty key is an empty field); the
//                           n-th key line is key n, from 0
//   config  NAME  ARG...    a configuration: `ringlab place SYSTEM ARG...`'s flags
//   keys  I1  I2 ...        its keys, as numbers in the key table
//   result  R1  R2 ...      the real answer for each of those keys: a number, a node name,
//                           SLOT,NODE for redis --nodes, or "refused" (no term of that kind)
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { makeKeys, root, withTempDir } from "../tests/systems/lib.mjs";

const argv = process.argv.slice(2);
const seedAt = argv.indexOf("--seed");
const seed = seedAt >= 0 ? Number(argv[seedAt + 1]) : 20261201;
const only = argv.filter((a, i) => a !== "--seed" && (seedAt < 0 || i !== seedAt + 1));

const KEYS = 300; // keys per system; a row with more (a key per Redis slot, refused keys) is sampled
const SYSTEMS = [
  { name: "redis", what: "redis-server 7.0 (Debian 12), CLUSTER KEYSLOT, and redis-cli --cluster create's split" },
  { name: "kafka", what: "librdkafka 2.0.2 (Debian 12), rd_kafka_msg_partitioner_*()" },
  { name: "cassandra", what: "python3-cassandra 3.25 (Debian 12), Murmur3Token.from_key and TokenMap" },
  { name: "guava", what: "Guava 31.1 (Debian 12's libguava-java), Hashing.consistentHash" },
  { name: "erlang", what: "erl, OTP 25 (Debian 12's erlang-base), erlang:phash2/1,2" },
];

function sample(row) {
  if (row.keys.length <= KEYS) return row;
  const step = row.keys.length / KEYS;
  const at = Array.from({ length: KEYS }, (_, i) => Math.floor(i * step));
  return { ...row, keys: at.map((i) => row.keys[i]), real: at.map((i) => row.real[i]) };
}

function text(answer) {
  if (answer !== null && typeof answer === "object") return `${answer.slot},${answer.node}`;
  return String(answer);
}

async function main() {
  const out = path.join(root, "tests", "golden", "systems");
  mkdirSync(out, { recursive: true });
  for (const system of SYSTEMS) {
    if (only.length > 0 && !only.includes(system.name)) continue;
    const mod = await import(`../tests/systems/${system.name}.mjs`);
    const keys = makeKeys(seed, KEYS);
    const rows = await withTempDir(`golden-${system.name}`, (dir) => mod.real({ keys, dir, seed, makeKeys }));
    const table = new Map();
    const records = [];
    for (const row of rows.map(sample)) {
      // A nodetool ring file's rows: the same ring as the --tokens row before it.
      if (row.ringText !== undefined) continue;
      if (row.args.some((a) => a.includes("\t") || a.includes("\n")))
        throw new Error(`${row.config}: an argument holds a tab`);
      const numbers = row.keys.map((k) => {
        const hex = k.toString("hex");
        if (!table.has(hex)) table.set(hex, table.size);
        return table.get(hex);
      });
      const answers = row.real.map(text);
      if (answers.some((a) => a.includes("\t"))) throw new Error(`${row.config}: an answer holds a tab`);
      records.push(["config", row.config, ...row.args].join("\t"), ["keys", ...numbers].join("\t"));
      records.push(["result", ...answers].join("\t"));
    }
    const lines = [
      `# ${system.what}: the real answer for each key under each configuration.`,
      `# Written by scripts/gen-golden-systems-keyed.mjs --seed ${seed} from the real software; do not edit.`,
      ...[...table.keys()].map((hex) => `key\t${hex}`),
      ...records,
    ];
    writeFileSync(path.join(out, `${system.name}.tsv`), `${lines.join("\n")}\n`);
    console.log(`tests/golden/systems/${system.name}.tsv: ${records.length / 3} configurations, ${table.size} keys`);
  }
}

main().catch((e) => {
  console.error(e.stack ?? String(e));
  process.exit(1);
});
