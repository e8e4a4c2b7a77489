// Instantiating an Emscripten module with the .wasm coming from wherever the caller says:
// precompiled, as bytes, from a URL (fetch, streaming when the server sends application/wasm),
// or from a file: URL in Node (read from disk: Node's fetch does not do file: URLs).
import { type RinglabError, wrapperError } from "./errors.js";
import type { Factory, ModuleArg } from "./raw.js";

/** Where the `.wasm` comes from. Give at most one; by default it is fetched from next to the module. */
export interface LoadOptions {
  /**
   * URL of the `.wasm`, for when it is served from somewhere else than next to the package's
   * JavaScript (a CDN, a hashed asset path). A `file:` URL is read from disk in Node. Either of the
   * package's two main modules may be given: `ringlab-simd.wasm` (WebAssembly SIMD128: rendezvous
   * scores several keys at once) and `ringlab.wasm` (no SIMD instruction, for engines without
   * SIMD128); each has its own glue, which `load()` imports for the module it was given. A URL given
   * here is used as given, whichever engine runs it.
   * @defaultValue `new URL("./wasm/ringlab-simd.wasm", import.meta.url)` where
   *   `WebAssembly.validate` accepts a SIMD128 instruction (every current browser and Node),
   *   else `new URL("./wasm/ringlab.wasm", import.meta.url)` — files shipped in the package, also
   *   exported as `ringlab/ringlab-simd.wasm` and `ringlab/ringlab.wasm`. (`ringlab/single`
   *   inlines the scalar module only.)
   */
  wasmUrl?: string | URL;
  /**
   * The module's bytes, when you already have them (bundled, cached, read from disk). Nothing is
   * fetched.
   * @defaultValue undefined
   */
  wasmBinary?: ArrayBuffer | Uint8Array;
  /**
   * An already compiled module, e.g. compiled once and posted to workers. Nothing is fetched or
   * compiled.
   * @defaultValue undefined
   */
  wasmModule?: WebAssembly.Module;
}

// A module of one function, i32x4.mul of two splats then drop: WebAssembly.validate accepts it
// exactly where the engine has fixed-width SIMD128, which the SIMD build's kernels use. Its bytes:
// magic and version 1; a type section (one type, () -> ()); a function section (one function of
// type 0); a code section with one body of 14 bytes and no locals: i32.const 0, i32x4.splat,
// i32.const 0, i32x4.splat, i32x4.mul, drop, end.
const simd128Probe = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, 0x01, 0x04, 0x01, 0x60, 0x00, 0x00, 0x03, 0x02, 0x01, 0x00, 0x0a,
  0x10, 0x01, 0x0e, 0x00, 0x41, 0x00, 0xfd, 0x11, 0x41, 0x00, 0xfd, 0x11, 0xfd, 0xb5, 0x01, 0x1a, 0x0b,
]);

/**
 * Whether this engine runs WebAssembly SIMD128, as `WebAssembly.validate` says of a probe module.
 * Asked on every default load (it takes microseconds), so that what the engine says is what counts.
 */
export function hasSimd128(): boolean {
  try {
    return WebAssembly.validate(simd128Probe);
  } catch {
    return false;
  }
}

const optionNames = ["wasmUrl", "wasmBinary", "wasmModule"] as const;

export function checkLoadOptions(options: unknown, allowed: readonly string[] = optionNames): LoadOptions {
  if (options === undefined) return {};
  if (options === null || typeof options !== "object") {
    throw wrapperError("invalid_type", "loadOptionsObject", "");
  }
  const given = Object.keys(options).filter((k) => (options as Record<string, unknown>)[k] !== undefined);
  for (const k of given) {
    if (!allowed.includes(k)) throw wrapperError("invalid_argument", "unknownLoadOption", k);
  }
  if (given.length > 1) {
    throw wrapperError("invalid_argument", "oneLoadOption", "", [...allowed, "", ...given]);
  }
  const o = options as LoadOptions;
  if (o.wasmUrl !== undefined && typeof o.wasmUrl !== "string" && !(o.wasmUrl instanceof URL)) {
    throw wrapperError("invalid_type", "loadOptionType", "wasmUrl");
  }
  if (o.wasmBinary !== undefined && !(o.wasmBinary instanceof ArrayBuffer) && !(o.wasmBinary instanceof Uint8Array)) {
    throw wrapperError("invalid_type", "loadOptionType", "wasmBinary");
  }
  if (o.wasmModule !== undefined && !(o.wasmModule instanceof WebAssembly.Module)) {
    throw wrapperError("invalid_type", "loadOptionType", "wasmModule");
  }
  return o;
}

function loadFailed(cause: unknown): RinglabError {
  const detail = cause instanceof Error ? cause.message : String(cause);
  const e = wrapperError("load_failed", "cannotLoad", "", [detail]);
  (e as { cause?: unknown }).cause = cause;
  return e;
}

// Hidden from bundlers: this branch only runs in Node, for file: URLs.
const nodeFs = "node:fs/promises";

async function readFileUrl(url: URL): Promise<Uint8Array> {
  const fs = (await import(/* @vite-ignore */ nodeFs)) as { readFile(u: URL): Promise<Uint8Array> };
  return fs.readFile(url);
}

