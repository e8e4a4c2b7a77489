// The typed boundary between the module and the wrapper. Parameter blocks and results cross as
// embind value_objects whose fields cpp/wasm/registrations.cpp names; web/lib/src/core/raw.ts
// declares them as interfaces. Here every raw call that takes or returns one is made on the module
// itself (below the wrapper), and:
//  - each result has exactly the keys of its interface, nested values and array elements too;
//  - each parameter block is read by the module at exactly the keys of its interface (embind
//    refuses a missing field but ignores an extra one, so the keys it reads are recorded through
//    a Proxy).
// The interfaces, and which calls take or return them, are read from raw.ts with the TypeScript
// compiler: a call or an interface added there without a case here fails the first test.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { pathToFileURL } from "node:url";
import ts from "typescript";
import { distDir, root } from "./helpers.mjs";

// ---------------------------------------------------------------------------------------------
// raw.ts, as the compiler sees it

const rawTs = path.join(root, "web", "lib", "src", "core", "raw.ts");
const program = ts.createProgram([rawTs], {
  strict: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  lib: ["lib.es2022.d.ts", "lib.dom.d.ts"],
  types: [],
});
const checker = program.getTypeChecker();
const source = program.getSourceFile(rawTs);
const diagnostics = ts.getPreEmitDiagnostics(program);
assert.equal(diagnostics.length, 0, ts.formatDiagnostics(diagnostics, ts.createCompilerHost({})));

const interfaces = new Map();
for (const node of source.statements) {
  if (ts.isInterfaceDeclaration(node)) interfaces.set(node.name.text, checker.getTypeAtLocation(node.name));
}

// The surfaces whose methods are the module's entry points: the module and its handle classes.
// (Direct is the plain exports, ModuleArg the factory's argument: neither is embind.)
const surfaces = [
  "RawModule",
  "RawRing",
  "RawRendezvousOf",
  "RawMaglev",
  "RawTokenRing",
  "RawComparisonRun",
  "RawExperimentRun",
];
// The error is a plain object the module makes (take_error in cpp/wasm/abi.hpp), not a
// value_object: it is checked on its own below.
const notValues = new Set([
  ...surfaces,
  "RawCommon",
  "RawHandle",
  "EmscriptenRuntime",
  "Direct",
  "ModuleArg",
  "RawError",
  "RawErrorDetail",
]);

/** The raw.ts interface a type is (null/undefined stripped), if it is a value_object's. */
function valueInterface(type) {
  const t = checker.getNonNullableType(type);
  const symbol = t.getSymbol();
  const decl = symbol?.declarations?.[0];
  if (!decl || decl.getSourceFile() !== source || !ts.isInterfaceDeclaration(decl)) return null;
  return notValues.has(symbol.name) || checker.getPropertyOfType(t, "isDeleted") ? null : symbol.name;
}

function fieldsOf(name) {
  return checker.getPropertiesOfType(interfaces.get(name)).map((p) => p.name);
}

function fieldType(name, field) {
  const p = checker.getPropertyOfType(interfaces.get(name), field);
  return checker.getTypeOfSymbolAtLocation(p, p.valueDeclaration);
}

/** The value_object a type carries, directly or as array elements: {name, array} or null. */
function carried(type) {
  const t = checker.getNonNullableType(type);
  if (checker.isArrayType(t)) {
    const name = valueInterface(checker.getTypeArguments(t)[0]);
    return name ? { name, array: true } : null;
  }
  const name = valueInterface(t);
  return name ? { name, array: false } : null;
}

/** "RawRing.add" -> {params: [{name, array} | null], result: {name, array} | null} for every call that carries one. */
const crossing = new Map();
for (const surface of surfaces) {
  for (const method of checker.getPropertiesOfType(interfaces.get(surface))) {
    const signature = checker.getTypeOfSymbolAtLocation(method, method.valueDeclaration).getCallSignatures()[0];
    if (!signature) continue;
    const params = signature
      .getParameters()
      .map((p) => carried(checker.getTypeOfSymbolAtLocation(p, p.valueDeclaration)));
    const result = carried(signature.getReturnType());
    if (result || params.some(Boolean)) crossing.set(`${surface}.${method.name}`, { params, result });
  }
}

