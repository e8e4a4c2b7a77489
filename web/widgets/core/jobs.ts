// Running experiments and comparisons: small runs on the page's own module, big ones split across
// workers (ringlab/parallel, loaded on first use), each a module of its own, so they run on any
// static host without cross-origin isolation; with progress, and a cancel that ends every worker.
// The workers are started for a run and end with it.
import type { Ringlab } from "ringlab";
import type { Job, JobResult } from "../worker/protocol";
import { isBig, runJob, type Progress } from "../worker/run";

// Workers a run uses at most, whatever the cores: each holds a module and the run's structures.
const kMaxWorkers = 8;

/** A run stopped by cancel(). */
export class Cancelled extends Error {
  constructor() {
    super("cancelled");
    this.name = "Cancelled";
  }
}

export class JobRunner {
  private nextId = 1;
  private pending:
    { id: number; resolve(r: JobResult): void; reject(e: unknown): void; abort: AbortController } | undefined;

  /** Whether `job` will run in workers. */
  static inWorker(job: Job): boolean {
    return isBig(job) && typeof Worker !== "undefined";
  }

  run(rl: Ringlab, job: Job, onProgress: Progress): Promise<JobResult> {
    this.cancel();
    if (!JobRunner.inWorker(job)) {
      try {
        return Promise.resolve(runJob(rl, job));
      } catch (e) {
        return Promise.reject(e);
      }
    }
    const abort = new AbortController();
    const id = this.nextId++;
    return new Promise<JobResult>((resolve, reject) => {
      this.pending = { id, resolve, reject, abort };
      const cores = typeof navigator === "object" ? navigator.hardwareConcurrency || 2 : 2;
      const threads = job.options.threads ?? Math.min(cores, kMaxWorkers);
      const options = { signal: abort.signal, onProgress };
      import("ringlab/parallel")
        .then(async (p): Promise<JobResult> => {
          // Cancelled while the entry loaded: start no worker.
          abort.signal.throwIfAborted();
          if (job.kind === "compare")
            return { kind: job.kind, result: await p.compareInWorkers({ ...job.options, threads }, options) };
          // The experiment's own result type for its kind (runInWorkers is typed by the kind).
          const result = await p.runInWorkers(job.kind, { ...job.options, threads }, options);
          return { kind: job.kind, result } as JobResult;
        })
        .catch((e: unknown) => {
          // No worker possible here (the script came from another origin): run on the page.
          if ((e as { name?: unknown })?.name === "SecurityError") return runJob(rl, job);
          throw e;
        })
        .then(
          (r) => this.settle(id, (p) => p.resolve(r)),
          (e: unknown) => this.settle(id, (p) => p.reject(e)),
        );
    });
  }

  private settle(id: number, f: (p: NonNullable<JobRunner["pending"]>) => void): void {
    const p = this.pending;
    if (!p || p.id !== id) return; // cancelled: its promise was rejected then
    this.pending = undefined;
    f(p);
  }

  /** Stops a running job (ending its workers); its promise rejects with Cancelled. */
  cancel(): void {
    const p = this.pending;
    if (!p) return;
    this.pending = undefined;
    p.abort.abort();
    p.reject(new Cancelled());
  }

  get running(): boolean {
    return this.pending !== undefined;
  }

  dispose(): void {
    this.cancel();
  }
}
