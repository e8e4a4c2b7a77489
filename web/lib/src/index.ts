// The entry point of `ringlab` (package.json exports "."): web/lib/dist/index.js, this file
// bundled with what it imports, and index.d.ts. It defines load() and re-exports RinglabError and
// errorCodes (core/errors.ts, the bundle every entry shares), LoadOptions (core/loader.ts) and the
// API's types (main/types.ts). The files beside it are the package's other entry points; the
// folders hold their internals (core/, main/, handles/, systems/, claims/, cli/).
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
import { createRinglab } from "./main/api.js";
import { entryLoader, hasSimd128, instantiate, mainBuild, type LoadOptions } from "./core/loader.js";
import type { Ringlab } from "./main/types.js";

export {
  RinglabError,
  errorCodes,
  type RinglabErrorCode,
  type RinglabErrorDetail,
  type RinglabErrorValue,
} from "./core/errors.js";
export type { LoadOptions } from "./core/loader.js";
export type * from "./main/types.js";

/**
 * Loads the WebAssembly module and resolves to the API.
 *
 * By default the `.wasm` is fetched from next to this file (in Node: read from disk):
 * `ringlab-simd.wasm`, built with WebAssembly SIMD128, where `WebAssembly.validate` accepts a
 * SIMD128 probe, else `ringlab.wasm`, which has no SIMD instruction. Both give the same answers,
 * bit for bit; each has its own glue (`ringlab-simd.js`, `ringlab.js`), imported for the module
 * loaded. Bundlers that understand `new URL("…", import.meta.url)` (Vite, webpack 5, Rollup
 * with a plugin) emit both as assets by themselves. Pass {@link LoadOptions} to load one from
 * elsewhere: it is then used whatever the engine supports.
 *
 * Without options every call resolves to the same instance; with options each call loads a new,
 * independent instance (its own memory).
 *
 * @throws RinglabError `"load_failed"` (as a rejection) when the `.wasm` cannot be loaded.
 */
export const load: (options?: LoadOptions) => Promise<Ringlab> = entryLoader(async (options) =>
  createRinglab(
    await instantiate(
      // The glue of the build given or fetched: only it is downloaded.
      {
        pick: async (compiled) =>
          mainBuild(compiled) === "simd128"
            ? (await import("./wasm/ringlab-simd.js")).default
            : (await import("./wasm/ringlab.js")).default,
      },
      options,
      // Both URLs written out whole, so that bundlers see and emit both files.
      hasSimd128()
        ? new URL("./wasm/ringlab-simd.wasm", import.meta.url)
        : new URL("./wasm/ringlab.wasm", import.meta.url),
    ),
  ),
);
