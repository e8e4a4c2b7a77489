// The systems module (`ringlab/systems`: Erlang terms, phash2, Malachi's ring), loaded on first
// use by a widget that needs it (core/lazy-module.ts); the main bundle carries only this loader.
import type { RinglabSystems } from "ringlab/systems";
import { lazyModule } from "./lazy-module";

const systems = lazyModule<RinglabSystems>(() => import("ringlab/systems").then((m) => m.load()));

export const getSystems = (): Promise<RinglabSystems> => systems.get();

/** The systems module if it has loaded, else undefined. */
export const systemsIfLoaded = (): RinglabSystems | undefined => systems.ifLoaded();
