// An entry point named by no export: web/lib/dist/lab-worker.js, beside lab.js, whose
// runInWorker() starts it by its URL. It exports nothing; its import of the lab's entry (lab.ts)
// stays an import of dist/lab.js.
//
// The worker of `ringlab/lab`: the lab's module, loaded once, and the runs of one message, one
// after another, each row's progress and each run's result posted as they come; or the papers'
// claims, or compare's newer rows, posted at once. The page or the
// Node process that started it ends it by terminating it, which is how a run is cancelled: the
// module's run is one call that nothing interrupts.
//
// The same file runs as a Web Worker (module type) and as a Node worker thread.
import { parentPort, workerError } from "./core/workers.js";
import { load, type FromLabWorker, type ToLabWorker } from "./lab.js";

void parentPort<FromLabWorker, ToLabWorker>("ringlab/lab").then((port) => {
  port.listen((m) => {
    void (async () => {
      try {
        const lab = await load();
        if ("claims" in m) {
          port.post({ op: "claims", claims: lab.claims(m.claims) });
          return;
        }
        if ("compareNewer" in m) {
          port.post({ op: "compareNewer", rows: lab.compareNewer(m.compareNewer) });
          return;
        }
        for (const [run, options] of m.runs.entries()) {
          const result = lab.run(options, { onProgress: (progress) => port.post({ op: "progress", run, progress }) });
          port.post({ op: "result", run, result });
        }
        port.post({ op: "done" });
      } catch (e) {
        port.post(workerError(e));
      }
    })();
  });
});
