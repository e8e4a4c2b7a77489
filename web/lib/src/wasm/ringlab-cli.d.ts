// Emscripten's ES module glue for the CLI module (run_cli only), used by the Node CLI.
import type { Factory, RawCliModule } from "../raw.js";
declare const createRinglabModule: Factory<RawCliModule>;
export default createRinglabModule;
