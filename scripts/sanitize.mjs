// The Catch2 suite under AddressSanitizer + UndefinedBehaviorSanitizer (and LeakSanitizer):
// a separate CMake build in build-asan/ (the `asan` preset in CMakePresets.json: clang, Debug,
// -DRINGLAB_SANITIZE=ON, whose flags are in the root CMakeLists.txt), then the test binary,
// run as two processes over halves of its test cases. Any report fails the run.
//
//   node scripts/sanitize.mjs              build, then run
//   node scripts/sanitize.mjs --build-only build, for the runs below and the fuzz targets
//   node scripts/sanitize.mjs --run-only   run what is built (`npm test` builds it in a stage of its own)
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { exec, has, isMain, main, root, run } from "./lib/proc.mjs";

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

// The suite's test cases, split into `parts` lists by turns (list order, so each part gets its
// share of every file's tests), as lines of a Catch2 input file (-f): one test spec per line, in
// which a comma, a bracket, a star, a double quote or a backslash of a name is escaped with a
// backslash (Catch2 v2 reads a bare double quote as the start or end of a quoted spec).
function testLists(bin, env, parts) {
  const r = spawnSync(bin, ["--list-test-names-only"], { cwd: root, env, encoding: "utf8" });
  if (r.error) throw new Error(`${bin}: ${r.error.message}`);
  // Catch2 v2 exits with the number of test cases listed (at most 255), not 0.
  if (r.status === null) throw new Error(`${bin} --list-test-names-only ended by ${r.signal}`);
  const names = r.stdout.split("\n").filter((l) => l.trim() !== "");
  if (names.length === 0) throw new Error(`${bin} --list-test-names-only listed no test case`);
  // A line the input file reads otherwise than as a name: a comment (#), an exclusion (~), or a
  // name with spaces at an end (the file's lines are trimmed).
  const odd = names.find((n) => /^[#~]/.test(n) || n.trim() !== n);
  if (odd !== undefined) throw new Error(`a test name the split cannot pass to Catch2: ${JSON.stringify(odd)}`);
  const lists = Array.from({ length: parts }, () => []);
  names.forEach((n, i) => lists[i % parts].push(n.replace(/[\\,[\]*"]/g, "\\$&")));
  return { count: names.length, lists };
}

// Runs the suite in two processes, each over half of its test cases, so that both cores work
// until the end of the run (one process left one core idle for the suite's last 90 s); throws on
// a failing test or any sanitizer report, and unless the two halves together ran every test case.
export async function runSanitized() {
  const bin = path.join(buildDir, "tests", "cpp", "ringlab_tests");
  const env = {
    ...process.env,
    ASAN_OPTIONS: "detect_leaks=1:abort_on_error=1:strict_string_checks=1:check_initialization_order=1",
    UBSAN_OPTIONS: "print_stacktrace=1:halt_on_error=1",
  };
  const { count, lists } = testLists(bin, env, 2);
  const dir = mkdtempSync(path.join(tmpdir(), "ringlab-sanitize-"));
  try {
    const runs = await Promise.all(
      lists.map((names, i) => {
        const file = path.join(dir, `part${i + 1}.txt`);
        writeFileSync(file, `${names.join("\n")}\n`);
        console.log(`\n$ ${path.relative(root, bin)} -f ${file}   (${names.length} test cases; ASan + UBSan + LSan)`);
        return exec(bin, ["-f", file], { env });
      }),
    );
    let ran = 0;
    runs.forEach((r, i) => {
      // Catch2 first echoes its filters, every name of the part on one line: left out of the log.
      const shown = r.out.replace(/^Filters: .*\n/m, "");
      process.stdout.write(`\n--- part ${i + 1} of ${runs.length}\n${shown}`);
      const report = reportPatterns.find((p) => p.test(r.out));
      if (report) {
        const line = r.out.split("\n").find((l) => report.test(l));
        throw new Error(`sanitizer report in the C++ suite: ${line.trim()}`);
      }
      if (r.code !== 0)
        throw new Error(`the C++ suite under ASan + UBSan (part ${i + 1}) exited with ${r.code ?? r.signal}`);
      // Catch2's last line: "All tests passed (A assertions in N test cases)".
      const m = /assertions? in (\d+) test cases?\)/.exec(r.out);
      if (!m) throw new Error(`the C++ suite under ASan + UBSan (part ${i + 1}) printed no count of its test cases`);
      ran += Number(m[1]);
    });
    if (ran !== count) throw new Error(`the two parts of the C++ suite ran ${ran} test cases of ${count}`);
    console.log(`sanitize: the C++ suite (${count} test cases) passed under ASan + UBSan with no report`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function sanitize() {
  buildSanitized();
  await runSanitized();
}

if (isMain(import.meta.url)) {
  const args = process.argv.slice(2);
  if (args.length > 1 || args.some((a) => a !== "--run-only" && a !== "--build-only")) {
    console.error("usage: node scripts/sanitize.mjs [--build-only | --run-only]");
    process.exit(2);
  }
  main(args.includes("--run-only") ? runSanitized : args.includes("--build-only") ? buildSanitized : sanitize);
}
