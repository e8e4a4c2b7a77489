// Emscripten's ES module glue for the systems module (built by scripts/build-wasm.mjs).
import type { Factory } from "../core/raw.js";
import type { RawSystemsModule } from "../systems/raw.js";
declare const createRinglabSystemsModule: Factory<RawSystemsModule>;
export default createRinglabSystemsModule;
