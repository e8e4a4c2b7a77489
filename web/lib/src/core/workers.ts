// The two ends of a worker that the package's worker-backed entries share (ringlab/parallel's
// workers, ringlab/lab's): the page's handle on a Web Worker or a Node worker thread, the
// worker's port to whoever started it, and an error as a message can carry it. Each entry is
// bundled with its own copy of these few lines; what differs is only the messages' types.
import { RinglabError, type RinglabErrorDetail } from "./errors.js";

/** A worker as the page drives it: a Web Worker or a Node worker thread, wrapped. */
export interface WorkerLink<To, From> {
  postMessage(message: To): void;
  /** Calls `receive` with each message the worker sends, `fail` if it fails to start or dies. */
  listen(receive: (message: From) => void, fail: (error: Error) => void): void;
  terminate(): void;
}

/**
 * A Web Worker as a WorkerLink. The caller makes the Worker itself, with the literal
 * `new Worker(new URL("./x.js", import.meta.url), { type: "module" })` by which bundlers (Vite,
 * webpack 5) find the worker's script and emit it as a file of its own.
 */
export function webWorker<To, From>(w: Worker): WorkerLink<To, From> {
  return {
    postMessage: (m) => w.postMessage(m),
    listen(receive, fail) {
      w.addEventListener("message", (e: MessageEvent<From>) => receive(e.data));
      w.addEventListener("error", (e) => fail(new Error(e.message || "the worker failed to start")));
    },
    terminate: () => w.terminate(),
  };
}

// Hidden from bundlers: only Node takes these branches. (A literal `new URL("./…",
// import.meta.url)` in a Node branch would make a bundler copy the worker's source as an asset.)
const nodeWorkerThreads = "node:worker_threads";

/** The script at `script` in a Node worker thread, as a WorkerLink. */
export async function nodeWorker<To, From>(script: URL): Promise<WorkerLink<To, From>> {
  const threads = (await import(/* @vite-ignore */ nodeWorkerThreads)) as {
    Worker: new (url: URL) => {
      postMessage(m: unknown): void;
      on(event: "message", f: (m: From) => void): void;
      on(event: "error", f: (e: Error) => void): void;
      terminate(): Promise<number>;
    };
  };
  const w = new threads.Worker(script);
  return {
    postMessage: (m) => w.postMessage(m),
    listen(receive, fail) {
      w.on("message", receive);
      w.on("error", fail);
    },
    terminate: () => void w.terminate(),
  };
}

/** The worker's end: what it posts to whoever started it, and what it is sent. */
export interface WorkerPort<Out, In> {
  post(message: Out): void;
  listen(receive: (message: In) => void): void;
}

/**
 * The port of the worker this runs in, a Web Worker (module type) or a Node worker thread.
 * `entry` names the entry point whose worker it is, for the error when it runs as no worker.
 */
export async function parentPort<Out, In>(entry: string): Promise<WorkerPort<Out, In>> {
  const scope = globalThis as { WorkerGlobalScope?: unknown; postMessage?: (m: unknown) => void };
  if (typeof scope.WorkerGlobalScope === "function") {
    return {
      post: (m) => scope.postMessage!(m),
      listen: (receive) => addEventListener("message", (e) => receive((e as MessageEvent<In>).data)),
    };
  }
  const { parentPort: port } = (await import(/* @vite-ignore */ nodeWorkerThreads)) as {
    parentPort: { postMessage(m: unknown): void; on(event: "message", f: (m: In) => void): void } | null;
  };
  if (port === null) throw new Error(`${entry}'s worker runs only as a worker`);
  return { post: (m) => port.postMessage(m), listen: (receive) => port.on("message", receive) };
}

/** An error as a worker's message carries it; the page makes it a RinglabError again. */
export interface WorkerError {
  op: "error";
  name: string;
  code: string;
  message: string;
  detail?: RinglabErrorDetail | undefined;
}

/** Any thrown value as a WorkerError: a RinglabError with its data, which structured cloning carries (bigints included). */
export function workerError(e: unknown): WorkerError {
  const x = e as { name?: string; code?: string; message?: string };
  return {
    op: "error",
    name: x?.name ?? "Error",
    code: x?.code ?? "internal",
    message: x?.message ?? String(e),
    detail:
      e instanceof RinglabError
        ? { rule: e.rule, param: e.param, values: e.values, ...(e.inner ? { inner: e.inner } : {}) }
        : undefined,
  };
}
