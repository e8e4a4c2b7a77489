// Writes the committed seed corpus, tests/fuzz/corpus/<target>/, one small meaningful input per
// file. Each encoder below mirrors the order in which its target reads bytes (fuzz::Reader:
// little-endian, from the front). Run it again after changing a target's input format:
//   node tests/fuzz/gen-corpus.mjs
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));

// --- Byte building ------------------------------------------------------------------------
class Bytes {
  constructor() {
    this.out = [];
  }
  u8(v) {
    this.out.push(v & 0xff);
    return this;
  }
  u16(v) {
    return this.u8(v).u8(v >>> 8);
  }
  u32(v) {
    return this.u16(v & 0xffff).u16(v >>> 16);
  }
  u64(v) {
    const big = BigInt.asUintN(64, BigInt(v));
    return this.u32(Number(big & 0xffffffffn)).u32(Number(big >> 32n));
  }
  f64(v) {
    const b = Buffer.alloc(8);
    b.writeDoubleLE(v);
    for (const x of b) this.u8(x);
    return this;
  }
  raw(buf) {
    for (const x of buf) this.u8(x);
    return this;
  }
  buffer() {
    return Buffer.from(this.out);
  }
}

const utf16le = (s) => Buffer.from(s, "utf16le");

// --- fuzz_h32: the input is the text ------------------------------------------------------
const h32 = {
  empty: Buffer.alloc(0),
  a: Buffer.from("a"),
  "user-42": Buffer.from("user:42"),
  "s0-vnode0": Buffer.from("S0#0"),
  "bengali-utf8": Buffer.from("ব্যবহারকারী:৪২", "utf8"),
  "bengali-utf16": utf16le("ব্যবহারকারী:৪২"),
  "lone-surrogate-utf16": utf16le("\uD800x"),
  "emoji-utf16": utf16le("😀"),
  "all-bytes": Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
  "split-mid-numbers": Buffer.concat([
    Buffer.from([7, 3]),
    Buffer.from("S12#345"),
    Buffer.from([1, 2, 3, 4, 5, 6, 7, 8]),
  ]),
};

// --- fuzz_ring -----------------------------------------------------------------------------
const RING_UNITS = ["S", "a", "b", "0", "1", "#", "\u0995", "\uD83D"];
const RING_WEIGHTS = [1, 1, 1, 2, 0.5, 1.5, 0.25, 3, 0.1, 0.03125, 2.5, 0, -1, NaN, Infinity, 1e-300, 5e-324];
const RING_ZONES = ["", "z1", "z2", "z3"];

