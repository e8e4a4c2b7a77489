// The handle of a comparison in parts: the wrapper's compare() places every chunk on one run, a
// worker of `ringlab/parallel` the chunks it is given.
import { registry } from "../main/algorithms.js";
import { HandleBase } from "../core/handle.js";
import type { Heap } from "../core/heap.js";
import { RinglabError } from "../core/errors.js";
import type { RawComparisonRow, RawComparisonRun } from "../core/raw.js";
import type { ComparisonAlgorithm, ComparisonRow, ComparisonRun } from "../main/types.js";
import { num, tallyArg } from "../core/validate.js";
import { publicRow } from "../core/compare-row.js";

export class ComparisonRunHandle extends HandleBase<RawComparisonRun> implements ComparisonRun {
  readonly #heap: Heap;
  readonly chunks: number;
  readonly #size: number;

  constructor(raw: RawComparisonRun, heap: Heap) {
    super(raw, "comparison run");
    this.#heap = heap;
    this.chunks = raw.chunks();
    this.#size = raw.tallySize();
  }

  tally(): Float64Array {
    return new Float64Array(this.#size);
  }

  place(first: number, end: number, tally: Float64Array): Float64Array {
    return this.#place(first, end, tally, false);
  }

  placeBounded(first: number, end: number, tally: Float64Array): Float64Array {
    return this.#place(first, end, tally, true);
  }

  rows(tally: Float64Array): ComparisonRow[] {
    const raw = this.raw;
    const t = tallyArg(tally);
    return this.#heap.call(() => raw.rows(t)).map(comparisonRow);
  }

  #place(first: number, end: number, tally: Float64Array, bounded: boolean): Float64Array {
    const raw = this.raw;
    const [f, e, t] = [num(first, "first"), num(end, "end"), tallyArg(tally)];
    return this.#heap.call(() => raw.place(f, e, t, bounded));
  }
}

// A row as the public type has it (publicRow), the algorithm one the registry gives a row in compare.
function comparisonRow(row: RawComparisonRow): ComparisonRow {
  if (!registry.some((a) => a.compare && a.name === row.algorithm)) {
    throw new RinglabError("internal", `the module compared an unknown algorithm "${row.algorithm}"`);
  }
  return publicRow<ComparisonAlgorithm>(row);
}
