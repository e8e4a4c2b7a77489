// The size budget: what a page downloads for each entry point (every module it imports plus its
// .wasm), gzip-compressed, stays within 150 KB. The figures are printed as diagnostics.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { gzipSync } from "node:zlib";
import { distDir } from "./helpers.mjs";

const BUDGET = 150 * 1024;

// The entry and everything it imports, transitively (relative imports only, as the dist has).
function closure(entry) {
  const files = new Set();
  const visit = (file) => {
    if (files.has(file)) return;
    files.add(file);
    for (const m of readFileSync(file, "utf8").matchAll(/\bfrom\s*["'](\.[^"']+)["']/g)) {
      visit(path.resolve(path.dirname(file), m[1]));
    }
  };
  visit(path.join(distDir, entry));
  return [...files];
}

function measure(files) {
  let raw = 0;
  let gzip = 0;
  for (const f of files) {
    const data = readFileSync(f);
    raw += data.length;
    gzip += gzipSync(data, { level: 9 }).length;
  }
  return { raw, gzip };
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

// The systems module is a download of its own, made only by the pages that use it (Malachi's
// ring, Your cluster): Erlang terms and every real system, with their configuration readers,
// typed answers, and the edits of a system's servers (add, remove, down, up, reweight: about
// 4 KB gzip of the module) that the cluster page makes through the module, and each system's
// configuration written back in the form it was given in (config(): an upstream block, a server
// string, Envoy's YAML; about 7 KB gzip with its module's diff by server name), a loop per system
// over keys given as bytes (placeMany's ASCII path, no transcoding and no virtual call per key),
// and usage errors as data, and Cassandra's ring edited and written back (a node added or removed,
// the tokens list or the nodetool ring text with its rows kept, and the ring's tokens for the
// page's drawing: about 5 KB gzip), and why a key goes to its server (a ring's hash and the point
// it lands on, Maglev's slot, each from the system's own lookup: about 3.3 KB gzip), and
// twemproxy (its pools, its two hashes of its own, and its YAML configuration read and written
// back: about 18 KB gzip, the largest system yet). It has a budget of its own, so that it cannot
// grow unnoticed either: 245 KB for the 244.0 KB these make together.
const SYSTEMS_BUDGET = 245 * 1024;
// The plans module is a download of its own, made only by the pages that show a plan: Redis
// Cluster's, Kafka's and Cassandra's plans (about 111 KB gzip with the entry's JavaScript), and
// the ring and table systems' (memcached, libketama, twemproxy, nginx, Envoy's ring_hash and
// Maglev), which read each system's configuration with the systems' own readers (server lists,
// server strings and files, nutcracker's YAML, upstream blocks, Envoy's endpoints: the code of
// ringlab/systems' configurations, linked here too, about 148 KB gzip with the plans' hash spaces).
// It has a budget of its own, so that it cannot grow unnoticed either: 261 KB for the 260.3 KB
// these make together with redis.nodes (1.0 KB: the cluster as the plans read it, each master's
// slots as runs, which the plan page draws instead of asking for a plan per master).
const PLAN_BUDGET = 261 * 1024;
// The module of both generic seams: the page budget and 2 KB, for each algorithm's memory_bytes
// (the bytes its state holds, which the lab prints: about 0.6 KB gzip in all, 150.1 KB with them),
// MementoHash's batch (Guava's walks of a block in rounds, about 0.3 KB; its rehash read from the
// key where it lies and its removed candidates' first round, about 0.5 KB) and bucketManyUtf8
// (keys given as UTF-8, its offsets' check and error: about 0.5 KB): 150.4 KB with them.
const SEAMS_BUDGET = BUDGET + 2 * 1024;

// The lab is a download of its own, made only by the lab's pages and by the compare page when its
// newer rows are asked for: every bucket hasher and every placer (the buckets module's code) with
// the lab's measures, the CSV writer and its bindings, about 25 KB gzip beyond the buckets module.
// It has a budget of its own, so that it cannot grow unnoticed either: 190 KB for the 188.5 KB
// these make together with the papers' claims (lab.claims(): their counting, their texts and the
// lookups' traces they read, some 12 KB gzip) and compare's rows of the newer bucket hashers
// (lab.compareNewer(), `ringlab compare --newer`: the scenario's conversion and checks, compare's
// placing and measuring of keys, their bindings and wrapper, 18.0 KB gzip over the 170.5 KB
// before them). Those rows live here because this module already links every bucket hasher: in
// the buckets module they took its .wasm from 137.3 to 155.6 KB gzip, far past its budget, and a
// module of their own would carry the hashers again and add a link to every build. The main entry
// pays nothing for either.
const LAB_BUDGET = 190 * 1024;

// The main entry imports the glue of the build it loads (a dynamic import, which closure() does not
// follow): each build's glue is counted with its .wasm.
for (const [name, entry, wasm, budget, glue] of [
  ["ringlab (main entry)", "index.js", "wasm/ringlab.wasm", BUDGET, "wasm/ringlab.js"],
  // load() takes this one where the engine has WebAssembly SIMD128: the same page, the other build.
  ["ringlab (main entry, SIMD128 module)", "index.js", "wasm/ringlab-simd.wasm", BUDGET, "wasm/ringlab-simd.js"],
  ["ringlab/single", "single.js", null, BUDGET],
  ["ringlab/systems", "systems.js", "wasm/ringlab-systems.wasm", SYSTEMS_BUDGET],
  // The chapter's claims: the claims page and the claim widget only.
  ["ringlab/claims", "claims.js", "wasm/ringlab-claims.wasm", BUDGET],
  // The hash-to-bucket algorithms (jump, mod-N and the ones the registry gains after them): a
  // module of their own, so that each one added costs the main entry nothing. About 55 KB with
  // jump and mod-N, the page budget for room.
  ["ringlab/buckets", "buckets.js", "wasm/ringlab-buckets.wasm", SEAMS_BUDGET],
  // The placements on named servers, one handle over the server seam: the same module as
  // ringlab/buckets (the module of both generic seams), its own entry.
  ["ringlab/placers", "placers.js", "wasm/ringlab-buckets.wasm", SEAMS_BUDGET],
  // The migration plans: a module of their own, so that no other page pays for them.
  ["ringlab/plan", "plan.js", "wasm/ringlab-plan.wasm", PLAN_BUDGET],
  // The lab: every bucket hasher and every placer with the lab's measures, a module of its own (the
  // entry holds its worker's starter too; the worker script loads this entry).
  ["ringlab/lab", "lab.js", "wasm/ringlab-lab.wasm", LAB_BUDGET],
  // A run across workers: the page's part only starts them (each worker then loads the main entry
  // and its module, the files measured above, which the page has loaded already).
  ["ringlab/parallel (the page's part)", "parallel.js", null, 4 * 1024],
]) {
  test(`${name}: JS + .wasm within ${kb(budget)} gzip`, (t) => {
    const js = measure([...closure(entry), ...(glue ? [path.join(distDir, glue)] : [])]);
    const w = wasm ? measure([path.join(distDir, wasm)]) : { raw: 0, gzip: 0 };
    t.diagnostic(`js ${kb(js.raw)} raw / ${kb(js.gzip)} gzip; wasm ${kb(w.raw)} raw / ${kb(w.gzip)} gzip`);
    t.diagnostic(`total ${kb(js.raw + w.raw)} raw / ${kb(js.gzip + w.gzip)} gzip`);
    assert.ok(js.gzip + w.gzip <= budget, `${kb(js.gzip + w.gzip)} gzip exceeds the budget`);
  });
}

test("ringlab/parallel's worker script: within 2 KB gzip beyond the main entry it loads", (t) => {
  const own = measure([path.join(distDir, "parallel-worker.js")]);
  t.diagnostic(`parallel-worker.js ${kb(own.raw)} raw / ${kb(own.gzip)} gzip, plus the main entry and its .wasm`);
  assert.ok(own.gzip <= 2 * 1024, `${kb(own.gzip)} gzip exceeds 2 KB`);
});

test("ringlab/lab's worker script: within 2 KB gzip beyond the lab's entry it loads", (t) => {
  const own = measure([path.join(distDir, "lab-worker.js")]);
  t.diagnostic(`lab-worker.js ${kb(own.raw)} raw / ${kb(own.gzip)} gzip, plus the lab's entry and its .wasm`);
  assert.ok(own.gzip <= 2 * 1024, `${kb(own.gzip)} gzip exceeds 2 KB`);
});

test("the main entry imports the two builds' glues, each only when its build is loaded", () => {
  const code = readFileSync(path.join(distDir, "index.js"), "utf8");
  const dynamic = [...code.matchAll(/\bimport\(\s*["'`](\.[^"'`]+)["'`]\s*\)/g)].map((m) => m[1]).sort();
  assert.deepEqual(dynamic, ["./wasm/ringlab-simd.js", "./wasm/ringlab.js"]);
  assert.ok(!closure("index.js").some((f) => f.includes(`${path.sep}wasm${path.sep}`)), "no glue imported statically");
});

test("the Node CLI and its own module (run_cli is in no page's module), for the record", (t) => {
  const js = measure(closure("cli.js"));
  const w = measure([path.join(distDir, "wasm", "ringlab-cli.wasm")]);
  t.diagnostic(
    `cli.js and its imports ${kb(js.raw)} raw / ${kb(js.gzip)} gzip; ringlab-cli.wasm ${kb(w.raw)} raw / ${kb(w.gzip)} gzip`,
  );
});
