// The worker of `ringlab/parallel`: a module of its own (load() from the package's main entry,
// kept a separate file so a bundler sees the same module and its .wasm), one comparison run, and
// the tally of the chunks it placed. It answers one message at a time; the page or the Node
// process that started it ends it by terminating it.
//
// The same file runs as a Web Worker (module type) and as a Node worker thread.
import { load } from "./index.js";
import type { FromWorker, ToWorker } from "./parallel.js";
import type { ComparisonRun } from "./types.js";

// Hidden from bundlers: only a Node worker thread takes this branch.
const nodeWorkerThreads = "node:worker_threads";

interface Port {
  post(message: FromWorker): void;
  listen(receive: (message: ToWorker) => void): void;
}

async function parentPort(): Promise<Port> {
  const scope = globalThis as { WorkerGlobalScope?: unknown; postMessage?: (m: unknown) => void };
  if (typeof scope.WorkerGlobalScope === "function") {
    return {
      post: (m) => scope.postMessage!(m),
      listen: (receive) => addEventListener("message", (e) => receive((e as MessageEvent<ToWorker>).data)),
    };
  }
  const { parentPort: port } = (await import(/* @vite-ignore */ nodeWorkerThreads)) as {
    parentPort: { postMessage(m: unknown): void; on(event: "message", f: (m: ToWorker) => void): void } | null;
  };
  if (port === null) throw new Error("ringlab/parallel's worker runs only as a worker");
  return { post: (m) => port.postMessage(m), listen: (receive) => port.on("message", receive) };
}

let run: ComparisonRun | undefined;
let tally: Float64Array | undefined;

async function answer(m: ToWorker): Promise<FromWorker> {
  switch (m.op) {
    case "start": {
      const rl = await load();
      run?.dispose();
      run = rl.comparisonRun(m.scenario);
      tally = run.tally();
      return { op: "ready", chunks: run.chunks };
    }
    case "place":
      tally = m.bounded ? run!.placeBounded(m.first, m.end, tally!) : run!.place(m.first, m.end, tally!);
      return { op: "placed" };
    case "tally":
      return { op: "tally", tally: tally! };
    case "rows":
      return { op: "rows", rows: run!.rows(m.tally) };
  }
}

void parentPort().then((port) => {
  // Messages are answered in order: each waits for the one before.
  let last: Promise<unknown> = Promise.resolve();
  port.listen((m) => {
    last = last.then(() =>
      answer(m).then(port.post, (e: unknown) => {
        const x = e as { name?: string; code?: string; message?: string };
        port.post({
          op: "error",
          name: x?.name ?? "Error",
          code: x?.code ?? "internal",
          message: x?.message ?? String(e),
        });
      }),
    );
  });
});
