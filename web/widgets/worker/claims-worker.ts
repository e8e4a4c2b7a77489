// The claims worker: computes the chapter's claims (about a second: the chapter's experiments at
// full scale) off the page's main thread, with its own claims module found next to it.
import { load } from "ringlab/claims";

const post = (m: unknown) => (self as unknown as Worker).postMessage(m);

self.addEventListener("message", () => {
  load().then(
    (c) => {
      try {
        post({ json: c.claimsJson() });
      } catch (err) {
        const x = err as { code?: string; message?: string };
        post({ error: { code: x?.code ?? "internal", message: x?.message ?? String(err) } });
      }
    },
    (err: unknown) => {
      const x = err as { code?: string; message?: string };
      post({ error: { code: x?.code ?? "load_failed", message: x?.message ?? String(err) } });
    },
  );
});
