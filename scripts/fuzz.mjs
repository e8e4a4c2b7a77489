// Builds the libFuzzer targets in tests/fuzz/ (clang, AddressSanitizer + UndefinedBehaviorSanitizer)
// with CMake into build-asan/ (the `asan` preset, -DRINGLAB_FUZZ=ON among its settings: the
// sanitized Catch2 suite shares the instrumented library) and runs each for a fixed time.
//
//   node scripts/fuzz.mjs                 every target for 20 s (what `npm test` runs: --quick)
//   node scripts/fuzz.mjs --seconds 300   longer runs (`npm run fuzz`)
//   node scripts/fuzz.mjs --quick         the same as the default: 20 s per target
//   options: --jobs N (targets run side by side, default 2), --only fuzz_ring,fuzz_cli,
//            --fresh (forget the inputs found by earlier local runs), --build-only, --no-build (run
//            what build-asan/ holds: `npm test` builds it in a stage of its own)
//
// The targets, their -max_len and dictionaries are listed in tests/fuzz/CMakeLists.txt, which
// writes them to build-asan/fuzz-targets.json for this script.
//
// Each target first replays tests/fuzz/regressions/<target>/ (inputs that once failed), then fuzzes
// from build-asan/corpus/<target>/, a working copy of the committed seeds in
// tests/fuzz/corpus/<target>/: libFuzzer writes the inputs it finds there, never into the repo.
// A failing input is left in build-asan/artifacts/<target>/ and named in the error.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { exec, has, isMain, main, pool, root, run } from "./lib/proc.mjs";

// The full tier's budget per target: its committed corpus and regressions replayed, then a short
// search from it, of at least 20 s (the floor the reliability work set for `npm test`); `npm run
// fuzz` is the long search.
const QUICK_SECONDS = 20;
const fuzzDir = path.join(root, "tests", "fuzz");
const buildDir = path.join(root, "build-asan");
const manifest = path.join(buildDir, "fuzz-targets.json");

const CXX = process.env.CXX_FUZZ || "clang++";

const rel = (p) => path.relative(root, p) || ".";
const filesIn = (dir, ext = "") =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith(ext) && statSync(path.join(dir, f)).isFile())
        .sort()
        .map((f) => path.join(dir, f))
    : [];

// Configures build-asan/ and builds the fuzz targets there (CMake rebuilds only what changed).
export function buildFuzz({ jobs = defaultJobs() } = {}) {
  for (const tool of ["cmake", CXX]) {
    if (!has(tool)) {
      throw new Error(
        `${tool} not found: the fuzz targets need cmake and clang with libFuzzer and the sanitizer runtimes ` +
          "(Debian: apt-get install -y cmake clang libclang-rt-14-dev)",
      );
    }
  }
  // The `asan` preset (CMakePresets.json): clang, Debug, -DRINGLAB_SANITIZE=ON -DRINGLAB_FUZZ=ON; the
  // `fuzz` build preset builds its fuzz targets only.
  run("cmake", ["--preset", "asan", ...(process.env.CXX_FUZZ ? [`-DCMAKE_CXX_COMPILER=${CXX}`] : [])]);
  run("cmake", ["--build", "--preset", "fuzz", "--parallel", String(jobs)]);
}

// The targets CMake built: [{ name, program, maxLen, dict }], from tests/fuzz/CMakeLists.txt.
export function fuzzTargets() {
  if (!existsSync(manifest)) throw new Error(`${rel(manifest)} is missing: run node scripts/fuzz.mjs --build-only`);
  return JSON.parse(readFileSync(manifest, "utf8"));
}

// The sanitizers' settings for every run (a caller's own settings win): stack traces for UB.
const runEnv = {
  UBSAN_OPTIONS: process.env.UBSAN_OPTIONS ?? "print_stacktrace=1:halt_on_error=1",
  ASAN_OPTIONS: process.env.ASAN_OPTIONS ?? "detect_leaks=1",
};

