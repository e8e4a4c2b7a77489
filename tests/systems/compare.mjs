#!/usr/bin/env node
// ringlab against the real software, system by system: each module here (nginx.mjs, redis.mjs,
// ...) runs the real thing on this machine (a server on 127.0.0.1, a small C or Java program
// over the library, or Debian's Python module) and `ringlab place SYSTEM` on the same keys, and
// returns one row per configuration. Prints the keys compared and the differences per row; any
// difference fails.
//
//   node tests/systems/compare.mjs [--seed N] [SYSTEM...]
import path from "node:path";
import { differences, makeKeys, withTempDir } from "./lib.mjs";

// In the order the report lists them; each module exports compare({ keys, dir, seed }).
// redis-plan holds `ringlab plan redis` to redis-cli's rebalance and reshard: its rows count
// layouts, not keys. kafka-plan holds `ringlab plan kafka` to librdkafka's partitioners;
// cassandra-plan, `ringlab plan cassandra`'s replicas of every range to the Python driver's;
// twemproxy-plan, `ringlab plan twemproxy`'s keys before and after an ejection (and a removal) to
// nutcracker's own.
const systems = [
  "nginx",
  "memcached",
  "twemproxy",
  "twemproxy-plan",
  "redis",
  "redis-plan",
  "kafka",
  "kafka-plan",
  "cassandra",
  "cassandra-plan",
  "guava",
  "erlang",
  "envoy",
];

async function main(argv) {
  let seed = Math.floor(Math.random() * 2 ** 31);
  const only = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--seed") seed = Number(argv[++i]);
    else only.push(argv[i]);
  }
  const chosen = only.length ? systems.filter((s) => only.includes(s)) : systems;
  console.log(`real systems: seed ${seed}`);
  let failed = 0;
  for (const name of chosen) {
    const mod = await import(`./${name}.mjs`);
    const rows = await withTempDir(name, (dir) => mod.compare({ keys: makeKeys(seed), dir, seed, makeKeys }));
    for (const row of rows) {
      const d = differences(row.keys, row.ringlab, row.real);
      failed += d.count;
      console.log(
        `  ${name.padEnd(10)} ${row.config.padEnd(52)} ${String(row.keys.length).padStart(6)} ${row.unit ?? "keys"}, ${d.count} differences`,
      );
      for (const e of d.examples) {
        // A layout is named by its text; a key, by its bytes in hex.
        const what = row.unit ? `layout ${Buffer.from(e.key, "hex")}` : `key ${e.key}`;
        console.log(`    ${what}: ringlab ${JSON.stringify(e.ringlab)}, real ${JSON.stringify(e.real)}`);
      }
    }
  }
  if (failed > 0) {
    console.error(`real systems: ${failed} differences`);
    process.exit(1);
  }
  console.log("real systems: 0 differences");
}

main(process.argv.slice(2)).catch((e) => {
  console.error(e.stack ?? String(e));
  process.exit(1);
});
