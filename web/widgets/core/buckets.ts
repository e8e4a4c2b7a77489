// The buckets module (`ringlab/buckets`: every hash-to-bucket algorithm of the registry), loaded on
// first use by the bucket stepper (core/lazy-module.ts); the main bundle carries only this loader.
import type { RinglabBuckets } from "ringlab/buckets";
import { lazyModule } from "./lazy-module";

const buckets = lazyModule<RinglabBuckets>(() => import("ringlab/buckets").then((m) => m.load()));

export const getBuckets = (): Promise<RinglabBuckets> => buckets.get();

/** The buckets module if it has loaded, else undefined. */
export const bucketsIfLoaded = (): RinglabBuckets | undefined => buckets.ifLoaded();
