#!/usr/bin/env node
// The compatibility matrix: the npm packages people use for these systems, run on the keys the
// comparison with the real software uses (makeKeys), against the real software's own answers —
// the oracles of redis.mjs, kafka.mjs, guava.mjs and memcached.mjs. Per package and
// configuration: the keys, how many could be compared, the share on which the package agrees
// with the real system, and the shortest key on which it does not, with both answers.
//
// A key is passed as a JavaScript user would: its text when it is UTF-8, else a Buffer where the
// package takes one; where it takes only strings, those keys are "not expressible" and counted
// apart (a Buffer given to hashring is turned into text with U+FFFD in place of the bytes, so it
// would only hash other bytes).
//
//   node tests/systems/compat.mjs [--seed N]    prints the table
//   node tests/systems/compat.mjs --write       writes it into docs/systems.md (between the
//                                               compat-matrix markers) and tests/golden/systems/compat.json
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { makeKeys, place, root, withTempDir, writeKeys } from "./lib.mjs";
import { ORACLE as MEMCACHED_ORACLE, HASHES } from "./memcached.mjs";
import * as redis from "./redis.mjs";
import * as kafka from "./kafka.mjs";
import * as guava from "./guava.mjs";

const require = createRequire(import.meta.url);
const HashRing = require("hashring");
const clusterKeySlot = require("cluster-key-slot");
const { Partitioners } = require("kafkajs");
const { jump, murmurConsistentHash } = require("jump-gouache");

// The seed `npm test` gives the comparison with the real systems: the same keys.
export const SEED = 20261201;
export const DOC = path.join(root, "docs", "systems.md");
export const JSON_FILE = path.join(root, "tests", "golden", "systems", "compat.json");
export const START = "<!-- compat-matrix:start -->";
export const END = "<!-- compat-matrix:end -->";

const version = (name) => require(`${name}/package.json`).version;

// A key's text when its bytes are UTF-8 (a leading BOM kept, as Buffer#toString keeps it), else null.
const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
function text(key) {
  try {
    return utf8.decode(key);
  } catch {
    return null;
  }
}

const NOT_EXPRESSIBLE = Symbol("not expressible");

// One row of the matrix. `answer(key, i)` is the package's answer or NOT_EXPRESSIBLE; a real
// answer of null is a key the real system refuses (libmemcached: 0 or more than 250 bytes).
function tally({ pkg, call, against, keys, real, answer }) {
  let notExpressible = 0;
  let refused = 0;
  let agree = 0;
  let example = null;
  keys.forEach((key, i) => {
    const ours = answer(key, i);
    if (ours === NOT_EXPRESSIBLE) return void notExpressible++;
    if (real[i] === null) return void refused++;
    if (ours === real[i]) return void agree++;
    // The shortest key that differs (the first of that length), so that the example reads.
    if (example === null || key.length < example.bytes.length)
      example = { bytes: key, package: ours === undefined ? null : ours, real: real[i] };
  });
  const compared = keys.length - notExpressible - refused;
  return {
    package: `${pkg} ${version(pkg)}`,
    call,
    against,
    keys: keys.length,
    compared,
    agree,
    share: share(agree, compared),
    notExpressible,
    refused,
    example: example && {
      key: text(example.bytes) ?? undefined,
      hex: example.bytes.toString("hex"),
      package: example.package,
      real: example.real,
    },
  };
}

// Two decimals, never rounded up to 100.00 % or down to 0.00 % when that would be wrong.
function share(agree, compared) {
  if (compared === 0) return "—";
  if (agree === compared) return "100.00 %";
  if (agree === 0) return "0.00 %";
  const pct = Math.floor((agree * 10000) / compared) / 100;
  return pct === 0 ? "< 0.01 %" : `${pct.toFixed(2)} %`;
}

// ---------------------------------------------------------------------------------------------
// hashring (ketama): against libmemcached 1.1.4's weighted ketama continuum, which is what a
// memcached client built on libmemcached with MEMCACHED_BEHAVIOR_KETAMA_WEIGHTED uses, and
// against libketama's rule. libmemcached leaves port 11211 out of its point names ("host-k"),
// libketama keeps the address as written ("host:port-k"); hashring hashes the string as given,
// or the bare host when its port is `default port`.

const THREE = ["10.0.0.1:11211", "10.0.0.2:11211", "10.0.0.3:11212"];
const WEIGHTED = { "10.0.0.1:11211": 3, "10.0.0.2:11212": 1, "10.0.0.3:11213": 7, "10.0.0.4:11211": 2 };
const FIXTURE = Object.fromEntries([600, 300, 200, 350, 1000, 800, 950, 100].map((w, i) => [`10.0.1.${i + 1}`, w]));
const SEVEN = Array.from({ length: 7 }, (_, i) => `10.0.0.${i + 1}:11211`);

