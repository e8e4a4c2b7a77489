// The Catch2 suite under AddressSanitizer + UndefinedBehaviorSanitizer (and LeakSanitizer):
// a separate CMake build in build-asan/ (the `asan` preset in CMakePresets.json: clang, Debug,
// -DRINGLAB_SANITIZE=ON, whose flags are in the root CMakeLists.txt), then one run of the test
// binary. Any report fails the run.
//
//   node scripts/sanitize.mjs              build, then run
//   node scripts/sanitize.mjs --build-only build, for the runs below and the fuzz targets
//   node scripts/sanitize.mjs --run-only   run what is built (`npm test` builds it in a stage of its own)
import { spawnSync } from "node:child_process";
import path from "node:path";
import { has, isMain, main, root, run } from "./lib/proc.mjs";

const buildDir = path.join(root, "build-asan");

// Any of these in the output means a sanitizer spoke, whatever the exit code says.
const reportPatterns = [/ERROR: AddressSanitizer/, /ERROR: LeakSanitizer/, /runtime error:/, /SUMMARY: \w+Sanitizer/];

// Configures and builds ringlab_tests in build-asan/ (CMake rebuilds only what changed).
export function buildSanitized() {
  for (const tool of ["cmake", "clang", "clang++"]) {
    if (!has(tool)) {
      throw new Error(
        `${tool} not found: the sanitizer build needs cmake, clang and the sanitizer runtimes ` +
          "(Debian: apt-get install -y cmake clang libclang-rt-14-dev)",
      );
    }
  }
  run("cmake", ["--preset", "asan"]);
  run("cmake", ["--build", "--preset", "asan"]);
}

// Runs the suite once in one process; throws on a failing test or any sanitizer report.
export function runSanitized() {
  const bin = path.join(buildDir, "tests", "cpp", "ringlab_tests");
  const env = {
    ...process.env,
    ASAN_OPTIONS: "detect_leaks=1:abort_on_error=1:strict_string_checks=1:check_initialization_order=1",
    UBSAN_OPTIONS: "print_stacktrace=1:halt_on_error=1",
  };
  console.log(`\n$ ${path.relative(root, bin)}   (ASan + UBSan + LSan)`);
  const r = spawnSync(bin, [], { cwd: root, env, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
  if (r.error) throw new Error(`${bin}: ${r.error.message}`);
  const out = `${r.stdout ?? ""}${r.stderr ?? ""}`;
  process.stdout.write(r.stdout ?? "");
  process.stderr.write(r.stderr ?? "");
  const report = reportPatterns.find((p) => p.test(out));
  if (report) {
    const line = out.split("\n").find((l) => report.test(l));
    throw new Error(`sanitizer report in the C++ suite: ${line.trim()}`);
  }
  if (r.status !== 0) throw new Error(`the C++ suite under ASan + UBSan exited with ${r.status ?? r.signal}`);
  console.log("sanitize: the C++ suite passed under ASan + UBSan with no report");
}

export function sanitize() {
  buildSanitized();
  runSanitized();
}

if (isMain(import.meta.url)) {
  const args = process.argv.slice(2);
  if (args.length > 1 || args.some((a) => a !== "--run-only" && a !== "--build-only")) {
    console.error("usage: node scripts/sanitize.mjs [--build-only | --run-only]");
    process.exit(2);
  }
  main(args.includes("--run-only") ? runSanitized : args.includes("--build-only") ? buildSanitized : sanitize);
}
