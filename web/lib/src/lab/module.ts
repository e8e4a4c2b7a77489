// The `ringlab/lab` API over an instantiated lab module. Only the options' JavaScript types are
// checked here; every value (integers, ranges) is the core's to check, with `ringlab lab`'s errors.
import { wrapperError } from "../core/errors.js";
import { Heap } from "../core/heap.js";
import type { Instantiated } from "../core/loader.js";
import { publicRow } from "../core/compare-row.js";
import type { RawComparisonRow } from "../core/raw.js";
import { compareArgs, invalidType, num, options, str } from "../core/validate.js";
import type { MemoryUsage } from "../main/types.js";
import type { RawCompareDefaults, RawLabBalance, RawLabModule, RawLabResult, RawLabRow } from "./raw.js";
import type {
  LabBalance,
  LabClaim,
  LabClaimsOptions,
  LabHistory,
  LabOptions,
  LabParam,
  LabResult,
  LabRow,
  LabRunOptions,
  NewerCompareScenario,
  NewerComparisonAlgorithm,
  NewerComparisonRow,
  RinglabLab,
} from "./types.js";

const balance = (b: RawLabBalance): LabBalance => Object.freeze({ ...b });

function row(r: RawLabRow): LabRow {
  return Object.freeze({
    algorithm: r.algorithm,
    seam: r.seam as LabRow["seam"],
    input: r.input as LabRow["input"],
    removal: r.removal as LabRow["removal"],
    skipped: r.skipped,
    workLookups: r.workLookups,
    work: Object.freeze(r.work.map((w) => Object.freeze({ ...w }))),
    bytes: r.bytes,
    bytesPerBucket: r.bytesPerBucket,
    balance: r.balance === null ? null : balance(r.balance),
    monotonicity: Object.freeze(r.monotonicity.map((m) => Object.freeze({ ...m }))),
    histories: Object.freeze(
      r.histories.map((h) =>
        Object.freeze({
          order: h.order as LabHistory["order"],
          removed: h.removed,
          balance: balance(h.balance),
          bytes: h.bytes,
          bytesPerBucket: h.bytesPerBucket,
        }),
      ),
    ),
  });
}

function result(r: RawLabResult): LabResult {
  return Object.freeze({
    buckets: r.buckets,
    keysPerBucket: r.keysPerBucket,
    seed: r.seed,
    keys: r.keys,
    distinctKeys: r.distinctKeys,
    rows: Object.freeze(r.rows.map(row)),
    csv: r.csv,
  });
}

const labKeys = ["buckets", "keysPerBucket", "seed"] as const;

// A newer comparison's scenario: rl.compare's keys, and which algorithms.
const newerKeys = ["servers", "vnodes", "seed", "keys", "change", "epsilon", "tableSize", "threads", "newer"];

// A row as the public type has it, as rl.compare's rows (publicRow). The algorithm's name is the
// core's (newer_compare_algorithms), which the registry's types list.
const newerRow = (row: RawComparisonRow): NewerComparisonRow => publicRow<NewerComparisonAlgorithm>(row);

// `newer` as the module reads it: "all" or a list's text as the CLI's --newer takes them, or an
// array of names; the names themselves are the core's to check.
function newerArg(v: unknown): string | string[] {
  if (v === undefined) return "all";
  if (typeof v === "string") return v;
  if (!Array.isArray(v)) throw invalidType("newer", "a string or an array of names", v);
  return v.map((s: unknown, i) => str(s, `newer[${i}]`));
}

export class RinglabLabModule implements RinglabLab {
  readonly version: string;
  readonly #raw: RawLabModule;
  readonly #heap: Heap<object>;
  readonly #params: readonly LabParam[];
  #compareDefaults: RawCompareDefaults | undefined;

  constructor({ module: raw, exports }: Instantiated<RawLabModule>) {
    this.#raw = raw;
    this.#heap = new Heap<object>(raw, exports, []);
    this.version = raw.version();
    this.#params = Object.freeze(raw.labParams().map((p) => Object.freeze({ ...p }) as LabParam));
  }

  params(): readonly LabParam[] {
    return this.#params;
  }

  maxKeysPerBucket(buckets: number): number {
    const n = num(buckets, "buckets");
    const raw = this.#raw;
    return this.#heap.call(() => raw.labMaxKeysPerBucket(n))!;
  }

  run(opts?: LabOptions, runOptions?: LabRunOptions): LabResult {
    const o = options<LabOptions>(opts, labKeys, "lab.run");
    const value = (k: (typeof labKeys)[number]) => (o[k] === undefined ? undefined : num(o[k], k));
    const args = { buckets: value("buckets"), keysPerBucket: value("keysPerBucket"), seed: value("seed") };
    const r = options<LabRunOptions>(runOptions, ["onProgress"], "lab.run");
    const onProgress = r.onProgress;
    if (onProgress !== undefined && typeof onProgress !== "function") {
      throw wrapperError("invalid_type", "mustBe", "onProgress", ["a function"]);
    }
    const progress =
      onProgress === undefined
        ? undefined
        : (algorithm: string, complete: number, rows: number) => onProgress({ algorithm, complete, rows });
    const raw = this.#raw;
    return result(this.#heap.call(() => raw.labRun(args, progress))!);
  }

  claims(opts?: LabClaimsOptions): readonly LabClaim[] {
    const o = options<LabClaimsOptions>(opts, ["seed"], "lab.claims");
    const seed = o.seed === undefined ? undefined : num(o.seed, "seed");
    const raw = this.#raw;
    const claims = this.#heap.call(() => raw.labClaims(seed))!;
    return Object.freeze(claims.map((c) => Object.freeze({ ...c, values: Object.freeze({ ...c.values }) })));
  }

  compareNewer(scenario?: NewerCompareScenario): NewerComparisonRow[] {
    const o = options<NewerCompareScenario>(scenario, newerKeys, "compareNewer");
    const d = (this.#compareDefaults ??= this.#raw.compareDefaults());
    const args = compareArgs(o, d, d.weight);
    const newer = newerArg(o.newer);
    const raw = this.#raw;
    return this.#heap.call(() => raw.compareNewer(args, newer))!.map(newerRow);
  }

  memory(): MemoryUsage {
    const u = this.#raw.heapUsage();
    return { heapUsed: u.used, heapReserved: u.reserved, memoryBytes: this.#heap.memoryBytes };
  }
}
