// Emscripten's ES module glue for the plans module (built by scripts/build-wasm.mjs).
import type { Factory } from "../core/raw.js";
import type { RawPlanModule } from "../plan/raw.js";
declare const createRinglabPlanModule: Factory<RawPlanModule>;
export default createRinglabPlanModule;
