// The lab's module (`ringlab/lab`: every algorithm of both seams on the same keys), loaded on first
// use by the lab widget (core/lazy-module.ts) for its parameters' ranges and defaults; its runs go
// to the package's worker (runInWorker), which loads the module again off the page's thread. The
// main bundle carries only this loader. The papers' claims go to the same worker, and so do the
// compare page's newer rows for a scenario big enough to go to workers.
import type {
  LabClaim,
  LabOptions,
  LabProgress,
  LabResult,
  NewerCompareScenario,
  NewerComparisonRow,
  RinglabLab,
} from "ringlab/lab";
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

/** The papers' claims at `seed`, computed in the lab's worker; `signal` cancels them. */
export async function labClaimsInWorker(seed: number | undefined, signal: AbortSignal): Promise<readonly LabClaim[]> {
  const { claimsInWorker } = await import("ringlab/lab");
  return claimsInWorker(seed === undefined ? {} : { seed }, { signal });
}

/**
 * compare's newer rows for `scenario`: in the lab's worker when `inWorker` (a big scenario, which
 * would hold the page's thread for seconds), else on this thread; `signal` cancels the worker.
 */
export async function labCompareNewer(
  scenario: NewerCompareScenario,
  inWorker: boolean,
  signal: AbortSignal,
): Promise<NewerComparisonRow[]> {
  if (inWorker) {
    try {
      const { compareNewerInWorker } = await import("ringlab/lab");
      return await compareNewerInWorker(scenario, { signal });
    } catch (e) {
      // No worker possible here (the script came from another origin): on the page, as the
      // chapter's rows are then.
      if ((e as { name?: unknown })?.name !== "SecurityError") throw e;
    }
  }
  return (await getLab()).compareNewer(scenario);
}
