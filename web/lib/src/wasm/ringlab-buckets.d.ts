// Emscripten's ES module glue for the buckets module (built by scripts/build-wasm.mjs).
import type { Factory } from "../core/raw.js";
import type { RawBucketsModule } from "../buckets/raw.js";
declare const createRinglabBucketsModule: Factory<RawBucketsModule>;
export default createRinglabBucketsModule;
