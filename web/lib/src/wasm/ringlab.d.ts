// Emscripten's ES module glue for the library module (built by scripts/build-wasm.mjs).
import type { Factory, RawModule } from "../core/raw.js";
declare const createRinglabModule: Factory<RawModule>;
export default createRinglabModule;
