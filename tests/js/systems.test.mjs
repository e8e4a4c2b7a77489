// ringlab/systems: phash2, term text and Malachi's ring through the package, as a user imports
// them. The golden vectors are erl's (tests/golden/erlang, made by scripts/gen-golden-erlang.mjs):
// the WebAssembly module must give the C++ suite's answers, which are erl's. Then every
// behaviour the Malachi seed documents, one test each.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { load, RinglabError } from "ringlab/systems";
import { root } from "./helpers.mjs";

const rl = await load();

function tsv(name) {
  const text = readFileSync(path.join(root, "tests", "golden", "erlang", name), "utf8");
  const lines = text.split("\n");
  if (lines.at(-1) === "") lines.pop();
  const header = lines.shift().split("\t");
  return lines.map((line) => Object.fromEntries(line.split("\t").map((v, i) => [header[i], v])));
}

function throws(fn, code, message) {
  assert.throws(fn, (e) => {
    assert.ok(e instanceof RinglabError, `a RinglabError, got ${e}`);
    assert.equal(e.code, code);
    if (message !== undefined) assert.equal(e.message, message);
    return true;
  });
}

const erl = (text) => rl.parseTerm(text, { syntax: "erlang" });
// A handed-out term as comparable text: ErlangTerms by their Erlang text.
const shown = (v) => (typeof v === "object" ? `term ${v.erlang}` : `${typeof v} ${String(v)}`);

test("golden: phash2/1 and phash2/2 of erl's terms, every range", () => {
  const rows = tsv("phash2.tsv");
  assert.ok(rows.length > 3000, `${rows.length} terms`);
  const ranges = Object.keys(rows[0]).filter((k) => k.startsWith("range_"));
  let checked = 0;
  for (const row of rows) {
    const t = erl(row.term);
    assert.equal(rl.phash2(t), Number(row.phash2), row.term);
    for (const r of ranges) {
      assert.equal(rl.phash2(t, Number(r.slice(6))), Number(row[r]), `${row.term} ${r}`);
      checked++;
    }
  }
  assert.ok(checked > 15000);
});

test("golden: every text erl rejects is rejected", () => {
  const rows = tsv("rejected.tsv");
  assert.ok(rows.length > 250);
  for (const row of rows) {
    assert.throws(
      () => erl(row.text),
      (e) => e instanceof RinglabError && ["invalid_argument", "limit_exceeded"].includes(e.code),
      JSON.stringify(row.text),
    );
  }
});

test("golden: Malachi routing as erl routes, 40 rings and 1,000 keys", () => {
  const rows = tsv("malachi.tsv");
  assert.equal(rows.length, 40);
  let routed = 0;
  for (const row of rows) {
    const ring = rl.malachiRing({ ringBits: Number(row.ring_bits) });
    const ids = [];
    for (const pair of rl.termElements(erl(row.vnodes))) {
      const [id, token] = rl.termElements(pair);
      ring.addVnode(id, token);
      ids.push(id);
    }
    const keys = rl.termElements(erl(row.keys));
    const owners = row.owners.split(",").map(Number);
    assert.equal(keys.length, owners.length);
    keys.forEach((key, k) => {
      assert.equal(shown(ring.route(key)), shown(ids[owners[k]]), `${row.vnodes} ${shown(key)}`);
      routed++;
    });
  }
  assert.equal(routed, 1000);
});

test("a JS string is an Elixir string: the binary of its UTF-8 bytes", () => {
  for (const s of ["topic-a", "", "κλειδί", "😀 emoji", "a".repeat(5000)]) {
    const h = rl.phash2(s);
    assert.equal(h, rl.phash2(rl.parseTerm(JSON.stringify(s))), s.slice(0, 20));
    assert.equal(rl.phash2(s, 2 ** 32), rl.phash2(erl(`<<${JSON.stringify(s)}/utf8>>`), 2 ** 32));
  }
  assert.equal(rl.phash2("topic-a"), 4945008); // :erlang.phash2("topic-a")
});

test("a safe integer or a bigint is an integer; -0 is 0", () => {
  assert.equal(rl.phash2(42), rl.phash2(rl.parseTerm("42")));
  assert.equal(rl.phash2(-0), rl.phash2(0));
  assert.equal(rl.phash2(2n ** 70n), rl.phash2(rl.parseTerm("1180591620717411303424")));
  assert.equal(rl.phash2(-(2n ** 64n)), rl.phash2(erl("-18446744073709551616")));
  assert.notEqual(rl.phash2(1), rl.phash2(rl.parseTerm("1.0")));
});

