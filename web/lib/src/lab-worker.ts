// An entry point named by no export: web/lib/dist/lab-worker.js, beside lab.js, whose
// runInWorker() starts it by its URL. It exports nothing; its import of the lab's entry (lab.ts)
// stays an import of dist/lab.js.
//
// The worker of `ringlab/lab`: the lab's module, loaded once, and the runs of one message, one
// after another, each row's progress and each run's result posted as they come. The page or the
// Node process that started it ends it by terminating it, which is how a run is cancelled: the
// module's run is one call that nothing interrupts.
//
// The same file runs as a Web Worker (module type) and as a Node worker thread.
import { RinglabError } from "./core/errors.js";
import { load, type FromLabWorker, type ToLabWorker } from "./lab.js";

// Hidden from bundlers: only a Node worker thread takes this branch.
const nodeWorkerThreads = "node:worker_threads";

interface Port {
  post(message: FromLabWorker): void;
  listen(receive: (message: ToLabWorker) => void): void;
}

async function parentPort(): Promise<Port> {
  const scope = globalThis as { WorkerGlobalScope?: unknown; postMessage?: (m: unknown) => void };
  if (typeof scope.WorkerGlobalScope === "function") {
    return {
      post: (m) => scope.postMessage!(m),
      listen: (receive) => addEventListener("message", (e) => receive((e as MessageEvent<ToLabWorker>).data)),
    };
  }
  const { parentPort: port } = (await import(/* @vite-ignore */ nodeWorkerThreads)) as {
    parentPort: { postMessage(m: unknown): void; on(event: "message", f: (m: ToLabWorker) => void): void } | null;
  };
  if (port === null) throw new Error("ringlab/lab's worker runs only as a worker");
  return { post: (m) => port.postMessage(m), listen: (receive) => port.on("message", receive) };
}

void parentPort().then((port) => {
  port.listen((m) => {
    void (async () => {
      try {
        const lab = await load();
        for (const [run, options] of m.runs.entries()) {
          const result = lab.run(options, { onProgress: (progress) => port.post({ op: "progress", run, progress }) });
          port.post({ op: "result", run, result });
        }
        port.post({ op: "done" });
      } catch (e) {
        const x = e as { name?: string; code?: string; message?: string };
        port.post({
          op: "error",
          name: x?.name ?? "Error",
          code: x?.code ?? "internal",
          message: x?.message ?? String(e),
          // The error's data, which structured cloning carries.
          detail:
            e instanceof RinglabError
              ? { rule: e.rule, param: e.param, values: e.values, ...(e.inner ? { inner: e.inner } : {}) }
              : undefined,
        });
      }
    })();
  });
});