// [server string as given to hashring, weight] pairs.
const entries = (servers) => (Array.isArray(servers) ? servers.map((s) => [s, 1]) : Object.entries(servers));
const hostPort = (s) => (s.includes(":") ? s : `${s}:11211`);

const HASHRING = [
  { servers: THREE, options: null, mode: "behavior_ketama_weighted" },
  { servers: THREE, options: { "default port": 11211 }, mode: "behavior_ketama_weighted" },
  { servers: ["10.0.0.1", "10.0.0.2", "10.0.0.3:11212"], options: null, mode: "behavior_ketama_weighted" },
  { servers: WEIGHTED, options: { "default port": 11211 }, mode: "behavior_ketama_weighted" },
  { servers: FIXTURE, options: null, mode: "behavior_ketama_weighted" },
  { servers: SEVEN, options: { "default port": 11211 }, mode: "behavior_ketama_weighted" },
  // libmemcached's unweighted ketama hashes one point per name, 100 per server; with MD5 as the
  // key hash it is a ring hashring can be asked for.
  {
    servers: THREE,
    options: { "default port": 11211, "vnode count": 100, replicas: 1 },
    mode: "consistent_ketama",
    hash: "md5",
  },
  { servers: THREE, options: null, libketama: true },
  { servers: WEIGHTED, options: null, libketama: true },
  { servers: SEVEN, options: null, libketama: true },
];

function hashringCall(servers, options) {
  const args = [JSON.stringify(servers).replaceAll('":', '": ').replaceAll(",", ", ")];
  if (options) args.push('"md5"', JSON.stringify(options).replaceAll('":', '": ').replaceAll(",", ", "));
  return `new HashRing(${args.join(", ")})`;
}

// libmemcached's answers for each configuration, from memcached.mjs's C oracle.
function libmemcached(configs, keys, dir) {
  const src = path.join(dir, "memcached-oracle.c");
  const bin = path.join(dir, "memcached-oracle");
  writeFileSync(src, MEMCACHED_ORACLE);
  const cc = spawnSync("sh", ["-c", `gcc -O1 -o "${bin}" "${src}" $(pkg-config --cflags --libs libmemcached)`], {
    encoding: "utf8",
  });
  if (cc.status !== 0) throw new Error(`cannot build the libmemcached oracle (libmemcached-dev):\n${cc.stderr}`);
  const keysFile = path.join(dir, "keys-memcached.txt");
  writeKeys(keysFile, keys);
  const input = configs
    .map(({ servers, mode, hash }) => {
      const list = entries(servers).map(([s, w]) => {
        const [host, port] = hostPort(s).split(":");
        return `${host} ${port} ${w}`;
      });
      return `${mode} ${hash ? HASHES[hash] : -1} 0 ${list.length} ${list.join(" ")}`;
    })
    .join("\n");
  const r = spawnSync(bin, [keysFile], { input, encoding: "latin1", maxBuffer: 1 << 30 });
  if (r.status !== 0) throw new Error(`libmemcached oracle failed (${r.status}): ${r.stderr}`);
  const blocks = r.stdout.split("=\n");
  blocks.pop();
  if (blocks.length !== configs.length) throw new Error(`oracle gave ${blocks.length} answers for ${configs.length}`);
  return blocks.map((b) => {
    const lines = b.split("\n");
    lines.pop();
    if (lines.length !== keys.length) throw new Error(`oracle: ${lines.length} answers for ${keys.length} keys`);
    return lines.map((l) => (l === "-" ? null : l));
  });
}

function hashringRows({ keys, dir }) {
  const viaMemcached = HASHRING.filter((c) => !c.libketama);
  const memcachedAnswers = libmemcached(viaMemcached, keys, dir);
  return HASHRING.map((c) => {
    let real;
    let against;
    if (c.libketama) {
      // libketama has no Debian package: its rule as `ringlab place libketama` (checked against
      // libketama built from its source, and its own test vector).
      const list = entries(c.servers).map(([s, w]) => `${s}=${w}`);
      real = place("libketama", ["--servers", list.join(",")], keys, dir);
      against = "libketama (its rule in `ringlab place libketama`)";
    } else {
      real = memcachedAnswers[viaMemcached.indexOf(c)];
      against =
        c.mode === "behavior_ketama_weighted"
          ? "libmemcached 1.1.4, `MEMCACHED_BEHAVIOR_KETAMA_WEIGHTED`"
          : "libmemcached 1.1.4, `MEMCACHED_DISTRIBUTION_CONSISTENT_KETAMA`, MD5 key hash";
    }
    const ring = c.options ? new HashRing(c.servers, "md5", c.options) : new HashRing(c.servers);
    // hashring answers with the server string as given; libmemcached with host:port.
    const name = c.libketama ? (s) => s : hostPort;
    return tally({
      pkg: "hashring",
      call: hashringCall(c.servers, c.options),
      against,
      keys,
      real,
      answer: (key) => {
        const t = text(key);
        return t === null ? NOT_EXPRESSIBLE : name(ring.get(t));
      },
    });
  });
}