test("parseTerm: both syntaxes, written back as erl and Elixir write them", () => {
  const t = rl.parseTerm('{:range, 7, %{"k" => [1, 2.5, :a]}, ~c"ab", ?a, 0xFF, 1_000}');
  assert.equal(t.kind, "tuple");
  assert.equal(t.erlang, '{range,7,#{<<"k">> => [1,2.5,a]},"ab",97,255,1000}');
  assert.equal(t.elixir, '{:range, 7, %{"k" => [1, 2.5, :a]}, ~c"ab", 97, 255, 1000}');
  assert.equal(String(t), t.elixir);
  assert.equal(erl('<<"topic-a">>').kind, "binary");
  assert.equal(erl("<<1:3>>").kind, "bitstring");
  assert.equal(erl("[]").kind, "nil");
  assert.equal(erl("'quoted atom'").elixir, ':"quoted atom"');
  assert.ok(Object.isFrozen(t));
  throws(
    () => rl.parseTerm("{a, 1}"),
    "invalid_argument",
    "invalid Elixir term: variables are not terms (a) at column 2",
  );
});

test("termElements: tuples and proper lists, handed out as terms are", () => {
  const [a, one, s, big] = rl.termElements(rl.parseTerm('{:a, 1, "s", 18446744073709551616}'));
  assert.equal(a.erlang, "a");
  assert.equal(one, 1);
  assert.equal(s, "s");
  assert.equal(big, 2n ** 64n);
  assert.deepEqual(rl.termElements(rl.parseTerm("[]")), []);
  throws(
    () => rl.termElements(rl.parseTerm("[1 | 2]")),
    "invalid_argument",
    "term must be a tuple or a proper list, got [1 | 2]",
  );
});

test("phash2Many and routeMany give what the single calls give", () => {
  const keys = Array.from({ length: 20000 }, (_, i) => (i % 7 === 0 ? `κλειδί-${i}` : `user:${i}`));
  const many = rl.phash2Many(keys);
  const ranged = rl.phash2Many(keys, 1000);
  keys.forEach((k, i) => {
    assert.equal(many[i], rl.phash2(k));
    assert.equal(ranged[i], rl.phash2(k, 1000));
  });
  const ring = rl.malachiRing({ ringBits: 20 });
  for (let i = 0; i < 50; i++) ring.addVnode(`vnode-${i}`, (i * 20981) % 2 ** 20);
  const owners = ring.routeMany(keys);
  keys.forEach((k, i) => assert.equal(owners[i], ring.route(k)));
  const out = new Uint32Array(keys.length);
  assert.equal(rl.phash2Many(keys, undefined, out), out);
  assert.deepEqual(out, many);
});

// --- The Malachi seed, function by function ---------------------------------------------------

test("new: ring_bits 1 … 32, default 32", () => {
  const ring = rl.malachiRing();
  assert.equal(ring.ringBits, 32);
  assert.equal(ring.size, 0);
  for (const bits of [1, 16, 32]) {
    const r = rl.malachiRing({ ringBits: bits });
    assert.equal(r.ringBits, bits);
  }
  throws(() => rl.malachiRing({ ringBits: 0 }), "out_of_range", "ringBits must be between 1 and 32, got 0");
  throws(() => rl.malachiRing({ ringBits: 33 }), "out_of_range", "ringBits must be between 1 and 32, got 33");
});

test("add_vnode: token_out_of_range, token_taken, already_present, checked in that order; a failed call changes nothing", () => {
  const ring = rl.malachiRing({ ringBits: 8 });
  ring.addVnode("a", 10);
  throws(() => ring.addVnode("a", 256), "token_out_of_range", "token must be between 0 and 255, got 256");
  throws(() => ring.addVnode("z", 10), "token_taken", 'token 10 is held by vnode "a"');
  // The same vnode at its own token is not "another vnode holds it": already_present.
  throws(() => ring.addVnode("a", 10), "already_present", 'vnode "a" is already on the ring');
  throws(() => ring.addVnode("a", 11), "already_present", 'vnode "a" is already on the ring');
  throws(() => ring.addVnode("b", -1), "token_out_of_range");
  assert.equal(ring.size, 1);
  assert.deepEqual(ring.vnodes(), [{ id: "a", token: 10 }]);
  ring.addVnode("b", 0);
  ring.addVnode("c", 255);
  assert.deepEqual(
    ring.vnodes().map((v) => v.token),
    [0, 10, 255],
  );
});

