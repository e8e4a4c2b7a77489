// What the CLI's module registers (cpp/wasm/cli.cpp), as the Node CLI (cli.ts) sees it.
import type { RawCommon } from "./raw.js";

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
  /** h32 of a JavaScript string, on its UTF-16 units. */
  h32(key: string): number;
  /**
   * run_cli with the native CLI's commands; `files` is [path, bytes, ...], the files the command
   * names, read by the caller (the module has no file system).
   */
  runCli(args: string[], files: (string | Uint8Array)[]): RawCliResult;
}