function ringName(b, name) {
  if (name === "") return b.u8(0);
  const units = [...name].map((c) => RING_UNITS.indexOf(c));
  if (units.some((u) => u < 0) || units.length > 3) throw new Error(`ring name ${name}`);
  b.u8(units.length === 1 ? 3 : units.length - 1); // len = 1 + b % 3 (0 is the empty name)
  for (const u of units) b.u8(u);
  return b;
}
function ringWeight(b, w) {
  const i = RING_WEIGHTS.findIndex((x) => Object.is(x, w));
  if (i >= 0) return b.u8(i);
  return b.u8(RING_WEIGHTS.length).f64(w);
}
function ringServer(b, [name, weight = 1, zone = ""]) {
  ringName(b, name);
  ringWeight(b, weight);
  return b.u8(RING_ZONES.indexOf(zone));
}
// ops: ["add", server] | ["remove", index | name] | ["weight", index | name, w] | ["lookup", [[mode, value, rf], ...]]
// wide: a count byte of 0xFC..0xFF, which appends 250 + 3 * (byte - 0xFC) plain servers.
function ringInput(vnodes, servers, ops, { wide = false } = {}) {
  let count = servers.length;
  let n = servers.length;
  if (wide) {
    count = 0xfc;
    while (count % 7 !== servers.length) count += 1;
    if (count > 0xff) throw new Error(`no wide count byte for ${servers.length} servers`);
    n += 250 + 3 * (count - 0xfc);
  }
  const b = new Bytes().u8(vnodes).u8(count);
  for (const s of servers) ringServer(b, s);
  for (const op of ops) {
    if (op[0] === "add") {
      b.u8(0);
      ringServer(b, op[1]);
      n += 1;
    } else if (op[0] === "remove" || op[0] === "weight") {
      b.u8(op[0] === "remove" ? 1 : 2);
      if (typeof op[1] === "number") b.u8(op[1]);
      else ringName(b.u8(n), op[1]); // index n: a name that need not be on the ring
      if (op[0] === "weight") ringWeight(b, op[2]);
      else if (typeof op[1] === "number" && n > 1) n -= 1;
    } else {
      // At most four lookups per op.
      for (let i = 0; i < op[1].length; i += 4) {
        const group = op[1].slice(i, i + 4);
        b.u8(3).u8(group.length - 1);
        for (const [mode, value, rf] of group) {
          b.u8(mode);
          if (mode % 3 === 0) b.u32(value);
          else b.u8(value);
          b.u8(rf);
        }
      }
    }
  }
  return b.buffer();
}
const lookups = [
  [0, 0, 1],
  [0, 0xffffffff, 3],
  [1, 0, 2],
  [2, 1, 9],
  [0x81, 0, 3],
  [3, 123456789, 0],
];
const ring = {
  "three-servers-lookups": ringInput(4, [["S0"], ["S1"], ["Sb"]], [["lookup", lookups]]),
  "zones-preference": ringInput(
    3,
    [
      ["a", 1, "z1"],
      ["b", 1, "z1"],
      ["S", 1, "z2"],
      ["0", 2, "z3"],
    ],
    [["lookup", lookups]],
  ),
  "add-remove-weight": ringInput(
    5,
    [["S0"], ["S1", 2]],
    [
      ["add", ["Sb", 0.5, "z1"]],
      ["lookup", [[0, 2000000000, 2]]],
      ["weight", 0, 1.5],
      ["remove", 1],
      ["add", ["ab#", 2.5]],
      ["weight", "b", 2],
      ["lookup", lookups],
    ],
  ),
  "invalid-weights": ringInput(
    2,
    [["a"], ["b"]],
    [
      ["weight", 0, 0],
      ["weight", 1, NaN],
      ["add", ["S", -1]],
      ["weight", 0, 5e-324],
    ],
  ),
  "last-server-remove": ringInput(
    1,
    [["S"]],
    [
      ["remove", 0],
      ["remove", "ab"],
      ["lookup", [[0, 7, 1]]],
    ],
  ),
  "duplicate-add": ringInput(
    6,
    [["S0"], ["S1"]],
    [
      ["add", ["S0"]],
      ["add", ["\u0995\uD83D"]],
      ["lookup", lookups],
    ],
  ),
  "non-bmp-names": ringInput(8, [["\u0995"], ["\uD83D"], ["#"]], [["lookup", lookups]]),
  "zero-vnodes": ringInput(0, [["S0"]], []),
  // 258 servers (a point's server no longer fits a byte), down to 256 and up again (wide
  // inputs run at most four operations).
  "wide-ring": ringInput(
    2,
    [
      ["a", 1, "z2"],
      ["b", 2, "z3"],
    ],
    [
      ["remove", 0],
      ["remove", 0],
      ["add", ["Sb", 3, "z1"]],
      [
        "lookup",
        [
          [0, 42, 5],
          [1, 3, 200],
          [2, 7, 3],
          [0x81, 0, 2],
        ],
      ],
    ],
    { wide: true },
  ),
};

