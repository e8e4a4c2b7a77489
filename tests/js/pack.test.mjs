// Test what we ship: `npm pack`, install the tarball into an empty folder (no registry needed:
// the package has no dependencies), and use it there as a user would — the library, the
// single-file build, ringlab/systems, ringlab/buckets, ringlab/placers, the .wasm exports, the
// types, and the CLI through the installed bin.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { load } from "ringlab";
import { load as loadClaims } from "ringlab/claims";
import { load as loadPlacers } from "ringlab/placers";
import { load as loadPlan } from "ringlab/plan";
import { load as loadLab } from "ringlab/lab";
import { bucketVectorCases, experimentCases, placerScenarios, readTsv, referencePlacement, root } from "./helpers.mjs";

const repoClaims = (await loadClaims()).claims();
// A reshard of the documented cluster as this tree's ringlab/plan makes it (tests/js/plan.test.mjs
// holds it to the command line's): what the installed one must make, units as arrays.
const unitsAsArrays = (_, v) => (v instanceof Uint32Array ? Array.from(v) : v);
const planCase = await (async () => {
  const nodes = readFileSync(path.join(root, "docs", "examples", "cluster-nodes.txt"), "utf8");
  const options = { nodes, from: "all", to: "d4".repeat(20), slots: 1000 };
  return { options, want: JSON.stringify((await loadPlan()).redis.reshard(options), unitsAsArrays) };
})();
// A small lab as this tree's ringlab/lab runs it (tests/js/lab.test.mjs holds it to ringlab lab
// --json): what the installed one must give, in this process and in its worker.
const labCase = await (async () => {
  const options = { buckets: 20, keysPerBucket: 5, seed: 3 };
  return { options, want: JSON.stringify((await loadLab()).run(options)) };
})();
// Random placements of every placer, each with its servers by key as the main module's classes of
// this tree place them: what the installed ringlab/placers must answer.
const repoPlacers = (await loadPlacers()).algorithms();
const placerCases = await (async () => {
  const rl = await load();
  return placerScenarios(repoPlacers, 404, 2).map((s) => ({ ...s, want: referencePlacement(rl, s) }));
})();

let dir;
let packed;

function sh(cmd, args, cwd) {
  const r = spawnSync(cmd, args, {
    cwd,
    encoding: "utf8",
    env: { ...process.env, npm_config_update_notifier: "false" },
  });
  if (r.error) throw r.error;
  return r;
}

before(() => {
  dir = mkdtempSync(path.join(tmpdir(), "ringlab-pack-"));
  const r = sh("npm", ["pack", "--json", "--pack-destination", dir], root);
  assert.equal(r.status, 0, r.stderr);
  packed = JSON.parse(r.stdout)[0];
  writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "smoke", private: true, type: "module" }));
  const i = sh("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", `./${packed.filename}`], dir);
  assert.equal(i.status, 0, i.stderr);
});

after(() => rmSync(dir, { recursive: true, force: true }));

