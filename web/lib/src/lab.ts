// The entry point of `ringlab/lab` (package.json exports "./lab"): web/lib/dist/lab.js and
// lab.d.ts, over ringlab-lab.wasm; its internals are in lab/. It defines load() and runInWorker()
// (with the types of the messages to and from its worker, lab-worker.ts) and re-exports
// RinglabError and errorCodes (core/errors.ts, the bundle every entry shares), LoadOptions
// (core/loader.ts), MemoryUsage (main/types.ts) and the lab's types (lab/types.ts).
/**
 * ringlab/lab: `ringlab lab` as typed values: every algorithm of both seams (the bucket hashers
 * and the placers on named servers) on the same seeded keys, measured for balance, monotonicity
 * under removal and restore, the work of a lookup and balance after removal histories. The same
 * figures as `ringlab lab --json`, on this thread or in a worker with progress and cancel. Also
 * compare's rows of the newer bucket hashers (`compareNewer`, `ringlab compare --newer`), which
 * need every bucket hasher the lab links. A WebAssembly module of its own.
 *
 * @example
 * ```ts
 * import { load, runInWorker } from "ringlab/lab";
 * const lab = await load();
 * const small = lab.run({ buckets: 100, keysPerBucket: 10 });
 * console.log(small.rows.map((r) => [r.algorithm, r.balance?.maxPct]));
 * const [big] = await runInWorker([{ buckets: 100_000 }], { onProgress: (p) => console.log(p.algorithm) });
 * const claims = await claimsInWorker({ seed: 16 });
 * console.log(claims.map((c) => [c.algorithm, c.paperFigure, c.ringlab, c.holds]));
 * ```
 * @module
 */
import { RinglabError, toCode, wrapperError } from "./core/errors.js";
import { entryLoader, instantiate, type LoadOptions } from "./core/loader.js";
import { nodeWorker, webWorker, type WorkerError, type WorkerLink } from "./core/workers.js";
import { RinglabLabModule } from "./lab/module.js";
import type {
  LabClaim,
  LabClaimsOptions,
  LabOptions,
  LabProgress,
  LabResult,
  NewerCompareScenario,
  NewerComparisonRow,
  RinglabLab,
} from "./lab/types.js";
import createRinglabLabModule from "./wasm/ringlab-lab.js";

export {
  RinglabError,
  errorCodes,
  type RinglabErrorCode,
  type RinglabErrorDetail,
  type RinglabErrorValue,
} from "./core/errors.js";
export type { LoadOptions } from "./core/loader.js";
export type { MemoryUsage } from "./main/types.js";
export type * from "./lab/types.js";

/**
 * Loads the lab's module and resolves to its API. By default `ringlab-lab.wasm` is fetched from
 * next to this file (in Node: read from disk); {@link LoadOptions} say otherwise. Without options
 * every call resolves to the same instance.
 *
 * @throws RinglabError `"load_failed"` (as a rejection) when the `.wasm` cannot be loaded.
 */
export const load: (options?: LoadOptions) => Promise<RinglabLab> = entryLoader(
  async (options) =>
    new RinglabLabModule(
      await instantiate(createRinglabLabModule, options, new URL("./wasm/ringlab-lab.wasm", import.meta.url)),
    ),
);

/** Page → the lab's worker: the runs, one after another; or the papers' claims; or compare's newer rows. */
export type ToLabWorker =
  { runs: LabOptions[] } | { claims: LabClaimsOptions } | { compareNewer: NewerCompareScenario };

/** The lab's worker → page: each row's progress, each run's result, then done; the claims; the newer rows; or an error. */
export type FromLabWorker =
  | { op: "progress"; run: number; progress: LabProgress }
  | { op: "result"; run: number; result: LabResult }
  | { op: "claims"; claims: readonly LabClaim[] }
  | { op: "compareNewer"; rows: NewerComparisonRow[] }
  | { op: "done" }
  | WorkerError;

/**
 * A worker as {@link runInWorker} drives it: a Web Worker or a Node worker thread, wrapped.
 * `listen` calls `receive` with each message the worker sends, `fail` if it fails to start or dies.
 */