test("vnode ids are terms compared as Erlang compares them", () => {
  const ring = rl.malachiRing();
  ring.addVnode(1, 100);
  ring.addVnode(rl.parseTerm("1.0"), 200); // 1 =/= 1.0: another id
  ring.addVnode(rl.parseTerm("{:vnode, 1}"), 300);
  throws(
    () => ring.addVnode(rl.parseTerm("{:vnode, 1}"), 400),
    "already_present",
    "vnode {:vnode, 1} is already on the ring",
  );
  throws(() => ring.addVnode(erl("{vnode,1}"), 400), "already_present");
  ring.removeVnode(rl.parseTerm("1.0"));
  assert.equal(ring.size, 2);
});

test("route: the first vnode with token ≥ phash2(key, 2^ring_bits), wrapping to the smallest", () => {
  const ring = rl.malachiRing({ ringBits: 16 });
  ring.addVnode("low", 1000);
  ring.addVnode("high", 40000);
  const position = rl.phash2("topic-a", 2 ** 16);
  assert.equal(ring.position("topic-a"), position);
  assert.equal(ring.route("topic-a"), position <= 1000 ? "low" : position <= 40000 ? "high" : "low");
  // A key past the largest token wraps around to the smallest one.
  const past = Array.from({ length: 2000 }, (_, i) => `k${i}`).find((k) => ring.position(k) > 40000);
  assert.ok(past !== undefined);
  assert.equal(ring.route(past), "low");
  // A key exactly on a token goes to that token's vnode (end inclusive).
  ring.addVnode("exact", position);
  assert.equal(ring.route("topic-a"), "exact");
  // Keys as terms: an integer, a tuple.
  assert.equal(ring.route(7), ring.route(rl.parseTerm("7")));
  assert.equal(ring.route(rl.parseTerm("{:range, 7}")), ring.route(erl("{range, 7}")));
});

test("route on an empty ring is the `empty` error, as Malachi's {:error, :empty}", () => {
  const ring = rl.malachiRing();
  throws(() => ring.route("k"), "empty", "the ring has no vnodes");
  throws(() => ring.routeMany(["k"]), "empty");
  assert.deepEqual(ring.routeMany([]), []);
});

test("boundaries: {start_exclusive, end_inclusive}, wrapping; start == end for a lone vnode", () => {
  const ring = rl.malachiRing({ ringBits: 8 });
  ring.addVnode("a", 100);
  assert.deepEqual(ring.boundaries("a"), [100, 100]); // alone: the whole ring
  ring.addVnode("b", 200);
  assert.deepEqual(ring.boundaries("a"), [200, 100]); // wraps past 255 to 0
  assert.deepEqual(ring.boundaries("b"), [100, 200]);
  throws(() => ring.boundaries("c"), "not_found", 'vnode "c" is not on the ring');
});

test("remove_vnode, size and vnode_ids (in Erlang term order)", () => {
  const ring = rl.malachiRing();
  ring.addVnode("b", 3);
  ring.addVnode(rl.parseTerm(":atom"), 1);
  ring.addVnode(5, 2);
  ring.addVnode(rl.parseTerm("{:t, 1}"), 4);
  // numbers < atoms < tuples < bitstrings
  assert.deepEqual(ring.vnodeIds().map(shown), ["number 5", "term atom", "term {t,1}", "string b"]);
  assert.equal(ring.size, 4);
  ring.removeVnode(5);
  throws(() => ring.removeVnode(5), "not_found", "vnode 5 is not on the ring");
  assert.equal(ring.size, 3);
  // What moves: only the removed vnode's keys, to its successor.
  const before = ring.clone();
  ring.removeVnode("b");
  const keys = Array.from({ length: 500 }, (_, i) => `key-${i}`);
  const was = before.routeMany(keys);
  const now = ring.routeMany(keys);
  keys.forEach((k, i) => {
    if (was[i] !== "b") assert.equal(shown(now[i]), shown(was[i]), k);
  });
});

