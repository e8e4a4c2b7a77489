#!/usr/bin/env node
// Regenerates the vectors of the bucket algorithms whose reference is SUPSI's Java suite
// (SUPSI-DTI-ISIN/java-consistent-hashing-algorithms, GPL-3.0): tests/golden/buckets/memento.tsv
// from its MementoEngine, binomial.tsv from its BinomialEngine. The reference is run, never
// copied: this script takes a clone of it, extracts the engines' sources at the commit below into
// a temporary folder, compiles them with javac beside a driver of our own (below) against
// Debian's Guava and commons-codec, and feeds the driver the cases this script makes. The two
// nerd4j classes the reference's sources import (Require, ToString) are small stand-ins of our
// own: they check what the reference asks them to check and nothing more.
//
//   node scripts/gen-golden-buckets-supsi.mjs --reference DIR [NAME...]
//
// DIR is a git repository (bare or not) that holds the commit; NAME is memento or binomial (the
// default: every file this script writes). Needs javac and java (openjdk-17),
// /usr/share/java/guava.jar (libguava-java 31.1) and /usr/share/java/commons-codec.jar
// (libcommons-codec-java 1.15).
//
// No clock and no unordered iteration: running it twice gives identical files.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { mulberry32 } from "./lib/oracle.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const outDir = join(root, "tests", "golden", "buckets");

// The reference's version: the SUPSI suite at its commit of 2025-05-16 ("Minor fix").
const REFERENCE_COMMIT = "68803f8009838119f727fc51e6d4449443a760ba";
const JARS = ["/usr/share/java/guava.jar", "/usr/share/java/commons-codec.jar"];
// The reference's sources the engines need: the engines (not their wrappers, which map nodes to
// buckets), their interface, the hash functions.
const SOURCES = [
  "src/main/java/ch/supsi/dti/isin/consistenthash/BucketBasedEngine.java",
  "src/main/java/ch/supsi/dti/isin/consistenthash/memento/MementoEngine.java",
  "src/main/java/ch/supsi/dti/isin/consistenthash/memento/Memento.java",
  "src/main/java/ch/supsi/dti/isin/consistenthash/binomial/BinomialEngine.java",
  "src/main/java/ch/supsi/dti/isin/hashfunction",
];

// What the reference imports from nerd4j-utils: Require's checks (a null or an empty value
// throws, as the reference's hash functions expect of it) and ToString, which only the
// reference's toString() methods use.
const REQUIRE = String.raw`
package org.nerd4j.utils.lang;

public final class Require {
  private Require() {}

  public static <T> T nonNull(T value, String message) {
    if (value == null) throw new IllegalArgumentException(message);
    return value;
  }

  public static String nonEmpty(String value, String message) {
    if (value == null || value.isEmpty()) throw new IllegalArgumentException(message);
    return value;
  }

  public static byte[] nonEmpty(byte[] value, String message) {
    if (value == null || value.length == 0) throw new IllegalArgumentException(message);
    return value;
  }
}
`;
const TO_STRING = String.raw`
package org.nerd4j.utils.lang;

public final class ToString {
  private final Object of;
  private Object[] values = new Object[0];

  private ToString(Object of) { this.of = of; }

  public static ToString of(Object of) { return new ToString(of); }

  public ToString print(Object... values) {
    this.values = values;
    return this;
  }

  public String likeTuple() {
    StringBuilder s = new StringBuilder(of.getClass().getSimpleName()).append('(');
    for (int i = 0; i < values.length; i++) s.append(i == 0 ? "" : ", ").append(values[i]);
    return s.append(')').toString();
  }
}
`;

