// Instantiating an Emscripten module with the .wasm coming from wherever the caller says:
// precompiled, as bytes, from a URL (fetch, streaming when the server sends application/wasm),
// or from a file: URL in Node (read from disk: Node's fetch does not do file: URLs).
import { RinglabError } from "./errors.js";
import type { Factory, ModuleArg } from "./raw.js";

/** Where the `.wasm` comes from. Give at most one; by default it is fetched from next to the module. */
export interface LoadOptions {
  /**
   * URL of `ringlab.wasm`, for when it is served from somewhere else than next to the package's
   * JavaScript (a CDN, a hashed asset path). A `file:` URL is read from disk in Node.
   * @defaultValue `new URL("./wasm/ringlab.wasm", import.meta.url)` — the file shipped in the package,
   *   also exported as `ringlab/ringlab.wasm`
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

const optionNames = ["wasmUrl", "wasmBinary", "wasmModule"] as const;

export function checkLoadOptions(options: unknown, allowed: readonly string[] = optionNames): LoadOptions {
  if (options === undefined) return {};
  if (options === null || typeof options !== "object") {
    throw new RinglabError("invalid_type", "load() options must be an object");
  }
  const given = Object.keys(options).filter((k) => (options as Record<string, unknown>)[k] !== undefined);
  for (const k of given) {
    if (!allowed.includes(k)) throw new RinglabError("invalid_argument", `unknown load() option "${k}"`);
  }
  if (given.length > 1) {
    throw new RinglabError("invalid_argument", `give at most one of ${allowed.join(", ")} (got ${given.join(", ")})`);
  }
  const o = options as LoadOptions;
  if (o.wasmUrl !== undefined && typeof o.wasmUrl !== "string" && !(o.wasmUrl instanceof URL)) {
    throw new RinglabError("invalid_type", "wasmUrl must be a string or a URL");
  }
  if (o.wasmBinary !== undefined && !(o.wasmBinary instanceof ArrayBuffer) && !(o.wasmBinary instanceof Uint8Array)) {
    throw new RinglabError("invalid_type", "wasmBinary must be an ArrayBuffer or a Uint8Array");
  }
  if (o.wasmModule !== undefined && !(o.wasmModule instanceof WebAssembly.Module)) {
    throw new RinglabError("invalid_type", "wasmModule must be a WebAssembly.Module");
  }
  return o;
}

function loadFailed(what: string, cause: unknown): RinglabError {
  const detail = cause instanceof Error ? cause.message : String(cause);
  const e = new RinglabError("load_failed", `${what}: ${detail}`);
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

async function instantiateFrom(
  options: LoadOptions,
  defaultUrl: URL | undefined,
  imports: WebAssembly.Imports,
): Promise<{ instance: WebAssembly.Instance; module: WebAssembly.Module }> {
  if (options.wasmModule) {
    return { instance: await WebAssembly.instantiate(options.wasmModule, imports), module: options.wasmModule };
  }
  if (options.wasmBinary) return WebAssembly.instantiate(options.wasmBinary as BufferSource, imports);
  const given = options.wasmUrl ?? defaultUrl;
  if (given === undefined) throw new Error("no .wasm location");
  const url = new URL(given, baseUrl());
  if (url.protocol === "file:") return WebAssembly.instantiate((await readFileUrl(url)) as BufferSource, imports);
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
  if (typeof WebAssembly.instantiateStreaming === "function" && type.startsWith("application/wasm")) {
    return WebAssembly.instantiateStreaming(response, imports);
  }
  // A server that sends another MIME type: compile from the bytes instead.
  return WebAssembly.instantiate(await response.arrayBuffer(), imports);
}

/** An instantiated module: Emscripten's module object and the WebAssembly instance's exports. */
export interface Instantiated<M> {
  module: M;
  /**
   * The instance's own exports (its memory, the direct entry points), kept here rather than read
   * from the module object, where Emscripten versions differ (Module.asm is gone from newer ones).
   */
  exports: WebAssembly.Exports;
}

/** Runs an Emscripten factory with the .wasm from `options` (or `defaultUrl`). */
export function instantiate<M>(factory: Factory<M>, options: LoadOptions, defaultUrl?: URL): Promise<Instantiated<M>> {
  let reject!: (e: unknown) => void;
  const failed = new Promise<never>((_, r) => (reject = r));
  let exports: WebAssembly.Exports | undefined;
  const moduleArg: ModuleArg = {
    instantiateWasm(imports, receive) {
      instantiateFrom(options, defaultUrl, imports).then(
        ({ instance, module }) => {
          exports = instance.exports;
          receive(instance, module);
        },
        (e: unknown) => reject(loadFailed("cannot load ringlab's .wasm", e)),
      );
      return {};
    },
  };
  const ready = factory(moduleArg).then((module) => {
    if (exports === undefined)
      throw loadFailed("cannot load ringlab's .wasm", "the module was not instantiated by the loader");
    return { module, exports };
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
