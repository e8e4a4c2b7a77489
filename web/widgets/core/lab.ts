// The lab's module (`ringlab/lab`: every algorithm of both seams on the same keys), loaded on first
// use by the lab widget (core/lazy-module.ts) for its parameters' ranges and defaults; its runs go
// to the package's worker (runInWorker), which loads the module again off the page's thread. The
// main bundle carries only this loader.
import type { LabOptions, LabProgress, LabResult, RinglabLab } from "ringlab/lab";
import { lazyModule } from "./lazy-module";

const lab = lazyModule<RinglabLab>(() => import("ringlab/lab").then((m) => m.load()));

export const getLab = (): Promise<RinglabLab> => lab.get();

/** The lab's module if it has loaded, else undefined. */
export const labIfLoaded = (): RinglabLab | undefined => lab.ifLoaded();

/** The runs, one after another, in one worker; `signal` cancels them (the worker is terminated). */
export async function labInWorker(
  runs: LabOptions[],
  signal: AbortSignal,
  onProgress: (run: number, p: LabProgress) => void,
  onResult: (run: number, r: LabResult) => void,
): Promise<LabResult[]> {
  const { runInWorker } = await import("ringlab/lab");
  return runInWorker(runs, { signal, onProgress, onResult });
}