// ---------------------------------------------------------------------------------------------
// The module, below the wrapper

// The glue, instantiated as the package's loader does it: the module handed over by
// instantiateWasm, the instance's exports kept (for the error flag in its memory).
const { default: factory } = await import(pathToFileURL(path.join(distDir, "wasm", "ringlab.js")).href);
let exports;
const raw = await factory({
  instantiateWasm(imports, receive) {
    WebAssembly.instantiate(readFileSync(path.join(distDir, "wasm", "ringlab.wasm")), imports).then((r) => {
      exports = r.instance.exports;
      receive(r.instance, r.module);
    });
    return {};
  },
});
const memory = Object.values(exports).find((e) => e instanceof WebAssembly.Memory);
const flag = raw.errorFlagAddress() >>> 2;
const errorFlag = () => new Int32Array(memory.buffer)[flag];

function noError(what) {
  if (errorFlag() !== 0) {
    const e = raw.takeError();
    assert.fail(`${what} failed: ${e.code}: ${e.message}`);
  }
}

const names = ["a", "b", "c"];
const weights = Float64Array.of(1, 2, 1);
const ring = raw.makeRing({ servers: 3, names, weights, zones: ["z1", "z2", "z1"], vnodes: 10 });
const maglev = raw.makeMaglev({ backends: 3, names: undefined, weights: undefined, tableSize: 13 });
const tokenRing = raw.makeTokenRing(32);
tokenRing.add("t1", 100);
tokenRing.add("t2", 2000000000);
noError("making the handles");
const ringPoints = ring.points();
const hashes = Uint32Array.of(1, 123456789, 4000000000, 42);
const progress = () => false;

// An experiment run of `make` with every chunk of every step counted: [the run, [its tally]].
function experimentRun(make, args) {
  const run = raw[make](args);
  noError(make);
  let tally = new Float64Array(run.tallySize());
  for (let step = 0; step < run.steps(); step++) tally = run.place(step, 0, run.chunks(), tally);
  return [run, [tally]];
}

