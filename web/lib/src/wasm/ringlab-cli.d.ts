// Emscripten's ES module glue for the CLI's module (built by scripts/build-wasm.mjs).
import type { Factory } from "../core/raw.js";
import type { RawCliModule } from "../cli/raw.js";
declare const createRinglabCliModule: Factory<RawCliModule>;
export default createRinglabCliModule;