// The driver. stdin, UTF-8, one record a line:
//   case ENGINE N OPS   a new engine of N buckets, then OPS ("add", "remove:B", comma-separated;
//                       "-" for none) applied in order
//   key TEXT            a key: its bucket is printed, one a line
// ENGINE is memento: MementoEngine(N, XXHash), the suite's default hash (xxh32 of the key's UTF-8,
// seed 0); or binomial: BinomialEngine(N, LowBits), the key a 64-bit integer in decimal whose low
// 32 bits are its hash (ringlab's input for BinomialHash).
const DRIVER = String.raw`
import ch.supsi.dti.isin.consistenthash.BucketBasedEngine;
import ch.supsi.dti.isin.consistenthash.binomial.BinomialEngine;
import ch.supsi.dti.isin.consistenthash.memento.MementoEngine;
import ch.supsi.dti.isin.hashfunction.HashFunction;
import ch.supsi.dti.isin.hashfunction.XXHash;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;

public class Driver {
  // The hash a key stands for: the low 32 bits of the 64-bit integer it spells, 0 .. 2^32 - 1, as
  // the suite's hash functions return theirs.
  static final class LowBits implements HashFunction {
    public String name() { return "low32"; }

    public long hash(byte[] bytes) {
      return Long.parseUnsignedLong(new String(bytes, StandardCharsets.US_ASCII)) & 0xFFFFFFFFL;
    }
  }

  static BucketBasedEngine engine(String name, int n) {
    if (name.equals("memento")) return new MementoEngine(n, new XXHash());
    if (name.equals("binomial")) return new BinomialEngine(n, new LowBits());
    throw new IllegalArgumentException(name);
  }

  public static void main(String[] args) throws Exception {
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    PrintWriter out = new PrintWriter(System.out);
    BucketBasedEngine e = null;
    String line;
    while ((line = in.readLine()) != null) {
      if (line.startsWith("case ")) {
        String[] f = line.split(" ");
        e = engine(f[1], Integer.parseInt(f[2]));
        if (!f[3].equals("-")) {
          for (String op : f[3].split(",")) {
            if (op.equals("add")) e.addBucket();
            else e.removeBucket(Integer.parseInt(op.substring("remove:".length())));
          }
        }
      } else if (line.startsWith("key ")) {
        out.println(e.getBucket(line.substring(4)));
      } else {
        throw new IllegalArgumentException(line);
      }
    }
    out.flush();
  }
}
`;

function run(cmd, args, options = {}) {
  const r = spawnSync(cmd, args, { encoding: "utf8", maxBuffer: 1 << 28, ...options });
  if (r.error) throw new Error(`${cmd}: ${r.error.message}`);
  if (r.status !== 0) throw new Error(`${cmd} ${args.slice(0, 3).join(" ")} ... failed (${r.status}):\n${r.stderr}`);
  return r.stdout;
}

// The reference's sources at REFERENCE_COMMIT, the stand-ins and the driver, compiled in `dir`.
function build(reference, dir) {
  for (const jar of JARS)
    if (!existsSync(jar)) throw new Error(`${jar} not found (libguava-java, libcommons-codec-java)`);
  const src = join(dir, "src");
  mkdirSync(join(src, "org", "nerd4j", "utils", "lang"), { recursive: true });
  const tar = join(dir, "reference.tar");
  run("git", ["-C", reference, "archive", "--format=tar", "-o", tar, REFERENCE_COMMIT, ...SOURCES]);
  run("tar", ["-xf", tar, "-C", src]);
  writeFileSync(join(src, "org", "nerd4j", "utils", "lang", "Require.java"), REQUIRE);
  writeFileSync(join(src, "org", "nerd4j", "utils", "lang", "ToString.java"), TO_STRING);
  writeFileSync(join(src, "Driver.java"), DRIVER);
  const files = run("find", [src, "-name", "*.java"]).trim().split("\n").sort();
  const classes = join(dir, "classes");
  mkdirSync(classes);
  run("javac", ["-nowarn", "-encoding", "UTF-8", "-cp", JARS.join(":"), "-d", classes, ...files]);
  return [classes, ...JARS].join(":");
}

// Each case's buckets from the driver: cases are {engine, n, ops, keys}; returns the TSV rows.
function answers(classpath, cases) {
  const lines = [];
  for (const c of cases) {
    lines.push(`case ${c.engine} ${c.n} ${c.ops === "" ? "-" : c.ops}`);
    for (const k of c.keys) lines.push(`key ${k}`);
  }
  const out = run("java", ["-cp", classpath, "Driver"], { input: lines.join("\n") + "\n" }).split("\n");
  const rows = [];
  let at = 0;
  for (const c of cases) for (const k of c.keys) rows.push([`buckets=${c.n}`, c.ops, k, out[at++]]);
  if (out.length !== at + 1 || out[at] !== "") throw new Error(`the driver gave ${out.length - 1} answers for ${at}`);
  return rows;
}

