#!/usr/bin/env node
// `npm run bench`: one run on one machine, every figure from it, written to bench/RESULTS.md.
//
//   node scripts/bench.mjs [--reps 5] [--warmup 1] [--keys 1000000] [--pool 1000000]
//                          [--clock wall|cpu] [--out bench/RESULTS.md] [--no-build]
//   node scripts/bench.mjs --only systems [--reps N] ...
//                                       the real systems alone (native, WASM, the floor, the npm
//                                       packages, in one run): their section of bench/RESULTS.md
//                                       is rewritten in place
//   node scripts/bench.mjs --only buckets [--reps N] ...
//                                       the bucket hashers alone (native and WASM, one run): their
//                                       section of bench/RESULTS.md and their part of the targets
//                                       are rewritten in place
//   node scripts/bench.mjs --smoke      a few seconds: every code path on tiny inputs, nothing
//                                       written, no timing judged (what `npm test` runs)
//
// What it measures:
//   1. the three experiments at --keys keys: the published programs (../shared/reference, when
//      present), the WASM CLI and the native CLI (one thread) as whole processes; ringlab's time
//      inside the experiment function (WASM in Node, native in bench/ringlab_bench, one thread);
//      peak RSS of each; and whether all of them printed the same bytes;
//   2. `compare` (one server added to 10 and to 100 servers x 100 vnodes, --keys keys): the WASM
//      CLI and the native CLI (one thread) as whole processes, and the time inside compare() (WASM
//      in Node, native in bench/ringlab_bench, one thread), with the WASM / native ratio;
//   3. threads and memory at scale: the native CLI's `compare` at 1M, 10M and 100M keys x 100
//      servers and each experiment at 10M keys, on one thread and on all cores (--threads), with
//      peak RSS (GNU time) and whether every thread count printed the same bytes;
//   3b. WebAssembly across workers (ringlab/parallel on Node's worker threads): compare at ten
//      million keys x 100 servers and each experiment at a hundred million keys, on one worker and on
//      one per core, each run timed whole, with the speed-up and whether every count answered alike;
//   4. the hot operations, native and WASM, over a pool of distinct keys (never a small repeated
//      set);
//   4b. the bucket hashers (every bucket algorithm of the registry, ringlab/buckets): given hashes
//      mapped to buckets natively (each algorithm's core function, the seam's bucket_many) and in
//      WASM (the package's bucketMany batch), at 1,000 buckets and, for those that remove any
//      bucket, with half of them removed, beside each paper's own figure;
//   5. the npm package `hashring` against ringlab on the same servers and keys;
//   6. the ring's memory per point.
// Each figure is the median of --reps timed repetitions after --warmup untimed ones, with the
// spread (min–max). Whole processes are timed from spawn to exit. --clock cpu times the
// in-process figures with the process's CPU time instead (steadier on a busy machine); the table
// says which clock was used.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const rel = (p) => path.relative(root, p) || ".";

// ---------------------------------------------------------------------------------------------
// Options

function parseOptions(argv) {
  const o = {
    smoke: false,
    build: true,
    reps: 5,
    warmup: 1,
    keys: 1_000_000,
    pool: 1_000_000,
    clock: "wall",
    out: path.join(root, "bench", "RESULTS.md"),
  };
  const usage = () => {
    console.error(
      "usage: node scripts/bench.mjs [--smoke] [--only systems|buckets] [--reps N] [--warmup N] [--keys N] [--pool N] [--clock wall|cpu] [--out FILE] [--no-build]",
    );
    process.exit(2);
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--smoke") o.smoke = true;
    else if (a === "--no-build") o.build = false;
    else if (a === "--only") {
      o.only = argv[++i];
      if (o.only !== "systems" && o.only !== "buckets") usage();
    } else if (["--reps", "--warmup", "--keys", "--pool"].includes(a)) {
      const v = Number(argv[++i]);
      if (!Number.isSafeInteger(v) || v < (a === "--warmup" ? 0 : 1)) usage();
      o[a.slice(2)] = v;
    } else if (a === "--clock") {
      o.clock = argv[++i];
      if (o.clock !== "wall" && o.clock !== "cpu") usage();
    } else if (a === "--out") {
      o.out = path.resolve(argv[++i] ?? usage());
    } else usage();
  }
  if (o.smoke) {
    // Tiny and quick; the published programs are not run, nothing is written.
    Object.assign(o, { build: false, reps: 1, warmup: 0, keys: 20_000, pool: 20_000, out: null });
  }
  return o;
}

// ---------------------------------------------------------------------------------------------
// Helpers

function fail(message) {
  console.error(`bench: ${message}`);
  process.exit(1);
}

function sh(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { cwd: root, encoding: "utf8", maxBuffer: 256 << 20, ...opts });
  if (r.error) fail(`${cmd}: ${r.error.message}`);
  return r;
}

function firstLine(cmd, args) {
  const r = spawnSync(cmd, args, { encoding: "utf8" });
  return r.status === 0 ? (r.stdout || r.stderr).split("\n")[0].trim() : null;
}

// Runs a worker that prints one JSON object.
function json(cmd, args) {
  const r = sh(cmd, args);
  if (r.status !== 0) fail(`${[cmd, ...args].map(rel).join(" ")} failed (${r.status ?? r.signal}):\n${r.stderr}`);
  try {
    return JSON.parse(r.stdout);
  } catch {
    fail(`${[cmd, ...args].map(rel).join(" ")} printed no JSON:\n${r.stdout.slice(0, 500)}`);
  }
}

const gnuTime = ["/usr/bin/time"].find((p) => existsSync(p) && firstLine(p, ["--version"])?.includes("GNU"));