// --- fuzz_token_ring -------------------------------------------------------------------------
const TOKEN_UNITS = ["a", "b", "c", "\u00e9", "\uDC00"];
function tokenId(b, id) {
  if (id === "") return b.u8(0);
  const units = [...id].map((c) => TOKEN_UNITS.indexOf(c));
  b.u8(units.length === 1 ? 2 : 1); // len = 1 + b % 2
  for (const u of units) b.u8(u);
  return b;
}
// ops: ["add", id, [mode, value]] | ["remove", id | null] | ["route", [mode, value]] | ["key", [units]] | ["bounds", id | index]
function tokenInput(bits, ops) {
  const b = new Bytes().u8(bits - 1);
  for (const op of ops) {
    if (op[0] === "add") {
      b.u8(0);
      tokenId(b, op[1]);
      const [mode, value] = op[2];
      b.u8(mode);
      if (mode === 0 || mode === 3 || mode === 4) b.u8(value);
      else if (mode === 1) b.u64(value);
      else b.u32(value);
    } else if (op[0] === "remove") {
      b.u8(2);
      if (op[1] === null)
        b.u8(1); // the first id on the ring
      else tokenId(b.u8(0), op[1]);
    } else if (op[0] === "route") {
      b.u8(3);
      const [mode, value] = op[1];
      b.u8(mode);
      if (mode === 0) b.u64(value);
      else if (mode === 1) b.u32(value);
      else b.u8(value);
    } else if (op[0] === "key") {
      b.u8(4).u8(op[1].length);
      for (const u of op[1]) b.u16(u);
    } else {
      b.u8(5);
      if (typeof op[1] === "number") b.u8(1).u8(op[1]);
      else tokenId(b.u8(0), op[1]);
    }
  }
  return b.buffer();
}
// The tutorial's ring over 0..99 (docs/algorithms.md#tutorial-examples), on a 7-bit ring: A 10, B 30, C 50, D 80, then E at 40.
const tutorial = [
  ["add", "a", [0, 10]],
  ["add", "b", [0, 30]],
  ["add", "c", [0, 50]],
  ["add", "ab", [0, 80]],
  ["route", [2, 0]],
  ["route", [3, 3]],
  ["add", "ba", [0, 40]],
  ["bounds", "a"],
  ["bounds", "c"],
  ["remove", "b"],
  ["bounds", 0],
  ["key", [0x75, 0x73, 0x65, 0x72]],
];
const tokenRing = {
  "tutorial-7-bits": tokenInput(7, tutorial),
  "errors-in-order": tokenInput(8, [
    ["route", [1, 5]],
    ["add", "a", [0, 255]],
    ["add", "a", [3, 2]], // 256: out of range
    ["add", "b", [4, 0]], // the token of a: taken
    ["add", "a", [0, 7]], // a again: already present
    ["add", "", [0, 9]],
    ["remove", "c"],
    ["bounds", "c"],
    ["remove", null],
    ["route", [1, 0]],
  ]),
  "one-bit": tokenInput(1, [
    ["add", "a", [0, 1]],
    ["add", "b", [0, 0]],
    ["add", "c", [0, 2]],
    ["route", [1, 1]],
    ["bounds", 0],
    ["bounds", 1],
  ]),
  "full-32-bits": tokenInput(32, [
    ["add", "a", [2, 0xffffffff]],
    ["add", "b", [1, 0x100000000]],
    ["add", "c", [2, 0]],
    ["route", [0, 0xffffffff]],
    ["route", [0, 0x1ffffffff]],
    ["bounds", "a"],
    ["key", [0xd800, 0x78]],
  ]),
  "single-vnode": tokenInput(16, [
    ["add", "\u00e9\uDC00", [2, 1234]],
    ["bounds", 0],
    ["route", [2, 0]],
    ["route", [3, 0]],
  ]),
};

