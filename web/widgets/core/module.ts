// One WebAssembly instance per page: every widget (and the playground) asks here. `load()` without
// options already shares its instance; keeping the promise here also gives widgets a synchronous
// handle once it resolved, so re-renders never wait.
import { load, type Ringlab } from "ringlab";

let pending: Promise<Ringlab> | undefined;
let loaded: Ringlab | undefined;

export function getRinglab(): Promise<Ringlab> {
  pending ??= load().then(
    (rl) => (loaded = rl),
    (e: unknown) => {
      pending = undefined; // a later widget may retry (e.g. after the network came back)
      throw e;
    },
  );
  return pending;
}

/** The module if it has loaded, else undefined. */
export function ringlabIfLoaded(): Ringlab | undefined {
  return loaded;
}
