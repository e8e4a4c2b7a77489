// Small process helpers shared by the project's scripts (no dependencies).
import { spawnSync } from "node:child_process";
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
