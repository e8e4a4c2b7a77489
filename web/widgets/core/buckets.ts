// The buckets module (`ringlab/buckets`: every hash-to-bucket algorithm of the registry), loaded on
// first use by the bucket stepper. The dynamic import makes its glue a chunk of its own and its
// .wasm a file of its own, so a page without that stepper downloads neither (the main bundle
// carries only this loader). One instance per page, as for the main module.
import type { RinglabBuckets } from "ringlab/buckets";

let pending: Promise<RinglabBuckets> | undefined;
let loaded: RinglabBuckets | undefined;

export function getBuckets(): Promise<RinglabBuckets> {
  pending ??= import("ringlab/buckets")
    .then((m) => m.load())
    .then(
      (bk) => (loaded = bk),
      (e: unknown) => {
        pending = undefined; // a later widget may retry (e.g. after the network came back)
        throw e;
      },
    );
  return pending;
}

/** The buckets module if it has loaded, else undefined. */
export function bucketsIfLoaded(): RinglabBuckets | undefined {
  return loaded;
}