export type LabWorker = WorkerLink<ToLabWorker, FromLabWorker>;

/** Options of {@link runInWorker}. */
export interface LabWorkerOptions {
  /** Called as each algorithm's row of a run is complete, with the run's index in `runs`. */
  onProgress?: (run: number, progress: LabProgress) => void;
  /** Called with each run's result as it completes, before the next run starts. */
  onResult?: (run: number, result: LabResult) => void;
  /** Cancels the runs: the worker is terminated, and the promise rejects with the signal's reason. */
  signal?: AbortSignal;
  /**
   * Starts the worker. By default the package's own worker script (`lab-worker.js`, next to this
   * file) as a module Web Worker, or as a worker thread in Node.
   */
  spawn?: () => LabWorker | Promise<LabWorker>;
}

const workerScript = "./lab-worker.js";

async function defaultSpawn(): Promise<LabWorker> {
  if (typeof Worker === "function") {
    // This exact form lets bundlers (Vite, webpack 5) emit the worker script as a file of its own.
    return webWorker(new Worker(new URL("./lab-worker.js", import.meta.url), { type: "module" }));
  }
  return nodeWorker(new URL(workerScript, import.meta.url));
}

/**
 * The lab's runs, one after another, in one worker (a Web Worker in a browser, a worker thread in
 * Node), off the calling thread: each result is {@link RinglabLab.run}'s for its options. The
 * worker is terminated when the runs are done, fail or are cancelled.
 *
 * @throws RinglabError (as a rejection) for a bad run, with the code and message of
 *   {@link RinglabLab.run}; `"load_failed"` when the worker cannot start; the signal's reason when
 *   cancelled.
 */
export async function runInWorker(runs: readonly LabOptions[], options: LabWorkerOptions = {}): Promise<LabResult[]> {
  if (!Array.isArray(runs)) throw wrapperError("invalid_type", "mustBe", "runs", ["an array"]);
  if (options === null || typeof options !== "object") {
    throw wrapperError("invalid_type", "mustBe", "runInWorker() options", ["an object"]);
  }
  for (const k of Object.keys(options)) {
    if (!["onProgress", "onResult", "signal", "spawn"].includes(k)) {
      throw wrapperError("invalid_argument", "unknownRunOption", k, [k, "runInWorker()"]);
    }
  }
  const { onProgress, onResult, signal, spawn = defaultSpawn } = options;
  for (const [name, f] of [
    ["onProgress", onProgress],
    ["onResult", onResult],
  ] as const) {
    if (f !== undefined && typeof f !== "function") throw wrapperError("invalid_type", "mustBe", name, ["a function"]);
  }
  signal?.throwIfAborted();
  const worker = await spawn();
  const results: LabResult[] = [];
  let onAbort: (() => void) | undefined;
  try {
    return await new Promise<LabResult[]>((resolve, reject) => {
      onAbort = () => reject(signal!.reason);
      signal?.addEventListener("abort", onAbort);
      worker.listen(
        (m) => {
          if (m.op === "progress") onProgress?.(m.run, m.progress);
          else if (m.op === "result") {
            results.push(m.result);
            onResult?.(m.run, m.result);
          } else if (m.op === "done") resolve(results);
          // The worker's error as the module threw it: the core's code, the same message (the
          // claims' and the newer rows' answers are not ones the runs ask for).
          else if (m.op !== "claims" && m.op !== "compareNewer")
            reject(new RinglabError(toCode(m.code), m.message, m.detail));
        },
        (error) => reject(wrapperError("load_failed", "labWorkerFailed", "", [error.message])),
      );
      worker.postMessage({ runs: [...runs] });
    });
  } finally {
    if (onAbort) signal?.removeEventListener("abort", onAbort);
    worker.terminate();
  }
}

/** Options of {@link claimsInWorker}. */
export interface LabClaimsWorkerOptions {
  /** Cancels the computation: the worker is terminated, and the promise rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Starts the worker, as {@link LabWorkerOptions.spawn} does. */
  spawn?: () => LabWorker | Promise<LabWorker>;
}

