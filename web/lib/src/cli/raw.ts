// What the CLI's module registers (cpp/wasm/cli.cpp), as the Node CLI (the entry cli.ts) sees it.
import type { RawCommon } from "../core/raw.js";

/** What run_cli prints and returns. */
export interface RawCliResult {
  exitCode: number;
  out: string;
  err: string;
  /**
   * A rejected value's error as data: its code, its rule's id and its parameter as the command
   * spells it (the flag); all "" on success and for a usage error.
   */
  code: string;
  rule: string;
  param: string;
}

export interface RawCliModule extends RawCommon {
  version(): string;
  /**
   * run_cli with the native CLI's commands; `readFile(path)` reads a file the command names for
   * the module, which has no file system: its bytes, or undefined when it cannot be read.
   */
  runCli(args: string[], readFile: (path: string) => Uint8Array | undefined): RawCliResult;
}
