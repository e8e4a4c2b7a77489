// The systems module (`ringlab/systems`: Erlang terms, phash2, Malachi's ring), loaded on first
// use by a widget that needs it. The dynamic import makes its glue a chunk of its own, and its
// .wasm a file of its own, so a page without such a widget downloads neither (the main bundle
// carries only this loader). One instance per page, as for the main module.
import type { RinglabSystems } from "ringlab/systems";

let pending: Promise<RinglabSystems> | undefined;
let loaded: RinglabSystems | undefined;

export function getSystems(): Promise<RinglabSystems> {
  pending ??= import("ringlab/systems")
    .then((m) => m.load())
    .then(
      (rl) => (loaded = rl),
      (e: unknown) => {
        pending = undefined; // a later widget may retry (e.g. after the network came back)
        throw e;
      },
    );
  return pending;
}

/** The systems module if it has loaded, else undefined. */
export function systemsIfLoaded(): RinglabSystems | undefined {
  return loaded;
}
