// A raw row of compare (the main module's and the lab's) as the public type has it. The module
// sends the core's ReasonCode as a number in place of a flag: `supported` is read from it, and
// `reason` and `reasonCode` are there only when the row is unsupported, after the numbers.
import type { RawComparisonRow } from "./raw.js";
import type { ComparisonReasonCode, ComparisonRow } from "../main/types.js";

// ringlab::ReasonCode's spellings by its values (cpp/include/ringlab/compare.hpp; 0 is a
// supported row), as the core's reason_code_name writes them in `ringlab compare --json`, which
// tests/js/compare-reasons.test.mjs holds these to.
const CODES: readonly ComparisonReasonCode[] = ["no_weights", "last_bucket_only"];

export function publicRow<A extends string>(
  row: RawComparisonRow,
): Omit<ComparisonRow, "algorithm"> & { algorithm: A } {
  const { algorithm, reasonCode, reason, ...numbers } = row;
  const out: Omit<ComparisonRow, "algorithm"> & { algorithm: A } = {
    algorithm: algorithm as A,
    supported: !reasonCode,
    ...numbers,
  };
  if (reasonCode) Object.assign(out, { reason, reasonCode: CODES[reasonCode - 1] });
  return out;
}