const header = ["options", "ops", "input", "bucket"];
function write(name, rows) {
  const text = [header, ...rows].map((r) => r.join("\t")).join("\n") + "\n";
  writeFileSync(join(outDir, name), text);
  console.log(`tests/golden/buckets/${name}: ${rows.length} rows`);
}

// Text keys that the TSV and a command line carry as they are (no tab, CR or LF, none empty):
// ASCII, Latin-1, Bengali, Cyrillic, CJK and emoji (4 bytes of UTF-8, two UTF-16 units), from 1
// to 40 characters, so that xxh32 sees keys below, at and above its 16-byte stripes.
const PIECES = [
  ..."abcdefghijklmnopqrstuvwxyz0123456789:-_./ {}",
  "é",
  "ß",
  "কী",
  "সার্ভার",
  "ключ",
  "キー",
  "鍵",
  "😀",
  "🔑",
];
function randomKey(rng) {
  const length = 1 + (rng.next() % 40);
  let key = "";
  while ([...key].length < length) key += PIECES[rng.next() % PIECES.length];
  return key;
}

// Memento's membership as the reference keeps it, to make histories of valid changes: a bucket
// removed at the tail while nothing else is removed shrinks the count; any other removal is
// remembered, and add() gives back the last removed bucket (or a new one at the tail).
class MementoMembers {
  constructor(n) {
    this.n = n;
    this.removed = []; // in order of removal
  }
  get size() {
    return this.n - this.removed.length;
  }
  live(b) {
    return b >= 0 && b < this.n && !this.removed.includes(b);
  }
  remove(b) {
    if (!this.live(b) || this.size === 1) throw new Error(`remove:${b} is not valid`);
    if (this.removed.length === 0 && b === this.n - 1) this.n -= 1;
    else this.removed.push(b);
  }
  // Whether add() has a bucket to give: one remembered, or room for a new one in a Java int (the
  // reference's b-array would overflow; ringlab refuses it).
  get canAdd() {
    return this.removed.length > 0 || this.n < 2147483647;
  }
  add() {
    if (!this.canAdd) throw new Error("add is not valid");
    if (this.removed.length > 0) this.removed.pop();
    else this.n += 1;
  }
}

// A random history: `steps` changes, each a removal of a live bucket (while more than one is
// live) or, with probability `adds` (where it has a bucket to give), an add.
function history(rng, n, steps, adds) {
  const m = new MementoMembers(n);
  const ops = [];
  for (let i = 0; i < steps; i++) {
    if (m.size === 1 || (rng.next() / 2 ** 32 < adds && m.canAdd)) {
      m.add();
      ops.push("add");
      continue;
    }
    let b;
    do b = rng.next() % m.n;
    while (!m.live(b));
    m.remove(b);
    ops.push(`remove:${b}`);
  }
  return ops.join(",");
}

function memento(classpath) {
  const cases = [];
  // The example of MementoHash's definition: ten buckets, keys key0 .. key15; 3, 7 and 9 removed
  // (9 is the last bucket, but with 3 and 7 remembered it is remembered too), then added back in
  // the reverse order, and one more bucket, 10.
  const keys = Array.from({ length: 16 }, (_, i) => `key${i}`);
  const removals = ["remove:3", "remove:7", "remove:9"];
  for (const ops of [
    [],
    removals.slice(0, 1),
    removals.slice(0, 2),
    removals,
    [...removals, "add"],
    [...removals, "add", "add", "add"],
    [...removals, "add", "add", "add", "add"],
  ])
    cases.push({ engine: "memento", n: 10, ops: ops.join(","), keys });
  // The tail shrinking twice while nothing is remembered, then a removal in the middle, and all
  // three given back; one bucket growing to two.
  const some = Array.from({ length: 8 }, (_, i) => `user:${i}`);
  cases.push({ engine: "memento", n: 10, ops: "remove:9,remove:8,remove:2", keys: some });
  cases.push({ engine: "memento", n: 10, ops: "remove:9,remove:8,remove:2,add,add,add", keys: some });
  cases.push({ engine: "memento", n: 1, ops: "", keys: some.slice(0, 4) });
  cases.push({ engine: "memento", n: 1, ops: "add", keys: some });
  // Random histories of random keys: few buckets with most of them removed (long chains of
  // replacements), and more buckets with a few removed, up to a Java int's 2^31 - 1.
  const rng = mulberry32(20260529);
  for (const [n, steps, adds] of [
    [2, 3, 0.3],
    [5, 6, 0.2],
    [20, 15, 0.1],
    [20, 30, 0.4],
    [64, 50, 0.2],
    [200, 170, 0.05],
    [100, 8, 0],
    [1000, 40, 0.25],
    [65536, 20, 0.2],
    [2147483647, 12, 0.25],
  ]) {
    const ops = history(rng, n, steps, adds);
    cases.push({ engine: "memento", n, ops, keys: Array.from({ length: 12 }, () => randomKey(rng)) });
  }
  write("memento.tsv", answers(classpath, cases));
}

