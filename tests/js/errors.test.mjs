// Errors and lifetimes: every rejected input arrives as a RinglabError with a stable code and
// the core's own message (never an abort, a bare number or a dead module); the module keeps
// working afterwards; create/use/dispose loops leave the heap where it started; forgotten
// handles are freed by the FinalizationRegistry.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { test } from "node:test";
import { errorCodes, load, RinglabError } from "ringlab";

const rl = await load();

/** Asserts that fn throws a RinglabError with this code (and message, when given). */
function throwsCode(fn, code, message) {
  assert.throws(fn, (e) => {
    assert.ok(e instanceof RinglabError, `a RinglabError, got ${e}`);
    assert.ok(e instanceof Error);
    assert.equal(e.name, "RinglabError");
    assert.equal(e.code, code, e.message);
    assert.ok(errorCodes.includes(e.code));
    assert.equal(typeof e.message, "string");
    assert.ok(e.message.length > 0);
    if (message !== undefined) assert.equal(e.message, message);
    assert.match(String(e), /^RinglabError: /);
    return true;
  });
}

test("core errors keep the C++ code and message", () => {
  throwsCode(() => rl.jump(1n, 0), "out_of_range", "buckets must be between 1 and 2147483647, got 0");
  throwsCode(() => rl.jump(1n, 2147483648), "out_of_range", "buckets must be between 1 and 2147483647, got 2147483648");
  throwsCode(() => rl.modN(5, 0), "out_of_range");
  throwsCode(() => rl.ring({ servers: [] }), "out_of_range", "a ring needs at least one server");
  throwsCode(() => rl.ring({ servers: ["a", "b", "a"] }), "duplicate_server", 'server "a" is listed twice');
  throwsCode(() => rl.ring({ servers: [""] }), "invalid_argument", "a server name must not be empty");
  throwsCode(() => rl.ring({ servers: 2, vnodes: 0 }), "out_of_range");
  throwsCode(() => rl.ring({ servers: 5000, vnodes: 5000 }), "limit_exceeded");
  throwsCode(
    () => rl.ring({ servers: [{ name: "a", weight: 0 }] }),
    "out_of_range",
    "weight must be finite and > 0, got 0",
  );
  throwsCode(() => rl.ring({ servers: [{ name: "a", weight: NaN }] }), "out_of_range");
  throwsCode(() => rl.rendezvous(["x", "x"]), "duplicate_server");
  throwsCode(() => rl.mulberry32(2 ** 53), "invalid_argument");
  throwsCode(() => rl.keys(16, -1), "out_of_range");
  throwsCode(() => rl.keys(16, 100_000_001), "limit_exceeded");
  throwsCode(() => rl.ringVsMod({ servers: 0 }), "out_of_range", "servers must be between 1 and 100000, got 0");
  throwsCode(() => rl.ringVsMod({ keys: -1 }), "out_of_range");
  throwsCode(
    () => rl.vnodeSweep({ vnodes: [] }),
    "invalid_argument",
    "vnodes must be a list of 1 to 100 values, got 0 values",
  );
  throwsCode(() => rl.hrwJump({ servers: 3, remove: 3 }), "out_of_range");
  throwsCode(() => rl.hrwJump({ keys: 100_000_000, servers: 100_000 }), "limit_exceeded");

  const ring = rl.ring({ servers: ["a", "b"] });
  throwsCode(() => ring.remove("nope"), "unknown_server", 'server "nope" is not on the ring');
  throwsCode(() => ring.setWeight("nope", 2), "unknown_server");
  throwsCode(() => ring.add("a"), "duplicate_server", 'server "a" is already on the ring');
  throwsCode(() => ring.preferenceList("k", 0), "out_of_range", "rf must be >= 1, got 0");
  ring.remove("a");
  throwsCode(() => ring.remove("b"), "out_of_range", "a ring needs at least one server");
  // A failed change leaves the ring as it was.
  throwsCode(() => ring.setWeight("b", -1), "out_of_range");
  assert.deepEqual(ring.serverInfo(), [{ name: "b", weight: 1, zone: "", points: 100 }]);
  ring.dispose();
  const hrw = rl.rendezvous(3);
  throwsCode(() => hrw.top("k", -1), "out_of_range");
  hrw.dispose();
});

