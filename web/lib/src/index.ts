/**
 * ringlab: consistent hashing you can run, see and check. The C++ core compiled to WebAssembly,
 * bit-identical to the course's published programs.
 *
 * @example
 * ```ts
 * import { load } from "ringlab";
 * const rl = await load();
 * rl.h32("user:42");                          // 599759890
 * using ring = rl.ring({ servers: 4 });       // S0..S3, 100 virtual nodes each
 * ring.owner("user:42");
 * rl.vnodeSweep({ servers: 3, keys: 800 }).text;
 * ```
 * @module
 */
import { createRinglab } from "./api.js";
import { entryLoader, instantiate, type LoadOptions } from "./loader.js";
import type { Ringlab } from "./types.js";
import createRinglabModule from "./wasm/ringlab.js";

export { RinglabError, errorCodes, type RinglabErrorCode } from "./errors.js";
export type { LoadOptions } from "./loader.js";
export type * from "./types.js";

/**
 * Loads the WebAssembly module and resolves to the API.
 *
 * By default `ringlab.wasm` is fetched from next to this file (in Node: read from disk). Bundlers
 * that understand `new URL("…", import.meta.url)` (Vite, webpack 5, Rollup with a plugin) emit it
 * as an asset by themselves. Pass {@link LoadOptions} to load it from elsewhere.
 *
 * Without options every call resolves to the same instance; with options each call loads a new,
 * independent instance (its own memory).
 *
 * @throws RinglabError `"load_failed"` (as a rejection) when the `.wasm` cannot be loaded.
 */
export const load: (options?: LoadOptions) => Promise<Ringlab> = entryLoader(async (options) =>
  createRinglab(await instantiate(createRinglabModule, options, new URL("./wasm/ringlab.wasm", import.meta.url))),
);