// What a relative wasmUrl is relative to: the page in a browser, the working directory in Node.
function baseUrl(): string | undefined {
  if (typeof location === "object" && location !== null) return location.href;
  const cwd = (globalThis as { process?: { cwd?(): string } }).process?.cwd?.();
  if (cwd === undefined) return undefined;
  const dir = cwd.replace(/\\/g, "/").replace(/\/?$/, "/");
  return "file://" + (dir.startsWith("/") ? "" : "/") + encodeURI(dir).replace(/[?#]/g, encodeURIComponent);
}

// The compiled module, from wherever `options` (or `defaultUrl`) says.
async function compileFrom(options: LoadOptions, defaultUrl: URL | undefined): Promise<WebAssembly.Module> {
  if (options.wasmModule) return options.wasmModule;
  if (options.wasmBinary) return WebAssembly.compile(options.wasmBinary as BufferSource);
  const given = options.wasmUrl ?? defaultUrl;
  if (given === undefined) throw new Error("no .wasm location");
  const url = new URL(given, baseUrl());
  if (url.protocol === "file:") return WebAssembly.compile((await readFileUrl(url)) as BufferSource);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`HTTP ${response.status} for ${url.href}`);
  const type = response.headers.get("content-type") ?? "";
  if (type.startsWith("text/html")) {
    // A dev server's fallback page instead of the file: the URL points where the .wasm is not,
    // typically because a bundler pre-bundled the package away from it.
    throw new Error(
      `got an HTML page instead of ringlab.wasm at ${url.href}; pass load({ wasmUrl }) ` +
        `(with Vite: optimizeDeps.exclude: ["ringlab"], or import "ringlab/single")`,
    );
  }
  if (typeof WebAssembly.compileStreaming === "function" && type.startsWith("application/wasm")) {
    return WebAssembly.compileStreaming(response);
  }
  // A server that sends another MIME type: compile from the bytes instead.
  return WebAssembly.compile(await response.arrayBuffer());
}

/** The main module's builds: each a link of its own, with its own glue. */
export type MainBuild = "scalar" | "simd128";

/**
 * Which build of the main module `compiled` is, as its link wrote it in the custom section
 * "ringlab_build" (cpp/wasm/build_mark.cpp). A glue loads only its own build: a module without
 * the section is not one of this package's main modules.
 */
export function mainBuild(compiled: WebAssembly.Module): MainBuild {
  const [mark] = WebAssembly.Module.customSections(compiled, "ringlab_build");
  const build = mark ? new TextDecoder().decode(mark) : "";
  if (build === "scalar" || build === "simd128") return build;
  throw wrapperError("load_failed", "notMainModule", "");
}

/** A module's glue, or, for the main module, how to choose its build's glue once it is compiled. */
export type Glue<M> = Factory<M> | { pick(compiled: WebAssembly.Module): Promise<Factory<M>> };

/** An instantiated module: Emscripten's module object and the WebAssembly instance's exports. */
export interface Instantiated<M> {
  module: M;
  /**
   * The instance's own exports (its memory, the direct entry points), kept here rather than read
   * from the module object, where Emscripten versions differ (Module.asm is gone from newer ones).
   */
  exports: WebAssembly.Exports;
  /** The compiled WebAssembly module the instance runs. */
  compiled: WebAssembly.Module;
}

/** Runs an Emscripten glue's factory with the .wasm from `options` (or `defaultUrl`), compiled first. */
export async function instantiate<M>(glue: Glue<M>, options: LoadOptions, defaultUrl?: URL): Promise<Instantiated<M>> {
  let compiled: WebAssembly.Module;
  try {
    compiled = await compileFrom(options, defaultUrl);
  } catch (e) {
    throw loadFailed(e);
  }
  const factory = typeof glue === "function" ? glue : await glue.pick(compiled);
  let reject!: (e: unknown) => void;
  const failed = new Promise<never>((_, r) => (reject = r));
  let exports: WebAssembly.Exports | undefined;
  const moduleArg: ModuleArg = {
    instantiateWasm(imports, receive) {
      WebAssembly.instantiate(compiled, imports).then(
        (instance) => {
          exports = instance.exports;
          receive(instance, compiled);
        },
        (e: unknown) => reject(loadFailed(e)),
      );
      return {};
    },
  };
  const ready = factory(moduleArg).then((module) => {
    if (exports === undefined) throw loadFailed("the module was not instantiated by the loader");
    return { module, exports, compiled };
  });
  return Promise.race([ready, failed]);
}

/**
 * An entry point's `load()`: without options every call resolves to one shared instance (a load
 * that failed is forgotten, so a later call tries again); with options each call loads a new,
 * independent instance, its options checked first.
 */
export function entryLoader<T>(start: (options: LoadOptions) => Promise<T>): (options?: LoadOptions) => Promise<T> {
  let shared: Promise<T> | undefined;
  return (options) => {
    // Bad options are a rejection, as every other load failure: never a throw from load() itself.
    if (options !== undefined) return (async () => start(checkLoadOptions(options)))();
    shared ??= start({}).catch((e: unknown) => {
      shared = undefined;
      throw e;
    });
    return shared;
  };
}
