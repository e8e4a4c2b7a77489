// Emscripten's ES module glue for the library module's SIMD128 build (built by scripts/build-wasm.mjs).
import type { Factory, RawModule } from "../core/raw.js";
declare const createRinglabSimdModule: Factory<RawModule>;
export default createRinglabSimdModule;