// Every call that takes or returns a value_object: [the object it is called on, its arguments]
// (parameter blocks as plain objects: the test reads them through a Proxy).
const calls = {
  "RawModule.heapUsage": () => [raw, []],
  "RawModule.defaults": () => [raw, []],
  "RawModule.mulberry32Fill": () => [raw, [16, 4, 1]],
  "RawModule.makeRing": () => [raw, [{ servers: 2, names, weights, zones: ["", "", ""], vnodes: 5 }]],
  "RawModule.makeRendezvous": () => [raw, [{ servers: 0, names, weights: undefined }]],
  "RawModule.makeWeightedRendezvous": () => [raw, [{ servers: 0, names, weights }]],
  "RawModule.makeMaglev": () => [raw, [{ backends: 3, names, weights, tableSize: 13 }]],
  "RawModule.boundedLoads": () => [raw, [ring, hashes, 0.25]],
  "RawModule.searchTrace": () => [raw, [ringPoints.tokens, 123456789]],
  "RawModule.preferenceWalk": () => [
    raw,
    [{ tokens: ringPoints.tokens, servers: ringPoints.servers, zoneOf: Uint32Array.of(0, 1, 0), hash: 7, rf: 2 }],
  ],
  "RawModule.jumpTrace": () => [raw, [2n ** 64n - 1n, 1000]],
  "RawModule.movement": () => [
    raw,
    [Uint32Array.of(0, 1, 2, 0), Uint32Array.of(0, 3, 2, 1), Uint8Array.of(0, 0, 0, 1)],
  ],
  "RawModule.loadStats": () => [raw, [Float64Array.of(1, 2, 3)]],
  "RawModule.cacheWhatIf": () => [raw, [0.95, 0.8]],
  "RawModule.hotKeys": () => [raw, [ring, { seed: 16, keys: 100, requests: 1000, s: 1, hot: 1, copies: 2 }]],
  "RawModule.makeComparisonRun": () => [
    raw,
    [
      {
        servers: 4,
        names: undefined,
        weights: undefined,
        zones: undefined,
        vnodes: 10,
        seed: 16,
        keys: 500,
        // remove S1 (as parts): jump cannot, so a row has a reason
        change: { text: "", kind: "remove", name: "S1", weight: undefined },
        epsilon: 0.25,
        tableSize: 13,
        threads: 2,
      },
    ],
  ],
  "RawComparisonRun.rows": () => {
    const run = raw.makeComparisonRun({
      servers: 4,
      names: undefined,
      weights: undefined,
      zones: undefined,
      vnodes: 10,
      seed: 16,
      keys: 500,
      change: { text: "remove:S1", kind: undefined, name: "", weight: undefined },
      epsilon: 0.25,
      tableSize: 13,
      threads: undefined,
    });
    noError("making the comparison run");
    const tally = run.place(
      0,
      run.chunks(),
      run.place(0, run.chunks(), new Float64Array(run.tallySize()), false),
      true,
    );
    return [run, [tally]];
  },
  "RawModule.ringVsMod": () => [raw, [{ seed: 16, keys: 200, servers: 4, vnodes: 10, threads: undefined }, progress]],
  "RawModule.vnodeSweep": () => [
    raw,
    [{ seed: 16, servers: 3, keys: 200, vnodes: Float64Array.of(1, 10), threads: 1 }, progress],
  ],
  "RawModule.hrwJump": () => [
    raw,
    [{ seed: 16, keys: 3, servers: 5, remove: 2, buckets: 10, threads: undefined }, progress],
  ],
  "RawModule.makeRingVsModRun": () => [raw, [{ seed: 16, keys: 200, servers: 4, vnodes: 10, threads: undefined }]],
  "RawModule.makeVnodeSweepRun": () => [
    raw,
    [{ seed: 16, servers: 3, keys: 200, vnodes: Float64Array.of(1, 10), threads: 1 }],
  ],
  "RawModule.makeHrwJumpRun": () => [
    raw,
    [{ seed: 16, keys: 3, servers: 5, remove: 2, buckets: 10, threads: undefined }],
  ],
  "RawExperimentRun.ringVsMod": () =>
    experimentRun("makeRingVsModRun", { seed: 16, keys: 200, servers: 4, vnodes: 10, threads: undefined }),
  "RawExperimentRun.vnodeSweep": () =>
    experimentRun("makeVnodeSweepRun", { seed: 16, servers: 3, keys: 200, vnodes: Float64Array.of(1, 10), threads: 1 }),
  "RawExperimentRun.hrwJump": () =>
    experimentRun("makeHrwJumpRun", { seed: 16, keys: 3, servers: 5, remove: 2, buckets: 10, threads: undefined }),
  "RawModule.placementDigest": () => [raw, [{ seed: 16, keys: 100 }]],
  "RawRing.add": () => [ring, [{ name: "d", weight: 1, zone: "z3" }]],
  "RawRing.servers": () => [ring, []],
  "RawRing.points": () => [ring, []],
  "RawRing.searchTrace": () => [ring, [4000000000]],
  "RawMaglev.fillTurns": () => [maglev, []],
  "RawTokenRing.boundaries": () => [tokenRing, ["t2"]],
  "RawTokenRing.searchTrace": () => [tokenRing, [150]],
};

// ---------------------------------------------------------------------------------------------
// Checks

const seen = new Set(); // interfaces checked at least once

