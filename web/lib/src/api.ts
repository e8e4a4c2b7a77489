// The package's one way from a raw module to the API. The parts: module.ts (the module's
// functions), ring.ts, rendezvous.ts, maglev.ts, token-ring.ts and mulberry32.ts (what it makes,
// on handle.ts), heap.ts (the one that touches the WebAssembly heap) and validate.ts (JavaScript
// types).
import type { Instantiated } from "./loader.js";
import { RinglabModule } from "./module.js";
import type { RawModule } from "./raw.js";
import type { Ringlab } from "./types.js";

/** Wraps an instantiated module (internal: use `load()`). */
export function createRinglab({ module, exports, compiled }: Instantiated<RawModule>): Ringlab {
  return new RinglabModule(module, exports, compiled);
}
