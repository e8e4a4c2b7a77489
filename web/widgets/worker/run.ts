// Runs a job on a loaded module: the one place both the worker and the page (small runs) call.
import type { Ringlab } from "ringlab";
import type { Job, JobResult } from "./protocol";

export type Progress = (done: number, total: number) => void;

export function runJob(rl: Ringlab, job: Job, onProgress?: Progress): JobResult {
  const p = onProgress ? { onProgress } : {};
  switch (job.kind) {
    case "ring-vs-mod":
      return { kind: job.kind, result: rl.ringVsMod({ ...job.options, ...p }) };
    case "vnode-sweep":
      return { kind: job.kind, result: rl.vnodeSweep({ ...job.options, ...p }) };
    case "hrw-jump":
      return { kind: job.kind, result: rl.hrwJump({ ...job.options, ...p }) };
    case "compare":
      return { kind: job.kind, result: rl.compare(job.options) };
  }
}

/** Big runs (a million keys or more, or as much work) go to a worker so the page stays responsive. */
export function isBig(job: Job): boolean {
  const keys = Number(job.options.keys ?? 0);
  if (job.kind === "hrw-jump") return keys >= 1e6 || keys * Number(job.options.servers ?? 5) >= 1e7;
  if (job.kind === "vnode-sweep") return keys >= 1e6 || keys * (job.options.vnodes?.length ?? 4) >= 4e6;
  return keys >= 1e6;
}