test("the tarball holds the built package and nothing else", (t) => {
  const files = packed.files.map((f) => f.path).sort();
  for (const f of [
    "package.json",
    // The bin (package.json "bin"), which runs web/lib/dist/cli.js.
    "web/lib/bin/ringlab.js",
    "web/lib/dist/index.js",
    "web/lib/dist/index.d.ts",
    "web/lib/dist/single.js",
    "web/lib/dist/cli.js",
    // The module every entry imports, so RinglabError is one class whichever entry threw it.
    "web/lib/dist/errors.js",
    // The internals' declarations, in the folders of their sources, which the entries' import.
    "web/lib/dist/core/errors.d.ts",
    "web/lib/dist/main/types.d.ts",
    "web/lib/dist/wasm/ringlab.js",
    "web/lib/dist/wasm/ringlab.wasm",
    "web/lib/dist/wasm/ringlab-simd.wasm",
    "web/lib/dist/wasm/ringlab.inline.js",
    // ringlab/systems: its entry and its own module.
    "web/lib/dist/systems.js",
    "web/lib/dist/systems.d.ts",
    "web/lib/dist/wasm/ringlab-systems.js",
    "web/lib/dist/wasm/ringlab-systems.wasm",
    // ringlab/claims: its entry and its own module.
    "web/lib/dist/claims.js",
    "web/lib/dist/claims.d.ts",
    "web/lib/dist/wasm/ringlab-claims.js",
    "web/lib/dist/wasm/ringlab-claims.wasm",
    // ringlab/buckets: its entry and its own module.
    "web/lib/dist/buckets.js",
    "web/lib/dist/buckets.d.ts",
    "web/lib/dist/wasm/ringlab-buckets.js",
    "web/lib/dist/wasm/ringlab-buckets.wasm",
    // ringlab/plan: its entry and its own module.
    "web/lib/dist/plan.js",
    "web/lib/dist/plan.d.ts",
    "web/lib/dist/wasm/ringlab-plan.js",
    "web/lib/dist/wasm/ringlab-plan.wasm",
    // ringlab/lab: its entry, the worker script beside it (which loads the entry) and its own module.
    "web/lib/dist/lab.js",
    "web/lib/dist/lab.d.ts",
    "web/lib/dist/lab-worker.js",
    "web/lib/dist/wasm/ringlab-lab.js",
    "web/lib/dist/wasm/ringlab-lab.wasm",
    // ringlab/placers: its entry (its module is the buckets one).
    "web/lib/dist/placers.js",
    "web/lib/dist/placers.d.ts",
    // The CLI's module (the bin's; run_cli is in no page's module).
    "web/lib/dist/wasm/ringlab-cli.js",
    "web/lib/dist/wasm/ringlab-cli.wasm",
    // ringlab/parallel: its entry and the worker script beside it (which loads the main entry).
    "web/lib/dist/parallel.js",
    "web/lib/dist/parallel.d.ts",
    "web/lib/dist/parallel-worker.js",
    // The widgets bundle (`ringlab/widgets`) with its worker and module beside it.
    "dist/widgets/ringlab-widgets.js",
    "dist/widgets/ringlab-worker.js",
    "dist/widgets/ringlab-parallel.js",
    "dist/widgets/ringlab.wasm",
    "dist/widgets/ringlab-simd.wasm",
    // The definitions the .d.ts links to (docs/algorithms.md#…, docs/systems.md).
    "docs/algorithms.md",
    "docs/systems.md",
  ]) {
    assert.ok(files.includes(f), `${f} is packed`);
  }
  for (const f of files) assert.doesNotMatch(f, /^(cpp|tests|scripts|build|web\/lib\/src)\//, `${f} is not shipped`);
  t.diagnostic(
    `${packed.filename}: ${files.length} files, ${(packed.size / 1024).toFixed(1)} KB packed, ${(packed.unpackedSize / 1024).toFixed(1)} KB unpacked`,
  );
});

test("every packed .d.ts finds in the tarball the declarations it imports", () => {
  const files = new Set(packed.files.map((f) => f.path));
  const declarations = [...files].filter((f) => f.endsWith(".d.ts"));
  for (const f of declarations) {
    const text = readFileSync(path.join(dir, "node_modules", "ringlab", f), "utf8");
    for (const [, spec] of text.matchAll(/(?:\bfrom\s*|\bimport\()"(\.\.?\/[^"]+)\.js"/g)) {
      const target = path.posix.join(path.posix.dirname(f), `${spec}.d.ts`);
      assert.ok(files.has(target), `${f} imports ${spec}.js, and ${target} is packed`);
    }
  }
  assert.ok(declarations.length > 30, `${declarations.length} .d.ts packed`);
});

test("the installed package works: library, single-file build, .wasm export", () => {
  const expected = {
    h32: readTsv("h32.tsv").map((r) => [r.units, Number(r.h32)]),
    experiment: experimentCases().find((c) => c.name === "hrw-jump__parity-seed99-k2-undefined").expected,
    // The chapter's claims as the repository's build gives them (tests/js/claims.test.mjs holds
    // them to the native CLI's): the same ids, verdicts and figures from the installed package.
    claims: repoClaims.map((c) => [c.id, c.verdict, c.ringlab.figure]),
    // erl's phash2(Term, 1 bsl 32), from the golden file.
    phash2: readFileSync(path.join(root, "tests", "golden", "erlang", "phash2.tsv"), "utf8")
      .split("\n")
      .slice(1, 200)
      .filter(Boolean)
      .map((line) => line.split("\t"))
      .map((f) => [f[1], Number(f[8])]),
    // Every bucket algorithm's vectors (tests/golden/buckets/), the first cases of each file.
    buckets: Object.fromEntries(
      readdirSync(path.join(root, "tests", "golden", "buckets"))
        .filter((f) => f.endsWith(".tsv"))
        .map((f) => f.slice(0, -4))
        .map((name) => [name, bucketVectorCases(name).slice(0, 4)]),
    ),
    placers: { names: repoPlacers.map((a) => a.name), cases: placerCases },
    plan: planCase,
    lab: labCase,
  };
  // A bigint (a seed among the vectors' options) as its decimal text: the smoke reads it back.
  writeFileSync(
    path.join(dir, "expected.json"),
    JSON.stringify(expected, (_, v) => (typeof v === "bigint" ? v.toString() : v)),
  );
  writeFileSync(
    path.join(dir, "smoke.mjs"),
    `import assert from "node:assert/strict";
import { readFileSync, existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { load, RinglabError } from "ringlab";
import { load as loadSingle } from "ringlab/single";
import { load as loadSystems } from "ringlab/systems";
import { load as loadClaims } from "ringlab/claims";
import { load as loadBuckets } from "ringlab/buckets";
import { load as loadPlacers } from "ringlab/placers";
import { load as loadPlan } from "ringlab/plan";
import { load as loadLab, runInWorker as labInWorker } from "ringlab/lab";
import { compareInWorkers } from "ringlab/parallel";
const expected = JSON.parse(readFileSync("expected.json", "utf8"));
const str = (hex) => hex === "" ? "" : String.fromCharCode(...hex.split(" ").map((h) => parseInt(h, 16)));
for (const rl of [await load(), await loadSingle()]) {
  for (const [units, h] of expected.h32) assert.equal(rl.h32(str(units)), h);
  assert.equal(rl.hrwJump({ seed: 99, keys: 2, servers: 4, remove: 0, buckets: 1 }).text, expected.experiment);
  assert.throws(() => rl.jump(1n, 0), RinglabError);
  const maglev = rl.maglev({ backends: 3, tableSize: 13 });
  assert.deepEqual(Array.from(maglev.entryCounts()).sort(), [4, 4, 5]);
  maglev.dispose();
  const tokens = rl.tokenRing({ bits: 8 });
  tokens.add("A", 10);
  assert.throws(() => tokens.add("B", 10), (e) => e.code === "token_taken");
  tokens.dispose();
  assert.equal(rl.compare({ keys: 100 }).length, 6);
}
assert.ok(existsSync(fileURLToPath(import.meta.resolve("ringlab/ringlab.wasm"))));
const erl = await loadSystems();
for (const [term, h] of expected.phash2) assert.equal(erl.phash2(erl.parseTerm(term, { syntax: "erlang" }), 2 ** 32), h);
const malachi = erl.malachiRing({ ringBits: 16 });
malachi.addVnode("a", 1000);
malachi.addVnode(7, 40000);
assert.equal(malachi.route("topic-a"), 7);
assert.throws(() => malachi.addVnode("b", 1000), (e) => e instanceof RinglabError && e.code === "token_taken");
malachi.dispose();
assert.ok(existsSync(fileURLToPath(import.meta.resolve("ringlab/ringlab-systems.wasm"))));
const claims = (await loadClaims()).claims();
assert.deepEqual(claims.map((c) => [c.id, c.verdict, c.ringlab.figure]), expected.claims);
assert.ok(claims.length >= 14 && claims.every((c) => c.verdict === "match" || c.verdict === "within"));
assert.ok(existsSync(fileURLToPath(import.meta.resolve("ringlab/ringlab-claims.wasm"))));
// Every bucket algorithm of the installed module has vectors, and gives them.
const buckets = await loadBuckets();
assert.deepEqual(buckets.algorithms().map((a) => a.name).sort(), Object.keys(expected.buckets).sort());
for (const { name, input } of buckets.algorithms()) {
  for (const c of expected.buckets[name]) {
    const options = Object.fromEntries(Object.entries(c.options).map(([k, v]) => [k, k === "seed" ? BigInt(v) : v]));
    const h = buckets.hasher(name, options);
    for (const op of c.ops === "" ? [] : c.ops.split(",")) op === "add" ? h.add() : h.remove(Number(op.slice(7)));
    const inputs = input === "text" ? c.inputs : BigUint64Array.from(c.inputs, (x) => BigInt(x));
    assert.deepEqual(Array.from(h.bucketMany(inputs)), h.answers === "name" ? c.answers : c.buckets, name);
    h.dispose();
  }
}
assert.throws(() => buckets.hasher("jump", { buckets: 0 }), (e) => e instanceof RinglabError && e.code === "out_of_range");
assert.ok(existsSync(fileURLToPath(import.meta.resolve("ringlab/ringlab-buckets.wasm"))));
// Every placer of the installed package answers what the main module's classes answer, after its
// servers' changes.
const placers = await loadPlacers();
assert.deepEqual(placers.algorithms().map((a) => a.name), expected.placers.names);
for (const c of expected.placers.cases) {
  const p = placers.placer(c.algorithm, { servers: c.servers, ...c.options });
  for (const op of c.ops) {
    const [kind, rest] = [op.slice(0, op.indexOf(":")), op.slice(op.indexOf(":") + 1)];
    const at = rest.lastIndexOf("=");
    if (kind === "add") p.add(rest);
    else if (kind === "remove") p.remove(rest);
    else p.reweight(rest.slice(0, at), Number(rest.slice(at + 1)));
  }
  const servers = p.servers();
  assert.deepEqual(Array.from(p.placeMany(c.keys), (i) => servers[i]), c.want, c.algorithm);
  p.dispose();
}
assert.throws(() => placers.placer("maglev", { servers: ["a", "b"], tableSize: 8 }), (e) => e instanceof RinglabError && e.rule === "prime");
// The installed ringlab/plan makes the tree's plan, slot for slot.
const plans = await loadPlan();
assert.equal(JSON.stringify(plans.redis.reshard(expected.plan.options), (_, v) => (v instanceof Uint32Array ? Array.from(v) : v)), expected.plan.want);
assert.ok(existsSync(fileURLToPath(import.meta.resolve("ringlab/ringlab-plan.wasm"))));
// The installed ringlab/lab gives the tree's figures, here and in its worker thread.
assert.equal(JSON.stringify((await loadLab()).run(expected.lab.options)), expected.lab.want);
assert.equal(JSON.stringify((await labInWorker([expected.lab.options]))[0]), expected.lab.want);
assert.ok(existsSync(fileURLToPath(import.meta.resolve("ringlab/ringlab-lab.wasm"))));
// Two worker threads, each loading the installed main entry and its module: compare's rows.
const strip = (rows) => JSON.stringify(rows.map(({ buildMs, ...r }) => r));
const scenario = { servers: 7, keys: 300000, change: "remove:S2" };
assert.equal(strip(await compareInWorkers({ ...scenario, threads: 2 })), strip((await load()).compare(scenario)));
console.log("smoke ok");
`,
  );
  const r = sh(process.execPath, ["smoke.mjs"], dir);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout, "smoke ok\n");
});