/**
 * The papers' claims ({@link RinglabLab.claims}) computed in the lab's worker, off the calling
 * thread; the worker is terminated when they are done, fail or are cancelled.
 *
 * @throws RinglabError (as a rejection) for bad options, with the code and message of
 *   {@link RinglabLab.claims}; `"load_failed"` when the worker cannot start; the signal's reason
 *   when cancelled.
 */
export async function claimsInWorker(
  claims?: LabClaimsOptions,
  options: LabClaimsWorkerOptions = {},
): Promise<readonly LabClaim[]> {
  if (options === null || typeof options !== "object") {
    throw wrapperError("invalid_type", "mustBe", "claimsInWorker() options", ["an object"]);
  }
  for (const k of Object.keys(options)) {
    if (!["signal", "spawn"].includes(k)) {
      throw wrapperError("invalid_argument", "unknownRunOption", k, [k, "claimsInWorker()"]);
    }
  }
  const { signal, spawn = defaultSpawn } = options;
  signal?.throwIfAborted();
  const worker = await spawn();
  let onAbort: (() => void) | undefined;
  try {
    return await new Promise<readonly LabClaim[]>((resolve, reject) => {
      onAbort = () => reject(signal!.reason);
      signal?.addEventListener("abort", onAbort);
      worker.listen(
        (m) => {
          if (m.op === "claims") resolve(m.claims);
          // A run's messages are not this message's answer; the worker's error is.
          else if (m.op !== "progress" && m.op !== "result" && m.op !== "done" && m.op !== "compareNewer")
            reject(new RinglabError(toCode(m.code), m.message, m.detail));
        },
        (error) => reject(wrapperError("load_failed", "labWorkerFailed", "", [error.message])),
      );
      // The options as given: the worker's claims() checks them, with the errors of lab.claims().
      worker.postMessage({ claims: claims as LabClaimsOptions });
    });
  } finally {
    if (onAbort) signal?.removeEventListener("abort", onAbort);
    worker.terminate();
  }
}

/**
 * compare's rows for the newer bucket hashers ({@link RinglabLab.compareNewer}) computed in the
 * lab's worker, off the calling thread (a scenario of millions of keys takes seconds); the worker
 * is terminated when they are done, fail or are cancelled. Its options are
 * {@link claimsInWorker}'s.
 *
 * @throws RinglabError (as a rejection) for a bad scenario, with the code and message of
 *   {@link RinglabLab.compareNewer}; `"load_failed"` when the worker cannot start; the signal's
 *   reason when cancelled.
 */
export async function compareNewerInWorker(
  scenario?: NewerCompareScenario,
  options: LabClaimsWorkerOptions = {},
): Promise<NewerComparisonRow[]> {
  if (options === null || typeof options !== "object") {
    throw wrapperError("invalid_type", "mustBe", "compareNewerInWorker() options", ["an object"]);
  }
  for (const k of Object.keys(options)) {
    if (!["signal", "spawn"].includes(k)) {
      throw wrapperError("invalid_argument", "unknownRunOption", k, [k, "compareNewerInWorker()"]);
    }
  }
  const { signal, spawn = defaultSpawn } = options;
  signal?.throwIfAborted();
  const worker = await spawn();
  let onAbort: (() => void) | undefined;
  try {
    return await new Promise<NewerComparisonRow[]>((resolve, reject) => {
      onAbort = () => reject(signal!.reason);
      signal?.addEventListener("abort", onAbort);
      worker.listen(
        (m) => {
          if (m.op === "compareNewer") resolve(m.rows);
          else if (m.op !== "progress" && m.op !== "result" && m.op !== "done" && m.op !== "claims")
            reject(new RinglabError(toCode(m.code), m.message, m.detail));
        },
        (error) => reject(wrapperError("load_failed", "labWorkerFailed", "", [error.message])),
      );
      // The scenario as given (undefined: every default): the worker's compareNewer() checks it.
      worker.postMessage({ compareNewer: scenario ?? {} });
    });
  } finally {
    if (onAbort) signal?.removeEventListener("abort", onAbort);
    worker.terminate();
  }
}
