// What the claims module registers (cpp/wasm/claims.cpp), as the wrapper sees it.
import type { RawCliResult, RawCommon, RawHeapUsage } from "./raw.js";

export interface RawClaimsModule extends RawCommon {
  version(): string;
  heapUsage(): RawHeapUsage;
  /** The catalogue as `ringlab claims --json` prints it ("" with the error recorded on failure). */
  claimsJson(): string;
  /** run_cli with the claims command only. */
  runCli(args: string[]): RawCliResult;
}
