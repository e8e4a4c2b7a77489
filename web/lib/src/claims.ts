// The entry point of `ringlab/claims` (package.json exports "./claims"): web/lib/dist/claims.js
// and claims.d.ts, over ringlab-claims.wasm; its internals are in claims/. It defines load() and
// re-exports RinglabError and errorCodes (core/errors.ts, the bundle every entry shares),
// LoadOptions (core/loader.ts), MemoryUsage (main/types.ts) and the catalogue's types
// (claims/types.ts).
/**
 * ringlab/claims: every quantitative claim of the course's chapter on consistent hashing, each
 * computed live by the core beside the chapter's own figure, with a tolerance and a verdict. A
 * WebAssembly module of its own (neither `ringlab` nor `ringlab/systems` loads it).
 *
 * @example
 * ```ts
 * import { load } from "ringlab/claims";
 * const catalogue = await load();
 * for (const c of catalogue.claims()) console.log(c.id, c.chapter.figure, c.ringlab.figure, c.verdict);
 * ```
 * @module
 */
import { RinglabClaimsModule } from "./claims/module.js";
import type { RinglabClaims } from "./claims/types.js";
import { entryLoader, instantiate, type LoadOptions } from "./core/loader.js";
import createRinglabClaimsModule from "./wasm/ringlab-claims.js";

export {
  RinglabError,
  errorCodes,
  type RinglabErrorCode,
  type RinglabErrorDetail,
  type RinglabErrorValue,
} from "./core/errors.js";
export type { LoadOptions } from "./core/loader.js";
export type { MemoryUsage } from "./main/types.js";
export type * from "./claims/types.js";

/**
 * Loads the claims module and resolves to its API. By default `ringlab-claims.wasm` is fetched
 * from next to this file (in Node: read from disk); {@link LoadOptions} say otherwise. Without
 * options every call resolves to the same instance.
 *
 * @throws RinglabError `"load_failed"` (as a rejection) when the `.wasm` cannot be loaded.
 */
export const load: (options?: LoadOptions) => Promise<RinglabClaims> = entryLoader(
  async (options) =>
    new RinglabClaimsModule(
      await instantiate(createRinglabClaimsModule, options, new URL("./wasm/ringlab-claims.wasm", import.meta.url)),
    ),
);