// ---------------------------------------------------------------------------------------------
// cluster-key-slot: CLUSTER KEYSLOT from redis-server 7.0 (redis.mjs). It takes a string (its
// UTF-8) or bytes, so every key is expressible.

async function clusterKeySlotRows(ctx) {
  const rows = (await redis.real(ctx)).filter((r) => r.args.length === 0);
  return rows.map((r) =>
    tally({
      pkg: "cluster-key-slot",
      call: r.keys === ctx.keys ? "generate(key)" : "generate(key), a key per slot",
      against: "redis-server 7.0, `CLUSTER KEYSLOT`",
      keys: r.keys,
      real: r.real,
      answer: (key) => clusterKeySlot(text(key) ?? key),
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// kafkajs: the partitioners' answer for a keyed message, against the Java client's keyed rule,
// which librdkafka's murmur2_random computes (kafka.mjs). kafkajs takes a string or a Buffer.

const KAFKA_PARTITIONS = [3, 12, 100, 1009];

async function kafkajsRows(ctx) {
  const rows = (await kafka.real(ctx)).filter(
    (r) =>
      r.config.includes("(rd_kafka_msg_partitioner_murmur2_random)") && KAFKA_PARTITIONS.includes(Number(r.args[1])),
  );
  const out = [];
  for (const [name, note] of [
    ["DefaultPartitioner", " (= JavaCompatiblePartitioner)"],
    ["LegacyPartitioner", ""],
  ]) {
    for (const r of rows) {
      const n = Number(r.args[1]);
      const partitioner = Partitioners[name]();
      const partitionMetadata = Array.from({ length: n }, (_, partitionId) => ({ partitionId, leader: 0 }));
      out.push(
        tally({
          pkg: "kafkajs",
          call: `Partitioners.${name}()${note}, ${n} partitions`,
          against: "the Java client's keyed partitioner (librdkafka 2.0.2 `murmur2_random`)",
          keys: r.keys,
          real: r.real,
          answer: (key) => partitioner({ topic: "t", partitionMetadata, message: { key: text(key) ?? key } }),
        }),
      );
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// jump-gouache: Guava 31.1's Hashing.consistentHash on the JDK (guava.mjs). jump() takes a
// number or a BigInt, so the comparison is on guava.mjs's 64-bit integer keys (decimal, signed
// or unsigned, 0x hex), given as BigInt(key) and, as code holding ids in numbers would, as
// Number(key). murmurConsistentHash(key) is set beside consistentHash(murmur3_32_fixed()
// .hashString(key, UTF_8)) on the text keys; it takes only strings.

const GUAVA_BUCKETS = [2, 10, 100, 1000, 65536, 2147483647];
const GUAVA_NUMBER_BUCKETS = [100, 65536];
const GUAVA_MURMUR_BUCKETS = [100, 65536];

function bucketsOf(row) {
  return Number(row.args[row.args.indexOf("--buckets") + 1]);
}

async function jumpGouacheRows(ctx) {
  const rows = await guava.real(ctx);
  const longRows = rows.filter((r) => r.args.includes("long"));
  const murmurRows = rows.filter((r) => r.args.includes("murmur3_32"));
  const out = [];
  const against = "Guava 31.1, `Hashing.consistentHash(long, buckets)`";
  for (const r of longRows.filter((r) => GUAVA_BUCKETS.includes(bucketsOf(r)))) {
    const b = bucketsOf(r);
    out.push(
      tally({
        pkg: "jump-gouache",
        call: `jump(BigInt(key), ${b}), 64-bit integer keys`,
        against,
        keys: r.keys,
        real: r.real,
        answer: (key) => jump(BigInt(key.toString("latin1")), b),
      }),
    );
  }
  for (const r of longRows.filter((r) => GUAVA_NUMBER_BUCKETS.includes(bucketsOf(r)))) {
    const b = bucketsOf(r);
    out.push(
      tally({
        pkg: "jump-gouache",
        call: `jump(Number(key), ${b}), 64-bit integer keys`,
        against,
        keys: r.keys,
        real: r.real,
        answer: (key) => jump(Number(key.toString("latin1")), b),
      }),
    );
  }
  for (const r of murmurRows.filter((r) => GUAVA_MURMUR_BUCKETS.includes(bucketsOf(r)))) {
    const b = bucketsOf(r);
    out.push(
      tally({
        pkg: "jump-gouache",
        call: `murmurConsistentHash(key, ${b}).bucket`,
        against: "Guava 31.1, `consistentHash(murmur3_32_fixed().hashString(key, UTF_8), buckets)`",
        keys: r.keys,
        real: r.real,
        answer: (key) => {
          const t = text(key);
          return t === null ? NOT_EXPRESSIBLE : murmurConsistentHash(t, b).bucket;
        },
      }),
    );
  }
  return out;
}

// ---------------------------------------------------------------------------------------------

// Every row, in the table's order.
export async function matrix({ seed = SEED } = {}) {
  const keys = makeKeys(seed);
  const rows = [];
  const parts = [
    ["hashring", (dir) => hashringRows({ keys, dir, seed })],
    ["redis", (dir) => clusterKeySlotRows({ keys, dir, seed, makeKeys })],
    ["kafka", (dir) => kafkajsRows({ keys, dir, seed, makeKeys })],
    ["guava", (dir) => jumpGouacheRows({ keys, dir, seed, makeKeys })],
  ];
  for (const [name, fn] of parts) rows.push(...(await withTempDir(`compat-${name}`, fn)));
  return { seed, rows };
}

const count = (n) => n.toLocaleString("en-US");

// A key as it reads in the table: its text in quotes when it is printable UTF-8 (long keys cut
// in the middle, with their length), else its bytes in hex.
function showKey({ key, hex }) {
  if (key !== undefined && !/[\p{C}`|]/u.test(key)) {
    // Cut between characters, not inside a surrogate pair.
    const chars = Array.from(key);
    if (chars.length <= 40) return `\`${JSON.stringify(key)}\``;
    const [head, tail] = [chars.slice(0, 16).join(""), chars.slice(-8).join("")];
    return `\`${JSON.stringify(head)}\` … \`${JSON.stringify(tail)}\` (${count(Buffer.byteLength(key))} bytes)`;
  }
  return `bytes \`${hex}\``;
}

function notCompared(row) {
  const parts = [];
  if (row.notExpressible) parts.push(`${count(row.notExpressible)} not expressible`);
  if (row.refused) parts.push(`${count(row.refused)} refused by libmemcached`);
  return parts.join(", ") || "—";
}

export function markdown({ rows }) {
  const lines = [
    "| package | configuration | compared with | keys | not compared | agrees | a key where it does not: package → real |",
    "| --- | --- | --- | ---: | --- | ---: | --- |",
  ];
  for (const r of rows) {
    const example = r.example
      ? `${showKey(r.example)}: \`${JSON.stringify(r.example.package)}\` → \`${JSON.stringify(r.example.real)}\``
      : "—";
    const cells = [r.package, `\`${r.call}\``, r.against, count(r.keys), notCompared(r), r.share, example];
    lines.push(`| ${cells.join(" | ")} |`);
  }
  return lines.join("\n");
}

export function json(m) {
  return `${JSON.stringify(m, null, 2)}\n`;
}

// docs/systems.md with the table between the markers.
export function withTable(doc, table) {
  const a = doc.indexOf(START);
  const b = doc.indexOf(END);
  if (a < 0 || b < a) throw new Error(`docs/systems.md has no ${START} … ${END} section`);
  return `${doc.slice(0, a + START.length)}\n${table}\n${doc.slice(b)}`;
}

// The table as docs/systems.md holds it now.
export function docTable(doc) {
  const a = doc.indexOf(START);
  const b = doc.indexOf(END);
  if (a < 0 || b < a) return null;
  return doc.slice(a + START.length, b).trim();
}

async function main(argv) {
  let seed = SEED;
  let write = false;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--seed") seed = Number(argv[++i]);
    else if (argv[i] === "--write") write = true;
    else throw new Error(`usage: node tests/systems/compat.mjs [--seed N] [--write]`);
  }
  const m = await matrix({ seed });
  const table = markdown(m);
  if (!write) return console.log(table);
  if (seed !== SEED) throw new Error(`--write keeps the seed docs/systems.md names (${SEED})`);
  writeFileSync(DOC, withTable(readFileSync(DOC, "utf8"), table));
  writeFileSync(JSON_FILE, json(m));
  console.log(`compat: ${m.rows.length} rows written to docs/systems.md and ${path.relative(root, JSON_FILE)}`);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).catch((e) => {
    console.error(e.stack ?? String(e));
    process.exit(1);
  });
}
