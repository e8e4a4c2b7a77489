// The public types of `ringlab/lab`.
import type { BucketEntry } from "../buckets/algorithms.js";
import type { CompareScenario, ComparisonRow, MemoryUsage } from "../main/types.js";

/** `ringlab lab`'s parameters; each left out takes the core's default ({@link RinglabLab.params}). */
export interface LabOptions {
  /** Buckets: the bucket hashers' buckets, the servers S0 … S{n-1} and multi-probe's nodes. */
  buckets?: number;
  /** Keys per bucket: buckets × keysPerBucket keys, at most 10⁷; left out, the most `buckets` allows ({@link RinglabLab.maxKeysPerBucket}). */
  keysPerBucket?: number;
  /** The seed of the keys' Mulberry32. */
  seed?: number;
}

/** A parameter as the core's table has it: its name, its range and its default. */
export interface LabParam {
  readonly name: "buckets" | "keysPerBucket" | "seed";
  readonly min: number;
  readonly max: number;
  readonly defaultValue: number;
}

/**
 * Balance over the live buckets (servers): `min`, `max` and `expected` keys a bucket; `minPct` and
 * `maxPct` are min × nodes / keys and max × nodes / keys in percent, `var` the mean of
 * (count − expected)², each to two decimals; `noBucket` the keys with no bucket (DxHash).
 */
export interface LabBalance {
  readonly nodes: number;
  readonly keys: number;
  readonly min: number;
  readonly max: number;
  readonly expected: number;
  readonly minPct: number;
  readonly maxPct: number;
  readonly var: number;
  readonly noBucket: number;
}

/**
 * Monotonicity: the last `fraction` × n buckets removed, n−1 down, then added again in reverse,
 * on the distinct keys; what moved, and from and to how many nodes.
 */
export interface LabMonotonicity {
  /** The share removed: 0.1, 0.3 or 0.5. */
  readonly fraction: number;
  readonly removed: number;
  readonly keysInRemovedNodes: number;
  readonly keysMovedFromRemovedNodes: number;
  readonly keysMovedFromOtherNodes: number;
  readonly nodesLosingKeys: number;
  readonly keysMovedToRestoredNodes: number;
  readonly keysMovedToOtherNodes: number;
  readonly nodesGainingKeys: number;
  readonly keysRelocatedAfterResize: number;
  readonly nodesChangedAfterResize: number;
}

/** One kind of trace step: its count over the work's lookups, and per lookup to three decimals. */
export interface LabWork {
  readonly kind: string;
  readonly total: number;
  readonly perLookup: number;
}

/** The balance after removing a share of the buckets in an order: random, fifo (0 up) or lifo (n−1 down). */
export interface LabHistory {
  readonly order: "random" | "fifo" | "lifo";
  /** The share removed: 0.1, 0.5 or 0.9. */
  readonly removed: number;
  readonly balance: LabBalance;
  /** The bytes its state holds after the removals, and per bucket of the n built (two decimals). */
  readonly bytes: number;
  readonly bytesPerBucket: number;
}

/** One algorithm of either seam, as `ringlab lab --json` prints its line. */
export interface LabRow {
  readonly algorithm: string;
  readonly seam: "bucket" | "server";
  readonly input: "u64" | "u32" | "text";
  /** What it can remove: any bucket, only its last, or none. */
  readonly removal: "any" | "last" | "none";
  /** Why only its work was measured; null when it ran in full. */
  readonly skipped: string | null;
  /** The lookups whose trace steps {@link work} counts. */
  readonly workLookups: number;
  readonly work: readonly LabWork[];
  /** The bytes its state holds once built at n (its containers' elements), and per bucket (two decimals). */
  readonly bytes: number;
  readonly bytesPerBucket: number;
  /** Null when skipped. */
  readonly balance: LabBalance | null;
  /** Empty without removal (or when skipped). */
  readonly monotonicity: readonly LabMonotonicity[];
  /** Empty without removal (or when skipped). */
  readonly histories: readonly LabHistory[];
}

/** The lab's answer: its parameters, its keys and a row per algorithm, in the registry's order. */
export interface LabResult {
  readonly buckets: number;
  readonly keysPerBucket: number;
  readonly seed: number;
  /** buckets × keysPerBucket. */
  readonly keys: number;
  /** Of those, distinct: monotonicity's and the histories' keys. */
  readonly distinctKeys: number;
  readonly rows: readonly LabRow[];
  /** The same result as `ringlab lab --csv` prints it, byte for byte. */
  readonly csv: string;
}

/** A row complete: its algorithm, the rows complete so far and the rows. */
export interface LabProgress {
  readonly algorithm: string;
  readonly complete: number;
  readonly rows: number;
}

/** Options of {@link RinglabLab.run}. */
export interface LabRunOptions {
  /** Called as each algorithm's row is complete. */
  onProgress?: (progress: LabProgress) => void;
}

