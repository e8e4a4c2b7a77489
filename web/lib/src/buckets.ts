// The entry point of `ringlab/buckets` (package.json exports "./buckets"): web/lib/dist/buckets.js
// and buckets.d.ts, over ringlab-buckets.wasm; its internals are in buckets/. It defines load() and
// re-exports RinglabError and errorCodes (core/errors.ts, the bundle every entry shares),
// LoadOptions (core/loader.ts), Handle and MemoryUsage (main/types.ts) and the bucket hashers'
// types (buckets/types.ts, buckets/options.ts).
/**
 * ringlab/buckets: the hash-to-bucket algorithms (jump, mod-N and the ones after them), each
 * through one handle built from its name and options, as `ringlab bucket` runs them. A
 * WebAssembly module of its own (`ringlab-buckets.wasm`), so that the algorithms it gains cost
 * the main entry nothing.
 *
 * @example
 * ```ts
 * import { load } from "ringlab/buckets";
 * const buckets = await load();
 * using jump = buckets.hasher("jump", { buckets: 10 });
 * jump.bucket(599759890n); // 9
 * jump.remove(9); // jump removes only its last bucket
 * jump.bucketMany(new BigUint64Array([599759890n, 42n])); // Uint32Array [6, 2]
 * ```
 * @module
 */
import { RinglabBucketsModule } from "./buckets/module.js";
import type { RinglabBuckets } from "./buckets/types.js";
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
export type * from "./buckets/types.js";

/**
 * Loads the buckets module and resolves to its API. By default `ringlab-buckets.wasm` is fetched
 * from next to this file (in Node: read from disk); {@link LoadOptions} say otherwise. Without
 * options every call resolves to the same instance.
 *
 * @throws RinglabError `"load_failed"` (as a rejection) when the `.wasm` cannot be loaded.
 */
export const load: (options?: LoadOptions) => Promise<RinglabBuckets> = entryLoader(
  async (options) =>
    new RinglabBucketsModule(
      await instantiate(createRinglabBucketsModule, options, new URL("./wasm/ringlab-buckets.wasm", import.meta.url)),
    ),
);
