// The entry point of `ringlab/plan` (package.json exports "./plan"): web/lib/dist/plan.js and
// plan.d.ts, over ringlab-plan.wasm; its internals are in plan/. It defines load() and re-exports
// RinglabError and errorCodes (core/errors.ts, the bundle every entry shares), LoadOptions
// (core/loader.ts), MemoryUsage (main/types.ts) and the plans' types (plan/types.ts).
/**
 * ringlab/plan: migration plans, exactly as the real tools make them: what moves, from where to
 * where, in the tool's order, each node's share before and after, and the tool's quirks as
 * warnings. `ringlab plan`'s, as typed values. A WebAssembly module of its own.
 *
 * @example
 * ```ts
 * import { load } from "ringlab/plan";
 * const plans = await load();
 * const plan = plans.redis.reshard({ nodes: clusterNodesText, from: "all", to: newNodeId, slots: 1000 });
 * for (const s of plan.steps) console.log(s.from, "->", s.to, s.units.length);
 * ```
 * @module
 */
import { entryLoader, instantiate, type LoadOptions } from "./core/loader.js";
import { RinglabPlanModule } from "./plan/module.js";
import type { RinglabPlan } from "./plan/types.js";
import createRinglabPlanModule from "./wasm/ringlab-plan.js";

export {
  RinglabError,
  errorCodes,
  type RinglabErrorCode,
  type RinglabErrorDetail,
  type RinglabErrorValue,
} from "./core/errors.js";
export type { LoadOptions } from "./core/loader.js";
export type { MemoryUsage } from "./main/types.js";
export type * from "./plan/types.js";

/**
 * Loads the plans module and resolves to its API. By default `ringlab-plan.wasm` is fetched from
 * next to this file (in Node: read from disk); {@link LoadOptions} say otherwise. Without options
 * every call resolves to the same instance.
 *
 * @throws RinglabError `"load_failed"` (as a rejection) when the `.wasm` cannot be loaded.
 */
export const load: (options?: LoadOptions) => Promise<RinglabPlan> = entryLoader(
  async (options) =>
    new RinglabPlanModule(
      await instantiate(createRinglabPlanModule, options, new URL("./wasm/ringlab-plan.wasm", import.meta.url)),
    ),
);