/** Options of {@link RinglabLab.claims}. */
export interface LabClaimsOptions {
  /** The seed of the keys' Mulberry32; left out, the lab's default. */
  seed?: number;
}

/**
 * One paper's claim about a newer bucket hasher, computed now: a line of
 * `ringlab lab --claims --json`, the same fields and the same figures.
 */
export interface LabClaim {
  /** The bucket hasher, as the registry names it. */
  readonly algorithm: string;
  /** The paper: who, where. */
  readonly paper: string;
  /** What the paper asserts. */
  readonly claim: string;
  /** The paper's figure, as the paper gives it. */
  readonly paperFigure: string;
  /** ringlab's figure, computed now. */
  readonly ringlab: string;
  /** The figures around it. */
  readonly detail: string;
  /** Whether ringlab's figure bears the paper's out, by {@link check}. */
  readonly holds: boolean;
  /** The check it is held to. */
  readonly check: string;
  /** The numbers {@link ringlab} and {@link detail} are made of, by name, as they print. */
  readonly values: Readonly<Record<string, number>>;
}

/**
 * A newer bucket hasher, one that has a row of compare after the chapter's (`ringlab compare
 * --newer`): every bucket algorithm of the registry without a row of the chapter's compare.
 */
export type NewerComparisonAlgorithm = Extract<BucketEntry, { readonly compare: false }>["name"];

/**
 * The scenario of {@link RinglabLab.compareNewer}: `ringlab`'s `CompareScenario` (the same
 * servers, keys and change, the same defaults) and which newer algorithms get a row.
 */
export interface NewerCompareScenario extends CompareScenario {
  /**
   * `"all"` (every {@link NewerComparisonAlgorithm}, in the registry's order), a comma-separated
   * list as `ringlab compare --newer` takes it, or an array of names: their rows, in that order.
   * @defaultValue "all"
   */
  newer?: "all" | (string & {}) | readonly NewerComparisonAlgorithm[];
}

/**
 * One newer algorithm's row of compare: the fields of `ringlab`'s `ComparisonRow`, the same
 * measures, for a newer bucket hasher. Server Si is bucket i; an unsupported row has every number
 * 0 and says why in `reason` (`"NAME has no weights"`, `"NAME can only remove the last bucket"`)
 * and in `reasonCode` (`"no_weights"`, `"last_bucket_only"`).
 */
export interface NewerComparisonRow extends Omit<ComparisonRow, "algorithm"> {
  algorithm: NewerComparisonAlgorithm;
}

/** The API `load()` from `ringlab/lab` resolves to. */
export interface RinglabLab {
  readonly version: string;
  /** The lab's parameters, from the core's table: names, ranges, defaults. */
  params(): readonly LabParam[];
  /**
   * The most keys per bucket `buckets` allows, and `keysPerBucket` left out: the table's 100, or
   * ⌊10⁷ / buckets⌋ when that is less (10 at 10⁶), as the run holds at most 10⁷ keys.
   *
   * @throws RinglabError for buckets out of range, as {@link run} does.
   */
  maxKeysPerBucket(buckets: number): number;
  /**
   * The lab, on this thread: every algorithm of both seams on the same keys. At 100,000 buckets
   * and 100 keys a bucket it runs for minutes; `runInWorker` (from `ringlab/lab`) runs it off the page's thread.
   *
   * @throws RinglabError `"out_of_range"` for a parameter outside its range, `"invalid_argument"`
   *   for one that is no safe integer, `"invalid_type"` for one that is no number.
   */
  run(options?: LabOptions, runOptions?: LabRunOptions): LabResult;
  /**
   * The papers' claims about the newer bucket hashers (JumpBackHash, FlipHash, multi-probe,
   * MementoHash, AnchorHash, DxHash), each computed now beside the paper's figure: the lines of
   * `ringlab lab --claims --json`. About a second natively; `claimsInWorker` (from `ringlab/lab`)
   * computes them off the page's thread.
   *
   * @throws RinglabError `"invalid_argument"` for a seed that is no safe integer,
   *   `"invalid_type"` for one that is no number.
   */
  claims(options?: LabClaimsOptions): readonly LabClaim[];
  /**
   * compare's rows for the newer bucket hashers, the rows `ringlab compare --newer` prints after
   * the chapter's: the same keys placed before and after the same change as `ringlab`'s
   * `compare`, measured as it measures its rows, needless moves included. The bucket hashers have
   * no weights: unequal weights make every row unsupported, and one that removes only its last
   * bucket is unsupported for a change of another server.
   *
   * @throws RinglabError as `ringlab`'s `compare` for a bad scenario, with the same code and
   *   message; for `newer`, `"invalid_argument"` for a name that is no newer algorithm
   *   (`"oneOf"`, naming them), a name listed twice (`"duplicateListed"`) or an empty array
   *   (`"list"`), `"invalid_type"` for neither a string nor an array of strings.
   */
  compareNewer(scenario?: NewerCompareScenario): NewerComparisonRow[];
  memory(): MemoryUsage;
}
