// The bad-input table of README ("Every bad input named"): one test per row, asserting the
// error's class, its stable code and its exact message, and that the module works afterwards.
// tests/cpp/test_bad_input.cpp holds the same rows for the C++ API (the JS-only rows — wrong
// JS types, an `out` array of the wrong length, unknown options, disposed handles — have no C++
// counterpart).
import { test } from "node:test";
import assert from "node:assert/strict";
import { load, RinglabError } from "ringlab";

const rl = await load();
const ring = rl.ring({ servers: 3 });
const disposed = rl.ring({ servers: 2 });
disposed.dispose();

/** [row, the call, its code, its message] */
const rows = [
  ["NaN", () => rl.ring({ servers: 3, vnodes: NaN }), "invalid_argument", "vnodes must be a safe integer, got NaN"],
  ["NaN weight", () => rl.ring({ servers: [{ name: "a", weight: NaN }] }), "out_of_range", "weight must be finite and > 0, got NaN"],
  ["+Infinity", () => rl.jump(1, Infinity), "invalid_argument", "buckets must be a safe integer, got Infinity"],
  ["-Infinity", () => rl.cacheWhatIf(-Infinity, 0.5), "out_of_range", "hitRatio must be in [0, 1), got -Infinity"],
  ["negative vnodes", () => rl.ring({ servers: 3, vnodes: -1 }), "out_of_range", "vnodes must be between 1 and 16777216, got -1"],
  ["negative key", () => rl.jump(-1, 10), "out_of_range", "key must be >= 0, got -1"],
  ["zero servers", () => rl.ring({ servers: 0 }), "out_of_range", "servers must be between 1 and 16777216, got 0"],
  ["zero buckets", () => rl.jump(1, 0), "out_of_range", "buckets must be between 1 and 2147483647, got 0"],
  ["zero weight", () => rl.ring({ servers: [{ name: "a", weight: 0 }] }), "out_of_range", "weight must be finite and > 0, got 0"],
  ["non-integer count", () => rl.ring({ servers: 2.5 }), "invalid_argument", "servers must be a safe integer, got 2.5"],
  ["non-integer seed", () => rl.keys(1.5, 3), "invalid_argument", "seed must be a safe integer, got 1.5"],
  ["above the ring cap", () => rl.ring({ servers: 100000, vnodes: 1000 }), "limit_exceeded",
    "a ring of 100000000 points exceeds the ring's cap of 16777216"],
  ["above jump's range", () => rl.jump(1, 2 ** 31), "out_of_range", "buckets must be between 1 and 2147483647, got 2147483648"],
  ["above the Maglev cap", () => rl.maglev({ backends: 3, tableSize: 16777259 }), "limit_exceeded",
    "tableSize must be between 3 and 16777213, got 16777259"],
  ["above the keys cap", () => rl.vnodeSweep({ keys: 100000001 }), "out_of_range", "keys must be between 0 and 100000000, got 100000001"],
  ["unsafe seed", () => rl.keys(2 ** 53, 1), "invalid_argument", "seed must be a safe integer, got 9007199254740992"],
  ["empty server list", () => rl.ring({ servers: [] }), "out_of_range", "a ring needs at least one server"],
  ["empty backend list", () => rl.maglev({ backends: [] }), "out_of_range", "Maglev needs at least one backend"],
  ["duplicate server names", () => rl.ring({ servers: ["a", "a"] }), "duplicate_server", 'server "a" is listed twice'],
  ["empty name", () => rl.ring({ servers: [""] }), "invalid_argument", "a server name must not be empty"],
  ["very long name", () => rl.ring({ servers: ["x".repeat(5000)] }), "limit_exceeded", "a server name is longer than 4096 UTF-16 units"],
  ["wrong JS type", () => rl.h32(42), "invalid_type", "h32 input must be a string or a Uint8Array, got number"],
  ["wrong JS type (array for a typed array)", () => ring.ownerOfHashMany([1, 2]), "invalid_type", "hashes must be a Uint32Array, got an array"],
  ["out of the wrong length", () => ring.ownerOfHashMany(new Uint32Array(3), new Uint32Array(2)), "invalid_argument",
    "out must hold one value per key: length 3, got 2"],
  ["unknown option", () => rl.ring({ servers: 3, vnode: 10 }), "invalid_argument", 'unknown option "vnode" for ring (known: servers, vnodes)'],
  ["disposed handle", () => disposed.owner("k"), "disposed", "this ring was disposed"],
  ["unknown server", () => ring.remove("nope"), "unknown_server", 'server "nope" is not on the ring'],
  ["replication factor 0", () => ring.preferenceList("k", 0), "out_of_range", "rf must be >= 1, got 0"],
  ["epsilon 0", () => rl.boundedLoads(ring, new Uint32Array(3), 0), "out_of_range", "epsilon must be finite and > 0, got 0"],
  ["token out of range", () => rl.tokenRing({ bits: 8 }).add("a", 256), "token_out_of_range", "token must be between 0 and 255, got 256"],
  ["empty token ring", () => rl.tokenRing().route("k"), "empty", "the ring has no vnodes"],
];

for (const [row, call, code, message] of rows) {
  test(`bad input: ${row} -> ${code}`, () => {
    assert.throws(call, (e) => {
      assert.ok(e instanceof RinglabError, `a RinglabError, got ${e}`);
      assert.equal(e.name, "RinglabError");
      assert.equal(e.code, code);
      assert.equal(e.message, message);
      return true;
    });
    // The module keeps working after every rejected input.
    assert.equal(rl.h32("user:42"), 599759890);
    assert.equal(ring.owner("user:42"), ring.owner("user:42"));
  });
}