test("a disposed ring says so; its clone lives on", () => {
  const ring = rl.malachiRing();
  ring.addVnode("a", 1);
  const copy = ring.clone();
  ring.dispose();
  throws(() => ring.route("k"), "disposed", "this Malachi ring was disposed");
  assert.equal(copy.route("k"), "a");
  copy.dispose();
});

test("single keys go straight to the instance (the direct exports are in use)", () => {
  // A build or loader that lost them would route every single call through embind: correct but
  // several times slower, so it fails here instead of passing unnoticed.
  assert.deepEqual(rl[Symbol.for("ringlab.diagnostics")].direct, [
    "ringlab_phash2_scratch",
    "ringlab_malachi_route_scratch",
  ]);
  // Past the scratch's 1,024 units the same answers come through embind.
  const long = "k".repeat(5000);
  assert.equal(rl.phash2(long), rl.phash2Many([long])[0]);
  const ring = rl.malachiRing({ ringBits: 8 });
  ring.addVnode("a", 10);
  ring.addVnode("b", 200);
  assert.equal(ring.route(long), ring.routeMany([long])[0]);
  ring.dispose();
});

// The ring systems as the cluster page configures them: why(key) is the key's hash and the ring
// point it lands on (Maglev: the table's slot), and that point's server is place(key)'s.
const RINGS = [
  [
    "nginx",
    { servers: "10.0.0.1:80,10.0.0.2:80=2,10.0.0.3:80,10.0.0.4:80=3", mode: "consistent", down: "10.0.0.2:80" },
  ],
  ["memcached", { servers: "10.0.0.1:11211,10.0.0.2:11211=2,10.0.0.3:11211", mode: "consistent_ketama" }],
  ["memcached", { servers: "10.0.0.1:11211,10.0.0.2:11211", mode: "consistent", hash: "crc" }],
  ["libketama", { servers: "10.0.1.1:11211=600,10.0.1.2:11211=300,10.0.1.3:11211=200" }],
  ["envoy-ring", { hosts: "127.0.0.1:90,127.0.0.1:91=2,127.0.0.1:92" }],
  ["envoy-maglev", { hosts: "127.0.0.1:90,127.0.0.1:91=2,127.0.0.1:92" }],
  ["twemproxy", { servers: "10.0.1.1:11211:1,10.0.1.2:11211:2,10.0.1.3:22122:1 c", hashTag: "{}", ejected: "c" }],
];
const ringKeys = [
  ...Array.from({ length: 2000 }, (_, i) => `user:${i}`),
  "café",
  "\u{1F600}",
  new Uint8Array([0xff, 0x00, 0x80]),
  new Uint8Array([0x66, 0x6f, 0x6f, 0xc3]),
];

test("why(key): a ring system's hash and point (Maglev's slot), whose server is place(key)'s", () => {
  for (const [name, options] of RINGS) {
    const sys = rl.system(name, options);
    try {
      const wide = name.startsWith("envoy");
      const kind = name === "envoy-maglev" ? "slot" : "point";
      const where = kind === "slot" ? "slot" : "point";
      for (const key of ringKeys) {
        const r = sys.why(key);
        assert.equal(r.server, sys.place(key).server, `${name} ${String(key)}`);
        assert.equal(r.kind, kind, `${name} ${String(key)}`);
        assert.equal(typeof r.hash, wide ? "bigint" : "number");
        assert.equal(typeof r[where], wide && kind === "point" ? "bigint" : "number");
        assert.ok(Object.isFrozen(r));
      }
      // A string key and its UTF-8 bytes are one key.
      assert.deepEqual(sys.why("café"), sys.why(new TextEncoder().encode("café")));
    } finally {
      sys.dispose();
    }
  }
  // Hashes with published values: zlib's crc32("foo"), libhashkit's crc of "foo" (crc32 >> 16 &
  // 0x7fff), ketama_hashi("test"), XXH64("foo") and its slot of Maglev's 65537, twemproxy's
  // fnv1a_64("apple").
  const at = (name, options, key) => {
    const sys = rl.system(name, options);
    try {
      return sys.why(key);
    } finally {
      sys.dispose();
    }
  };
  assert.equal(at(...RINGS[0], "foo").hash, 2356372769);
  assert.equal(at(...RINGS[2], "foo").hash, 3187);
  assert.equal(at(...RINGS[3], "test").hash, 3446378249);
  assert.equal(at(...RINGS[4], "foo").hash, 3728699739546630719n);
  assert.equal(at(...RINGS[5], "foo").slot, Number(3728699739546630719n % 65537n));
  // twemproxy's own vector (src/test_all.c): its fnv1a_64 of "apple", the tag "{x}" hashing "x".
  assert.equal(at(...RINGS[6], "apple").hash, 1488911807);
  assert.equal(at(...RINGS[6], "{apple}:cart").hash, 1488911807);
});