function failureOf(out) {
  const artifact = out.match(/Test unit written to (\S+)/)?.[1];
  const kind =
    out.match(/invariant broken: [^\n]*/)?.[0] ??
    out.match(/runtime error: [^\n]*/)?.[0] ??
    out
      .match(/ERROR: (AddressSanitizer|LeakSanitizer): ([\w-]+)/)
      ?.slice(1)
      .join(" ") ??
    out.match(/ERROR: libFuzzer: (timeout|out-of-memory[^\n]*|deadly signal|fuzz target exited|leak[^\n]*)/)?.[1] ??
    "failed";
  return { artifact: artifact && path.resolve(root, artifact), kind };
}

// The last lines of a log worth showing: the report, without libFuzzer's progress and dictionary.
function tail(out, lines = 60) {
  const keep = out
    .split("\n")
    .filter((l) => !/^#\d+\s+(NEW|REDUCE|pulse|INITED|RELOAD)\b/.test(l) && !/^"[^\n]*" # Uses:/.test(l));
  return keep.slice(-lines).join("\n");
}

async function runTarget(t, seconds, fresh) {
  const bin = t.program;
  const logDir = path.join(buildDir, "logs");
  const artifacts = path.join(buildDir, "artifacts", t.name) + path.sep;
  mkdirSync(logDir, { recursive: true });
  mkdirSync(artifacts, { recursive: true });
  const common = ["-timeout=10", "-rss_limit_mb=2048", `-artifact_prefix=${artifacts}`];
  if (t.dict) common.push(`-dict=${t.dict}`);
  const result = { name: t.name, regressions: 0, runs: null, seconds: null, corpus: 0, ok: false, detail: "" };

  // 1. Inputs that failed once: each runs once, and all must pass.
  const regressions = filesIn(path.join(fuzzDir, "regressions", t.name));
  result.regressions = regressions.length;
  if (regressions.length > 0) {
    const logFile = path.join(logDir, `${t.name}.regressions.log`);
    const r = await exec(bin, [...common, ...regressions], { env: runEnv, logFile });
    if (r.code !== 0) {
      const f = failureOf(r.out);
      const which = r.out.match(/Running: (\S+)\n(?![\s\S]*Running: )/)?.[1];
      result.detail = `regression ${which ? rel(path.resolve(root, which)) : ""} fails again (${f.kind}); log ${rel(logFile)}`;
      result.log = tail(r.out);
      return result;
    }
  }

  // 2. Fuzz from a working copy of the committed corpus.
  const work = path.join(buildDir, "corpus", t.name);
  if (fresh) rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const seeds = path.join(fuzzDir, "corpus", t.name);
  if (existsSync(seeds)) cpSync(seeds, work, { recursive: true });
  const logFile = path.join(logDir, `${t.name}.log`);
  const r = await exec(
    bin,
    [...common, `-max_len=${t.maxLen}`, `-max_total_time=${seconds}`, "-print_final_stats=1", work],
    {
      env: runEnv,
      logFile,
    },
  );
  const done = r.out.match(/Done (\d+) runs in (\d+) second/);
  if (done) {
    result.runs = Number(done[1]);
    result.seconds = Number(done[2]);
  } else {
    // Stopped early by a failure: the final stats still count the executions.
    const units = r.out.match(/stat::number_of_executed_units: (\d+)/);
    if (units) result.runs = Number(units[1]);
  }
  result.corpus = filesIn(work).length;
  if (r.code !== 0 || !done) {
    const f = failureOf(r.out);
    result.detail = f.artifact
      ? `${f.kind}: input saved to ${rel(f.artifact)} (replay: ${rel(bin)} ${rel(f.artifact)}); log ${rel(logFile)}`
      : `${f.kind} (exit ${r.code ?? r.signal}); log ${rel(logFile)}`;
    result.log = tail(r.out);
    return result;
  }
  result.ok = true;
  return result;
}

function defaultJobs() {
  const cpus = typeof os.availableParallelism === "function" ? os.availableParallelism() : os.cpus().length;
  return Math.max(1, Math.min(2, cpus));
}

// Builds and runs every target (or `only`) for `seconds` each, `jobs` at a time. Resolves to
// { passed, failed, results }; throws when any target fails, naming the failing input. `build:
// false` runs the targets as built (`npm test` builds them in a stage of its own).
export async function fuzz({
  seconds = QUICK_SECONDS,
  jobs = defaultJobs(),
  only = null,
  fresh = false,
  build = true,
} = {}) {
  if (!(Number.isInteger(seconds) && seconds >= 1))
    throw new Error(`fuzz: seconds must be a whole number >= 1, got ${seconds}`);
  if (build) buildFuzz({ jobs });
  const targets = fuzzTargets();
  const chosen = only ? targets.filter((t) => only.includes(t.name)) : targets;
  if (only) {
    const unknown = only.filter((n) => !targets.some((t) => t.name === n));
    if (unknown.length > 0) throw new Error(`fuzz: unknown target(s) ${unknown.join(", ")}`);
  }
  console.log(`fuzz: ${chosen.length} target(s), ${seconds} s each, ${jobs} at a time`);
  const results = await pool(chosen, jobs, async (t) => {
    const r = await runTarget(t, seconds, fresh);
    const runs = r.runs === null ? "" : r.seconds === null ? `, ${r.runs} runs` : `, ${r.runs} runs in ${r.seconds} s`;
    console.log(`  ${r.ok ? "ok  " : "FAIL"} ${t.name}${runs}${r.ok ? "" : `: ${r.detail}`}`);
    return r;
  });

  for (const r of results.filter((x) => !x.ok && x.log)) {
    console.log(`\n--- ${r.name} ---\n${r.log}\n`);
  }
  const rows = results.map((r) => [
    r.name,
    String(r.regressions),
    r.runs === null ? "-" : String(r.runs),
    r.seconds === null ? "-" : String(r.seconds),
    r.runs === null || !r.seconds ? "-" : String(Math.round(r.runs / r.seconds)),
    String(r.corpus),
    r.ok ? "ok" : "FAILED",
  ]);
  const head = ["target", "regressions", "runs", "seconds", "runs/s", "corpus", "result"];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
  console.log(`\n${line(head)}\n${widths.map((w) => "-".repeat(w)).join("  ")}`);
  for (const row of rows) console.log(line(row));
  const passed = results.filter((r) => r.ok).length;
  const failed = results.length - passed;
  console.log(`fuzz: ${passed} passed, ${failed} failed`);
  if (failed > 0) {
    const what = results.filter((r) => !r.ok).map((r) => `${r.name}: ${r.detail}`);
    throw new Error(`fuzzing found ${failed} failing target(s):\n  ${what.join("\n  ")}`);
  }
  return { passed, failed, results };
}

function parseArgs(argv) {
  const opts = { seconds: QUICK_SECONDS, jobs: defaultJobs(), only: null, fresh: false, buildOnly: false, build: true };
  for (let i = 0; i < argv.length; i += 1) {
    const [flag, inline] = argv[i].split(/=(.*)/s, 2);
    const value = () => {
      const v = inline ?? argv[++i];
      if (v === undefined) throw new Error(`${flag} needs a value`);
      return v;
    };
    const int = (v) => {
      if (!/^\d+$/.test(v) || Number(v) < 1) throw new Error(`${flag} needs a whole number >= 1, got "${v}"`);
      return Number(v);
    };
    if (flag === "--seconds") opts.seconds = int(value());
    else if (flag === "--quick") opts.seconds = QUICK_SECONDS;
    else if (flag === "--jobs") opts.jobs = int(value());
    else if (flag === "--only") opts.only = value().split(",").filter(Boolean);
    else if (flag === "--fresh") opts.fresh = true;
    else if (flag === "--build-only") opts.buildOnly = true;
    else if (flag === "--no-build") opts.build = false;
    else if (flag === "--help" || flag === "-h") {
      console.log(
        "usage: node scripts/fuzz.mjs [--seconds N | --quick] [--jobs N] [--only a,b] [--fresh] [--build-only | --no-build]",
      );
      process.exit(0);
    } else throw new Error(`unknown option ${argv[i]} (see --help)`);
  }
  return opts;
}

if (isMain(import.meta.url)) {
  main(async () => {
    const opts = parseArgs(process.argv.slice(2));
    if (opts.buildOnly) buildFuzz({ jobs: opts.jobs });
    else await fuzz(opts);
  });
}
