// Small process helpers shared by the project's scripts (no dependencies).
import { spawn, spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import path from "node:path";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

// Runs a command with inherited stdio; throws with the command line when it fails.
export function run(cmd, args = [], opts = {}) {
  const shown = [cmd, ...args].join(" ");
  console.log(`\n$ ${shown}`);
  const r = spawnSync(cmd, args, { stdio: "inherit", cwd: root, ...opts });
  if (r.error) throw new Error(`${shown}: ${r.error.message}`);
  if (r.status !== 0) throw new Error(`${shown} exited with ${r.status ?? r.signal}`);
}

// True when `cmd` is on PATH.
export function has(cmd) {
  return spawnSync("sh", ["-c", `command -v ${cmd}`], { stdio: "ignore" }).status === 0;
}

// Runs main() and turns a thrown error into one clear line and exit code 1.
export function main(fn) {
  Promise.resolve()
    .then(fn)
    .catch((err) => {
      console.error(`\nringlab: ${err.message}`);
      process.exit(1);
    });
}

// True when the module at `url` is the script node was started with.
export function isMain(url) {
  return process.argv[1] !== undefined && url === pathToFileURL(path.resolve(process.argv[1])).href;
}

/**
 * Runs a command without blocking the event loop; resolves to { code, signal, out }, out being its
 * stdout and stderr together (or, with `inherit`, written through as they come, and out empty).
 * `env` is added to this process's environment; `logFile`, if given, receives out. An exit code is
 * the caller's to judge: only a command that cannot start rejects.
 */
export function exec(cmd, args = [], { env, logFile, inherit = false, cwd = root } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: ["ignore", inherit ? "inherit" : "pipe", inherit ? "inherit" : "pipe"],
    });
    const chunks = [];
    child.stdout?.on("data", (d) => chunks.push(d));
    child.stderr?.on("data", (d) => chunks.push(d));
    child.on("error", (err) => reject(new Error(`${cmd}: ${err.message}`)));
    child.on("close", (code, signal) => {
      const out = Buffer.concat(chunks).toString("utf8");
      if (logFile) writeFileSync(logFile, out);
      resolve({ code, signal, out });
    });
  });
}

/** Runs fn(item, index) over items with at most `limit` at a time; resolves to the results in order. */
export async function pool(items, limit, fn) {
  const results = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}