// A whole process, `warmup` times untimed then `reps` times timed: wall-clock ms from spawn to
// exit, CPU ms and peak RSS (from GNU time when it is installed), and its stdout.
function timeProcess(cmd, args, o) {
  const tmp = mkdtempSync(path.join(os.tmpdir(), "ringlab-bench-"));
  const report = path.join(tmp, "time");
  const runs = { wallMs: [], cpuMs: [], peakRssKb: [], stdout: null };
  try {
    for (let i = 0; i < o.warmup + o.reps; i++) {
      const [c, a] = gnuTime ? [gnuTime, ["-f", "%U %S %M", "-o", report, cmd, ...args]] : [cmd, args];
      const t0 = process.hrtime.bigint();
      const r = sh(c, a);
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      if (r.status !== 0) fail(`${[cmd, ...args].map(rel).join(" ")} failed (${r.status ?? r.signal}):\n${r.stderr}`);
      runs.stdout = r.stdout;
      if (i < o.warmup) continue;
      runs.wallMs.push(ms);
      if (gnuTime) {
        const [user, system, rss] = readFileSync(report, "utf8").trim().split("\n").pop().split(" ").map(Number);
        runs.cpuMs.push((user + system) * 1000);
        runs.peakRssKb.push(rss);
      }
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  return runs;
}

function median(v) {
  const s = [...v].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

// 3 significant digits, no exponent: 0.912, 12.3, 4560.
function num(x) {
  if (!Number.isFinite(x)) return String(x);
  const a = Math.abs(x);
  const d = a >= 100 ? 0 : a >= 10 ? 1 : a >= 1 ? 2 : 3;
  return x.toFixed(d);
}

// "median (min–max)" with a unit.
function stat(samples, unit) {
  if (!samples || samples.length === 0) return "—";
  const med = num(median(samples));
  if (samples.length === 1) return `${med} ${unit}`;
  return `${med} ${unit} (${num(Math.min(...samples))}–${num(Math.max(...samples))})`;
}

const mib = (kb) => (kb == null ? "—" : `${num(kb / 1024)} MiB`);

function machine(o) {
  let model = "unknown CPU";
  let memKb = null;
  try {
    model =
      readFileSync("/proc/cpuinfo", "utf8")
        .match(/^model name\s*:\s*(.+)$/m)?.[1]
        .trim() ?? model;
    memKb = Number(readFileSync("/proc/meminfo", "utf8").match(/^MemTotal:\s+(\d+)/m)?.[1]);
  } catch {}
  const cache = readCache();
  const cxx = cache.CMAKE_CXX_COMPILER ? firstLine(cache.CMAKE_CXX_COMPILER, ["--version"]) : null;
  return {
    model,
    cores: os.availableParallelism?.() ?? os.cpus().length,
    memory: memKb ? `${Math.round(memKb / 1048576)} GiB` : null,
    os: `${os.type()} ${os.release()}`,
    node: process.version,
    cxx: cxx ?? "unknown",
    emcc: firstLine(process.env.EMXX || "em++", ["--version"])?.match(/\) ([0-9][^ ]*)/)?.[1] ?? "unknown",
    date: new Date().toISOString().replace(/\.\d+Z$/, "Z"),
    load: os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(", "),
    clock: o.clock,
  };
}

function readCache() {
  const out = {};
  try {
    for (const line of readFileSync(path.join(root, "build", "CMakeCache.txt"), "utf8").split("\n")) {
      const m = line.match(/^([A-Z_]+):[A-Z]+=(.*)$/);
      if (m) out[m[1]] = m[2];
    }
  } catch {}
  return out;
}

// ---------------------------------------------------------------------------------------------
// The measurements

const experiments = ["ring-vs-mod", "vnode-sweep", "hrw-jump"];
const nativeCli = path.join(root, "build", "ringlab");
const nativeBench = path.join(root, "build", "bench", "ringlab_bench");
const wasmCli = path.join(root, "web", "lib", "dist", "cli.js");
const wasmWorker = path.join(root, "bench", "wasm.mjs");
const referenceDir = path.resolve(root, "..", "shared", "reference");

function build(o) {
  const run = (cmd, args) => {
    console.log(`bench: ${[cmd, ...args].join(" ")}`);
    const r = spawnSync(cmd, args, { cwd: root, stdio: "inherit" });
    if (r.status !== 0) fail(`${cmd} ${args.join(" ")} failed`);
  };
  if (o.build) {
    run("cmake", ["-S", ".", "-B", "build", "-DCMAKE_BUILD_TYPE=Release", "-DRINGLAB_BUILD_BENCH=ON"]);
    run("cmake", ["--build", "build", "--parallel", "2", "--target", "ringlab_cli", "ringlab_bench"]);
    run(process.execPath, [path.join(root, "scripts", "build-wasm.mjs"), "--no-tests"]);
  }
  for (const [p, what] of [
    [nativeCli, "the native CLI"],
    [nativeBench, "the native bench (cmake -DRINGLAB_BUILD_BENCH=ON)"],
    [wasmCli, "the WASM package (npm run build:wasm)"],
  ]) {
    if (!existsSync(p)) fail(`${rel(p)} is missing: build ${what} first`);
  }
}

function measureExperiments(o) {
  const workerArgs = ["--reps", String(o.reps), "--warmup", String(o.warmup), "--clock", o.clock];
  const rows = [];
  for (const exp of experiments) {
    const flags = ["--keys", String(o.keys)];
    const ref = path.join(referenceDir, `${exp}.cjs`);
    const row = { exp };
    console.log(`bench: ${exp} at ${o.keys} keys`);
    row.reference = !o.smoke && existsSync(ref) ? timeProcess(process.execPath, [ref, ...flags], o) : null;
    row.wasmCli = timeProcess(process.execPath, [wasmCli, "run", exp, ...flags], o);
    row.nativeCli = timeProcess(nativeCli, ["run", exp, ...flags, "--threads", "1"], o);
    row.wasmIn = json(process.execPath, [wasmWorker, "experiment", exp, "--keys", String(o.keys), ...workerArgs]);
    row.nativeIn = json(nativeBench, ["experiment", exp, "--keys", String(o.keys), ...workerArgs]);
    const outputs = [row.wasmCli.stdout, row.nativeCli.stdout, row.wasmIn.text, row.nativeIn.text];
    if (row.reference) outputs.push(row.reference.stdout);
    row.identical = outputs.every((t) => t === outputs[0]);
    if (!row.identical) fail(`${exp}: the implementations printed different output`);
    rows.push(row);
  }
  return rows;
}

// compare(): one server added to 10 and to 100 servers x 100 vnodes at --keys keys, and to 100
// servers at ten times as many keys in process only (the whole processes at that scale: the
// native scale rows below).
const compareRuns = (o) => [
  { servers: 10, keys: o.keys, processes: true },
  { servers: 100, keys: o.keys, processes: true },
  { servers: 100, keys: 10 * o.keys, processes: false },
];

function measureCompare(o) {
  const workerArgs = ["--reps", String(o.reps), "--warmup", String(o.warmup), "--clock", o.clock];
  const rows = [];
  for (const { servers, keys, processes } of compareRuns(o)) {
    const flags = ["--servers", String(servers), "--vnodes", "100", "--keys", String(keys), "--change", "add"];
    console.log(`bench: compare, ${keys} keys x ${servers} servers`);
    const row = { servers, keys };
    if (processes) {
      row.wasmCli = timeProcess(process.execPath, [wasmCli, "compare", ...flags, "--json"], o);
      // One thread, as the WASM CLI runs (all cores: the scale rows below).
      row.nativeCli = timeProcess(nativeCli, ["compare", ...flags, "--json", "--threads", "1"], o);
    }
    const inArgs = ["compare", "--keys", String(keys), "--servers", String(servers), ...workerArgs];
    row.wasmIn = json(process.execPath, [wasmWorker, ...inArgs]);
    row.nativeIn = json(nativeBench, inArgs);
    // The same numbers everywhere (build times and memory aside: they belong to the build).
    const numbers = (list) =>
      JSON.stringify(
        list.map(({ buildMs, memoryBytes, reason, ...rest }) => rest).map((r) => Object.entries(r).sort()),
      );
    const outputs = processes ? [row.wasmCli.stdout, row.nativeCli.stdout].map((t) => numbers(JSON.parse(t))) : [];
    outputs.push(numbers(row.wasmIn.rows), numbers(row.nativeIn.rows));
    if (!outputs.every((t) => t === outputs[0]))
      fail(`compare ${keys} x ${servers}: the implementations gave different rows`);
    rows.push(row);
  }
  return rows;
}

// Threads and memory at scale (native: WebAssembly runs one thread). The 100M-key runs take tens
// of seconds each: no warm-up and at most 3 repetitions for them.
const cores = os.availableParallelism?.() ?? os.cpus().length;

function measureScale(o) {
  const compareKeys = o.smoke ? [20_000, 200_000] : [1_000_000, 10_000_000, 100_000_000];
  const experimentKeys = o.smoke ? 200_000 : 10_000_000;
  const runs = [
    ...compareKeys.map((keys) => ({
      what: "compare",
      keys,
      servers: 100,
      args: ["compare", "--servers", "100", "--vnodes", "100", "--keys", String(keys), "--change", "add", "--json"],
    })),
    ...experiments.map((exp) => ({
      what: exp,
      keys: experimentKeys,
      servers: null,
      args: ["run", exp, "--keys", String(experimentKeys)],
    })),
  ];
  const rows = [];
  const threadCounts = [...new Set([1, cores])];
  for (const run of runs) {
    const big = run.keys >= 100_000_000;
    const opts = big ? { ...o, warmup: 0, reps: Math.min(o.reps, 3) } : o;
    const row = { ...run, byThreads: {} };
    const outputs = [];
    for (const t of threadCounts) {
      console.log(`bench: ${run.what} at ${run.keys} keys, ${t} thread${t > 1 ? "s" : ""} (native)`);
      const r = timeProcess(nativeCli, [...run.args, "--threads", String(t)], opts);
      row.byThreads[t] = r;
      // compare's build times are wall clock: every other figure must be the same.
      outputs.push(run.what === "compare" ? r.stdout.replace(/"buildMs":[^,]*,/g, "") : r.stdout);
    }
    if (!outputs.every((t) => t === outputs[0]))
      fail(`${run.what} at ${run.keys} keys: thread counts gave different output`);
    rows.push(row);
  }
  return { rows, threadCounts };
}

// WebAssembly across workers (ringlab/parallel in Node): compare at ten million keys x 100 servers
// and each experiment at a hundred million keys (runs of seconds, as compare's: a worker's start,
// about 0.1 s, is paid once a run), on one worker and on one per core, every run timed whole (the
// workers' start and their modules' load included).
function measureWorkers(o) {
  const runs = [
    { what: "compare", servers: 100, keys: o.smoke ? 200_000 : 10_000_000 },
    ...experiments.map((what) => ({ what, servers: null, keys: o.smoke ? 200_000 : 100_000_000 })),
  ];
  const rows = [];
  const threadCounts = [...new Set([1, cores])];
  for (const run of runs) {
    const { keys } = run;
    const row = { ...run, byThreads: {} };
    const answers = [];
    for (const t of threadCounts) {
      console.log(`bench: ${run.what} at ${keys} keys across ${t} worker${t > 1 ? "s" : ""} (WASM)`);
      const args = ["workers", run.what, "--keys", String(keys), "--threads", String(t)];
      if (run.servers) args.push("--servers", String(run.servers));
      args.push("--reps", String(Math.min(o.reps, 3)), "--warmup", String(Math.min(o.warmup, 1)));
      const r = json(process.execPath, [wasmWorker, ...args]);
      row.byThreads[t] = r;
      answers.push(r.answer);
    }
    if (!answers.every((a) => a === answers[0]))
      fail(`${run.what} across workers: worker counts gave different answers`);
    rows.push(row);
  }
  return { rows, threadCounts };
}

function measureOps(o) {
  const args = ["--pool", String(o.pool), "--reps", String(o.reps), "--warmup", String(o.warmup), "--clock", o.clock];
  console.log(`bench: operations over ${o.pool} keys (native)`);
  const native = json(nativeBench, ["ops", ...args]);
  console.log(`bench: operations over ${o.pool} keys (WASM)`);
  const wasm = json(process.execPath, [wasmWorker, "ops", ...args]);
  console.log("bench: hashring against ringlab");
  const hashring = json(process.execPath, [wasmWorker, "hashring", ...args]);
  const systems = measureSystems(o);
  const index = (r) => Object.fromEntries((r.ops ?? []).map((op) => [op.op, op]));
  return { native: index(native), wasm: index(wasm), hashring, hashringOps: index(hashring), systems };
}

// The real systems in one run: the core's batch loop natively, the package's placeMany, the
// floor and the npm packages (one WASM process), on the same keys.
function measureSystems(o) {
  const args = ["--pool", String(o.pool), "--reps", String(o.reps), "--warmup", String(o.warmup), "--clock", o.clock];
  console.log("bench: the real systems (native)");
  const native = json(nativeBench, ["systems", ...args]);
  console.log("bench: the real systems (WASM) against their npm packages");
  const systems = json(process.execPath, [wasmWorker, "systems", ...args]);
  if (!systems.skipped) {
    systems.native = Object.fromEntries((native.ops ?? []).map((op) => [op.op, op]));
    // Where each system's time goes: a CPU profile of its placeMany, one process per system.
    console.log("bench: the real systems' profiles (WASM)");
    const names = [...new Set(systems.ops.map((op) => op.op.replace(/\.(strings|bytes|npm)$/, "")))];
    systems.profiles = Object.fromEntries(
      names
        .filter((name) => !name.startsWith("floor"))
        .map((name) => [name, json(process.execPath, [wasmWorker, "profile", name, ...args]).shares]),
    );
  }
  return systems;
}

// The section on the real systems: per key, native, the package, the floor, the target
// (floor + 1.5 × native) and the npm package.
function systemsSection(systems, s) {
  const L = ["## The real systems (`ringlab/systems`)", ""];
  if (systems.skipped) {
    L.push(`Not measured: ${systems.skipped}.`, "");
    return L;
  }
  const Y = Object.fromEntries(systems.ops.map((op) => [op.op, op]));
  const N = systems.native ?? {};
  const med = (op) => (op ? median(op.samples) : NaN);
  const floor = med(Y.floor);
  L.push(
    `Per key, on ${systems.pool.toLocaleString("en-US")} course keys: the core's batch loop natively ` +
      "over the keys' bytes (`Placement::answer_bytes_many` in bench/ringlab_bench systems, what the module runs " +
      "for a chunk of ASCII keys; in brackets, `answer_utf16_many` over their UTF-16 units, for any other chunk), " +
      "`system(name, options).placeMany(keys, out)` " +
      "through the package given JS strings (typed arrays out, reused) and given `Uint8Array`s, the floor " +
      `(only reading the keys' units in JavaScript with \`charCodeAt\`: ${s(Y.floor)}; the chunks' keys joined and ` +
      `written by one \`TextEncoder.encodeInto\` each, as the package writes ASCII keys: ${s(Y["floor.joined"])}), ` +
      "and the npm package people use for that " +
      "system on the same keys. Target: the package's strings ≤ floor + 1.5 × native, and faster than the npm package.",
    "",
  );
  L.push(
    "| system | configuration | native | ringlab, JS strings | floor + 1.5 × native | ringlab, bytes | npm package | package, per key | targets |",
  );
  L.push("|---|---|---|---|---|---|---|---|---|");
  const names = [
    ...new Set(
      systems.ops.filter((op) => !op.op.startsWith("floor")).map((op) => op.op.replace(/\.(strings|bytes|npm)$/, "")),
    ),
  ];
  for (const name of names) {
    const npm = Y[`${name}.npm`];
    const ours = med(Y[`${name}.strings`]);
    const target = floor + 1.5 * med(N[name]);
    const met = [ours <= target ? "≤ target" : `**${num(ours / target)}× the target**`];
    if (npm)
      met.push(ours < med(npm) ? `${num(med(npm) / ours)}× faster than the package` : "**slower than the package**");
    L.push(
      `| ${name} | ${Y[`${name}.strings`]?.note ?? ""} | ${s(N[name])}${N[`${name}.utf16`] ? ` [${num(med(N[`${name}.utf16`]))} ns]` : ""} | ${s(Y[`${name}.strings`])} | ${num(target)} ns | ` +
        `${s(Y[`${name}.bytes`])} | ${npm ? npm.note : "none"} | ${npm ? s(npm) : "—"} | ${met.join("; ")} |`,
    );
  }
  L.push("");
  if (systems.profiles) {
    const pc = (x) => (x === undefined ? "—" : `${(100 * x).toFixed(0)} %`);
    L.push(
      "Where the time of `placeMany(keys, out)` on JS strings goes: the shares of a CPU profile of repeated calls " +
        "(`node bench/wasm.mjs profile SYSTEM`, the inspector's sampling profiler; idle excluded, so the shares hold on a busy machine). " +
        "The keys' bytes: `TextEncoder.encodeInto` writing each chunk's joined keys into the module's memory; " +
        "garbage collection: mostly the joined strings; the package: the JavaScript that stages the keys (joining them, " +
        "checking each is a string) and copies the typed answers out; the module: the system's own work in WebAssembly.",
      "",
      "| system | the keys' bytes | garbage collection | the package (JS) | the module (WASM) |",
      "|---|---|---|---|---|",
    );
    for (const name of names) {
      const sh = systems.profiles[name];
      if (sh) L.push(`| ${name} | ${pc(sh.encode)} | ${pc(sh.gc)} | ${pc(sh.js)} | ${pc(sh.module)} |`);
    }
    L.push("");
  }
  return L;
}

// ---------------------------------------------------------------------------------------------
// The bucket hashers (`ringlab/buckets`)

// The targets set for some of them and what each one's paper (or reference) measured, with the
// machine: one entry per algorithm, by registry name. `target` is ns per given hash, judged on the
// scenario with half the buckets removed when `removed` is true; an algorithm of the registry
// without an entry still has its rows, with no target and no paper figure.
const bucketPapers = {
  "mod-n": {
    figure: "no paper; the JumpBackHash paper's modulo baseline: 11.1 ns (a 64-bit modulo, the same at every n)",
    machine: "AWS c5.metal (Intel Xeon), Turbo Boost off; Java, JMH 1.36 on OpenJDK 21.0.2",
  },
  jump: {
    figure:
      "none cited from its paper; FlipHash's README, beside FlipHash: 25 ns for the range ..=1000 (8.2 ns at ..=10)",
    machine: "Intel Xeon Platinum 8375C at 2.9 GHz; Rust",
  },
  jumpback: {
    target: { ns: 10, removed: false },
    figure:
      "6.7 ns at n = 1024 and 14.4 ns at n = 1025, its worst case (9.1 ns at 10, 5.8 ns at 2^20); n = 1000 is not among its sizes",
    machine: "AWS c5.metal (Intel Xeon), Turbo Boost off; Java, JMH 1.36 on OpenJDK 21.0.2",
  },
  "jumpback-anchor": {
    figure: "none published (hash4j's javadoc gives only the order of a lookup: O(1 + ln²(H/n)) after random removals)",
    machine: "—",
  },
  fliphash: {
    target: { ns: 10, removed: false },
    figure: "4.7 ns for the range ..=1000, i.e. 1,001 buckets (5.9 ns at ..=10, 5.5 at ..=10^6, 6.4 at ..=10^9)",
    machine: "Intel Xeon Platinum 8375C at 2.9 GHz; Rust (fliphash-rs README)",
  },
  memento: {
    target: { ns: 30, removed: true },
    figure:
      "no time per lookup in the paper's abstract; the C++ port's README: 10^6 lookups in 0.334 s (about 334 ns each, rand() and a CRC-32C of the key included) on 10^6 nodes after 20,000 random removals",
    machine: "not stated",
  },
  binomial: {
    figure: "none found (the paper compares it with other constant-time algorithms; its tables were not read)",
    machine: "—",
  },
  anchor: {
    target: { ns: 30, removed: true },
    figure:
      "over 15 million keys a second on one core with 100 million resources, i.e. under 67 ns a key (the share removed not stated there)",
    machine: "not stated in the abstract",
  },
  dx: {
    figure:
      "16.5 million queries a second with 50 % of the nodes failed, about 61 ns each (v1); 13.3 million, about 75 ns, at 50 % failed of a million nodes (v2)",
    machine: "not stated in the abstracts",
  },
  multiprobe: {
    target: { ns: 150, removed: false },
    figure:
      "no time per lookup in the paper's abstract, whose claim is balance: a peak-to-average load of 1 + ε with 1 + 1/ε probes (about 1.05 with its 21)",
    machine: "—",
  },
};

// The scenarios, from the registry (`ringlab algorithms --json`): every bucket algorithm at 1,000
// buckets (or nodes, for one built from named nodes; with a capacity of 1,000 where it takes one: no bucket of its capacity idle from the
// start, so half removed is half its capacity), and those that remove any bucket also with 500 of
// them removed at random.
function bucketPlan() {
  const r = sh(nativeCli, ["algorithms", "--json"]);
  if (r.status !== 0) fail(`${rel(nativeCli)} algorithms --json failed:\n${r.stderr}`);
  const registry = JSON.parse(r.stdout).filter((a) => a.family === "buckets" && a.input);
  const plan = [];
  for (const a of registry) {
    const takes = (option) => a.options.some((p) => p.name === option);
    const base = { algorithm: a.name, title: a.title, input: a.input, buckets: 1000, nodes: takes("nodes") };
    if (takes("capacity")) base.capacity = 1000;
    plan.push({ ...base, removed: 0 });
    // Half removed where the hasher itself removes any bucket (multi-probe leaves a node out only
    // by being built again without it, which is not a lookup's cost).
    if (a.removal === "any" && a.membership.includes("remove")) plan.push({ ...base, removed: 500 });
  }
  for (const sc of plan) {
    sc.id = `${sc.algorithm}.n${sc.buckets}${sc.removed > 0 ? `-${sc.removed}` : ""}`;
    sc.arg = `${sc.algorithm}:buckets=${sc.buckets}${sc.capacity ? `,capacity=${sc.capacity}` : ""}${sc.removed ? `,removed=${sc.removed}` : ""}`;
  }
  return plan;
}

// Every scenario natively (its core function, the seam's bucket_many) and in WebAssembly (the
// package's bucketMany), on the same inputs: every way must give the same buckets.
function measureBuckets(o) {
  const plan = bucketPlan();
  const args = ["--pool", String(o.pool), "--reps", String(o.reps), "--warmup", String(o.warmup), "--clock", o.clock];
  for (const sc of plan) args.push("--scenario", sc.arg);
  console.log(`bench: the bucket hashers, ${plan.length} scenarios over ${o.pool} inputs (native)`);
  const native = json(nativeBench, ["buckets", ...args]);
  console.log(`bench: the bucket hashers (WASM)`);
  const wasm = json(process.execPath, [wasmWorker, "buckets", ...args]);
  const rows = [...native.ops, ...wasm.ops];
  for (const sc of plan) {
    const ways = rows.filter((r) => r.scenario === sc.id);
    if (ways.length < 2) fail(`bucket hashers: ${sc.id} was not measured both ways`);
    if (!ways.every((r) => r.checksum === ways[0].checksum))
      fail(`bucket hashers: ${sc.id} gave different buckets: ${ways.map((r) => `${r.op} ${r.checksum}`).join(", ")}`);
    for (const r of ways) sc[r.way === "batch-utf8" ? "utf8" : r.way.replace(/-keys$/, "")] = r;
  }
  return { plan, pool: native.pool };
}

const scenarioText = (sc) =>
  `${sc.buckets.toLocaleString("en-US")} ${sc.nodes ? "nodes" : "buckets"}${sc.capacity ? ` (capacity ${sc.capacity.toLocaleString("en-US")})` : ""}` +
  (sc.removed ? `, ${sc.removed.toLocaleString("en-US")} removed at random` : "");

// The section on the bucket hashers: every scenario's figures, and each paper's own figure.
function bucketsSection(b, s) {
  const L = ["## Bucket hashers (`ringlab/buckets`)", ""];
  L.push(
    `Per input, mapping ${b.pool.toLocaleString("en-US")} given hashes to buckets (SplitMix64's outputs: 64-bit ` +
      "hashes, their low 32 bits for a u32 algorithm), one row per algorithm of the registry (`ringlab algorithms " +
      "--json`): 1,000 buckets, and for those that remove any bucket also after 500 removals in a seeded random order. " +
      "*Core*: the algorithm's own function (its header in `cpp/include/ringlab/buckets/`) in a loop; *seam*: " +
      "`Buckets::bucket_many` (`ringlab bucket` and the package's path); *WASM batch*: " +
      "`hasher(name, options).bucketMany(inputs, out)` from `ringlab/buckets` in Node, the inputs copied into the " +
      "module and the buckets out into a reused array. Every way gave the same buckets (a checksum per row). " +
      "MementoHash takes a key's text, not a hash: its core row is its batch (`Memento::bucket_many`) given the " +
      "keys' xxh32, which reads a key again only to rehash it with a removed bucket, as the algorithm does; its " +
      "seam and WASM rows take the keys (course keys), hashing included, and the WASM batch reads them from JS " +
      "strings too. *WASM, UTF-8 batch* (the text algorithms'): `bucketManyUtf8(bytes, offsets, out)` on the same " +
      "keys already UTF-8, their encoding (TextEncoder) the caller's and done before the timing, as a given hash " +
      "is given: each array is copied into the module in one go, and the keys are hashed and mapped.",
    "",
  );
  L.push("| algorithm | scenario | input | native, core | native, seam | WASM, batch | WASM, UTF-8 batch | target |");
  L.push("|---|---|---|---|---|---|---|---|");
  for (const sc of b.plan) {
    const t = bucketPapers[sc.algorithm]?.target;
    const judged = t && t.removed === sc.removed > 0 ? `≤ ${t.ns} ns` : "";
    L.push(
      `| ${sc.algorithm} | ${scenarioText(sc)} | ${sc.input === "text" ? "text (course keys)" : sc.input} | ` +
        `${s(sc.core)} | ${s(sc.seam)}${sc.input === "text" ? " (keys)" : ""} | ${s(sc.batch)}${sc.input === "text" ? " (JS strings)" : ""} | ` +
        `${sc.utf8 ? `${s(sc.utf8)} (UTF-8 given)` : "—"} | ${judged} |`,
    );
  }
  L.push("");
  L.push("Each paper's (or its reference's) own figure, and the machine it was measured on:", "");
  L.push("| algorithm | the paper's figure | measured on |");
  L.push("|---|---|---|");
  for (const name of [...new Set(b.plan.map((sc) => sc.algorithm))]) {
    const p = bucketPapers[name];
    L.push(`| ${name} | ${p?.figure ?? "—"} | ${p?.machine ?? "—"} |`);
  }
  L.push("");
  return L;
}

// The bucket hashers' targets, each beside its paper's figure: native on the core function (the
// seam where the bench has no core entry), WASM on the batch call.
function bucketTargets(b) {
  const out = [];
  for (const sc of b.plan) {
    const p = bucketPapers[sc.algorithm];
    const t = p?.target;
    if (!t || t.removed !== sc.removed > 0) continue;
    const native = sc.core ? ["native, core function", sc.core] : ["native, the seam", sc.seam];
    const text = sc.input === "text";
    for (const [way, op] of [
      [text ? (sc.core ? `${native[0]}, the key's hash given` : `${native[0]}, a key's text`) : native[0], native[1]],
      [text ? "WASM, batch of JS strings, reading and hashing them included" : "WASM, batch", sc.batch],
      ...(sc.utf8 ? [["WASM, batch of keys given as UTF-8 (bucketManyUtf8), hashing included", sc.utf8]] : []),
    ]) {
      const got = op ? median(op.samples) : null;
      out.push({
        what: `${sc.title}, ${scenarioText(sc)}, ${text ? "a key" : "a given hash"} (${way}) ≤ ${t.ns} ns`,
        got: got == null ? "not measured" : `${num(got)} ns`,
        met: got == null ? null : got <= t.ns,
        figure: p.figure,
        machine: p.machine,
      });
    }
  }
  return out;
}

function bucketTargetsSection(b, smoke) {
  const L = ["### Bucket hashers", ""];
  L.push(
    "The issue's targets for the bucket hashers (every row: the section Bucket hashers above), beside " +
      "each paper's own figure and the machine it was measured on, where the paper says: other processors " +
      "and other languages (Java, Rust), not to be compared one for one with this shared 2-core virtual machine.",
    "",
  );
  L.push("| target | measured | | the paper's figure | measured on |");
  L.push("|---|---|---|---|---|");
  const verdict = (t) => (smoke ? "not judged (smoke run)" : t.met == null ? "—" : t.met ? "met" : "**not met**");
  for (const t of bucketTargets(b)) L.push(`| ${t.what} | ${t.got} | ${verdict(t)} | ${t.figure} | ${t.machine} |`);
  L.push("");
  // What limits MementoHash, from this run's figures and a profile of its lookup.
  const row = (name, removed) => b.plan.find((sc) => sc.algorithm === name && sc.removed > 0 === removed);
  const [mementoHalf, mementoAll, jump] = [row("memento", true), row("memento", false), row("jump", false)];
  const med = (op) => (op ? num(median(op.samples)) : "—");
  const over = (op, ns) => op && median(op.samples) > ns;
  const overAny = (sc) => sc && [sc.core, sc.batch, sc.utf8].some((op) => over(op, 30));
  if ((smoke || overAny(mementoHalf)) && mementoAll?.core && jump?.core) {
    L.push(
      "**What limits MementoHash.** Its first step is jump, Guava's, over its b-array: at 1,000 buckets about " +
        "8.5 steps a key, each a double division (the jump row's LCG jump, one key at a time: " +
        `${med(jump.core)} ns). Its batch (\`Memento::bucket_many\`: the core, seam and WASM rows) takes the jumps ` +
        "of 1,024 keys in rounds (`guava_jump_blocks`), one step of every walk still going per round, with no " +
        "branch that depends on a walk, so the divisions overlap and no walk's end is mispredicted; natively two " +
        "walks' divisions are one packed division (SSE2), the divider being what a round waits on: with nothing " +
        `removed ${med(mementoAll.core)} ns here` +
        (over(mementoAll.core, 30) ? ", so no change to the rest brings it under 30 ns on this machine" : "") +
        ". With half the buckets removed, half the keys " +
        "land on a removed bucket and are hashed again (xxh32 of the key and the bucket's 4 bytes, read from the " +
        "key where it lies: `Memento::rehash`) and looked up in the table of removed buckets (open addressing, at " +
        "most a quarter full, so that most lookups are decided by their home slot without a branch). The batch " +
        "lists a block's keys whose candidate is removed and takes their first rehash in one round, with no branch " +
        "on whether a candidate is removed (with half removed a coin toss, which as a branch was mispredicted half " +
        "the time); the keys that land on a removed bucket again, about half of them, walk on one at a time: " +
        `${med(mementoHalf.core)} ns. Callgrind counts about 320 instructions a lookup with half removed and 185 ` +
        "with none (`valgrind --tool=callgrind --instr-atstart=no build/bench/ringlab_bench buckets --scenario " +
        "memento:buckets=1000,removed=500 --only memento.n1000-500.core --pool 100000 --reps 1 --warmup 0`); 84 % " +
        "of them are the jumps' rounds, the lists and the walks with the table's lookups inlined, 16 % the " +
        "rehashes. The WASM rows run the same batch in the bucket hashers' module, one build for every engine, " +
        "with WebAssembly's first instruction set: no packed division (without SIMD128 the rounds divide one walk " +
        "at a time) and no conversion of a double to an integer without a range check and a branch, so there the " +
        "walks hold their candidates in doubles, each floored by one instruction (f64.trunc), and only the bucket " +
        "a walk ends on is converted (against a conversion a step, alternated runs of the bench's CPU clock gave " +
        "52 to 57 ns rather than 63 to 65 for the UTF-8 row with half removed, 36 to 37 rather than 43 to 48 with " +
        "none). With nothing removed the UTF-8 row takes " +
        `${med(mementoAll.utf8)} ns, copying and hashing the keys included, already more than half of 30 ns` +
        (mementoHalf.utf8 ? `; with half removed ${med(mementoHalf.utf8)} ns` : "") +
        ". The JS-strings row reads the keys' units first (the floor of any call given JS strings: the " +
        "Operations section's row on only reading the keys' units).",
      "",
    );
  }
  return L;
}

// Replaces the part of `text` from the line `heading` to the next heading of its level or above
// (or inserts it before `before` when it is not there yet).
function replacePart(text, heading, part, before) {
  const level = heading.match(/^#+/)[0].length;
  const start = text.indexOf(`\n${heading}`);
  if (start < 0) {
    const at = before.map((h) => text.indexOf(`\n${h}`)).find((i) => i >= 0);
    if (at == null) throw new Error(`no place for ${heading}`);
    return text.slice(0, at + 1) + part + "\n" + text.slice(at + 1);
  }
  const next = new RegExp(`\\n#{1,${level}} `, "g");
  next.lastIndex = start + 1 + heading.length;
  const m = next.exec(text);
  const end = m ? m.index + 1 : text.length;
  return text.slice(0, start + 1) + part + "\n" + text.slice(end);
}

// ---------------------------------------------------------------------------------------------
// The report

function report(o, m, rows, compareRows, scale, workers, ops, bucketRuns) {
  const L = [];
  const clockNote = o.clock === "cpu" ? "process CPU time" : "wall clock";
  const keys = o.keys.toLocaleString("en-US");
  L.push("# ringlab benchmark results", "");
  L.push(`- **Machine:** ${m.model}, ${m.cores} cores${m.memory ? `, ${m.memory}` : ""}; ${m.os}`);
  L.push(`- **Date:** ${m.date}; load average at the start: ${m.load}`);
  L.push(`- **Tools:** Node ${m.node}; native: ${m.cxx}; WASM: Emscripten ${m.emcc}`);
  L.push(
    `- **Method:** every figure is the median of ${o.reps} timed repetitions after ${o.warmup} untimed warm-up run${o.warmup === 1 ? "" : "s"}, ` +
      `with the spread (min–max) in brackets. Whole processes are timed from spawn to exit (wall clock). ` +
      `In-process figures use the ${clockNote}. Operations walk a pool of ${o.pool.toLocaleString("en-US")} distinct course keys ` +
      "in order, never a small repeated set. Reproduce with `npm run bench`.",
  );
  L.push("");

  // 1. Experiments
  L.push(`## The three experiments at ${keys} keys`, "");
  L.push(
    "Default flags otherwise. *Process*: the whole program, from spawn to exit (Node's start-up " +
      "included). *In-experiment*: the time inside `rl.ringVsMod()` etc. (WASM, called in Node, with the " +
      `main module \`${rows[0]?.wasmIn.wasm ?? "?"}\` as \`load()\` takes it) and ` +
      "`ringlab::ring_vs_mod()` etc. (native, in `bench/ringlab_bench`). × is the published program's " +
      `process time over ringlab's in-experiment time${
        o.clock === "cpu"
          ? ", both as CPU time (the published program's from GNU time: " +
            rows
              .filter((r) => r.reference)
              .map((r) => `${r.exp} ${stat(r.reference.cpuMs, "ms")}`)
              .join(", ") +
            ")"
          : ""
      }.`,
    "",
  );
  L.push(
    "| experiment | published program | WASM CLI | native CLI | WASM in-experiment | native in-experiment | WASM × | native × | same output |",
  );
  L.push("|---|---|---|---|---|---|---|---|---|");
  const ratios = {};
  // Like with like: with --clock cpu the published program's CPU time (user + system, from GNU
  // time) is set against ringlab's CPU time.
  const pubTime = (ref) => (o.clock === "cpu" && ref.cpuMs.length ? median(ref.cpuMs) : median(ref.wallMs));
  for (const r of rows) {
    const pub = r.reference ? pubTime(r.reference) : null;
    const w = median(r.wasmIn.ms);
    const n = median(r.nativeIn.ms);
    ratios[r.exp] = { wasm: pub ? pub / w : null, native: pub ? pub / n : null };
    L.push(
      `| ${r.exp} | ${r.reference ? stat(r.reference.wallMs, "ms") : o.smoke ? "not run (smoke run)" : "not run (no ../shared/reference)"} | ${stat(r.wasmCli.wallMs, "ms")} | ` +
        `${stat(r.nativeCli.wallMs, "ms")} | ${stat(r.wasmIn.ms, "ms")} | ${stat(r.nativeIn.ms, "ms")} | ` +
        `${pub ? num(pub / w) + "×" : "—"} | ${pub ? num(pub / n) + "×" : "—"} | ${r.identical ? "yes" : "**no**"} |`,
    );
  }
  L.push("");
  L.push("Peak resident memory (VmHWM; processes via GNU time):", "");
  L.push("| experiment | published program | WASM CLI | native CLI | WASM, in Node | native bench |");
  L.push("|---|---|---|---|---|---|");
  for (const r of rows) {
    const rss = (p) => (p && p.peakRssKb.length ? mib(median(p.peakRssKb)) : "—");
    L.push(
      `| ${r.exp} | ${r.reference ? rss(r.reference) : "—"} | ${rss(r.wasmCli)} | ${rss(r.nativeCli)} | ` +
        `${mib(r.wasmIn.peakRssKb)} | ${mib(r.nativeIn.peakRssKb)} |`,
    );
  }
  L.push("");

  // 2. compare
  L.push(`## compare`, "");
  L.push(
    "One server added to n servers × 100 virtual nodes (`ringlab compare --servers n --vnodes 100 " +
      "--keys K --change add --json`), every algorithm's row. *Process*: the whole program, " +
      "Node's start-up included (at ten times the keys, the native processes are the scale rows below). " +
      "*In-process*: the time inside `rl.compare()` (WASM, called in Node, one thread) and " +
      "`ringlab::compare()` (native, in `bench/ringlab_bench`, one thread); WASM / native is their ratio. " +
      `The WASM figures use the main module \`${compareRows[0]?.wasmIn.wasm ?? "?"}\`, the one \`load()\` ` +
      "takes in Node (`ringlab-simd.wasm` where the engine has WebAssembly SIMD128).",
    "",
  );
  L.push("| keys × servers | WASM CLI | native CLI | WASM in-process | native in-process | WASM / native |");
  L.push("|---|---|---|---|---|---|");
  const compareRatios = {};
  for (const r of compareRows) {
    const ratio = median(r.wasmIn.ms) / median(r.nativeIn.ms);
    compareRatios[`${r.keys} ${r.servers}`] = ratio;
    const cli = (p) => (p ? stat(p.wallMs, "ms") : "—");
    L.push(
      `| ${r.keys.toLocaleString("en-US")} × ${r.servers} | ${cli(r.wasmCli)} | ${cli(r.nativeCli)} | ` +
        `${stat(r.wasmIn.ms, "ms")} | ${stat(r.nativeIn.ms, "ms")} | ${num(ratio)}× |`,
    );
  }
  L.push("");

  // 3. Threads and memory at scale
  const [one, all] = [scale.threadCounts[0], scale.threadCounts[scale.threadCounts.length - 1]];
  L.push("## Threads and memory at scale (native)", "");
  L.push(
    "`ringlab compare --servers 100 --vnodes 100 --keys K --change add --json` and `ringlab run EXP --keys K`, " +
      `with \`--threads 1\` and \`--threads ${all}\` (all cores), whole processes. Peak memory is the ` +
      "maximum resident set (GNU time's %M). The keys are made and compared in chunks, so memory does not " +
      "grow with them; every thread count printed the same bytes (compare's build times aside). Runs of " +
      "100M keys: no warm-up, at most 3 repetitions.",
    "",
  );
  L.push(
    `| run | keys × servers | 1 thread | ${all} threads | speed-up | peak memory, 1 thread | peak memory, ${all} threads |`,
  );
  L.push("|---|---|---|---|---|---|---|");
  const speedups = {};
  const peaks = {};
  for (const r of scale.rows) {
    const a = r.byThreads[one];
    const b = r.byThreads[all];
    const up = median(a.wallMs) / median(b.wallMs);
    speedups[`${r.what} ${r.keys}`] = up;
    if (r.what === "compare") peaks[r.keys] = Math.max(...a.peakRssKb, ...b.peakRssKb);
    const peak = (x) => (x.peakRssKb.length ? mib(median(x.peakRssKb)) : "—");
    L.push(
      `| ${r.what} | ${r.keys.toLocaleString("en-US")}${r.servers ? ` × ${r.servers}` : ""} | ${stat(a.wallMs, "ms")} | ` +
        `${stat(b.wallMs, "ms")} | ${num(up)}× | ${peak(a)} | ${peak(b)} |`,
    );
  }
  L.push("");

  // 3b. Across workers (WebAssembly)
  const [wOne, wAll] = [workers.threadCounts[0], workers.threadCounts[workers.threadCounts.length - 1]];
  L.push("## Across workers (WebAssembly in Node, `ringlab/parallel`)", "");
  L.push(
    "`compareInWorkers` (100 servers × 100 vnodes, one added) and `runInWorkers` on Node's worker threads " +
      "(the experiments at ten times compare's keys: runs of seconds, so a worker's start, about 0.1 s, " +
      "weighs as it does in compare's), " +
      `each worker a module of its own (the one \`load()\` takes), on 1 worker and on ${wAll}; each run timed ` +
      "whole, the workers' start and their modules' load included (at most 3 repetitions, 1 warm-up). Every " +
      "worker count gave the same answer.",
    "",
  );
  L.push(`| run | keys × servers | 1 worker | ${wAll} workers | speed-up |`);
  L.push("|---|---|---|---|---|");
  const workerSpeedups = {};
  for (const r of workers.rows) {
    const a = r.byThreads[wOne];
    const b = r.byThreads[wAll];
    const up = median(a.ms) / median(b.ms);
    workerSpeedups[r.what] = up;
    L.push(
      `| ${r.what} | ${r.keys.toLocaleString("en-US")}${r.servers ? ` × ${r.servers}` : ""} | ${stat(a.ms, "ms")} | ` +
        `${stat(b.ms, "ms")} | ${num(up)}× |`,
    );
  }
  L.push("");

  // 4. Operations
  const N = ops.native;
  const W = ops.wasm;
  const s = (op, unit = "ns") => (op ? stat(op.samples, unit) : "—");
  L.push("## Operations", "");
  L.push(
    "Per operation. Native: the C++ call in a loop over the pool. WASM *single*: one call into the " +
      "package per operation (the JavaScript ↔ WebAssembly crossing included); *batch*: one call for " +
      "the whole pool, per key, with the keys or hashes copied into the module and the results out " +
      "into a reused array (the calls' `out` argument).",
    "",
  );
  L.push("| operation | native | WASM, single call | WASM, batch call |");
  L.push("|---|---|---|---|");
  L.push(
    `| h32 of a course key, keys given as JS strings | ${s(N["h32.single"])} | ${s(W["h32.single"])} | ${s(W["h32.batch"])} |`,
  );
  L.push(`| …four keys side by side (\`h32_many\`, what the batch call runs) | ${s(N["h32.batch"])} | | |`);
  if (W["h32.batch.staged"]) {
    L.push(
      `| …the batch call's work in the module alone (the keys' units already in its memory) | | | ${s(W["h32.batch.staged"])} |`,
    );
  }
  if (W["h32.read-js-units"]) {
    L.push(
      `| …only reading the keys' units in JavaScript, nothing else: the floor for any call given JS strings | | | ${s(W["h32.read-js-units"])} |`,
    );
  }
  if (W["phash2.batch"]) {
    L.push(
      `| phash2 of a course key as an Elixir string (\`ringlab/systems\`: the binary of its UTF-8) | | ${s(W["phash2.single"])} | ${s(W["phash2.batch"])} |`,
    );
    L.push(`| Malachi's ring, 256 vnodes: a key routed (\`routeMany\`) | | | ${s(W["malachi.route.batch"])} |`);
  }
  L.push(
    `| course keys made and hashed in the module (\`keyHashes(seed, n)\`: the PRNG, the key's digits and its h32) | ${s(N["h32.keyHashes"])} | | ${s(W["h32.keyHashes"])} |`,
  );
  L.push(
    `| ring lookup, 100 servers × 256 vnodes (25,600 tokens), hash given | ${s(N["ring.owner"])} | ${s(W["ring.ownerOfHash.single"])} | ${s(W["ring.ownerOfHashMany.batch"])} |`,
  );
  L.push(`| …the published binary search, for comparison | ${s(N["ring.owner.binary-search"])} | | |`);
  L.push(
    `| jump, n = 1000 | ${s(N["jump.n1000.single"])} | ${s(W["jump.n1000.single"])} | ${s(W["jump.n1000.batch"])} |`,
  );
  L.push(`| …four keys side by side (\`jump_many\`, what the batch call runs) | ${s(N["jump.n1000.batch"])} | | |`);
  L.push(
    `| Maglev lookup, M = 65537, N = 100, hash given | ${s(N["maglev.lookup"])} | ${s(W["maglev.lookupHash.single"])} | ${s(W["maglev.lookupHashMany.batch"])} |`,
  );
  L.push(
    `| ring build, 1,000 servers × 1,000 vnodes (a million points) | ${s(N["ring.build"], "ms")} | ${s(W["ring.build"], "ms")} | |`,
  );
  L.push(`| Maglev build, M = 65537, N = 100 | ${s(N["maglev.build"], "ms")} | ${s(W["maglev.build"], "ms")} | |`);
  L.push(
    `| rendezvous over 100 servers, per key | ${s(N["rendezvous.pick100"])} | ${s(W["rendezvous.pick100.single"])} | ${s(W["rendezvous.pick100.batch"])} |`,
  );
  L.push(
    `| …per server | ${s(N["rendezvous.per-server"])} | ${s(W["rendezvous.per-server.single"])} | ${s(W["rendezvous.per-server.batch"])} |`,
  );
  L.push(
    `| bounded loads (ε = 0.25), placing ${o.pool.toLocaleString("en-US")} keys on that ring | ${s(N["bounded.place"], "ms")} | | ${s(W["bounded.place"], "ms")} |`,
  );
  L.push("");

  // 3. The real systems
  L.push(...systemsSection(ops.systems, s));

  // 4. hashring
  const H = ops.hashringOps;
  L.push("## Against `hashring`", "");
  let hashringRatios = null;
  if (ops.hashring.skipped) {
    L.push(`Not measured: ${ops.hashring.skipped}.`, "");
  } else {
    const get = median(H["hashring.get"].samples);
    hashringRatios = {
      single: get / median(H["ringlab.owner"].samples),
      batch: get / median(H["ringlab.ownerMany"].samples),
    };
    L.push(
      `[hashring](https://www.npmjs.com/package/hashring) ${ops.hashring.hashringVersion ?? ""} (ketama, md5) with the same 100 servers ` +
        `S0 … S99 and ${ops.hashring.hashringPoints.toLocaleString("en-US")} points ('vnode count' 64 × 4), against a ringlab ring of ` +
        `${ops.hashring.ringlabPoints.toLocaleString("en-US")} points (V = 256), on the same keys, from JavaScript. hashring's ` +
        "LRU cache never hits: each pass walks more distinct keys than it holds.",
      "",
    );
    L.push("| call | per key | × vs hashring.get() |");
    L.push("|---|---|---|");
    const row = (name, op) => L.push(`| ${name} | ${s(H[op])} | ${num(get / median(H[op].samples))}× |`);
    row("`hashring.get(key)`", "hashring.get");
    row("`ring.owner(key)`, one call per key", "ringlab.owner");
    row("`ring.ownerMany(keys, out)`, one call for all keys", "ringlab.ownerMany");
    row("`ring.ownerOfHashMany(hashes, out)`, hashes given", "ringlab.ownerOfHashMany");
    L.push("");
  }

  // 4b. The bucket hashers
  L.push(...bucketsSection(bucketRuns, s));

  // 4. Memory
  const bpp = N["ring.bytes-per-point"]?.samples[0];
  const wasmBpp = W["ring.bytes-per-point"]?.samples[0];
  L.push("## Memory", "");
  L.push(
    `A ring of 100 servers × 256 virtual nodes holds ${bpp ? num(bpp) : "—"} bytes per point natively` +
      `${wasmBpp ? ` and ${num(wasmBpp)} in WebAssembly` : ""}: the token (4), the server's index packed into as few ` +
      "bytes as the server count needs (here 1), and the lookup index (at most 1 per point), as " +
      "`Ring::memory_bytes()` counts them.",
    "",
  );

  // 5. Targets
  const med = (op) => (op ? median(op.samples) : null);
  const targets = [];
  const ratioTarget = (what, got, want) =>
    targets.push({ what, got: got == null ? "not measured" : `${num(got)}×`, met: got == null ? null : got >= want });
  const nsTarget = (what, got, want, unit = "ns") =>
    targets.push({
      what,
      got: got == null ? "not measured" : `${num(got)} ${unit}`,
      met: got == null ? null : got <= want,
    });
  for (const [exp, w, n] of [
    ["ring-vs-mod", 8, 10],
    ["vnode-sweep", 5, 8],
    ["hrw-jump", 20, 30],
  ]) {
    ratioTarget(`${exp}: WASM in-experiment ≥ ${w}× faster than the published program`, ratios[exp]?.wasm, w);
    ratioTarget(`${exp}: native in-experiment ≥ ${n}× faster than the published program`, ratios[exp]?.native, n);
  }
  // WebAssembly against native code, in process: at most 1.3 times as long.
  const slowerTarget = (what, got) =>
    targets.push({ what, got: got == null ? "not measured" : `${num(got)}×`, met: got == null ? null : got <= 1.3 });
  for (const r of rows)
    slowerTarget(`${r.exp}: WASM in-experiment ≤ 1.3× native`, median(r.wasmIn.ms) / median(r.nativeIn.ms));
  for (const r of compareRows)
    slowerTarget(
      `compare, ${r.keys.toLocaleString("en-US")} keys × ${r.servers} servers: WASM in-process ≤ 1.3× native`,
      compareRatios[`${r.keys} ${r.servers}`],
    );
  {
    const k = o.smoke ? 200_000 : 10_000_000;
    const up = speedups[`compare ${k}`];
    targets.push({
      what: `compare, ${k.toLocaleString("en-US")} keys × 100 servers: all ${all} cores ≥ 1.8× one thread`,
      got: all === 1 ? "one core" : `${num(up)}×`,
      met: all === 1 ? null : up >= 1.8,
    });
    for (const [what, wup] of Object.entries(workerSpeedups))
      targets.push({
        what: `${what} across ${wAll} workers (WASM in Node) ≥ 1.8× one worker`,
        got: wAll === 1 ? "one core" : `${num(wup)}×`,
        met: wAll === 1 ? null : wup >= 1.8,
      });
    const keysMeasured = Object.keys(peaks).map(Number);
    const [lo, hi] = [Math.min(...keysMeasured), Math.max(...keysMeasured)];
    const grow = peaks[lo] ? peaks[hi] / peaks[lo] : null;
    targets.push({
      what: `compare's peak memory flat from ${lo.toLocaleString("en-US")} to ${hi.toLocaleString("en-US")} keys (≤ 1.5×)`,
      got: grow == null ? "not measured" : `${mib(peaks[lo])} → ${mib(peaks[hi])} (${num(grow)}×)`,
      met: grow == null ? null : grow <= 1.5,
    });
  }
  nsTarget("ring lookup over 25,600 tokens (WASM, batch) ≤ 30 ns", med(W["ring.ownerOfHashMany.batch"]), 30);
  nsTarget("jump, n = 1000 (WASM, batch) ≤ 60 ns", med(W["jump.n1000.batch"]), 60);
  nsTarget("Maglev lookup, hash given (WASM, batch) ≤ 3 ns", med(W["maglev.lookupHashMany.batch"]), 3);
  nsTarget("rendezvous (WASM, batch) ≤ 8 ns per server", med(W["rendezvous.per-server.batch"]), 8);
  nsTarget(
    "h32 of a course key (WASM, batch) ≤ 10 ns per key: the module's batch, keys in its memory",
    med(W["h32.batch.staged"]),
    10,
  );
  nsTarget(
    "h32 of a course key (WASM, batch) ≤ 10 ns per key: keys given as JS strings, reading them included",
    med(W["h32.batch"]),
    10,
  );
  // phash2's batch over h32's, both of the same JS strings in this one run: at most 2.
  const phashRatio = W["phash2.batch"] && W["h32.batch"] ? med(W["phash2.batch"]) / med(W["h32.batch"]) : null;
  targets.push({
    what: "phash2 of a short key, JS strings (WASM, batch) within 2× of h32's batch of the same keys",
    got:
      phashRatio == null
        ? "not measured"
        : `${num(phashRatio)}× (${num(med(W["phash2.batch"]))} ns vs ${num(med(W["h32.batch"]))} ns)`,
    met: phashRatio == null ? null : phashRatio <= 2,
  });
  ratioTarget("`ring.owner(key)` ≥ 10× faster than `hashring.get()`", hashringRatios?.single, 10);
  ratioTarget("`ring.ownerMany()` ≥ 50× faster per key than `hashring.get()`", hashringRatios?.batch, 50);
  nsTarget("ring memory ≤ 8 bytes per point", bpp ?? null, 8, "bytes");
  L.push("## Targets", "");
  L.push("| target | measured | |");
  L.push("|---|---|---|");
  const verdict = (t) => (o.smoke ? "not judged (smoke run)" : t.met == null ? "—" : t.met ? "met" : "**not met**");
  for (const t of targets) L.push(`| ${t.what} | ${t.got} | ${verdict(t)} |`);
  L.push("");
  L.push(...bucketTargetsSection(bucketRuns, o.smoke));
  // What limits the two calls that take JavaScript strings, from this run's own figures.
  const read = med(W["h32.read-js-units"]);
  const staged = med(W["h32.batch.staged"]);
  const lookup = med(H?.["ringlab.ownerOfHashMany"]);
  const get = med(H?.["hashring.get"]);
  if (read != null && staged != null) {
    L.push("### What limits the calls given JavaScript strings", "");
    L.push(
      `Only JavaScript can read a string's UTF-16 units, one \`charCodeAt\` at a time: a loop that does ` +
        `nothing but read every unit of the pool's keys takes ${num(read)} ns a key (row "only reading the ` +
        `keys' units"). Every call given JS strings pays that before the module sees a unit. The module's ` +
        `own part of \`h32Many\` is ${num(staged)} ns a key, so the batch of JS strings cannot go below ` +
        `${num(read + staged)} ns a key here, whatever the module does` +
        (lookup != null && get != null
          ? `; and \`ownerMany\` cannot go below the read plus the hashing plus the lookup of ` +
            `\`ownerOfHashMany\` (${num(lookup)} ns), ${num(read + staged + lookup)} ns, i.e. at most ` +
            `${num(get / (read + staged + lookup))}× \`hashring.get()\` on this run.`
          : "."),
      "",
    );
  }
  return { markdown: L.join("\n"), targets };
}

// ---------------------------------------------------------------------------------------------

const o = parseOptions(process.argv.slice(2));
build(o);
const m = machine(o);
if (o.only === "buckets") {
  // The section and its part of the targets alone, rewritten in place in the results of the last
  // full run.
  const b = measureBuckets(o);
  const s = (op, unit = "ns") => (op ? stat(op.samples, unit) : "—");
  const section = bucketsSection(b, s);
  const loadEnd = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(", ");
  const clock = o.clock === "cpu" ? "process CPU time" : "wall clock";
  section.splice(
    2,
    0,
    `Measured on its own (\`node scripts/bench.mjs --only buckets\`): ${m.model}, ${m.cores} cores, ${m.date}, ` +
      `load average at the start ${m.load}, at the end ${loadEnd}; ${o.reps} repetitions after ${o.warmup} ` +
      `warm-up, ${clock}.`,
    "",
  );
  const targets = bucketTargetsSection(b, o.smoke);
  if (o.out) {
    let text = readFileSync(o.out, "utf8");
    text = replacePart(text, "## Bucket hashers", section.join("\n"), ["## Memory", "## Targets"]);
    text = replacePart(text, "### Bucket hashers", targets.join("\n"), [
      "### What limits the calls given JavaScript strings",
      "## Page interactions",
    ]);
    writeFileSync(o.out, text);
    console.log(`bench: rewrote the bucket hashers' section and targets of ${rel(o.out)}`);
  }
  process.stdout.write("\n" + [...section, ...targets].join("\n") + "\n");
  process.exit(0);
}
if (o.only === "systems") {
  // The section alone, rewritten in place in the results of the last full run.
  const section = systemsSection(measureSystems(o), (op, unit = "ns") => (op ? stat(op.samples, unit) : "—"));
  section.splice(
    2,
    0,
    `Measured on its own (\`node scripts/bench.mjs --only systems\`): ${m.model}, ${m.cores} cores, ${m.date}, ` +
      `load average at the start ${m.load}; ${o.reps} repetitions after ${o.warmup} warm-up, ${o.clock === "cpu" ? "process CPU time" : "wall clock"}.`,
    "",
  );
  const text = section.join("\n");
  if (o.out) {
    const old = readFileSync(o.out, "utf8");
    const start = old.indexOf("## The real systems");
    const end = old.indexOf("\n## ", start + 1);
    if (start < 0 || end < 0) throw new Error(`${rel(o.out)} has no section on the real systems`);
    writeFileSync(o.out, old.slice(0, start) + text + old.slice(end));
    console.log(`bench: rewrote the real systems' section of ${rel(o.out)}`);
  }
  process.stdout.write("\n" + text + "\n");
  process.exit(0);
}
console.log(
  `bench: ${m.model}, ${m.cores} cores, load ${m.load}${o.smoke ? " (smoke run: tiny inputs, timings meaningless)" : ""}`,
);
if (!o.smoke && !existsSync(referenceDir))
  console.log(`bench: ${referenceDir} not found: the published programs are skipped`);
const rows = measureExperiments(o);
const compareRows = measureCompare(o);
const scale = measureScale(o);
const workers = measureWorkers(o);
const ops = measureOps(o);
const bucketRuns = measureBuckets(o);
m.loadEnd = os
  .loadavg()
  .map((l) => l.toFixed(2))
  .join(", ");
const { markdown } = report(o, m, rows, compareRows, scale, workers, ops, bucketRuns);
const text = markdown.replace(/(load average at the start: [^\n]*)/, `$1; at the end: ${m.loadEnd}`);
if (o.out) {
  writeFileSync(o.out, text + "\n");
  console.log(`bench: wrote ${rel(o.out)}`);
}
process.stdout.write("\n" + text + "\n");
if (o.smoke) console.log("bench: smoke run passed (every path ran; outputs identical)");
