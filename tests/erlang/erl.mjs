// Running erl and ringlab_erlang_check over a batch of jobs: one process each, whatever the
// number of jobs (tests/erlang/phash2_oracle.erl and tests/erlang/erlang_check.cpp describe
// the job lines).
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
export const root = path.resolve(here, "..", "..");

// How the oracles start the Erlang VM (erl, and elixir through its --erl): a 32 MB minimum heap
// (+hms, in words), so that a process reading megabytes of term text collects rarely, and no
// heap block in a carrier of its own (+MHsbct, in KB, above any heap), so that the memory a
// collection frees is used again rather than unmapped and mapped afresh, page by page. Neither
// changes what erl computes. On the phash2 job of compare.mjs (22,114 texts, 57 MB) erl took 71
// CPU-seconds without them (23 in the kernel, mostly page faults) and 13 with them.
export const erlVmFlags = ["+hms", "4194304", "+MHsbct", "2097151"];

function has(cmd) {
  return spawnSync("sh", ["-c", `command -v ${cmd}`], { stdio: "ignore" }).status === 0;
}

export function requireErl() {
  if (!has("erl") || !has("erlc"))
    throw new Error("erl and erlc are needed (Debian: apt-get install erlang-base; npm run setup installs it)");
  const r = spawnSync("erl", ["-noshell", "-eval", 'io:format("~s", [erlang:system_info(otp_release)]), halt().'], {
    encoding: "utf8",
  });
  return r.stdout.trim();
}

// erl's answers, one per job line.
export function runErl(mode, jobs) {
  const dir = mkdtempSync(path.join(tmpdir(), "ringlab-erl-"));
  try {
    const c = spawnSync("erlc", ["-o", dir, path.join(here, "phash2_oracle.erl")], { encoding: "utf8" });
    if (c.status !== 0) throw new Error(`erlc failed: ${c.stderr}${c.stdout}`);
    const input = path.join(dir, "jobs.txt");
    const output = path.join(dir, "answers.txt");
    writeFileSync(input, jobs.map((j) => j + "\n").join(""));
    // Run in the scratch folder: a crashing erl leaves its erl_crash.dump there.
    const r = spawnSync(
      "erl",
      [...erlVmFlags, "-noshell", "-pa", dir, "-run", "phash2_oracle", "main", mode, input, output],
      {
        cwd: dir,
        encoding: "utf8",
        maxBuffer: 1 << 26,
      },
    );
    if (r.status !== 0 || !existsSync(output)) throw new Error(`erl failed (${r.status}): ${r.stderr}${r.stdout}`);
    return splitLines(readFileSync(output, "utf8"), jobs.length, "erl");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// The native checker: --check PATH, RINGLAB_ERLANG_CHECK, or the native preset's build.
export function checkerPath(explicit) {
  const candidates = [
    explicit,
    process.env.RINGLAB_ERLANG_CHECK,
    path.join(root, "build", "tests", "cpp", "ringlab_erlang_check"),
  ];
  for (const c of candidates) if (c && existsSync(c)) return c;
  throw new Error(
    "ringlab_erlang_check not found: build it (cmake --build build --target ringlab_erlang_check) or pass --check PATH",
  );
}

export function runChecker(program, mode, jobs) {
  const r = spawnSync(program, [mode], {
    input: jobs.map((j) => j + "\n").join(""),
    encoding: "utf8",
    maxBuffer: 1 << 28,
  });
  if (r.status !== 0) throw new Error(`${program} failed (${r.status ?? r.signal}): ${r.stderr}`);
  return splitLines(r.stdout, jobs.length, program);
}

function splitLines(text, expected, who) {
  const lines = text.split("\n");
  if (lines.at(-1) === "") lines.pop();
  if (lines.length !== expected) throw new Error(`${who} answered ${lines.length} lines for ${expected} jobs`);
  return lines;
}
