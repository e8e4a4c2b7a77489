// The entry point of `ringlab/placers` (package.json exports "./placers"): web/lib/dist/placers.js
// and placers.d.ts, over ringlab-buckets.wasm, the module of both generic seams; its internals are
// in placers/. It defines load() and re-exports RinglabError and errorCodes (core/errors.ts, the
// bundle every entry shares), LoadOptions (core/loader.ts), Handle and MemoryUsage (main/types.ts)
// and the placers' types (placers/types.ts, placers/options.ts).
/**
 * ringlab/placers: the placements on named servers (mod-N, the ring, rendezvous, weighted
 * rendezvous, Maglev, bounded loads, the token ring), each through one handle built from its name
 * and options, as `ringlab server` runs them. Loaded apart from the main entry: it shares the
 * buckets module (`ringlab-buckets.wasm`), so that the placers cost the main entry nothing.
 *
 * @example
 * ```ts
 * import { load } from "ringlab/placers";
 * const placers = await load();
 * using ring = placers.placer("ring", { servers: ["a", "b", { name: "c", weight: 2 }], vnodes: 100 });
 * ring.place("user:42"); // { index: 2, server: "c" }
 * ring.remove("c"); // the ring's own membership
 * ring.placeMany(["user:42", "user:43"]); // Uint32Array of places in ring.servers()
 * ```
 * @module
 */
import { RinglabPlacersModule } from "./placers/module.js";
import type { RinglabPlacers } from "./placers/types.js";
import { entryLoader, instantiate, type LoadOptions } from "./core/loader.js";
import createRinglabBucketsModule from "./wasm/ringlab-buckets.js";

export {
  RinglabError,
  errorCodes,
  type RinglabErrorCode,
  type RinglabErrorDetail,
  type RinglabErrorValue,
} from "./core/errors.js";
export type { LoadOptions } from "./core/loader.js";
export type { Handle, MemoryUsage } from "./main/types.js";
export type * from "./placers/types.js";

/**
 * Loads the buckets module, which holds the server seam too, and resolves to the placers' API. By
 * default `ringlab-buckets.wasm` is fetched from next to this file (in Node: read from disk);
 * {@link LoadOptions} say otherwise. Without options every call resolves to the same instance (an
 * instance of its own: `ringlab/buckets`' load() makes another of the same module).
 *
 * @throws RinglabError `"load_failed"` (as a rejection) when the `.wasm` cannot be loaded.
 */
export const load: (options?: LoadOptions) => Promise<RinglabPlacers> = entryLoader(
  async (options) =>
    new RinglabPlacersModule(
      await instantiate(createRinglabBucketsModule, options, new URL("./wasm/ringlab-buckets.wasm", import.meta.url)),
    ),
);
