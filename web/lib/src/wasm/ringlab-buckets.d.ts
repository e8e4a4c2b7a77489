// Emscripten's ES module glue for the buckets module (built by scripts/build-wasm.mjs): the bucket
// seam's bindings and the server seam's.
import type { Factory } from "../core/raw.js";
import type { RawBucketsModule } from "../buckets/raw.js";
import type { RawPlacersModule } from "../placers/raw.js";
declare const createRinglabBucketsModule: Factory<RawBucketsModule & RawPlacersModule>;
export default createRinglabBucketsModule;
