// What the claims module registers (cpp/wasm/claims.cpp), as the wrapper sees it.
import type { RawCommon, RawHeapUsage } from "../core/raw.js";

export interface RawClaimsModule extends RawCommon {
  version(): string;
  heapUsage(): RawHeapUsage;
  /** The catalogue as `ringlab claims --json` prints it ("" with the error recorded on failure). */
  claimsJson(): string;
}
