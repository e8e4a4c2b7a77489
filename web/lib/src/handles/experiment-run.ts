// The handle of an experiment in parts: a worker of `ringlab/parallel` counts the chunks it is
// given, and one run turns the tallies' sum into the experiment's result.
import { HandleBase } from "../core/handle.js";
import type { Heap } from "../core/heap.js";
import type { RawExperimentRun } from "../core/raw.js";
import type { ExperimentName, ExperimentResults, ExperimentRun } from "../main/types.js";
import { num, tallyArg } from "../core/validate.js";

export class ExperimentRunHandle<K extends ExperimentName>
  extends HandleBase<RawExperimentRun>
  implements ExperimentRun<K>
{
  readonly #heap: Heap;
  readonly experiment: K;
  readonly steps: number;
  readonly chunks: number;
  readonly #size: number;

  constructor(raw: RawExperimentRun, heap: Heap, experiment: K) {
    super(raw, "experiment run");
    this.#heap = heap;
    this.experiment = experiment;
    this.steps = raw.steps();
    this.chunks = raw.chunks();
    this.#size = raw.tallySize();
  }

  tally(): Float64Array {
    return new Float64Array(this.#size);
  }

  work(step: number, first: number, end: number): number {
    const raw = this.raw;
    const [s, f, e] = [num(step, "step"), num(first, "first"), num(end, "end")];
    return this.#heap.call(() => raw.work(s, f, e));
  }

  place(step: number, first: number, end: number, tally: Float64Array): Float64Array {
    const raw = this.raw;
    const [s, f, e, t] = [num(step, "step"), num(first, "first"), num(end, "end"), tallyArg(tally)];
    return this.#heap.call(() => raw.place(s, f, e, t));
  }

  result(tally: Float64Array): ExperimentResults[K] {
    const raw = this.raw;
    const t = tallyArg(tally);
    switch (this.experiment as ExperimentName) {
      case "ring-vs-mod":
        return this.#heap.call(() => raw.ringVsMod(t)) as ExperimentResults[K];
      case "vnode-sweep":
        return this.#heap.call(() => raw.vnodeSweep(t)) as ExperimentResults[K];
      case "hrw-jump":
        return this.#heap.call(() => raw.hrwJump(t)) as ExperimentResults[K];
    }
  }
}
