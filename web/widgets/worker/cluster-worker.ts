// The cluster page's worker: a long key list placed off the page's main thread by its own systems
// module (found next to it), with its progress; the answers go back as typed arrays (their
// buffers transferred, not copied), errors as data. A job that a newer one replaced stops at its
// next chunk and answers nothing: the page wants the newest only.
import { load, type RinglabSystems } from "ringlab/systems";
import { errorData, keysOf, placing, type PlaceJob, type Placed } from "../elements/cluster/placing";

const post = (m: unknown, transfer: Transferable[] = []) => (self as unknown as Worker).postMessage(m, transfer);

let module: Promise<RinglabSystems> | undefined;
let latest = 0;

function buffers(p: Placed): Transferable[] {
  const out: ArrayBufferLike[] = [p.server.buffer, p.refused.buffer];
  if (p.values) out.push(p.values.buffer);
  const m = p.moves;
  if (m && !("error" in m)) {
    out.push(m.index.buffer, m.from.buffer, m.to.buffer);
    if (m.fromValue) out.push(m.fromValue.buffer);
    if (m.toValue) out.push(m.toValue.buffer);
  }
  return out as Transferable[];
}

self.addEventListener("message", (e: MessageEvent<{ id: number; job: PlaceJob }>) => {
  const { id, job } = e.data;
  latest = id;
  module ??= load().catch((err: unknown) => {
    module = undefined; // the next job tries again
    throw err;
  });
  module
    .then(async (rl) => {
      if (id !== latest) return;
      const it = placing(rl, job, keysOf(job.keys));
      for (;;) {
        const r = it.next();
        if (r.done) {
          post({ id, placed: r.value }, buffers(r.value));
          return;
        }
        post({ id, progress: r.value });
        // A message of a newer job is heard here, between chunks: this one then stops.
        await new Promise((go) => setTimeout(go, 0));
        if (id !== latest) {
          it.return(undefined as never);
          return;
        }
      }
    })
    .catch((err: unknown) => post({ id, error: errorData(err) }));
});