test("the installed bin: ringlab run, compare, h32, phash2, place, bucket, errors", async () => {
  const c = experimentCases().find((x) => x.name === "ring-vs-mod__parity-seed7-k5000-s9-v50");
  const bin = path.join(dir, "node_modules", ".bin", "ringlab");
  const r = sh(bin, ["run", c.experiment, ...c.flags], dir);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout, c.expected);
  const cmp = sh(bin, ["compare", "--keys", "2000", "--json"], dir);
  assert.equal(cmp.status, 0, cmp.stderr);
  // The rows of the package in this tree, in their order: the registry's algorithms with a row.
  assert.deepEqual(
    JSON.parse(cmp.stdout).map((r) => r.algorithm),
    (await load()).compare({ keys: 2000 }).map((r) => r.algorithm),
  );
  const h = sh("npx", ["--no-install", "ringlab", "h32", "ব্যবহারকারী:৪২"], dir);
  assert.equal(h.stdout, "1770631165\n", h.stderr);
  const p = sh(bin, ["phash2", '"topic-a"', "{:range, 7}"], dir);
  assert.equal(p.stdout, "4945008\n91690389\n", p.stderr);
  const m = sh(bin, ["place", "malachi", "--bits", "16", "--vnodes", '"a"=1000,7=40000', "topic-a"], dir);
  assert.equal(m.stdout, '{"key": "topic-a", "result": "7"}\n', m.stderr);
  const b = sh(bin, ["bucket", "jump", "--buckets", "10", "--ops", "remove:9", "599759890", "0x2a"], dir);
  assert.equal(b.stdout, "6\n2\n", b.stderr);
  const e = sh(bin, ["run", "hrw-jump", "--servers", "0"], dir);
  assert.equal(e.status, 2);
  assert.equal(e.stderr, "ringlab: --servers must be between 1 and 100000, got 0\n");
});

