// The jobs a widget runs: on the page's module (small ones) or across workers (ringlab/parallel).
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
