// Emscripten's ES module glue for the lab's module (built by scripts/build-wasm.mjs).
import type { Factory } from "../core/raw.js";
import type { RawLabModule } from "../lab/raw.js";
declare const createRinglabLabModule: Factory<RawLabModule>;
export default createRinglabLabModule;