// BinomialHash's membership as the reference keeps it (and jump's): add makes bucket n live,
// remove takes the last one, n - 1.
function lastBucketHistory(rng, n, steps, adds) {
  const ops = [];
  for (let i = 0; i < steps; i++) {
    if (n === 1 || (rng.next() / 2 ** 32 < adds && n < 2147483647)) {
      ops.push("add");
      n += 1;
    } else {
      ops.push(`remove:${n - 1}`);
      n -= 1;
    }
  }
  return ops.join(",");
}

function binomial(classpath) {
  const rng = mulberry32(20260530);
  const u64 = () => (BigInt(rng.next()) << 32n) | BigInt(rng.next());
  // Inputs at the edges of 32 and 64 bits (the high half is not the hash), and random ones.
  const edges = [0n, 1n, 2n, 3n, 0x7fffffffn, 0x80000000n, 0xffffffffn, 1n << 32n, (1n << 64n) - 1n];
  const random = (count) => Array.from({ length: count }, () => u64().toString());
  const cases = [];
  // Counts around powers of two, where its filters change and its retries matter most, and the
  // top of a Java int.
  for (const n of [1, 2, 3, 4, 5, 7, 8, 9, 16, 17, 1023, 1024, 1025, 65537, 2 ** 30, 2 ** 30 + 1, 2147483647])
    cases.push({ engine: "binomial", n, ops: "", keys: [...edges.slice(0, 7).map(String), ...random(5)] });
  cases.push({ engine: "binomial", n: 10, ops: "", keys: edges.map(String) });
  // Reaching a power of two by adds, or leaving one by removes, keeps the reference's filters one
  // level up; its buckets are the same as when built at that count. No history starts from one
  // bucket: the reference built with one (both filters 0) and grown keeps its minor filter equal
  // to its enclosing one, and then answers buckets at or above n (ringlab's filters are n's).
  for (const [n, ops] of [
    [3, "add"],
    [7, "add"],
    [9, "remove:8"],
    [17, "remove:16"],
    [15, "add,add,remove:16"],
    [2, "add,add,add"],
    [1024, "add,remove:1024,remove:1023"],
  ])
    cases.push({ engine: "binomial", n, ops, keys: random(12) });
  // Random histories.
  for (const [n, steps, adds] of [
    [6, 12, 0.5],
    [30, 40, 0.5],
    [200, 60, 0.4],
  ])
    cases.push({ engine: "binomial", n, ops: lastBucketHistory(rng, n, steps, adds), keys: random(12) });
  write("binomial.tsv", answers(classpath, cases));
}

const argv = process.argv.slice(2);
const at = argv.indexOf("--reference");
const only = argv.filter((a, i) => a !== "--reference" && (at < 0 || i !== at + 1));
if (at < 0 || !argv[at + 1] || only.some((n) => n !== "memento" && n !== "binomial")) {
  process.stderr.write("usage: node scripts/gen-golden-buckets-supsi.mjs --reference DIR [memento] [binomial]\n");
  process.exit(1);
}
const dir = mkdtempSync(join(tmpdir(), "ringlab-supsi-"));
try {
  const classpath = build(resolve(argv[at + 1]), dir);
  if (only.length === 0 || only.includes("memento")) memento(classpath);
  if (only.length === 0 || only.includes("binomial")) binomial(classpath);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
