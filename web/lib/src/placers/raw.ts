// What the buckets module registers for the server seam (cpp/wasm/placers.cpp), as the wrapper sees it.
import type { RawCommon, RawHandle, RawHeapUsage } from "../core/raw.js";

/** A server as the wrapper passes it: its name and the fields it was given, each of its type. */
export interface RawPlacerServer {
  name: string;
  weight?: number;
  zone?: string;
  token?: number;
}

/** Every option of a placer, undefined where not given; the core checks each against the algorithm's rows. */
export interface RawPlacerOptions {
  servers: readonly RawPlacerServer[] | undefined;
  vnodes: number | undefined;
  tableSize: number | undefined;
  epsilon: number | undefined;
  bits: number | undefined;
}

/** A placer of the registry: its name, its rows' names ("zone" where it has zones), membership and traits. */
export interface RawPlacerAlgorithm {
  name: string;
  options: string[];
  membership: string[];
  removal: string;
  weights: boolean;
  zones: boolean;
  traces: boolean;
  preference: boolean;
}

/** A lookup's step: its kind by the core's name (placeStepKinds()), the value as a bigint. */
export interface RawPlaceStep {
  kind: string;
  server: number;
  point: number;
  value: bigint;
  lo: number;
  hi: number;
  right: boolean;
  score: number;
}

/** A built placer (ringlab::Placer). */
export interface RawServerPlacer extends RawHandle {
  algorithm(): string;
  size(): number;
  servers(): string[];
  place(key: string): number;
  /** The keys as one batch, their servers in a new Uint32Array; undefined with the error recorded. */
  placeMany(keys: readonly string[]): Uint32Array | undefined;
  trace(key: string): RawPlaceStep[] | undefined;
  /** Each key's steps within the batch; undefined with the error recorded. */
  traceMany(keys: readonly string[]): RawPlaceStep[][] | undefined;
  /** The key's first n servers' places; undefined with the error recorded. */
  preference(key: string, n: number): Uint32Array | undefined;
  /** Each key's first n servers' places, row after row; undefined with the error recorded. */
  preferenceMany(keys: readonly string[], n: number): Uint32Array | undefined;
  add(server: RawPlacerServer): void;
  remove(name: string): void;
  reweight(name: string, weight: number): void;
}

export interface RawPlacersModule extends RawCommon {
  version(): string;
  heapUsage(): RawHeapUsage;
  placerAlgorithms(): RawPlacerAlgorithm[];
  /** The step kinds' names, in the core's order. */
  placeStepKinds(): string[];
  /** null with the error recorded on failure. */
  makePlacer(algorithm: string, options: RawPlacerOptions): RawServerPlacer | null;
}
