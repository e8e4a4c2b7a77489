// The main module's two builds: ringlab-simd.wasm (rendezvous over blocks of keys in WebAssembly
// SIMD128 lanes) and ringlab.wasm (no SIMD instruction, for engines without SIMD128). Each is a
// link of its own with its own glue (ringlab-simd.js, ringlab.js), and they must answer alike, bit
// for bit; load() takes the SIMD128 one where WebAssembly.validate accepts a SIMD128 probe, else
// the scalar one, and pairs whatever module it is given with its glue by the build its link wrote
// in it.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { createRequire, syncBuiltinESMExports } from "node:module";
import { readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { pathToFileURL } from "node:url";
import { load } from "ringlab";
import { distDir, experimentCases, apiCall, readTsv } from "./helpers.mjs";

const scalarPath = path.join(distDir, "wasm", "ringlab.wasm");
const simdPath = path.join(distDir, "wasm", "ringlab-simd.wasm");
const scalar = await load({ wasmUrl: pathToFileURL(scalarPath) });
const simd = await load({ wasmUrl: pathToFileURL(simdPath) });

// compare's rows without their build times (wall clock).
const rows = (rl, options) => JSON.stringify(rl.compare(options).map((r) => ({ ...r, buildMs: 0 })));

// Names of 1 to 14 UTF-16 units, Bengali and a lone surrogate among them, distinct.
function names(n, seed) {
  const out = [];
  let x = seed;
  for (let i = 0; out.length < n; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    const len = 1 + (x % 14);
    let s = "";
    for (let j = 0; j < len; j++) s += "abcযদি\ud800xyzS0_-"[(x >>> (j % 24)) % 16];
    s += i;
    if (!out.includes(s)) out.push(s);
  }
  return out;
}

test("each module names its build (the custom section its link wrote), and has its own glue", async () => {
  const build = (file) =>
    WebAssembly.Module.customSections(new WebAssembly.Module(readFileSync(file)), "ringlab_build").map((b) =>
      Buffer.from(b).toString(),
    );
  assert.deepEqual(build(scalarPath), ["scalar"]);
  assert.deepEqual(build(simdPath), ["simd128"]);
  for (const glue of ["ringlab.js", "ringlab-simd.js"]) {
    const { default: factory } = await import(pathToFileURL(path.join(distDir, "wasm", glue)).href);
    assert.equal(typeof factory, "function", glue);
  }
});

test("a .wasm that is neither of the main modules is refused, with load_failed", async () => {
  const other = readFileSync(path.join(distDir, "wasm", "ringlab-claims.wasm"));
  await assert.rejects(load({ wasmBinary: other }), (e) => {
    assert.equal(e.code, "load_failed");
    assert.match(e.message, /not one of this package's main modules/);
    return true;
  });
});

test("ringlab.wasm has no SIMD instruction or type; ringlab-simd.wasm has them", () => {
  // binaryen's disassembler (Debian: binaryen, a dependency of emscripten) decodes every
  // instruction; any SIMD128 one or any v128 value prints as v128.* or as a lane shape.
  const simdText = /\bv128\b|\b[if](?:8x16|16x8|32x4|64x2)\./;
  const dis = (file) => {
    const r = spawnSync("wasm-dis", [file], { encoding: "utf8", maxBuffer: 256 << 20 });
    assert.ifError(r.error);
    assert.equal(r.status, 0, r.stderr);
    return r.stdout;
  };
  const plain = dis(scalarPath);
  assert.ok(plain.length > 100_000, "wasm-dis printed the scalar module");
  assert.doesNotMatch(plain, simdText);
  assert.match(dis(simdPath), simdText);
});

test("compare: the same rows from both modules (add, remove, fail, weight; 1 to 300 servers)", () => {
  const scenarios = [];
  for (const servers of [1, 2, 3, 5, 10, 33, 100, 300]) {
    const changes = ["add", ...(servers > 1 ? ["remove:S1", "fail:S0"] : []), "weight:S0=2.5"];
    for (const change of changes) scenarios.push({ servers, vnodes: 20, keys: 4_099, change });
  }
  // Names of different lengths (no shared beginning beyond a unit or two), with and without weights.
  for (const n of [2, 7, 64]) {
    const list = names(n, n);
    scenarios.push({ servers: list, vnodes: 10, keys: 3_001, change: "add" });
    scenarios.push({ servers: list, vnodes: 10, keys: 3_001, change: `remove:${list[n - 1]}` });
    scenarios.push({ servers: list, vnodes: 10, keys: 3_001, change: `fail:${list[0]}` });
    const weighted = list.map((name, i) => ({ name, weight: 1 + (i % 3) }));
    scenarios.push({ servers: weighted, vnodes: 10, keys: 3_001, change: "add" });
    scenarios.push({ servers: weighted, vnodes: 10, keys: 3_001, change: `weight:${list[1]}=4` });
  }
  // A shared beginning with rests of 0 to 3 units, one name being the beginning itself.
  const prefixed = ["node", "node-1", "node-22", "node-333", "node-x"];
  scenarios.push({ servers: prefixed, vnodes: 10, keys: 5_003, change: "add" });
  scenarios.push({ servers: prefixed, vnodes: 10, keys: 5_003, change: "remove:node" });
  scenarios.push({ servers: 100, vnodes: 100, keys: 100_000, change: "add", seed: 7 });
  for (const s of scenarios) {
    assert.equal(rows(simd, s), rows(scalar, s), JSON.stringify(s));
  }
});

test("rendezvous: the same picks from both modules, key by key", () => {
  const keys = scalar.keys(11, 20_003);
  for (const list of [names(1, 1), names(2, 2), names(9, 9), names(100, 100), names(257, 3)]) {
    const a = scalar.rendezvous(list);
    const b = simd.rendezvous(list);
    assert.deepEqual(b.pickMany(keys), a.pickMany(keys));
    for (const key of keys.slice(0, 200)) assert.deepEqual(b.top(key, 3), a.top(key, 3));
    a.dispose();
    b.dispose();
    const wa = scalar.weightedRendezvous(list.map((name, i) => ({ name, weight: 1 + (i % 4) })));
    const wb = simd.weightedRendezvous(list.map((name, i) => ({ name, weight: 1 + (i % 4) })));
    assert.deepEqual(wb.pickMany(keys), wa.pickMany(keys));
    wa.dispose();
    wb.dispose();
  }
});

test("the experiments: the same text from both modules", () => {
  for (const keys of [1, 999, 50_000]) {
    assert.equal(simd.ringVsMod({ keys }).text, scalar.ringVsMod({ keys }).text);
    assert.equal(simd.vnodeSweep({ keys }).text, scalar.vnodeSweep({ keys }).text);
    assert.equal(simd.hrwJump({ keys }).text, scalar.hrwJump({ keys }).text);
  }
});

test("the placement digest: every algorithm's placements the same from both modules", () => {
  for (const options of [{}, { seed: 99, keys: 30_000 }]) {
    const a = simd.placementDigest(options);
    const b = scalar.placementDigest(options);
    assert.equal(a.all, b.all);
    assert.deepEqual(a.parts, b.parts);
  }
});

// Which .wasm a load reads from disk (Node reads file: URLs with fs/promises' readFile).
async function filesRead(run) {
  const fsp = createRequire(import.meta.url)("node:fs/promises");
  const readFile = fsp.readFile;
  const seen = [];
  fsp.readFile = (file, ...rest) => {
    if (String(file).endsWith(".wasm")) seen.push(path.basename(file instanceof URL ? file.pathname : String(file)));
    return readFile(file, ...rest);
  };
  syncBuiltinESMExports();
  try {
    return { result: await run(), seen };
  } finally {
    fsp.readFile = readFile;
    syncBuiltinESMExports();
  }
}

// WebAssembly.validate answering false for modules with a SIMD128 instruction, as an engine
// without SIMD128 does; the probes it was asked about are kept.
async function withoutSimd128(run) {
  const validate = WebAssembly.validate;
  const probes = [];
  WebAssembly.validate = (bytes) => {
    const b = new Uint8Array(bytes.buffer ?? bytes, bytes.byteOffset ?? 0, bytes.byteLength);
    if (b.includes(0xfd)) {
      probes.push(b.slice());
      return false;
    }
    return validate.call(WebAssembly, bytes);
  };
  try {
    return { ...(await run()), probes };
  } finally {
    WebAssembly.validate = validate;
  }
}

test("load() takes ringlab-simd.wasm where the engine has SIMD128 (Node 20 has it)", async () => {
  const { result: rl, seen } = await filesRead(() => load({}));
  assert.deepEqual(seen, ["ringlab-simd.wasm"]);
  assert.equal(rows(rl, { servers: 10, keys: 2_000 }), rows(scalar, { servers: 10, keys: 2_000 }));
});

test("load() takes ringlab.wasm where WebAssembly.validate refuses the SIMD128 probe, with the golden answers", async () => {
  const { result: rl, seen, probes } = await withoutSimd128(() => filesRead(() => load({})));
  assert.deepEqual(seen, ["ringlab.wasm"]);
  // The probe is a real SIMD128 module: this engine accepts it.
  assert.equal(probes.length, 1);
  assert.ok(WebAssembly.validate(probes[0]));
  for (const c of experimentCases()) {
    const { method, options } = apiCall(c);
    assert.equal(rl[method](options).text, c.expected, c.name);
  }
  const golden = readTsv("algorithms/rendezvous.tsv");
  const picked = new Map();
  for (const r of golden) {
    if (!picked.has(r.servers)) picked.set(r.servers, rl.rendezvous(r.servers.split(",")));
    assert.equal(picked.get(r.servers).pick(r.key), r.winner, `${r.servers} key ${r.key}`);
  }
  assert.equal(
    rows(rl, { servers: 100, keys: 20_000, change: "remove:S3" }),
    rows(simd, { servers: 100, keys: 20_000, change: "remove:S3" }),
  );
});

test("an explicit wasmUrl, wasmBinary or wasmModule is used as given, whatever the engine", async () => {
  const { seen } = await withoutSimd128(() => filesRead(() => load({ wasmUrl: pathToFileURL(simdPath) })));
  assert.deepEqual(seen, ["ringlab-simd.wasm"]);
  const bytes = readFileSync(simdPath);
  const fromBytes = await load({ wasmBinary: bytes });
  const fromModule = await load({ wasmModule: new WebAssembly.Module(bytes) });
  for (const rl of [fromBytes, fromModule])
    assert.equal(rl.hrwJump({ keys: 3_000 }).text, scalar.hrwJump({ keys: 3_000 }).text);
});