// --- fuzz_maglev -----------------------------------------------------------------------------
const primes = [];
{
  const composite = new Array(2001).fill(false);
  for (let i = 2; i <= 2000; i += 1) {
    if (composite[i]) continue;
    primes.push(i);
    for (let j = i * i; j <= 2000; j += i) composite[j] = true;
  }
}
const NON_PRIMES = [0, 1, 4, 9, 15, 21, 25, 49, 91, 221, 1001, 1369, 2000];
const SIZES = [...primes, ...NON_PRIMES];
const MAGLEV_UNITS = ["b", "a", "B", "1", "|", "\u0995", "\uFFFF", "\uD800"];
const MAGLEV_WEIGHTS = [1, 2, 3, 0.5, 0.1, 10, 1.5, 7, 0.25, 100, 1e-3, 0, -2, NaN, Infinity];
// backends: [extraUnits, weight, named] — named (default) gives "be<index>" + extra units.
function maglevInput(m, weighted, backends, tail = []) {
  const index = SIZES.indexOf(m);
  if (index < 0) throw new Error(`table size ${m}`);
  const b = new Bytes()
    .u8(backends.length)
    .u8(weighted ? 1 : 0)
    .u16(index);
  for (const [extra = "", weight = 1, named = true] of backends) {
    const units = [...extra].map((c) => MAGLEV_UNITS.indexOf(c));
    // The selector byte: named ones are 1..127, bare ones 128..254; it gives b % 3 extra units.
    b.u8((named ? 3 : 129) + units.length);
    for (const u of units) b.u8(u);
    if (weighted) {
      const wi = MAGLEV_WEIGHTS.findIndex((x) => Object.is(x, weight));
      if (wi >= 0) b.u8(wi);
      else b.u8(MAGLEV_WEIGHTS.length).f64(weight);
    }
  }
  for (const x of tail) b.u8(x);
  return b.buffer();
}
const plain = (n) => Array.from({ length: n }, () => ["", 1]);
const maglev = {
  "three-in-seven": maglevInput(7, false, plain(3), [2, 1, 0, 0, 0, 0, 9, 0, 0, 0]),
  "ten-in-101": maglevInput(101, false, plain(10), [9, 8, 7, 6, 5, 4, 3, 2, 1]),
  "twenty-in-1999": maglevInput(1999, false, plain(20)),
  "weighted-251": maglevInput(
    251,
    true,
    [
      ["", 1],
      ["a", 2],
      ["bB", 0.5],
      ["", 10],
      ["|", 3],
    ],
    [4, 3, 2, 1],
  ),
  "weighted-raw": maglevInput(13, true, [
    ["", 123.456],
    ["", 0.002],
    ["", 1],
  ]),
  "not-prime": maglevInput(1001, false, plain(4)),
  "smaller-than-backends": maglevInput(3, false, plain(5)),
  "duplicate-names": maglevInput(11, false, [
    ["ab", 1, false],
    ["ab", 1, false],
    ["", 1],
  ]),
  "bad-weight": maglevInput(17, true, [
    ["", 0],
    ["", NaN],
  ]),
  "non-bmp-names": maglevInput(31, false, [
    ["\u0995\uFFFF", 1, false],
    ["\uD800", 1, false],
    ["|", 1, false],
  ]),
};

// --- fuzz_bounded ----------------------------------------------------------------------------
const BOUNDED_WEIGHTS = [1, 1, 1, 2, 0.5, 3, 1.5, 0.1, 10];
const EPSILONS = [0.25, 0.1, 1, 0.01, 0.5, 2, 1e-9, 1e-300, 1e300, 0, -0, -1, NaN, Infinity];
// keys: { raw: [hashes] } or { onTokens: [[index, plusOne], ...] }
function boundedInput(vnodes, weights, epsilon, keys) {
  const b = new Bytes().u8(vnodes - 1).u8(weights.length - 1);
  for (const w of weights) b.u8(BOUNDED_WEIGHTS.indexOf(w));
  const ei = EPSILONS.findIndex((x) => Object.is(x, epsilon));
  if (ei >= 0) b.u8(ei);
  else b.u8(EPSILONS.length).f64(epsilon);
  if (keys.raw) {
    b.u16(keys.raw.length).u8(1);
    for (const h of keys.raw) b.u32(h);
  } else if (keys.count !== undefined) {
    b.u16(keys.count).u8(1); // hashes made up by the target once the input runs out
  } else {
    b.u16(keys.onTokens.length).u8(0);
    for (const [i, plus] of keys.onTokens) b.u8(i).u8(plus);
  }
  return b.buffer();
}
const crowd = Array.from({ length: 120 }, (_, k) => [k % 3, k % 2]);
const bounded = {
  "four-servers-eps-quarter": boundedInput(10, [1, 1, 1, 1], 0.25, { count: 400 }),
  "crowded-point": boundedInput(2, [1, 1, 1], 0.01, { onTokens: crowd }),
  weighted: boundedInput(8, [1, 2, 0.5, 3], 0.1, { count: 300 }),
  "tiny-epsilon": boundedInput(1, [1, 1, 1, 1, 1, 1, 1], 1e-9, { onTokens: crowd }),
  "raw-hashes": boundedInput(4, [1, 1], 0.5, { raw: [0, 1, 0xffffffff, 0x80000000, 12345, 0xfffffffe] }),
  "no-keys": boundedInput(3, [1, 1], 0.25, { count: 0 }),
  "epsilon-zero": boundedInput(3, [1], 0, { count: 5 }),
  "epsilon-nan": boundedInput(3, [1, 2], NaN, { count: 5 }),
  "epsilon-raw": boundedInput(5, [1, 1, 1], 0.3333, { count: 50 }),
};