test("why(key) where no ring decides: the answer's server alone; a bad key is place's error", () => {
  const plain = rl.system("nginx", { servers: "a:80,b:80", mode: "hash" });
  const modula = rl.system("memcached", { servers: "a,b" });
  const kafka = rl.system("kafka", { partitions: 6 });
  try {
    for (const sys of [plain, modula, kafka])
      for (const key of ["foo", "user:7", new Uint8Array([0xff])])
        assert.deepEqual(sys.why(key), { kind: "answer", server: sys.place(key).server });
    // nginx's empty key: the round-robin balancer's, no hash.
    const consistent = rl.system("nginx", { servers: "a:80,b:80", mode: "consistent" });
    try {
      assert.deepEqual(consistent.why(""), { kind: "answer", server: -1 });
    } finally {
      consistent.dispose();
    }
    throws(() => plain.why("\uD800"), "invalid_argument");
    throws(() => plain.why(42), "invalid_type");
  } finally {
    plain.dispose();
    modula.dispose();
    kafka.dispose();
  }
});

test("diff with Uint8Array keys: the moves placeMany gives on both sides, servers matched by name", () => {
  const keys = [
    ...Array.from({ length: 3000 }, (_, i) => (i % 3 === 0 ? new TextEncoder().encode(`user:${i}`) : `user:${i}`)),
    new Uint8Array([0xff, 0xfe]),
    new Uint8Array([0x80]),
    new Uint8Array([0x61, 0xc3, 0x28]),
    new Uint8Array([]),
  ];
  for (const [name, options, change] of [
    [
      "memcached",
      { servers: "10.0.0.1:11211,10.0.0.2:11211,10.0.0.3:11211", mode: "consistent_ketama" },
      { remove: "10.0.0.1:11211" },
    ],
    ["nginx", { servers: "10.0.0.1:80,10.0.0.2:80,10.0.0.3:80", mode: "consistent" }, { down: "10.0.0.2:80" }],
    ["envoy-maglev", { hosts: "127.0.0.1:90,127.0.0.1:91" }, { add: "127.0.0.1:92" }],
  ]) {
    const sys = rl.system(name, options);
    const other = sys.edit(change);
    try {
      const a = sys.placeMany(keys);
      const b = other.placeMany(keys);
      const before = sys.servers().map((s) => s.name);
      const after = other.servers().map((s) => s.name);
      const expected = [];
      for (let i = 0; i < keys.length; i++) {
        const sa = a.server[i];
        const sb = b.server[i];
        const same = sb < 0 ? sa === sb : sa >= 0 && before[sa] === after[sb];
        if (!same) expected.push({ key: keys[i], index: i, from: { server: sa }, to: { server: sb } });
      }
      const d = sys.diff(other, keys);
      assert.equal(d.keys, keys.length);
      assert.ok(expected.length > 0, `${name}: some keys move`);
      assert.equal(d.moved, expected.length, name);
      assert.deepEqual(d.moves, expected, name);
      // The keys that are UTF-8 text, as strings (the staged path) and as bytes: the same moves.
      const strict = new TextDecoder("utf-8", { fatal: true });
      const text = [];
      for (const k of keys) {
        try {
          text.push(typeof k === "string" ? k : strict.decode(k));
        } catch {
          // No UTF-8: no string is this key.
        }
      }
      const strip = (m) => ({ index: m.index, from: m.from, to: m.to });
      const byString = sys.diff(other, text);
      const byBytes = sys.diff(
        other,
        text.map((k) => new TextEncoder().encode(k)),
      );
      assert.deepEqual(byBytes.moves.map(strip), byString.moves.map(strip), name);
    } finally {
      other.dispose();
      sys.dispose();
    }
  }
  // A value that is no key is named.
  const sys = rl.system("libketama", { servers: "a:1=1,b:1=1" });
  try {
    throws(() => sys.diff(sys, [new Uint8Array([1]), 7]), "invalid_type");
  } finally {
    sys.dispose();
  }
});