test("the wrapper rejects wrong JavaScript types and non-integers before calling in", () => {
  throwsCode(() => rl.h32(42), "invalid_type", "h32 input must be a string or a Uint8Array, got number");
  throwsCode(() => rl.h32(new Uint16Array(2)), "invalid_type");
  throwsCode(() => rl.h32Many(["a", 1]), "invalid_type", "keys[1] must be a string, got number");
  throwsCode(() => rl.jump("1", 10), "invalid_type");
  throwsCode(() => rl.jump(1.5, 10), "invalid_argument");
  throwsCode(() => rl.jump(NaN, 10), "invalid_argument");
  throwsCode(() => rl.jump(2 ** 53, 10), "invalid_argument");
  throwsCode(() => rl.jump(-1, 10), "out_of_range");
  throwsCode(() => rl.jump(-1n, 10), "out_of_range");
  throwsCode(() => rl.jump(1n << 64n, 10), "out_of_range");
  throwsCode(() => rl.jump(1n, 2.5), "invalid_argument", "buckets must be a safe integer, got 2.5");
  throwsCode(() => rl.jump(1n, "10"), "invalid_type", "buckets must be a number, got string");
  throwsCode(() => rl.jumpMany([1, 2], 10), "invalid_type");
  throwsCode(() => rl.modN(-1, 3), "out_of_range");
  throwsCode(() => rl.modN(2 ** 32, 3), "out_of_range");
  throwsCode(() => rl.modNMany([1], 3), "invalid_type");
  throwsCode(() => rl.mulberry32("16"), "invalid_type");
  throwsCode(() => rl.ring(), "invalid_type");
  throwsCode(() => rl.ring({ servers: "S0" }), "invalid_type");
  throwsCode(() => rl.ring({ servers: 4, vnode: 10 }), "invalid_argument");
  throwsCode(() => rl.ring({ servers: 4, vnodes: NaN }), "invalid_argument");
  throwsCode(() => rl.ring({ servers: [{ name: "a", weigth: 2 }] }), "invalid_argument");
  throwsCode(() => rl.ring({ servers: [{ name: 7 }] }), "invalid_type");
  throwsCode(() => rl.ringVsMod({ sevrers: 4 }), "invalid_argument");
  throwsCode(() => rl.ringVsMod({ seed: 1.5 }), "invalid_argument");
  throwsCode(() => rl.ringVsMod({ keys: "10" }), "invalid_type");
  throwsCode(() => rl.ringVsMod(7), "invalid_type");
  throwsCode(() => rl.vnodeSweep({ vnodes: 10 }), "invalid_type");
  throwsCode(() => rl.vnodeSweep({ vnodes: [1, NaN] }), "invalid_argument");
  const ring = rl.ring({ servers: 2 });
  throwsCode(() => ring.owner(1), "invalid_type");
  throwsCode(() => ring.ownerOfHash(-5), "out_of_range");
  throwsCode(() => ring.ownerOfHashMany([1, 2]), "invalid_type");
  throwsCode(() => ring.preferenceList({}, 2), "invalid_type");
  throwsCode(() => ring.preferenceList("k", 2, { zones: "yes" }), "invalid_type");
  throwsCode(() => ring.add({ name: "x", weight: "2" }), "invalid_type");
  ring.dispose();
});

test("the module keeps working after every kind of error", () => {
  for (let i = 0; i < 50; i++) {
    throwsCode(() => rl.jump(1n, 0), "out_of_range");
    assert.equal(rl.jump(599759890, 10), 9);
    throwsCode(() => rl.ring({ servers: ["a", "a"] }), "duplicate_server");
    const ring = rl.ring({ servers: 4 });
    assert.equal(ring.owner("user:42"), "S2");
    throwsCode(() => ring.remove("zzz"), "unknown_server");
    // No stale error: the next successful call must not throw the previous one.
    assert.equal(ring.servers.length, 4);
    ring.dispose();
    throwsCode(() => rl.vnodeSweep({ servers: 0 }), "out_of_range");
  }
  assert.equal(rl.h32("user:42"), 599759890);
  assert.equal(rl.ringVsMod({ keys: 10 }).keys, 10);
});

