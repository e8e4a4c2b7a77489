// Formats the sources: C++ with clang-format 14 (.clang-format), TypeScript, JavaScript, CSS and
// HTML with the pinned prettier (.prettierrc.json, .prettierignore).
//
//   node scripts/format.mjs                  rewrites every file that is not formatted
//   node scripts/format.mjs --check          changes nothing; lists the files that are not
//                                            formatted and exits non-zero when there are any
//   node scripts/format.mjs [--check] PATH…  only the files under these files or folders
//
// The files are those git knows: tracked, plus new files that .gitignore does not exclude.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { has, isMain, main, root } from "./lib/proc.mjs";

const CPP = /\.(cpp|hpp|cc|h)$/;
const PRETTIER = /\.(js|mjs|cjs|ts|mts|cts|css|html)$/;
// Formatting differs between clang-format releases; the project's style is that of Debian 12's.
const CLANG_FORMAT_MAJOR = 14;

function sourceFiles(paths) {
  const r = spawnSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 64 << 20,
  });
  if (r.error || r.status !== 0) throw new Error(`git ls-files failed: ${r.error?.message ?? r.stderr.trim()}`);
  const wanted = paths.map((p) => path.relative(root, path.resolve(p)));
  const inside = (f) => wanted.length === 0 || wanted.some((w) => w === "" || f === w || f.startsWith(`${w}/`));
  // A file deleted but not yet committed is still listed by git: skip what is not on disk.
  return [...new Set(r.stdout.split("\0"))].filter((f) => f && inside(f) && readable(f)).sort();
}

function readable(f) {
  try {
    readFileSync(path.join(root, f));
    return true;
  } catch {
    return false;
  }
}

function clangFormat() {
  const cmd = [`clang-format-${CLANG_FORMAT_MAJOR}`, "clang-format"].find(has);
  if (!cmd) throw new Error("clang-format is missing: install Debian's clang-format package (npm run setup does)");
  const version = spawnSync(cmd, ["--version"], { encoding: "utf8" }).stdout ?? "";
  const major = Number(/version (\d+)\./.exec(version)?.[1]);
  if (major !== CLANG_FORMAT_MAJOR) {
    throw new Error(`${cmd} is version ${major || "unknown"}; the C++ style is clang-format ${CLANG_FORMAT_MAJOR}'s`);
  }
  return cmd;
}

// The C++ files clang-format would change (or changes, when writing). One clang-format process
// reads every file (--dry-run names each place it would change): a process per file spent 29
// CPU-seconds starting clang-format 210 times, where one process checks them all in 1.5. Only the
// files it names are then rewritten, when writing.
function formatCpp(files, write) {
  if (files.length === 0) return [];
  const cmd = clangFormat();
  const changed = new Set();
  // Batches keep each command line well under the system's limit.
  for (let i = 0; i < files.length; i += 200) {
    const batch = files.slice(i, i + 200);
    const r = spawnSync(cmd, ["--style=file", "--dry-run", ...batch], {
      cwd: root,
      encoding: "utf8",
      maxBuffer: 256 << 20,
    });
    if (r.error || r.status !== 0) throw new Error(`${cmd} --dry-run: ${r.error?.message ?? r.stderr.trim()}`);
    // Each change it would make: "FILE:LINE:COL: warning: code should be clang-formatted [...]".
    for (const m of r.stderr.matchAll(/^(.+):\d+:\d+: warning: code should be clang-formatted/gm)) {
      if (!batch.includes(m[1])) throw new Error(`${cmd} --dry-run named a file it was not given: ${m[1]}`);
      changed.add(m[1]);
    }
  }
  if (write && changed.size > 0) {
    const r = spawnSync(cmd, ["--style=file", "-i", ...changed], { cwd: root, encoding: "utf8" });
    if (r.error || r.status !== 0) throw new Error(`${cmd} -i: ${r.error?.message ?? r.stderr.trim()}`);
  }
  return [...changed];
}

// The files prettier would change (or changes, when writing). It skips what .prettierignore names.
function formatPrettier(files, write) {
  if (files.length === 0) return [];
  const bin = path.join(root, "node_modules", "prettier", "bin", "prettier.cjs");
  if (!readable(path.relative(root, bin))) throw new Error("prettier is missing: run npm ci (npm run setup does)");
  const changed = [];
  // Batches keep each command line well under the system's limit.
  for (let i = 0; i < files.length; i += 200) {
    const batch = files.slice(i, i + 200);
    const args = [bin, "--list-different", "--no-error-on-unmatched-pattern"];
    if (write) args.push("--write");
    const r = spawnSync(process.execPath, [...args, ...batch], { cwd: root, encoding: "utf8", maxBuffer: 64 << 20 });
    if (r.error) throw new Error(`prettier: ${r.error.message}`);
    // --list-different exits 1 when files differ; 2 is prettier failing (a syntax error, say).
    if (r.status !== 0 && r.status !== 1) throw new Error(`prettier failed:\n${r.stderr.trim()}`);
    if (r.stderr.trim()) process.stderr.write(r.stderr);
    changed.push(...r.stdout.split("\n").filter(Boolean));
  }
  return changed;
}

export function format({ check = false, paths = [] } = {}) {
  const files = sourceFiles(paths);
  const cppFiles = files.filter((f) => CPP.test(f));
  const webFiles = files.filter((f) => PRETTIER.test(f));
  const changed = [...formatCpp(cppFiles, !check), ...formatPrettier(webFiles, !check)].sort();
  if (check) {
    if (changed.length > 0) {
      const list = changed.map((f) => `  ${f}`).join("\n");
      throw new Error(`${changed.length} file(s) not formatted:\n${list}\nformat them with: node scripts/format.mjs`);
    }
    console.log(`format: ${cppFiles.length + webFiles.length} files checked, all formatted`);
  } else {
    for (const f of changed) console.log(`formatted ${f}`);
  }
  return changed;
}

if (isMain(import.meta.url)) {
  const args = process.argv.slice(2);
  const unknown = args.find((a) => a.startsWith("-") && a !== "--check");
  main(() => {
    if (unknown) throw new Error(`unknown option ${unknown} (usage: node scripts/format.mjs [--check] [PATH...])`);
    format({ check: args.includes("--check"), paths: args.filter((a) => !a.startsWith("-")) });
  });
}
