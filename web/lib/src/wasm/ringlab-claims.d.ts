// Emscripten's ES module glue for the claims module (built by scripts/build-wasm.mjs).
import type { Factory } from "../core/raw.js";
import type { RawClaimsModule } from "../claims/raw.js";
declare const createRinglabClaimsModule: Factory<RawClaimsModule>;
export default createRinglabClaimsModule;
