// ringlab/systems' real systems through the package (system(name, options)): on every
// configuration of the committed golden files (made from the real software), the JavaScript
// API answers what the native CLI's `place` answers on the same keys, byte for byte once
// written the same way; the native CLI is the one proved against the real software
// (tests/systems) and the C++ suite checks the golden answers themselves, natively and as
// WebAssembly. Then the handle's own behaviour: bytes and strings, diff, errors.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import { load, RinglabError } from "ringlab/systems";
import { root } from "./helpers.mjs";

const erl = await load();
const native = path.join(process.env.RINGLAB_BUILD_DIR ?? path.join(root, "build"), "ringlab");
const tmp = mkdtempSync(path.join(tmpdir(), "ringlab-systems-js-"));
after(() => rmSync(tmp, { recursive: true, force: true }));

// A result written as `place` writes it: JSON, objects with ", " and ": ", integers all digits.
function written(v) {
  if (v === null) return "null";
  if (typeof v === "bigint" || typeof v === "number") return String(v);
  if (typeof v === "string") return JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map(written).join(", ")}]`;
  return `{${Object.entries(v)
    .map(([k, x]) => `${JSON.stringify(k)}: ${written(x)}`)
    .join(", ")}}`;
}

// --flag value ... as system() options: --min-ring is minRing; a flag without a value is true.
function options(flags) {
  const o = {};
  for (let i = 0; i < flags.length; i++) {
    const name = flags[i].replace(/^--/, "").replace(/-([a-z0-9])/g, (_, c) => c.toUpperCase());
    if (i + 1 < flags.length && !flags[i + 1].startsWith("--")) o[name] = flags[++i];
    else o[name] = true;
  }
  return o;
}

// The golden files' keys (hex) and configurations (`config <label> <flags...>`), each with the
// keys it was run on (a `keys` line of indices, else all) and the ones the real software refused
// (`refused` in its `result` line).
function golden(file) {
  const keys = [];
  const configs = [];
  for (const line of readFileSync(file, "utf8").split("\n")) {
    const f = line.split("\t");
    const c = configs.at(-1);
    if (f[0] === "key") keys.push(Buffer.from(f[1] ?? "", "hex"));
    else if (f[0] === "config") configs.push({ label: f[1], flags: f.slice(2), indices: null, refused: new Set() });
    else if (f[0] === "keys" && c) c.indices = f.slice(1).map(Number);
    else if (f[0] === "result" && c) {
      f.slice(1).forEach((r, i) => r === "refused" && c.refused.add(c.indices ? c.indices[i] : i));
    }
  }
  for (const c of configs) {
    const all = c.indices ?? keys.map((_, i) => i);
    c.keys = all.filter((i) => !c.refused.has(i)).map((i) => keys[i]);
    c.refusedKeys = [...c.refused].map((i) => keys[i]);
  }
  return { keys, configs };
}

function nativePlace(system, flags, keys) {
  const file = path.join(tmp, "keys");
  writeFileSync(file, Buffer.concat(keys.flatMap((k, i) => (i ? [Buffer.from("\n"), k] : [k]))));
  const r = spawnSync(native, ["place", system, ...flags, "--keys", file], { encoding: "utf8", maxBuffer: 1 << 28 });
  assert.equal(r.status, 0, `${system} ${flags.join(" ")}: ${r.stderr}`);
  return r.stdout
    .split("\n")
    .filter(Boolean)
    .map((l) => l.slice(l.lastIndexOf(', "result": ') + 12, -1));
}

const goldenDir = path.join(root, "tests", "golden", "systems");
const files = readdirSync(goldenDir).filter((f) => f.endsWith(".tsv"));

test("every system of the golden files is a system of the API", () => {
  const names = erl.systems();
  for (const f of files) {
    const name = f.replace(/\.tsv$/, "");
    if (name === "envoy") assert.ok(names.includes("envoy-ring") && names.includes("envoy-maglev"));
    else assert.ok(names.includes(name), name);
  }
});

for (const f of files) {
  const name = f.replace(/\.tsv$/, "");
  const { keys, configs } = golden(path.join(goldenDir, f));
  if (configs.length === 0) continue;
  test(
    `${name}: system().placeMany() answers as the native place on the golden configurations`,
    {
      skip: !existsSync(native) && "no native build",
    },
    () => {
      let compared = 0;
      for (const c of configs) {
        const sys = erl.system(name, options(c.flags));
        try {
          const ours = sys.placeMany(c.keys).map(written);
          assert.deepEqual(ours, nativePlace(name, c.flags, c.keys), `${name}: ${c.label}`);
          compared += c.keys.length;
          // What the real software refused, the API refuses too.
          for (const k of c.refusedKeys) {
            assert.throws(() => sys.place(k), RinglabError, `${c.label}: ${k.toString("hex")}`);
          }
        } finally {
          sys.dispose();
        }
      }
      assert.ok(compared >= keys.length / 2, `${compared} answers compared`);
    },
  );
}

test("keys as strings are their UTF-8 bytes; Uint8Arrays are bytes", () => {
  const kafka = erl.system("kafka", { partitions: 1009 });
  for (const s of ["topic-a", "", "κλειδί", "😀"])
    assert.equal(kafka.place(s), kafka.place(new TextEncoder().encode(s)));
  assert.equal(typeof kafka.place(new Uint8Array([0xff, 0x00, 0x80])), "number");
  kafka.dispose();
});

test("nginx's failover order: tries lists the servers tried, the first being place's", () => {
  const servers = "s1:80,s2:80=2,s3:80,s4:80=3";
  const first = erl.system("nginx", { servers, mode: "consistent", down: "s3:80" });
  const tries = erl.system("nginx", { servers, mode: "consistent", down: "s3:80", tries: true });
  const keys = Array.from({ length: 500 }, (_, i) => `user:${i}`);
  const order = tries.placeMany(keys);
  first.placeMany(keys).forEach((server, i) => {
    assert.equal(order[i][0], server);
    assert.ok(!order[i].includes("s3:80"));
    assert.equal(new Set(order[i]).size, order[i].length);
  });
  assert.deepEqual(tries.place(""), [null]); // the empty key goes to round-robin at once
  first.dispose();
  tries.dispose();
});

test("64-bit answers are bigints, exactly", () => {
  const c = erl.system("cassandra");
  assert.equal(c.place("topic-a"), -864436883682879923n); // Guava's murmur3_128("topic-a").asLong()
  assert.equal(c.place(""), -9223372036854775808n); // the minimum token
  c.dispose();
});

test("diff: the keys a change moves, from where to where", () => {
  const before = erl.system("memcached", { servers: "a:11211,b:11211,c:11211", mode: "consistent_ketama" });
  const after = erl.system("memcached", { servers: "a:11211,b:11211,c:11211,d:11211", mode: "consistent_ketama" });
  const keys = Array.from({ length: 2000 }, (_, i) => `user:${i}`);
  const d = before.diff(after, keys);
  assert.equal(d.keys, 2000);
  assert.equal(d.moved, d.moves.length);
  assert.ok(d.moved > 300 && d.moved < 700, `${d.moved} moved`); // about a quarter: to the new server
  for (const m of d.moves) assert.equal(m.to, "d:11211", "a ketama ring only moves keys to the new server");
  assert.deepEqual(before.diff(before, keys).moves, []);
  before.dispose();
  after.dispose();
});

test("options: camelCase flags, switches as true, lists as arrays or text, file options as text", () => {
  const a = erl.system("memcached", { servers: ["x:1", "y:2"], mode: "consistent", sortHosts: true });
  const b = erl.system("memcached", { servers: "x:1,y:2", mode: "consistent", sortHosts: true });
  assert.deepEqual(a.placeMany(["k1", "k2", "k3"]), b.placeMany(["k1", "k2", "k3"]));
  a.dispose();
  b.dispose();
  const ring =
    "Address  Rack  Status State   Load  Owns  Token\n10.0.0.1 r1 Up Normal 1 KB 50% -100\n10.0.0.2 r1 Up Normal 1 KB 50% 100\n";
  const c = erl.system("cassandra", { ring });
  assert.ok(["10.0.0.1", "10.0.0.2"].includes(c.place("k")));
  c.dispose();
});

test("bad input: named errors in the API's words", () => {
  const cases = [
    [() => erl.system("nope"), "invalid_argument", /^unknown system "nope": use /],
    [
      () => erl.system("kafka", { parts: 3 }),
      "invalid_argument",
      /^unknown option "parts" for system\("kafka"\) \(known: partitions, partitioner\)$/,
    ],
    [() => erl.system("kafka"), "invalid_argument", /^system\("kafka"\) needs partitions N$/],
    [
      () => erl.system("kafka", { partitions: 0 }),
      "out_of_range",
      /^partitions must be between 1 and 2147483647, got 0$/,
    ],
    [() => erl.system("kafka", { partitions: {} }), "invalid_type", /^partitions must be /],
    [() => erl.system("memcached", { servers: "a", sortHosts: "yes" }), "invalid_type", /^sortHosts must be a boolean/],
    [() => erl.system("kafka", { partitions: 3 }).place("\ud800"), "invalid_argument", /^key is not Unicode text/],
    [
      () => erl.system("kafka", { partitions: 3 }).placeMany(["a", 5]),
      "invalid_type",
      /^keys\[1\] must be a string or a Uint8Array/,
    ],
    [
      () => erl.system("guava", { buckets: 10, input: "long" }).place("abc"),
      "invalid_argument",
      /^key must be a 64-bit integer/,
    ],
  ];
  for (const [fn, code, message] of cases) {
    assert.throws(fn, (e) => e instanceof RinglabError && e.code === code && message.test(e.message), String(message));
  }
  const k = erl.system("kafka", { partitions: 3 });
  k.dispose();
  assert.throws(
    () => k.place("a"),
    (e) => e.code === "disposed",
  );
});
