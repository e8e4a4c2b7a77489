#!/usr/bin/env node
// The Node CLI, web/lib/dist/cli.js, which the package's bin runs (runAsCommand). Run directly as a
// command it prints; it exports runCli(), which returns what a command line prints, and its type
// CliRun. Its module's raw interface is cli/raw.ts.
//
// The `ringlab` command on Node: the C++ ringlab::run_cli compiled to WebAssembly, so it takes the
// same flags, prints the same bytes and the same errors as the native binary.
//
//   npx ringlab run vnode-sweep --servers 3 --keys 800
//   npx ringlab compare --servers 10 --keys 100000 --change add --json
//   npx ringlab h32 KEY...
//   npx ringlab phash2 '{:range, 7}'
//   npx ringlab place malachi --bits 16 --vnodes a=1000,b=40000 topic-a
//   npx ringlab jump KEY BUCKETS
//   npx ringlab claims --json
//   npx ringlab --help
//
// Every command runs in the CLI's own module (ringlab-cli.wasm: the core, the Erlang library, the
// real systems and the claims, with run_cli as the native CLI has it), which no page downloads.
// Every command line, `h32` and every `--help` included, goes to run_cli as it is.
// Node decodes argv as UTF-8, so a KEY argument that is not UTF-8 arrives with U+FFFD in place
// of its bad bytes: give such keys in a --keys FILE, which is read byte for byte.
//
// The package's bin is web/lib/bin/ringlab.js, a file of the repository that calls runAsCommand()
// here once this file is built (see there for why). In this repository `npx --no-install ringlab
// ...` works from the root once `npm run build:wasm` has run: npm (>= 7) sees that the package in
// the current folder has a `ringlab` bin and links that folder into its npx cache (no registry, no
// npm link). An installed package has it in node_modules/.bin as usual.
import { readFileSync, realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { RawCliResult } from "./cli/raw.js";
import { Heap } from "./core/heap.js";
import { instantiate } from "./core/loader.js";
import createRinglabCliModule from "./wasm/ringlab-cli.js";

// `ringlab ... | head` closes the pipe early; that is not an error worth a stack trace.
process.stdout.on("error", (e: NodeJS.ErrnoException) => {
  if (e.code === "EPIPE") process.exit(0);
  throw e;
});

// A file the command names, read for the module, which has no file system and asks for each file
// it reads: its bytes, or undefined when it cannot be read (the command then says so as the native
// CLI does: "cannot read --keys file ...").
function readFile(file: string): Uint8Array | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

/**
 * What `ringlab ARGS` prints and returns, without printing it: exit status, stdout, stderr, and a
 * rejected value's error as data (its code, its rule and its parameter as the command spells it;
 * "" for a usage error), as the module hands it over. The bin below prints it; tests read the
 * error's data from it.
 */
export type CliRun = RawCliResult;

function openCli() {
  return instantiate(createRinglabCliModule, {}, new URL("./wasm/ringlab-cli.wasm", import.meta.url)).then(
    ({ module: raw, exports }) => ({ raw, heap: new Heap(raw, exports, []) }),
  );
}
let cliModule: ReturnType<typeof openCli> | undefined;

/** Runs one command line in the CLI's module (instantiated once per process). */
export async function runCli(args: string[]): Promise<CliRun> {
  cliModule ??= openCli();
  const { raw, heap } = await cliModule;
  const r = heap.call(() => raw.runCli(args, readFile));
  return { exitCode: r.exitCode, out: r.out, err: r.err, code: r.code, rule: r.rule, param: r.param };
}

async function main(args: string[]): Promise<number> {
  const r = await runCli(args);
  if (r.out) process.stdout.write(r.out);
  if (r.err) process.stderr.write(r.err);
  return r.exitCode;
}

/**
 * Runs `ringlab ARGS` as the command: prints what it prints and sets process.exitCode (1, with a
 * one-line message, when the module itself fails). The package's bin calls it, and so does running
 * this file directly.
 */
export function runAsCommand(args: string[]): Promise<void> {
  return main(args).then(
    (code) => {
      process.exitCode = code;
    },
    (e: unknown) => {
      process.stderr.write(`ringlab: ${e instanceof Error ? e.message : String(e)}\n`);
      process.exitCode = 1;
    },
  );
}

// Run directly (node web/lib/dist/cli.js ...), not when imported for runCli or by the bin.
if (process.argv[1] !== undefined && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  void runAsCommand(process.argv.slice(2));
}
