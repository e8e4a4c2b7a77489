// The entry point of `ringlab/parallel` (package.json exports "./parallel"):
// web/lib/dist/parallel.js and parallel.d.ts. It defines compareInWorkers() and runInWorkers(),
// the types of their options and of the messages to and from the worker (parallel-worker.ts), and
// re-exports RinglabError (core/errors.ts, the bundle every entry shares).
/**
 * `ringlab/parallel`: a comparison or an experiment split across workers — Web Workers in a
 * browser, worker threads in Node — each with a module of its own, so it needs no shared memory
 * and no cross-origin isolation: it works from any static host. The answer is
 * {@link Ringlab.compare}'s (or the experiment's), byte for byte, for every number of workers.
 *
 * @example
 * ```ts
 * import { compareInWorkers } from "ringlab/parallel";
 * const rows = await compareInWorkers(
 *   { servers: 100, keys: 10_000_000, change: "add", threads: 2 },
 *   { onProgress: (done, total) => console.log(`${done} / ${total}`) },
 * );
 * ```
 * @module
 */
import { RinglabError, toCode, wrapperError } from "./core/errors.js";
import { nodeWorker, webWorker, type WorkerError, type WorkerLink } from "./core/workers.js";
import type {
  CompareScenario,
  ComparisonRow,
  ExperimentName,
  ExperimentOptions,
  ExperimentResults,
} from "./main/types.js";

export { RinglabError } from "./core/errors.js";

/**
 * A worker as {@link compareInWorkers} drives it: a Web Worker or a Node worker thread, wrapped.
 * `listen` calls `receive` with each message the worker sends, `fail` if it fails to start or dies.
 */
export type ComparisonWorker = WorkerLink<ToWorker, FromWorker>;

/** Options of {@link compareInWorkers} and {@link runInWorkers}. */
export interface ParallelOptions {
  /**
   * Called as chunks are placed, with the work done and the work in all: for a comparison each
   * chunk of 65,536 keys counts twice (placed by every algorithm but bounded loads, and by bounded
   * loads); for an experiment, the units its own `onProgress` counts.
   */
  onProgress?: (done: number, total: number) => void;
  /** Aborts the run: every worker is terminated, and the promise rejects with the signal's reason. */
  signal?: AbortSignal;
  /**
   * Starts one worker. By default the package's own worker script (`parallel-worker.js`, next to
   * this file) as a module Web Worker, or as a worker thread in Node.
   */
  spawn?: () => ComparisonWorker | Promise<ComparisonWorker>;
}

/** What a worker runs. */
export type Job =
  | { kind: "compare"; scenario: CompareScenario }
  | { [K in ExperimentName]: { kind: K; options: ExperimentOptions[K] } }[ExperimentName];

/**
 * Page → worker. `start` carries the first worker's compiled module to the others (`wasm`): they
 * instantiate it instead of fetching and compiling their own, and the engine shares the code.
 */
export type ToWorker =
  | { op: "start"; job: Job; wasm?: WebAssembly.Module }
  | { op: "place"; step: number; first: number; end: number }
  | { op: "tally" }
  | { op: "result"; tally: Float64Array };

/**
 * Worker → page: one answer to each message, in order. `ordered`: the steps whose chunks one
 * worker must place, in order (compare's bounded loads).
 */
export type FromWorker =
  | { op: "ready"; steps: number; chunks: number; total: number; ordered: boolean[]; wasm: WebAssembly.Module }
  | { op: "placed"; work: number }
  | { op: "tally"; tally: Float64Array }
  | { op: "result"; result: ComparisonRow[] | ExperimentResults[ExperimentName] }
  | WorkerError;

// Hidden from bundlers: only Node takes this branch (core/workers.ts says why).
const nodeOs = "node:os";
const workerScript = "./parallel-worker.js";

async function defaultSpawn(): Promise<ComparisonWorker> {
  if (typeof Worker === "function") {
    // This exact form lets bundlers (Vite, webpack 5) emit the worker script as a file of its own.
    return webWorker(new Worker(new URL("./parallel-worker.js", import.meta.url), { type: "module" }));
  }
  return nodeWorker(new URL(workerScript, import.meta.url));
}

