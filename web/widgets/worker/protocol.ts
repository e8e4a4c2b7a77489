// The typed messages between a page and its experiment worker. The worker loads the module itself
// and runs one job at a time; the page cancels a run by terminating the worker.
import type {
  CompareScenario,
  ComparisonRow,
  HrwJumpOptions,
  HrwJumpResult,
  RingVsModOptions,
  RingVsModResult,
  VnodeSweepOptions,
  VnodeSweepResult,
} from "ringlab";

export type Job =
  | { kind: "ring-vs-mod"; options: RingVsModOptions }
  | { kind: "vnode-sweep"; options: VnodeSweepOptions }
  | { kind: "hrw-jump"; options: HrwJumpOptions }
  | { kind: "compare"; options: CompareScenario };

export type JobResult =
  | { kind: "ring-vs-mod"; result: RingVsModResult }
  | { kind: "vnode-sweep"; result: VnodeSweepResult }
  | { kind: "hrw-jump"; result: HrwJumpResult }
  | { kind: "compare"; result: ComparisonRow[] };

/** Page → worker. */
export type ToWorker = { type: "run"; id: number; job: Job };

/** Worker → page. */
export type FromWorker =
  | { type: "progress"; id: number; done: number; total: number }
  | { type: "result"; id: number; result: JobResult }
  | { type: "error"; id: number; name: string; code: string; message: string };