// --- fuzz_cli: arguments separated by NUL bytes ----------------------------------------------
const cliArgs = {
  help: ["--help"],
  h32: ["h32", "a", "user:42", "ব্যবহারকারী:৪২", "😀"],
  jump: ["jump", "42", "10"],
  "jump-max": ["jump", "18446744073709551615", "2147483647"],
  "ring-vs-mod": ["run", "ring-vs-mod", "--keys", "500", "--servers", "4", "--vnodes", "10"],
  "vnode-sweep": ["run", "vnode-sweep", "--servers", "3", "--keys", "800", "--vnodes", "1,10,100"],
  "hrw-jump": ["run", "hrw-jump", "--keys", "300", "--servers", "5", "--remove", "2", "--buckets", "10"],
  "compare-remove-json": [
    "compare",
    "--keys",
    "200",
    "--servers",
    "4",
    "--vnodes",
    "10",
    "--table",
    "101",
    "--change",
    "remove:S1",
    "--json",
  ],
  "compare-weight": [
    "compare",
    "--keys",
    "100",
    "--servers",
    "3",
    "--vnodes",
    "5",
    "--table",
    "11",
    "--change",
    "weight:S0=2",
  ],
  "compare-add-epsilon": [
    "compare",
    "--keys",
    "100",
    "--servers",
    "3",
    "--vnodes",
    "5",
    "--table",
    "13",
    "--change",
    "add:S9",
    "--epsilon",
    "0.5",
  ],
  "bucket-jump-ops": [
    "bucket",
    "jump",
    "--buckets",
    "10",
    "--ops",
    "remove:9,add,add",
    "42",
    "0x2a",
    "18446744073709551615",
  ],
  // ALGORITHM "\x01": the registry's second bucket algorithm (fuzz_cli.cpp says why).
  "bucket-by-index": ["bucket", "\x01", "--buckets", "7", "5", "4294967295"],
  "bucket-mod-n-ops": ["bucket", "mod-n", "--buckets", "7", "--ops", "add", "5"],
  "unknown-experiment": ["run", "nope"],
  "not-an-integer": ["run", "ring-vs-mod", "--keys", "1.5"],
  "zero-buckets": ["jump", "1", "0"],
  "table-not-prime": ["compare", "--keys", "10", "--servers", "2", "--vnodes", "2", "--table", "100"],
  "bad-change": ["compare", "--keys", "10", "--servers", "2", "--vnodes", "2", "--table", "7", "--change", "weight:S0"],
};
const cli = Object.fromEntries(Object.entries(cliArgs).map(([k, v]) => [k, Buffer.from(v.join("\0"), "utf8")]));

// --- Write ------------------------------------------------------------------------------------
const corpora = {
  fuzz_h32: h32,
  fuzz_ring: ring,
  fuzz_token_ring: tokenRing,
  fuzz_maglev: maglev,
  fuzz_bounded: bounded,
  fuzz_cli: cli,
};
let files = 0;
let bytes = 0;
for (const [target, inputs] of Object.entries(corpora)) {
  const dir = path.join(here, "corpus", target);
  mkdirSync(dir, { recursive: true });
  for (const f of readdirSync(dir)) rmSync(path.join(dir, f));
  for (const [name, data] of Object.entries(inputs)) {
    writeFileSync(path.join(dir, name), data);
    files += 1;
    bytes += data.length;
  }
}
console.log(
  `wrote ${files} seed inputs (${bytes} bytes) under ${path.relative(process.cwd(), path.join(here, "corpus"))}`,
);
