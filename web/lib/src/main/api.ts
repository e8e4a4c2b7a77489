// The package's one way from a raw module to the API. The parts: module.ts (the module's
// functions), ../handles/ (what it makes, one file each: ring.ts, rendezvous.ts, maglev.ts,
// token-ring.ts, mulberry32.ts, …, on ../core/handle.ts), ../core/heap.ts (the one that touches
// the WebAssembly heap) and ../core/validate.ts (JavaScript types).
import type { Instantiated } from "../core/loader.js";
import { RinglabModule } from "./module.js";
import type { RawModule } from "../core/raw.js";
import type { Ringlab } from "./types.js";

/** Wraps an instantiated module (internal: use `load()`). */
export function createRinglab({ module, exports, compiled }: Instantiated<RawModule>): Ringlab {
  return new RinglabModule(module, exports, compiled);
}
