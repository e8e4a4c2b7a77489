// ringlab/systems' real systems through the package (system(name, options)): on every
// configuration of the committed golden files (made from the real software), the JavaScript
// API's typed answers (server indices, slots, partitions, tokens, ...) are what the native CLI's
// `place` answers on the same keys, byte for byte once written the same way; the native CLI is the one proved against the real software
// (tests/systems) and the C++ suite checks the golden answers themselves, natively and as
// WebAssembly. Then the handle's own behaviour: bytes and strings, diff, errors.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import { load, RinglabError, systemAnswers, systemOptionTypes } from "ringlab/systems";
import { root } from "./helpers.mjs";

const erl = await load();
const native = path.join(process.env.RINGLAB_BUILD_DIR ?? path.join(root, "build"), "ringlab");
const tmp = mkdtempSync(path.join(tmpdir(), "ringlab-systems-js-"));
after(() => rmSync(tmp, { recursive: true, force: true }));

// A typed answer written as `place` writes the system's result: a server's name (null for -1),
// Redis's slot (with --nodes, {"slot": S, "node": I}), a token (with a ring, its node), a number.
function written(sys, servers, p) {
  const name = (i) => (i < 0 ? "null" : JSON.stringify(servers[i].name));
  switch (systemAnswers[sys.name]) {
    case "slot":
      return servers.length ? `{"slot": ${p.slot}, "node": ${p.server}}` : String(p.slot);
    case "token":
      return servers.length ? name(p.server) : String(p.token);
    case "none":
      return name(p.server);
    default:
      return String(p[systemAnswers[sys.name]]);
  }
}

// placeMany's typed arrays, key by key, as place() gives one key.
function each(many) {
  const fields = Object.keys(many);
  return Array.from(many.server, (_, i) => Object.fromEntries(fields.map((f) => [f, many[f][i]])));
}

