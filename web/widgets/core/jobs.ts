// Running experiments: small runs on the page's own module, big ones in a Web Worker with
// progress and cancel (terminate). One worker per widget, created on the first big run and kept
// for the next; a cancel ends it and the next run starts a fresh one. A big comparison is split
// across several workers instead (ringlab/parallel), started for the run and ended with it.
import type { CompareScenario, Ringlab } from "ringlab";
import type { FromWorker, Job, JobResult, ToWorker } from "../worker/protocol";
import { isBig, runJob, type Progress } from "../worker/run";

// Workers a comparison uses at most, whatever the cores.
const kMaxWorkers = 8;

/** A run stopped by cancel(). */
export class Cancelled extends Error {
  constructor() {
    super("cancelled");
    this.name = "Cancelled";
  }
}

/** An error from the worker, shaped like the RinglabError it was. */
export class WorkerError extends Error {
  constructor(
    name: string,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = name;
  }
}

export class JobRunner {
  private worker: Worker | undefined;
  private nextId = 1;
  private pending:
    | {
        id: number;
        resolve(r: JobResult): void;
        reject(e: unknown): void;
        onProgress: Progress;
        abort?: AbortController;
      }
    | undefined;

  /** Whether `job` will run in a worker. */
  static inWorker(job: Job): boolean {
    return isBig(job) && typeof Worker !== "undefined";
  }

  run(rl: Ringlab, job: Job, onProgress: Progress): Promise<JobResult> {
    this.cancel();
    if (job.kind === "compare" && JobRunner.inWorker(job)) return this.compareInWorkers(job.options, onProgress);
    if (!JobRunner.inWorker(job)) {
      try {
        return Promise.resolve(runJob(rl, job));
      } catch (e) {
        return Promise.reject(e);
      }
    }
    let worker: Worker;
    try {
      worker = this.worker ??= this.spawn();
    } catch {
      // No worker possible here (e.g. the script came from another origin): run on the page.
      try {
        return Promise.resolve(runJob(rl, job));
      } catch (e) {
        return Promise.reject(e);
      }
    }
    const id = this.nextId++;
    return new Promise<JobResult>((resolve, reject) => {
      this.pending = { id, resolve, reject, onProgress };
      const msg: ToWorker = { type: "run", id, job };
      worker.postMessage(msg);
    });
  }

  /**
   * A big comparison, split across workers (ringlab/parallel, loaded on first use): each a module
   * of its own, so it runs on any static host. As many workers as the machine has cores, at most
   * kMaxWorkers: each holds a module and the scenario's tables.
   */
  private compareInWorkers(scenario: CompareScenario, onProgress: Progress): Promise<JobResult> {
    const abort = new AbortController();
    const id = this.nextId++;
    return new Promise<JobResult>((resolve, reject) => {
      this.pending = { id, resolve, reject, onProgress, abort };
      const cores = typeof navigator === "object" ? navigator.hardwareConcurrency || 2 : 2;
      const threads = scenario.threads ?? Math.min(cores, kMaxWorkers);
      import("ringlab/parallel")
        .then((p) => p.compareInWorkers({ ...scenario, threads }, { signal: abort.signal, onProgress }))
        .then(
          (rows) => this.settle(id, (p) => p.resolve({ kind: "compare", result: rows })),
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

  private spawn(): Worker {
    // This exact form lets Vite emit the worker as its own file, found next to this script.
    const w = new Worker(new URL("../worker/experiment-worker.ts", import.meta.url), { type: "module" });
    w.addEventListener("message", (e: MessageEvent<FromWorker>) => {
      const m = e.data;
      const p = this.pending;
      if (!p || m.id !== p.id) return;
      if (m.type === "progress") p.onProgress(m.done, m.total);
      else {
        this.pending = undefined;
        if (m.type === "result") p.resolve(m.result);
        else p.reject(new WorkerError(m.name, m.code, m.message));
      }
    });
    w.addEventListener("error", (e) => {
      const p = this.pending;
      this.pending = undefined;
      this.worker?.terminate();
      this.worker = undefined;
      p?.reject(new WorkerError("Error", "load_failed", e.message || "the experiment worker failed to start"));
    });
    return w;
  }

  /** Stops a running job (terminating its worker); its promise rejects with Cancelled. */
  cancel(): void {
    const p = this.pending;
    if (!p) return;
    this.pending = undefined;
    if (p.abort) p.abort.abort();
    else {
      this.worker?.terminate();
      this.worker = undefined;
    }
    p.reject(new Cancelled());
  }

  get running(): boolean {
    return this.pending !== undefined;
  }

  dispose(): void {
    this.cancel();
    this.worker?.terminate();
    this.worker = undefined;
  }
}
