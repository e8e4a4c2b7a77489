// The experiment worker: loads its own copy of the module (next to it, via import.meta.url, so it
// works from any sub-path and without eval) and runs jobs, reporting progress a few times a second.
import { load } from "ringlab";
import type { FromWorker, ToWorker } from "./protocol";
import { runJob } from "./run";

const post = (m: FromWorker) => (self as unknown as Worker).postMessage(m);

self.addEventListener("message", (e: MessageEvent<ToWorker>) => {
  const { id, job } = e.data;
  load().then(
    (rl) => {
      let last = 0;
      try {
        const result = runJob(rl, job, (done, total) => {
          const now = performance.now();
          if (now - last > 80 || done === total) {
            last = now;
            post({ type: "progress", id, done, total });
          }
        });
        post({ type: "result", id, result });
      } catch (err) {
        const x = err as { name?: string; code?: string; message?: string };
        post({
          type: "error",
          id,
          name: x?.name ?? "Error",
          code: x?.code ?? "internal",
          message: x?.message ?? String(err),
        });
      }
    },
    (err: unknown) => {
      const x = err as { name?: string; code?: string; message?: string };
      post({
        type: "error",
        id,
        name: x?.name ?? "Error",
        code: x?.code ?? "load_failed",
        message: x?.message ?? String(err),
      });
    },
  );
});