// --flag value ... as system() options, typed as the module's table types them: --table is
// tableSize, an integer a number, a switch true.
function options(name, flags) {
  const table = erl.options(name);
  const o = {};
  for (let i = 0; i < flags.length; i++) {
    const flag = flags[i].replace(/^--/, "");
    const camel = flag.replace(/-([a-z0-9])/g, (_, c) => c.toUpperCase());
    const spec =
      table.find((t) => t.name === camel) ??
      table.find((t) => t.name === `${camel}Size` || t.name === `${camel}RingSize`);
    assert.ok(spec, `${name}: --${flag} is an option`);
    if (spec.type === "flag") o[spec.name] = true;
    else if (spec.type === "integer") o[spec.name] = Number(flags[++i]);
    else o[spec.name] = flags[++i];
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
        const sys = erl.system(name, options(name, c.flags));
        try {
          const servers = sys.servers();
          const ours = each(sys.placeMany(c.keys)).map((p) => written(sys, servers, p));
          assert.deepEqual(ours, nativePlace(name, c.flags, c.keys), `${name}: ${c.label}`);
          compared += c.keys.length;
          // What the real software refused, the API refuses too.
          for (const k of c.refusedKeys) {
            assert.throws(() => sys.place(k), RinglabError, `${c.label}: ${k.toString("hex")}`);
          }
          // Keys that are text, as JS strings (staged as UTF-16): the same answers.
          const decoder = new TextDecoder("utf-8", { fatal: true });
          const text = c.keys.flatMap((k, i) => {
            try {
              const t = decoder.decode(k);
              return /[\uD800-\uDFFF]/.test(t) ? [] : [[t, ours[i]]];
            } catch {
              return [];
            }
          });
          const strings = each(sys.placeMany(text.map(([t]) => t)));
          assert.deepEqual(
            strings.map((p) => written(sys, servers, p)),
            text.map(([, w]) => w),
            `${name}: ${c.label}, as strings`,
          );
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
    assert.deepEqual(kafka.place(s), kafka.place(new TextEncoder().encode(s)));
  const p = kafka.place(new Uint8Array([0xff, 0x00, 0x80]));
  assert.deepEqual(Object.keys(p), ["server", "partition"]);
  assert.equal(p.server, -1); // Kafka's partitions are no servers
  kafka.dispose();
});

test("keys as strings: chunks of ASCII keys (staged as bytes) and chunks with other text (as units) answer alike", () => {
  // 20,000 keys: three chunks of the staging, the second with one key that is not ASCII, the
  // third with keys nginx and memcached take to answer() (a space, a key of 251 bytes).
  const strings = Array.from({ length: 20000 }, (_, i) => `user:${(i * 2654435761) % 1000003}`);
  strings[9000] = "κλειδί";
  strings[17000] = "a b";
  strings[17001] = "x".repeat(251);
  strings[17002] = "";
  const bytes = strings.map((k) => new TextEncoder().encode(k));
  const hosts = Array.from({ length: 10 }, (_, i) => `10.0.0.${i + 1}:11211`).join(",");
  const configs = {
    memcached: { servers: hosts, mode: "consistent_ketama" },
    nginx: { servers: hosts, mode: "consistent", down: ["10.0.0.3:11211"] },
    libketama: { servers: hosts.replace(/,|$/g, (c) => `=100${c}`) },
    redis: { nodes: 3 },
    kafka: { partitions: 100 },
    cassandra: {},
    guava: { buckets: 1000, input: "murmur3_128" },
    erlang: { range: 4294967296 },
    "envoy-ring": { hosts },
    "envoy-maglev": { hosts },
  };
  for (const [name, opts] of Object.entries(configs)) {
    const sys = erl.system(name, opts);
    try {
      const outcome = (keys) => {
        try {
          return each(sys.placeMany(keys));
        } catch (e) {
          assert.ok(e instanceof RinglabError, `${name}: ${e}`);
          return { code: e.code, message: e.message };
        }
      };
      const fromBytes = outcome(bytes);
      assert.deepEqual(outcome(strings), fromBytes, `${name}: strings as bytes`);
      // Without the keys a system refuses: every answer, and the ASCII-only chunks alone.
      if (!Array.isArray(fromBytes)) {
        const kept = strings.slice(0, 17000);
        assert.deepEqual(outcome(kept), outcome(bytes.slice(0, 17000)), `${name}: strings as bytes`);
      }
      const ascii = strings.slice(0, 8192);
      assert.deepEqual(outcome(ascii), outcome(bytes.slice(0, 8192)), `${name}: one ASCII chunk`);
    } finally {
      sys.dispose();
    }
  }
});

test("servers(): names, weights and down marks, in configuration order", () => {
  const n = erl.system("nginx", { servers: ["s1:80", "s2:80=2", "s3:80"], down: ["s3:80"] });
  assert.deepEqual(n.servers(), [
    { name: "s1:80", weight: 1, down: false },
    { name: "s2:80", weight: 2, down: false },
    { name: "s3:80", weight: 1, down: true },
  ]);
  n.dispose();
  const m = erl.system("memcached", { servers: "a,b:11212=3" });
  assert.deepEqual(
    m.servers().map((s) => [s.name, s.weight]),
    [
      ["a:11211", 1],
      ["b:11212", 3],
    ],
  );
  m.dispose();
  const c = erl.system("cassandra", { tokens: "x=-5,y=7,x=100" });
  assert.deepEqual(
    c.servers().map((s) => [s.name, s.weight]),
    [
      ["x", 2],
      ["y", 1],
    ],
  );
  c.dispose();
  const r = erl.system("redis", { nodes: 3 });
  assert.deepEqual(
    r.servers().map((s) => s.weight),
    [5461, 5462, 5461],
  );
  assert.equal(r.place("foo").slot, 12182); // CLUSTER KEYSLOT foo
  assert.equal(r.place("foo").server, 2);
  r.dispose();
  const k = erl.system("kafka", { partitions: 3 });
  assert.deepEqual(k.servers(), []);
  k.dispose();
});

test("placeMany: typed arrays, one per field, as place() answers each key; out is filled in", () => {
  const keys = Array.from({ length: 20000 }, (_, i) => (i % 9 === 0 ? `κλειδί-${i}` : `user:${i}`));
  for (const [name, opts, field, Type] of [
    ["memcached", { servers: "a,b,c", mode: "consistent_ketama" }, null, null],
    ["redis", {}, "slot", Uint32Array],
    ["kafka", { partitions: 12 }, "partition", Uint32Array],
    ["cassandra", {}, "token", BigInt64Array],
    ["guava", { buckets: 100 }, "bucket", Uint32Array],
    ["erlang", { range: 1000 }, "hash", Uint32Array],
  ]) {
    const sys = erl.system(name, opts);
    const many = sys.placeMany(keys);
    assert.ok(many.server instanceof Int32Array, name);
    assert.deepEqual(Object.keys(many), field ? ["server", field] : ["server"], name);
    if (field) assert.ok(many[field] instanceof Type, name);
    // One object a key, made once: every 97th key's is compared with place()'s.
    const byKey = each(many);
    for (let i = 0; i < keys.length; i += 97) assert.deepEqual(sys.place(keys[i]), byKey[i], `${name} ${keys[i]}`);
    const again = sys.placeMany(keys, many);
    assert.equal(again.server, many.server);
    if (field) assert.equal(again[field], many[field]);
    assert.deepEqual(sys.placeMany(keys.map((k) => new TextEncoder().encode(k))), many, `${name} as bytes`);
    assert.deepEqual(sys.placeMany([]).server, new Int32Array(0));
    sys.dispose();
  }
  // erlang's phash2/2 of a binary is phash2Many's.
  const e = erl.system("erlang", { range: 1000 });
  assert.deepEqual(e.placeMany(keys).hash, erl.phash2Many(keys, 1000));
  e.dispose();
});

test("nginx's failover order: tries(key) lists the servers tried, the first being place's", () => {
  const sys = erl.system("nginx", { servers: "s1:80,s2:80=2,s3:80,s4:80=3", mode: "consistent", down: "s3:80" });
  const keys = Array.from({ length: 500 }, (_, i) => `user:${i}`);
  const first = sys.placeMany(keys).server;
  keys.forEach((k, i) => {
    const order = sys.tries(k);
    assert.equal(order[0], first[i]);
    assert.ok(!order.includes(2)); // s3:80 is down
    assert.equal(new Set(order).size, order.length);
  });
  assert.deepEqual(sys.tries(""), [-1]); // the empty key goes to round-robin at once
  assert.equal(sys.place("").server, -1);
  sys.dispose();
  const k = erl.system("kafka", { partitions: 3 });
  assert.throws(
    () => k.tries("a"),
    (e) => e.code === "invalid_argument",
  );
  k.dispose();
});

test("64-bit answers are bigints, exactly", () => {
  const c = erl.system("cassandra");
  assert.equal(c.place("topic-a").token, -864436883682879923n); // Guava's murmur3_128("topic-a").asLong()
  assert.equal(c.place("").token, -9223372036854775808n); // the minimum token
  c.dispose();
});

test("diff: the keys a change moves, from where to where, as indices", () => {
  const before = erl.system("memcached", { servers: "a:11211,b:11211,c:11211", mode: "consistent_ketama" });
  const after = erl.system("memcached", { servers: "a:11211,b:11211,c:11211,d:11211", mode: "consistent_ketama" });
  const keys = Array.from({ length: 20000 }, (_, i) => `user:${i}`);
  const d = before.diff(after, keys);
  assert.equal(d.keys, 20000);
  assert.equal(d.moved, d.moves.length);
  assert.ok(d.moved > 3000 && d.moved < 7000, `${d.moved} moved`); // about a quarter: to the new server
  const a = before.placeMany(keys).server;
  const b = after.placeMany(keys).server;
  const expected = keys.flatMap((_, i) => (a[i] === b[i] ? [] : [i]));
  assert.deepEqual(
    d.moves.map((m) => m.index),
    expected,
  );
  for (const m of d.moves) {
    assert.equal(m.key, keys[m.index]);
    assert.deepEqual(m.from, { server: a[m.index] });
    assert.deepEqual(m.to, { server: 3 }, "a ketama ring only moves keys to the new server");
  }
  assert.deepEqual(before.diff(before, keys).moves, []);
  before.dispose();
  after.dispose();
  // Systems that answer a number: moves carry it.
  const k1 = erl.system("kafka", { partitions: 4 });
  const k2 = erl.system("kafka", { partitions: 5 });
  const dk = k1.diff(k2, keys.slice(0, 1000));
  for (const m of dk.moves) {
    assert.equal(m.from.partition, k1.place(m.key).partition);
    assert.equal(m.to.partition, k2.place(m.key).partition);
    assert.notEqual(m.from.partition, m.to.partition);
  }
  assert.throws(
    () => k1.diff(erl.system("redis"), ["k"]),
    (e) => e.code === "invalid_type",
  );
  k1.dispose();
  k2.dispose();
});

test("options: typed as the module's table types them; lists as arrays or text, files as text", () => {
  const a = erl.system("memcached", { servers: ["x:1", "y:2"], mode: "consistent", sortHosts: true });
  const b = erl.system("memcached", { servers: "x:1,y:2", mode: "consistent", sortHosts: true });
  assert.deepEqual(a.placeMany(["k1", "k2", "k3"]), b.placeMany(["k1", "k2", "k3"]));
  a.dispose();
  b.dispose();
  const ring =
    "Address  Rack  Status State   Load  Owns  Token\n10.0.0.1 r1 Up Normal 1 KB 50% -100\n10.0.0.2 r1 Up Normal 1 KB 50% 100\n";
  const c = erl.system("cassandra", { ring });
  assert.deepEqual(
    c.servers().map((s) => s.name),
    ["10.0.0.1", "10.0.0.2"],
  );
  assert.ok([0, 1].includes(c.place("k").server));
  c.dispose();
  const nginx = erl.system("nginx", {
    upstream: "upstream u { hash $k consistent; server a:1; server b:1 weight=3 down; }",
  });
  assert.deepEqual(nginx.servers(), [
    { name: "a:1", weight: 1, down: false },
    { name: "b:1", weight: 3, down: true },
  ]);
  nginx.dispose();
});

test("edit: a new system with a server added, removed, marked down or up, or reweighted", () => {
  const keys = Array.from({ length: 5000 }, (_, i) => `user:${i}`);
  const configured = (name, options) => erl.system(name, options);
  const same = (a, b) => assert.deepEqual(a.placeMany(keys), b.placeMany(keys));
  const cases = [
    // [system, options before, change, options the change amounts to]
    [
      "nginx",
      { servers: "a:1,b:1=2", mode: "consistent" },
      { add: "c:1", weight: 3 },
      { servers: "a:1,b:1=2,c:1=3", mode: "consistent" },
    ],
    ["nginx", { servers: "a:1,b:1=2,c:1" }, { remove: "b:1" }, { servers: "a:1,c:1" }],
    ["nginx", { servers: "a:1,b:1=2,c:1" }, { down: "c:1" }, { servers: "a:1,b:1=2,c:1", down: "c:1" }],
    ["nginx", { servers: "a:1,b:1,c:1", down: "a:1,c:1" }, { up: "a:1" }, { servers: "a:1,b:1,c:1", down: "c:1" }],
    ["nginx", { servers: "a:1,b:1" }, { reweight: "b:1", weight: 5 }, { servers: "a:1,b:1=5" }],
    [
      "memcached",
      { servers: "a,b:11212", mode: "consistent_ketama" },
      { add: "c:11213", weight: 2 },
      { servers: "a,b:11212,c:11213=2", mode: "consistent_ketama" },
    ],
    [
      "memcached",
      { servers: "a,b,c", mode: "consistent" },
      { remove: "b:11211" },
      { servers: "a,c", mode: "consistent" },
    ],
    ["libketama", { servers: "a=1,b=2" }, { reweight: "a", weight: 7 }, { servers: "a=7,b=2" }],
    [
      "envoy-ring",
      { hosts: "10.0.0.1:80,10.0.0.2:80" },
      { add: "10.0.0.3:80" },
      { hosts: "10.0.0.1:80,10.0.0.2:80,10.0.0.3:80" },
    ],
    [
      "envoy-maglev",
      { hosts: "10.0.0.1:80=2,10.0.0.2:80", tableSize: 251 },
      { remove: "10.0.0.1:80" },
      { hosts: "10.0.0.2:80", tableSize: 251 },
    ],
  ];
  for (const [name, before, change, expected] of cases) {
    const sys = configured(name, before);
    const edited = sys.edit(change);
    const want = configured(name, expected);
    assert.deepEqual(edited.servers(), want.servers(), `${name} ${JSON.stringify(change)}`);
    same(edited, want);
    // The system edited is left as it was.
    same(sys, configured(name, before));
    for (const h of [sys, edited, want]) h.dispose();
  }
  const m = erl.system("memcached", { servers: "a,b" });
  const fails = [
    [() => m.edit({ remove: "z:1" }), "unknown_server", /^"z:1" is not one of the servers$/],
    [() => m.edit({ down: "a:11211" }), "invalid_argument", /no down mark/],
    [() => m.edit({ add: "a" }), "duplicate_server", /a:11211/],
    [
      () => m.edit({ reweight: "a:11211", weight: 0 }),
      "out_of_range",
      /^weight must be between 1 and 4294967295, got 0$/,
    ],
    [() => m.edit({ reweight: "a:11211" }), "invalid_argument", /^reweight needs a weight$/],
    [() => m.edit({ add: "c", remove: "a" }), "invalid_argument", /^change must name one of/],
    [() => m.edit({ add: 3 }), "invalid_type", /^add must be a string/],
    [() => m.edit({ remove: "a:11211" }).edit({ remove: "b:11211" }), "out_of_range", /servers/],
    [() => erl.system("kafka", { partitions: 3 }).edit({ remove: "0" }), "invalid_argument", /not a list/],
  ];
  for (const [fn, code, message] of fails) {
    assert.throws(fn, (e) => e instanceof RinglabError && e.code === code && message.test(e.message), String(message));
  }
  m.dispose();
});

test(
  "twemproxy: every distribution and hash, hash_tag and ejected servers answer as the native place",
  {
    skip: !existsSync(native) && "no native build",
  },
  () => {
    // Keys of every kind, bytes >= 0x80 among them (the signed-char hashes read them sign-extended).
    const keys = Array.from({ length: 600 }, (_, i) =>
      i % 3 === 0
        ? Buffer.from(`user:{${i % 17}}:${i}`)
        : Buffer.from(
            Array.from({ length: 1 + (i % 9) }, (_, j) => ((i * 131 + j * 37) % 254) + 1).filter((b) => b !== 10),
          ),
    );
    const servers = "10.0.0.1:11211:1,10.0.0.2:11211:3,10.0.0.3:22122:2 c,10.0.0.4:11212:1";
    const hashes = erl.options("twemproxy").find((o) => o.name === "hash").choices;
    assert.equal(hashes.length, 12);
    for (const distribution of ["ketama", "modula"])
      for (const hash of hashes)
        for (const extra of [[], ["--hash-tag", "{}"], ["--ejected", "c"]]) {
          const flags = ["--servers", servers, "--distribution", distribution, "--hash", hash, ...extra];
          const sys = erl.system("twemproxy", options("twemproxy", flags));
          try {
            const names = sys.servers();
            const ours = each(sys.placeMany(keys)).map((p) => written(sys, names, p));
            assert.deepEqual(ours, nativePlace("twemproxy", flags, keys), flags.join(" "));
          } finally {
            sys.dispose();
          }
        }
    // The pool's order is by name; an ejected server is down, and no key goes to it.
    const sys = erl.system("twemproxy", { servers, ejected: ["c"] });
    assert.deepEqual(
      sys.servers().map((s) => [s.name, s.weight, s.down]),
      [
        ["c", 2, true],
        ["10.0.0.1", 1, false],
        ["10.0.0.2", 3, false],
        ["10.0.0.4:11212", 1, false],
      ],
    );
    assert.ok(!Array.from(sys.placeMany(keys).server).includes(0));
    sys.dispose();
  },
);

test("config: the servers written back in the form they were given in, edits made", () => {
  const keys = Array.from({ length: 1500 }, (_, i) => `user:${i}`);
  const yaml = [
    "load_assignment:",
    "  cluster_name: web",
    "  endpoints:",
    "  - lb_endpoints:",
    "    - endpoint:",
    "        address:",
    "          socket_address: { address: 10.0.0.1, port_value: 443 }",
    "      load_balancing_weight: 2",
    "    - endpoint:",
    "        address:",
    "          socket_address: { address: 10.0.0.2, port_value: 443 }",
    "    - endpoint:",
    "        address:",
    "          socket_address: { address: 10.0.0.3, port_value: 443 }",
    "",
  ].join("\n");
  const cases = [
    ["nginx", { upstream: "upstream app { hash $request_uri consistent; server a:80 weight=2; server b:80; }" }, {}],
    ["nginx", { servers: ["a:80=2", "b:80", "c:80"], down: ["b:80"] }, { mode: "consistent" }],
    ["memcached", { serverString: "10.0.0.1:11211 2,10.0.0.2,10.0.0.3:11212" }, { mode: "behavior_ketama_weighted" }],
    ["libketama", { servers: "a:1=100,b:1=200" }, {}],
    [
      "twemproxy",
      { servers: "10.0.0.1:11211:1,10.0.0.2:11211:2 b,10.0.0.3:22122:1", ejected: "b" },
      { distribution: "modula", hash: "murmur" },
    ],
    ["envoy-ring", { endpoints: yaml }, {}],
    ["envoy-maglev", { endpoints: "10.0.0.1:443=2\n10.0.0.2:443\n" }, { tableSize: 251 }],
    ["envoy-ring", { hosts: "10.0.0.1:443=2,10.0.0.2:443" }, {}],
    ["cassandra", { tokens: ["a=-100", "b=5", "a=900"] }, {}],
    ["cassandra", { ring: "Address  Rack  Token\n                  900\na  r1  -100\nb  r1  5\na  r1  900\n" }, {}],
  ];
  for (const [name, servers, rest] of cases) {
    const sys = erl.system(name, { ...servers, ...rest });
    const written = sys.config();
    // The same options (an upstream stays an upstream, YAML stays YAML) and, read again, the same system.
    assert.deepEqual(Object.keys(written).sort(), Object.keys(servers).sort(), name);
    const again = erl.system(name, { ...written, ...rest });
    assert.deepEqual(again.servers(), sys.servers(), name);
    assert.deepEqual(again.placeMany(keys), sys.placeMany(keys), name);
    assert.deepEqual(again.config(), written, name);
    for (const h of [sys, again]) h.dispose();
  }
  // Envoy YAML with a host removed: every key that host held moves (with others: the ring is
  // rebuilt from the weights normalized again), and the text written back is YAML that reads as
  // the edited cluster.
  const sys = erl.system("envoy-ring", { endpoints: yaml });
  const removed = sys.edit({ remove: "10.0.0.2:443" });
  const held = Array.from(sys.placeMany(keys).server).filter((s) => s === 1).length;
  const moves = sys.diff(removed, keys).moves;
  assert.ok(held > 0);
  assert.equal(moves.filter((m) => m.from.server === 1).length, held);
  const text = removed.config().endpoints;
  assert.match(text, /^lb_endpoints:\n/);
  const again = erl.system("envoy-ring", { endpoints: text });
  assert.deepEqual(again.servers(), removed.servers());
  assert.deepEqual(again.placeMany(keys), removed.placeMany(keys));
  const added = sys.edit({ add: "10.0.0.4:443", weight: 3 });
  assert.match(added.config().endpoints, /address: 10\.0\.0\.4\n {8}port_value: 443\n {2}load_balancing_weight: 3\n$/);
  for (const h of [sys, removed, again, added]) h.dispose();
  // A system whose servers are no list has none to write.
  const kafka = erl.system("kafka", { partitions: 3 });
  assert.throws(
    () => kafka.config(),
    (e) => e instanceof RinglabError && e.code === "invalid_argument" && e.rule === "notEditable",
  );
  kafka.dispose();
});

test("Cassandra: a node added with its tokens or removed with all of them, written back, and its ring as typed arrays", () => {
  const keys = Array.from({ length: 1500 }, (_, i) => `user:${i}`);
  const sys = erl.system("cassandra", { tokens: ["a=-100", "b=5", "a=4611686018427387904"] });
  const ring = sys.tokens();
  assert.ok(ring.token instanceof BigInt64Array && ring.server instanceof Int32Array);
  assert.deepEqual([...ring.token], [-100n, 5n, 4611686018427387904n]);
  assert.deepEqual([...ring.server], [0, 1, 0]);
  // Each key's server is the server of the first token at or after the key's token, wrapping.
  const many = sys.placeMany(keys);
  many.token.forEach((t, i) => {
    const at = ring.token.findIndex((x) => x >= t);
    assert.equal(many.server[i], ring.server[at < 0 ? 0 : at]);
  });
  const added = sys.edit({ add: "c=-4611686018427387904" });
  assert.equal(added.config().tokens, "a=-100,b=5,a=4611686018427387904,c=-4611686018427387904");
  const want = erl.system("cassandra", { tokens: added.config().tokens });
  assert.deepEqual(added.servers(), want.servers());
  assert.deepEqual(added.placeMany(keys), want.placeMany(keys));
  const removed = sys.edit({ remove: "a" });
  assert.deepEqual(removed.servers(), [{ name: "b", weight: 1, down: false }]);
  assert.equal(removed.config().tokens, "b=5");
  const text = erl.system("cassandra", { ring: "a  r1  -100\nb  r1  5\n" });
  assert.equal(text.edit({ add: "c=7" }).config().ring, "a  r1  -100\nb  r1  5\nc  r1  7\n");
  assert.equal(text.edit({ remove: "a" }).config().ring, "b  r1  5\n");
  const fails = [
    [() => sys.edit({ add: "a=7" }), "duplicate_server", /^server "a" is already on the ring$/],
    [() => sys.edit({ add: "c=5" }), "token_taken", /^token 5 is given to both b and c$/],
    [() => sys.edit({ remove: "z" }), "unknown_server", /^"z" is not one of the servers$/],
    [() => removed.edit({ remove: "b" }), "out_of_range", /^the change would leave no server$/],
    [() => sys.edit({ reweight: "a", weight: 3 }), "invalid_argument", /token count/],
    [() => sys.edit({ down: "a" }), "invalid_argument", /no down mark/],
    [() => erl.system("cassandra").edit({ remove: "a" }), "invalid_argument", /not a list/],
  ];
  for (const [fn, code, message] of fails) {
    assert.throws(fn, (e) => e instanceof RinglabError && e.code === code && message.test(e.message), String(message));
  }
  const bare = erl.system("cassandra");
  assert.deepEqual(bare.tokens(), { token: new BigInt64Array(0), server: new Int32Array(0) });
  for (const h of [sys, added, want, removed, text, bare]) h.dispose();
});

test("the declared option types are the module's table, option for option", () => {
  assert.deepEqual(Object.keys(systemOptionTypes), erl.systems());
  assert.deepEqual(Object.keys(systemAnswers), erl.systems());
  for (const name of erl.systems()) {
    const table = erl.options(name);
    const declared = systemOptionTypes[name];
    assert.deepEqual(
      Object.keys(declared),
      table.map((o) => o.name),
      name,
    );
    for (const o of table) {
      const d = declared[o.name];
      if (o.type === "choice") {
        assert.deepEqual(d, o.choices, `${name}.${o.name}`);
        assert.ok(o.default === undefined || o.choices.includes(o.default), `${name}.${o.name}`);
      } else {
        assert.equal(d, o.type, `${name}.${o.name}`);
      }
      if (o.type === "integer") assert.ok(o.range[0] <= o.range[1], `${name}.${o.name} has its range`);
    }
    const sys = erl.system(name, requiredOptions(name));
    const kind = systemAnswers[name];
    assert.deepEqual(Object.keys(sys.place("k")), kind === "none" ? ["server"] : ["server", kind], name);
    sys.dispose();
  }
});

// The least each system needs to be configured.
function requiredOptions(name) {
  const hosts = "10.0.0.1:80,10.0.0.2:80";
  return (
    {
      nginx: { servers: "a:1,b:1" },
      memcached: { servers: "a,b" },
      libketama: { servers: "a=1,b=2" },
      twemproxy: { servers: "a:1:1,b:2:1" },
      kafka: { partitions: 3 },
      guava: { buckets: 3 },
      "envoy-ring": { hosts },
      "envoy-maglev": { hosts },
    }[name] ?? {}
  );
}

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
    [() => erl.system("kafka", { partitions: {} }), "invalid_type", /^partitions must be a number, got Object$/],
    [() => erl.system("kafka", { partitions: "3" }), "invalid_type", /^partitions must be a number, got string$/],
    [() => erl.system("kafka", { partitions: 3, tries: true }), "invalid_argument", /^unknown option "tries"/],
    [() => erl.system("nginx", { servers: ["a:1", 2] }), "invalid_type", /^servers\[1\] must be a string/],
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