/** Asserts `value` has exactly the fields of what `carries` names, recursively. */
function checkResult(value, carries, where) {
  if (carries.array) {
    assert.ok(Array.isArray(value), `${where}: an array`);
    assert.ok(value.length > 0, `${where}: the case must return at least one element to check`);
    value.forEach((v, i) => checkResult(v, { name: carries.name, array: false }, `${where}[${i}]`));
    return;
  }
  assert.ok(value !== null && typeof value === "object", `${where}: an object`);
  assert.deepEqual(Object.keys(value).sort(), fieldsOf(carries.name).sort(), `${where}: the keys of ${carries.name}`);
  seen.add(carries.name);
  for (const field of fieldsOf(carries.name)) {
    const inner = carried(fieldType(carries.name, field));
    if (inner) checkResult(value[field], inner, `${where}.${field}`);
  }
}

/** A Proxy over a parameter block that records the keys read (nested blocks too) into `read`. */
function recording(block, name, read, where) {
  const keys = new Set();
  read.push({ name, keys, where });
  return new Proxy(block, {
    has(target, key) {
      keys.add(key);
      return key in target;
    },
    get(target, key) {
      keys.add(key);
      const inner = typeof key === "string" && fieldsOf(name).includes(key) ? carried(fieldType(name, key)) : null;
      return inner && !inner.array ? recording(target[key], inner.name, read, `${where}.${key}`) : target[key];
    },
  });
}

test("every raw call that takes or returns a value_object (read from raw.ts) has a case here, and every value interface is used", () => {
  assert.deepEqual([...crossing.keys()].sort(), Object.keys(calls).sort());
  const values = [...interfaces.keys()].filter((n) => !notValues.has(n));
  const used = new Set();
  const use = (c) => c && used.add(c.name) && fieldsOf(c.name).forEach((f) => use(carried(fieldType(c.name, f))));
  for (const { params, result } of crossing.values()) [...params, result].forEach(use);
  assert.deepEqual(
    values.filter((n) => !used.has(n)),
    [],
    "interfaces no raw call takes or returns",
  );
});

for (const [call, { params, result }] of crossing) {
  test(`${call}: ${[...params.filter(Boolean).map((p) => p.name), ...(result ? [`-> ${result.name}${result.array ? "[]" : ""}`] : [])].join(", ")}`, () => {
    const make = calls[call];
    assert.ok(make, `no case for ${call}`);
    const [self, args] = make();
    const read = [];
    const given = args.map((a, i) =>
      params[i] && !params[i].array ? recording(a, params[i].name, read, `argument ${i}`) : a,
    );
    const method = call.slice(call.indexOf(".") + 1);
    const value = self[method](...given);
    noError(call);
    for (const { name, keys, where } of read) {
      assert.deepEqual(
        [...keys].sort(),
        fieldsOf(name).sort(),
        `${call} ${where}: the module reads the fields of ${name}`,
      );
      seen.add(name);
    }
    if (result) checkResult(value, result, `${call}()`);
    if (value && typeof value.delete === "function" && value !== self) value.delete();
  });
}

test("the error channel: the module's error crosses as data, and is taken once", () => {
  raw.makeTokenRing(0); // bits 0: refused, so there is an error to take
  assert.equal(errorFlag(), 1);
  assert.deepEqual(
    { ...raw.takeError() },
    {
      rule: "between",
      param: "bits",
      values: [1, 32, 0],
      code: "out_of_range",
      message: "bits must be between 1 and 32, got 0",
    },
  );
  assert.equal(errorFlag(), 0);
  // A 64-bit bound beyond 2^53 crosses as a bigint, exactly.
  raw.jumpKey("18446744073709551616");
  const e = raw.takeError();
  assert.deepEqual([e.rule, e.values], ["between", [0, 18446744073709551615n, "18446744073709551616"]]);
});

test("every value interface was checked", () => {
  const values = [...interfaces.keys()].filter((n) => !notValues.has(n));
  assert.deepEqual(
    values.filter((n) => !seen.has(n)),
    [],
  );
  ring.delete();
  maglev.delete();
  tokenRing.delete();
});