test("the installed types compile in a strict consumer without @types/node", () => {
  writeFileSync(
    path.join(dir, "smoke.ts"),
    `import { load, RinglabError, type ComparisonRow, type Ring, type VnodeSweepResult } from "ringlab";
import { load as loadSingle } from "ringlab/single";
import { load as loadSystems, type MalachiRing, type TermValue, type ErlangTerm } from "ringlab/systems";
import { compareInWorkers, type ParallelOptions } from "ringlab/parallel";
import { load as loadBuckets, type BucketHasher } from "ringlab/buckets";
import { load as loadPlacers, type ServerPlacer, type Placement } from "ringlab/placers";
const rl = await load({ wasmUrl: new URL("https://example.com/ringlab.wasm") });
const parallelOptions: ParallelOptions = { onProgress: (done: number, total: number) => void (done / total), signal: AbortSignal.timeout(1000) };
const inWorkers: ComparisonRow[] = await compareInWorkers({ servers: 10, threads: 2 }, parallelOptions);
const run = rl.comparisonRun({ servers: 10 });
const parts: ComparisonRow[] = run.rows(run.placeBounded(0, run.chunks, run.place(0, run.chunks, run.tally())));
// @ts-expect-error: a tally is a Float64Array
run.place(0, 1, [0]);
run.dispose();
const erl = await loadSystems();
const term: ErlangTerm = erl.parseTerm("{:a, 1}", { syntax: "elixir" });
const malachi: MalachiRing = erl.malachiRing({ ringBits: 16 });
const routed: TermValue = malachi.route(term);
const hashed: number = erl.phash2(2n ** 70n, 2 ** 32);
// @ts-expect-error: a syntax is "erlang" or "elixir"
erl.parseTerm("1", { syntax: "lisp" });
const ring: Ring = rl.ring({ servers: [{ name: "a", weight: 2 }, "b"], vnodes: 10 });
const owner: string = ring.owner("k");
const sweep: VnodeSweepResult = rl.vnodeSweep({ vnodes: [1, 10] });
const counts: Uint32Array = sweep.rows[0]!.counts;
const table: Uint32Array = rl.maglev({ backends: 3 }).table();
const rows = rl.compare({ change: { kind: "remove", name: "S1" } });
const steps = ring.searchTrace(5).map((s) => s.right);
const single = await loadSingle();
const code: string = new RinglabError("disposed", "x").code;
// @ts-expect-error: servers is required
rl.ring({ vnodes: 5 });
const jumpHasher: BucketHasher<"jump"> = (await loadBuckets()).hasher("jump", { buckets: 10 });
const bucketed: Uint32Array = jumpHasher.bucketMany(new BigUint64Array(4));
// @ts-expect-error: jump takes no capacity
(await loadBuckets()).hasher("jump", { buckets: 10, capacity: 4 });
const placers = await loadPlacers();
const ringPlacer: ServerPlacer<"ring"> = placers.placer("ring", { servers: ["a", { name: "b", weight: 2, zone: "z" }], vnodes: 10 });
ringPlacer.reweight("b", 3);
const placed: Placement = ringPlacer.place("k");
const preferred: string[] = ringPlacer.preference("k", 2);
// @ts-expect-error: Maglev has no preference list
placers.placer("maglev", { servers: ["a", "b"] }).preference("k", 1);
const maglevPlacer = placers.placer("maglev", { servers: ["a", "b"], tableSize: 7 });
// @ts-expect-error: Maglev has no membership
maglevPlacer.add("c");
// @ts-expect-error: a token ring's server needs its token
placers.placer("token-ring", { servers: ["a"] });
// @ts-expect-error: bounded loads needs its epsilon
placers.placer("bounded", { servers: ["a"] });
export { owner, counts, single, code, table, rows, steps, routed, hashed, inWorkers, parts, bucketed, placed, preferred };
`,
  );
  writeFileSync(
    path.join(dir, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        target: "ES2022",
        module: "NodeNext",
        moduleResolution: "NodeNext",
        lib: ["ES2022", "DOM"],
        types: [],
        strict: true,
        noEmit: true,
      },
      files: ["smoke.ts"],
    }),
  );
  const tsc = path.join(root, "node_modules", "typescript", "bin", "tsc");
  const r = sh(process.execPath, [tsc, "-p", path.join(dir, "tsconfig.json")], dir);
  assert.equal(r.status, 0, r.stdout + r.stderr);
});