test("load() options are checked and a missing .wasm is a load_failed rejection", async () => {
  // Each with a rule of its own, its English made from its data.
  await assert.rejects(load({ wasmURL: "x" }), {
    name: "RinglabError",
    code: "invalid_argument",
    rule: "unknownLoadOption",
    param: "wasmURL",
    message: 'unknown load() option "wasmURL"',
  });
  await assert.rejects(load({ wasmUrl: 42 }), {
    name: "RinglabError",
    code: "invalid_type",
    rule: "loadOptionType",
    param: "wasmUrl",
    message: "wasmUrl must be a string or a URL",
  });
  await assert.rejects(load(7), {
    code: "invalid_type",
    rule: "loadOptionsObject",
    message: "load() options must be an object",
  });
  await assert.rejects(load({ wasmUrl: "x", wasmBinary: new Uint8Array(0) }), {
    code: "invalid_argument",
    rule: "oneLoadOption",
    values: ["wasmUrl", "wasmBinary", "wasmModule", "", "wasmUrl", "wasmBinary"],
    message: "give at most one of wasmUrl, wasmBinary, wasmModule (got wasmUrl, wasmBinary)",
  });
  await assert.rejects(load({ wasmUrl: "file:///nonexistent/ringlab.wasm" }), (e) => {
    assert.equal(e.name, "RinglabError");
    assert.equal(e.code, "load_failed");
    assert.equal(e.rule, "cannotLoad");
    assert.equal(e.message, `cannot load ringlab's .wasm: ${e.values[0]}`);
    assert.match(e.values[0], /nonexistent|ENOENT/);
    return true;
  });
  await assert.rejects(load({ wasmBinary: new Uint8Array([0, 97, 115, 109]) }), {
    code: "load_failed",
    rule: "cannotLoad",
  });
  // The shared instance is unaffected.
  assert.equal((await load()).h32("a"), 444641715);
});

function churn() {
  const ring = rl.ring({ servers: ["a", "b", { name: "c", weight: 2, zone: "z" }], vnodes: 10 });
  ring.owner("user:42");
  ring.ownerMany(["k1", "k2", "k3"]);
  ring.preferenceList("user:42", 2, { zones: true });
  ring.add("d");
  ring.setWeight("d", 3);
  ring.remove("a");
  ring.points();
  ring.serverInfo();
  try {
    ring.remove("nope");
  } catch {
    // the error path allocates a message; it must be freed too
  }
  ring.dispose();
  const hrw = rl.rendezvous(["x", "y", "z"]);
  hrw.pick("user:42");
  hrw.top("user:42", 2);
  hrw.scores("user:42");
  hrw.pickMany(["a", "b"]);
  hrw.dispose();
  rl.h32Many(["a", "bb"]);
  rl.jumpMany(new BigUint64Array([1n, 2n]), 7);
  rl.keys(16, 10);
  rl.mulberry32(16).nextUint32Many(50);
  rl.hrwJump({ keys: 20, servers: 3 });
  try {
    rl.jump(1n, 0);
  } catch {
    // as above
  }
}

test("10,000 create/use/dispose iterations leave the heap where it started", () => {
  churn(); // first use may allocate lasting things (embind's type tables, static strings)
  const before = rl.memory().heapUsed;
  for (let i = 0; i < 10_000; i++) churn();
  assert.equal(rl.memory().heapUsed, before);
});

test("forgotten handles are freed by the FinalizationRegistry (node --expose-gc)", () => {
  const script = `
    import { load } from "ringlab";
    const rl = await load();
    const make = () => { for (let i = 0; i < 2000; i++) rl.ring({ servers: 20, vnodes: 50 }).owner("k"); };
    make();
    const tick = () => new Promise((r) => setTimeout(r, 10));
    for (let i = 0; i < 5; i++) { globalThis.gc(); await tick(); }
    const before = rl.memory().heapUsed;
    make(); // 2000 rings x 1000 points x 8 bytes: 16 MB if nothing were freed
    const grown = rl.memory().heapUsed;
    for (let i = 0; i < 20 && rl.memory().heapUsed > before; i++) { globalThis.gc(); await tick(); }
    console.log(JSON.stringify({ before, grown, after: rl.memory().heapUsed }));
  `;
  const r = spawnSync(process.execPath, ["--expose-gc", "--input-type=module", "-e", script], {
    cwd: new URL("..", import.meta.url),
    encoding: "utf8",
  });
  assert.equal(r.status, 0, r.stderr);
  const { before, grown, after } = JSON.parse(r.stdout);
  assert.ok(grown > before + 1_000_000, `the rings held memory (${before} -> ${grown})`);
  assert.equal(after, before, `freed by the registry (${grown} -> ${after})`);
});