// The machine's cores: the default number of workers, as natively (--threads).
async function cores(): Promise<number> {
  const n = (globalThis as { navigator?: { hardwareConcurrency?: number } }).navigator?.hardwareConcurrency;
  if (typeof n === "number" && n > 0) return n;
  try {
    const os = (await import(/* @vite-ignore */ nodeOs)) as { availableParallelism?(): number; cpus(): unknown[] };
    return os.availableParallelism?.() ?? os.cpus().length;
  } catch {
    return 1;
  }
}

// One worker, one message in flight: ask() resolves with its answer, or rejects with its error
// (a RinglabError with the core's code and message), or with the run's stop.
class Remote {
  #pending: { resolve(m: FromWorker): void; reject(e: unknown): void } | undefined;
  #dead: Error | undefined;

  constructor(readonly worker: ComparisonWorker) {
    worker.listen(
      (m) => {
        const p = this.#pending;
        this.#pending = undefined;
        if (!p) return;
        // The worker's error as the module threw it: the core's code, the same message.
        if (m.op === "error") p.reject(new RinglabError(toCode(m.code), m.message, m.detail));
        else p.resolve(m);
      },
      (error) => {
        this.#dead = error;
        this.fail(wrapperError("load_failed", "workerFailed", "", [error.message]));
      },
    );
  }

