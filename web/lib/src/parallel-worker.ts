// An entry point named by no export: web/lib/dist/parallel-worker.js, beside parallel.js, which
// starts it in each worker by its URL. It exports nothing; its import of the main entry
// (index.ts) stays an import of dist/index.js.
//
// The worker of `ringlab/parallel`: a module of its own (load() from the package's main entry,
// kept a separate file so a bundler sees the same module and its .wasm), one run (a comparison or
// an experiment), and the tally of the chunks it placed. It answers one message at a time; the page or the Node
// process that started it ends it by terminating it.
//
// The same file runs as a Web Worker (module type) and as a Node worker thread.
import { parentPort, workerError } from "./core/workers.js";
import { load } from "./index.js";
import type { FromWorker, ToWorker } from "./parallel.js";
import type { ComparisonRun, ExperimentRun } from "./main/types.js";

// The module, loaded with the start message (a failure is its answer): the first worker loads
// its own; the others are given the first one's compiled module and only instantiate it: nothing
// fetched or compiled again, and the engine shares the compiled code.
let loading: ReturnType<typeof load> | undefined;

// The run: a comparison (step 0 every algorithm but bounded loads, step 1 bounded loads, in
// order) or an experiment (its own steps).
let compare: ComparisonRun | undefined;
let experiment: ExperimentRun | undefined;
let tally: Float64Array | undefined;

async function answer(m: ToWorker): Promise<FromWorker> {
  switch (m.op) {
    case "start": {
      loading ??= m.wasm ? load({ wasmModule: m.wasm }) : load();
      const rl = await loading;
      compare?.dispose();
      experiment?.dispose();
      compare = experiment = undefined;
      if (m.job.kind === "compare") {
        compare = rl.comparisonRun(m.job.scenario);
        tally = compare.tally();
        const ordered = [false, true];
        return {
          op: "ready",
          steps: 2,
          chunks: compare.chunks,
          total: 2 * compare.chunks,
          ordered,
          wasm: rl.wasmModule,
        };
      }
      const run = (experiment = rl.experimentRun(m.job.kind, m.job.options));
      tally = run.tally();
      let total = 0;
      for (let step = 0; step < run.steps; step++) total += run.work(step, 0, run.chunks);
      const ordered = Array<boolean>(run.steps).fill(false);
      return { op: "ready", steps: run.steps, chunks: run.chunks, total, ordered, wasm: rl.wasmModule };
    }
    case "place":
      if (compare) {
        tally = m.step === 0 ? compare.place(m.first, m.end, tally!) : compare.placeBounded(m.first, m.end, tally!);
        return { op: "placed", work: m.end - m.first };
      }
      tally = experiment!.place(m.step, m.first, m.end, tally!);
      return { op: "placed", work: experiment!.work(m.step, m.first, m.end) };
    case "tally":
      return { op: "tally", tally: tally! };
    case "result":
      return { op: "result", result: compare ? compare.rows(m.tally) : experiment!.result(m.tally) };
  }
}

void parentPort<FromWorker, ToWorker>("ringlab/parallel").then((port) => {
  // Messages are answered in order: each waits for the one before.
  let last: Promise<unknown> = Promise.resolve();
  port.listen((m) => {
    last = last.then(() => answer(m).then(port.post, (e: unknown) => port.post(workerError(e))));
  });
});
