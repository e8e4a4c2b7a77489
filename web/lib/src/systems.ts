// The entry point of `ringlab/systems` (package.json exports "./systems"): web/lib/dist/systems.js
// and systems.d.ts, over ringlab-systems.wasm; its internals are in systems/. It defines load()
// and re-exports RinglabError and errorCodes (core/errors.ts, the bundle every entry shares),
// LoadOptions (core/loader.ts), Handle and MemoryUsage (main/types.ts), the module's types
// (systems/types.ts) and the systems' option and answer tables (systems/options.ts).
/**
 * ringlab/systems: the real systems' placement, to the bit, in a WebAssembly module of its own
 * (the main `ringlab` entry does not load it). Today: Erlang's `:erlang.phash2` for every term,
 * Erlang and Elixir term text, and Malachi's ring.
 *
 * @example
 * ```ts
 * import { load } from "ringlab/systems";
 * const rl = await load();
 * rl.phash2("topic-a");                               // an Elixir string: :erlang.phash2("topic-a")
 * rl.phash2(rl.parseTerm("{:range, 7}"), 2 ** 16);
 * using ring = rl.malachiRing({ ringBits: 16 });
 * ring.addVnode("a", 1000);
 * ring.addVnode("b", 40000);
 * ring.route("topic-a");                              // "a" or "b", as Malachi routes it
 * ```
 * @module
 */
import { entryLoader, instantiate, type LoadOptions } from "./core/loader.js";
import { RinglabSystemsModule } from "./systems/module.js";
import type { RinglabSystems } from "./systems/types.js";
import createRinglabSystemsModule from "./wasm/ringlab-systems.js";

export {
  RinglabError,
  errorCodes,
  type RinglabErrorCode,
  type RinglabErrorDetail,
  type RinglabErrorValue,
} from "./core/errors.js";
export type { LoadOptions } from "./core/loader.js";
export type { Handle, MemoryUsage } from "./main/types.js";
export type * from "./systems/types.js";
export { systemAnswers, systemOptionTypes } from "./systems/options.js";

/**
 * Loads the systems module and resolves to its API. By default `ringlab-systems.wasm` is fetched
 * from next to this file (in Node: read from disk); {@link LoadOptions} say otherwise. Without
 * options every call resolves to the same instance.
 *
 * @throws RinglabError `"load_failed"` (as a rejection) when the `.wasm` cannot be loaded.
 */
export const load: (options?: LoadOptions) => Promise<RinglabSystems> = entryLoader(
  async (options) =>
    new RinglabSystemsModule(
      await instantiate(createRinglabSystemsModule, options, new URL("./wasm/ringlab-systems.wasm", import.meta.url)),
    ),
);