  ask<K extends FromWorker["op"]>(message: ToWorker, expect: K): Promise<Extract<FromWorker, { op: K }>> {
    if (this.#dead) return Promise.reject(wrapperError("load_failed", "workerFailed", "", [this.#dead.message]));
    return new Promise<FromWorker>((resolve, reject) => {
      this.#pending = { resolve, reject };
      this.worker.postMessage(message);
    }).then((m) => {
      if (m.op !== expect) throw new RinglabError("internal", `a comparison worker answered ${m.op}, not ${expect}`);
      return m as Extract<FromWorker, { op: K }>;
    });
  }

  fail(reason: unknown): void {
    const p = this.#pending;
    this.#pending = undefined;
    p?.reject(reason);
  }
}

/**
 * {@link Ringlab.compare} across workers. `scenario.threads` is the number of workers (1 … 256,
 * checked by the core as natively; by default the machine's cores), never more than the run has
 * chunks. The first worker checks the scenario before any other starts, so a bad one is rejected
 * with the same RinglabError as {@link Ringlab.compare}. Bounded loads places its keys in order on
 * the first worker, between its other chunks; the other workers take the rest as they come free.
 *
 * @throws RinglabError (as a rejection) for a bad scenario or options; `"load_failed"` when a
 *   worker cannot start; the signal's reason when aborted.
 */
export async function compareInWorkers(
  scenario: CompareScenario = {},
  options: ParallelOptions = {},
): Promise<ComparisonRow[]> {
  return (await inWorkers(
    { kind: "compare", scenario },
    scenario.threads,
    options,
    "compareInWorkers",
  )) as ComparisonRow[];
}

/**
 * One of the three experiments across workers, as {@link compareInWorkers}: `options.threads`
 * workers (by default the machine's cores), the experiment's own result byte for byte, its errors
 * the module's. vnode-sweep's groups of rings (steps) are taken one after another, every worker
 * holding the rings of one group at a time.
 *
 * @example
 * ```ts
 * const { text } = await runInWorkers("vnode-sweep", { keys: 10_000_000, threads: 2 });
 * ```
 */
export async function runInWorkers<K extends ExperimentName>(
  experiment: K,
  options: ExperimentOptions[K] = {} as ExperimentOptions[K],
  parallel: ParallelOptions = {},
): Promise<ExperimentResults[K]> {
  const job = { kind: experiment, options } as Job;
  const threads = (options as { threads?: unknown } | null)?.threads;
  return (await inWorkers(job, threads, parallel, "runInWorkers")) as ExperimentResults[K];
}

async function inWorkers(
  job: Job,
  threads: unknown,
  options: ParallelOptions,
  what: string,
): Promise<ComparisonRow[] | ExperimentResults[ExperimentName]> {
  if (options === null || typeof options !== "object") {
    throw wrapperError("invalid_type", "mustBe", `${what}() options`, ["an object"]);
  }
  for (const k of Object.keys(options)) {
    if (!["onProgress", "signal", "spawn"].includes(k)) {
      throw wrapperError("invalid_argument", "unknownRunOption", k, [k, `${what}()`]);
    }
  }
  const { onProgress, signal, spawn = defaultSpawn } = options;
  if (onProgress !== undefined && typeof onProgress !== "function") {
    throw wrapperError("invalid_type", "mustBe", "onProgress", ["a function"]);
  }
  signal?.throwIfAborted();
  const remotes: Remote[] = [];
  let stopped: { reason: unknown } | undefined;
  const stop = (reason: unknown) => {
    stopped ??= { reason };
    for (const r of remotes) r.fail(reason);
  };
  const onAbort = () => stop(signal!.reason);
  signal?.addEventListener("abort", onAbort);
  // A worker started once the run has stopped (its start was already under way) is ended at once:
  // the run's `finally` has ended the others already.
  const halted = (): { reason: unknown } | undefined => stopped;
  const start = async (): Promise<Remote> => {
    if (halted()) throw halted()!.reason;
    const worker = await spawn();
    if (halted()) {
      worker.terminate();
      throw halted()!.reason;
    }
    const r = new Remote(worker);
    remotes.push(r);
    return r;
  };
  try {
    const first = await start();
    const ready = await first.ask({ op: "start", job }, "ready");
    const { chunks } = ready;
    const wanted = typeof threads === "number" ? threads : await cores();
    const count = Math.max(1, Math.min(wanted, chunks));
    // Tasks of a few chunks: enough of them for the workers to stay busy to the end, and for
    // progress to move, few enough that messages cost nothing next to the work. Those of the
    // free steps in step order (a worker then holds one step's rings at a time); those of an
    // ordered step go to the first worker, which keeps them as far along as the others.
    const size = Math.max(1, Math.min(16, Math.ceil(chunks / (count * 8))));
    const free: { step: number; first: number; end: number }[] = [];
    const ordered: { step: number; first: number; end: number }[] = [];
    for (let step = 0; step < ready.steps; step++)
      for (let c = 0; c < chunks; c += size)
        (ready.ordered[step] ? ordered : free).push({ step, first: c, end: Math.min(chunks, c + size) });
    let nextFree = 0;
    let nextOrdered = 0;
    let done = 0;
    const report = () => onProgress?.(done, ready.total);
    report();
    const work = async (r: Remote, isFirst: boolean): Promise<void> => {
      for (;;) {
        const takeOrdered =
          isFirst &&
          nextOrdered < ordered.length &&
          (nextFree >= free.length || nextOrdered / ordered.length <= nextFree / free.length);
        if (!takeOrdered && nextFree >= free.length) return;
        const task = takeOrdered ? ordered[nextOrdered++]! : free[nextFree++]!;
        const placed = await r.ask({ op: "place", ...task }, "placed");
        done += placed.work;
        report();
      }
    };
    const others = Array.from({ length: count - 1 }, async () => {
      const r = await start();
      await r.ask({ op: "start", job, wasm: ready.wasm }, "ready");
      await work(r, false);
    });
    await Promise.all([work(first, true), ...others]);
    const sum = new Float64Array((await first.ask({ op: "tally" }, "tally")).tally);
    for (const r of remotes.slice(1)) {
      const { tally } = await r.ask({ op: "tally" }, "tally");
      for (let i = 0; i < sum.length; i++) sum[i] = sum[i]! + tally[i]!;
    }
    return (await first.ask({ op: "result", tally: sum }, "result")).result;
  } catch (e) {
    stop(e);
    throw stopped ? stopped.reason : e;
  } finally {
    signal?.removeEventListener("abort", onAbort);
    for (const r of remotes) r.worker.terminate();
  }
}
