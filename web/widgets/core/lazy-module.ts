// A module of the package other than the main one, loaded on first use: the first get() starts
// the load, every later one shares it, and a failed load is forgotten so that a later widget may
// retry (e.g. after the network came back). One instance per page, as for the main module. The
// caller's dynamic import() stays in its own file, so the bundler makes that module's glue a chunk
// of its own and its .wasm a file of its own, fetched only by a page that uses it.
export interface LazyModule<T> {
  get(): Promise<T>;
  /** The module if it has loaded, else undefined. */
  ifLoaded(): T | undefined;
}

export function lazyModule<T>(load: () => Promise<T>): LazyModule<T> {
  let pending: Promise<T> | undefined;
  let loaded: T | undefined;
  return {
    get() {
      pending ??= load().then(
        (m) => (loaded = m),
        (e: unknown) => {
          pending = undefined;
          throw e;
        },
      );
      return pending;
    },
    ifLoaded: () => loaded,
  };
}
