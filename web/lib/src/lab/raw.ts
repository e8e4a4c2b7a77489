// What the lab's module registers (cpp/wasm/lab.cpp), as the wrapper sees it.
import type { RawCommon, RawCompareArgs, RawComparisonRow, RawHeapUsage } from "../core/raw.js";

/** `ringlab lab`'s parameters: each a number, or undefined for the table's default. */
export interface RawLabArgs {
  buckets: number | undefined;
  keysPerBucket: number | undefined;
  seed: number | undefined;
}

/** A row of the core's kLabParams: its name, range and default. */
export interface RawLabParam {
  name: string;
  min: number;
  max: number;
  defaultValue: number;
}

export interface RawLabBalance {
  nodes: number;
  keys: number;
  min: number;
  max: number;
  expected: number;
  minPct: number;
  maxPct: number;
  var: number;
  noBucket: number;
}

export interface RawLabMonotonicity {
  fraction: number;
  removed: number;
  keysInRemovedNodes: number;
  keysMovedFromRemovedNodes: number;
  keysMovedFromOtherNodes: number;
  nodesLosingKeys: number;
  keysMovedToRestoredNodes: number;
  keysMovedToOtherNodes: number;
  nodesGainingKeys: number;
  keysRelocatedAfterResize: number;
  nodesChangedAfterResize: number;
}

export interface RawLabWork {
  kind: string;
  total: number;
  perLookup: number;
}

export interface RawLabHistory {
  order: string;
  removed: number;
  balance: RawLabBalance;
  bytes: number;
  bytesPerBucket: number;
}

/** A row: plain objects set field by field (not a value_object), its lists arrays of value objects. */
export interface RawLabRow {
  algorithm: string;
  seam: string;
  input: string;
  removal: string;
  skipped: string | null;
  workLookups: number;
  work: RawLabWork[];
  bytes: number;
  bytesPerBucket: number;
  balance: RawLabBalance | null;
  monotonicity: RawLabMonotonicity[];
  histories: RawLabHistory[];
}

export interface RawLabResult {
  buckets: number;
  keysPerBucket: number;
  seed: number;
  keys: number;
  distinctKeys: number;
  rows: RawLabRow[];
  csv: string;
}

/** A paper's claim as `ringlab lab --claims --json` prints its line. */
export interface RawLabClaim {
  algorithm: string;
  paper: string;
  claim: string;
  paperFigure: string;
  ringlab: string;
  detail: string;
  holds: boolean;
  check: string;
  values: Record<string, number>;
}

export interface RawLabModule extends RawCommon {
  version(): string;
  heapUsage(): RawHeapUsage;
  /** The lab's rows of the parameter table. */
  labParams(): RawLabParam[];
  /** Keys per bucket's bound (and default) at the buckets; undefined with the error recorded. */
  labMaxKeysPerBucket(buckets: number): number | undefined;
  /** The lab; undefined with the error recorded. `progress` is called as each row completes. */
  labRun(
    args: RawLabArgs,
    progress: ((algorithm: string, complete: number, rows: number) => void) | undefined,
  ): RawLabResult | undefined;
  /** The papers' claims at the seed (undefined: the default); undefined with the error recorded. */
  labClaims(seed: number | undefined): RawLabClaim[] | undefined;
  /** compare's rows for the newer bucket hashers: "all", a comma-separated list or an array of names; undefined with the error recorded. */
  compareNewer(args: RawCompareArgs, newer: string | readonly string[]): RawComparisonRow[] | undefined;
  /** compare's defaults and a server's default weight, from the core's table. */
  compareDefaults(): RawCompareDefaults;
}

/** compare's defaults as the core's table has them, with a server's default weight. */
export interface RawCompareDefaults {
  servers: number;
  vnodes: number;
  seed: number;
  keys: number;
  change: string;
  epsilon: number;
  tableSize: number;
  weight: number;
}
