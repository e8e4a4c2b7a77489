// The plans module (`ringlab/plan`: migration plans as the real tools make them), loaded on first
// use by the plan widget (core/lazy-module.ts); the main bundle carries only this loader, and a
// page without that widget never fetches the module's chunk or its .wasm.
import type { RinglabPlan } from "ringlab/plan";
import { lazyModule } from "./lazy-module";

const plans = lazyModule<RinglabPlan>(() => import("ringlab/plan").then((m) => m.load()));

export const getPlans = (): Promise<RinglabPlan> => plans.get();

/** The plans module if it has loaded, else undefined. */
export const plansIfLoaded = (): RinglabPlan | undefined => plans.ifLoaded();
