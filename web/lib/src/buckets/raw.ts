// What the buckets module registers (cpp/wasm/buckets.cpp), as the wrapper sees it.
import type { RawCommon, RawHandle, RawHeapUsage } from "../core/raw.js";

/** Every option of a bucket algorithm, undefined where not given; the core checks each against the algorithm's rows. */
export interface RawBucketOptions {
  buckets: number | undefined;
  capacity: number | undefined;
  seed: bigint | number | undefined;
  nodes: readonly string[] | undefined;
  probes: number | undefined;
}

/**
 * A bucket algorithm of the registry: its name, input kind ("u64", "u32", "text"), option names,
 * what it answers ("bucket", "name") and whether it traces.
 */
export interface RawBucketAlgorithm {
  name: string;
  input: string;
  options: string[];
  answers: string;
  removal: string;
  traces: boolean;
}

/** A lookup's step: its kind by the core's name (bucketStepKinds()), the value as a bigint. */
export interface RawBucketStep {
  kind: string;
  bucket: number;
  bound: number;
  value: bigint;
}

/** A built bucket algorithm (ringlab::Buckets). */
export interface RawBucketHasher extends RawHandle {
  algorithm(): string;
  input(): string;
  /** "bucket", or "name": its answers are places in its nodes list, which the wrapper names. */
  answers(): string;
  size(): number;
  canAdd(): boolean;
  canRemove(): boolean;
  traces(): boolean;
  /** A u64 or u32 algorithm's input, a uint64 already (0 with the error recorded for a u32 one beyond 2^32 − 1). */
  bucket(input: bigint): number;
  /** An input that is no uint64 (a number, a bigint out of range): read and checked by the core. */
  bucketOf(input: bigint | number): number;
  /** A text algorithm's key. */
  bucketKey(key: string): number;
  /** Staged words: n inputs (32-bit, or 64-bit as word pairs when wide), then n results. */
  bucketMany(n: number, wide: boolean): void;
  /** Staged strings (Heap.stagedStrings): n keys, their results in the block. */
  bucketKeys(n: number, ascii: boolean): void;
  /** Staged words: m offsets, m − 1 results, then the keys' `bytes` bytes (Heap.stagedWords' `bytes`). */
  bucketUtf8(m: number, bytes: number): void;
  /** A lookup's steps, the input as bucket(), bucketOf() and bucketKey() take it; undefined with the error recorded. */
  trace(input: bigint): RawBucketStep[] | undefined;
  traceOf(input: bigint | number): RawBucketStep[] | undefined;
  traceKey(key: string): RawBucketStep[] | undefined;
  add(): number;
  remove(bucket: number): void;
}

export interface RawBucketsModule extends RawCommon {
  version(): string;
  heapUsage(): RawHeapUsage;
  bucketAlgorithms(): RawBucketAlgorithm[];
  /** The step kinds' names, in the core's order. */
  bucketStepKinds(): string[];
  /** null with the error recorded on failure. */
  makeBucketHasher(algorithm: string, options: RawBucketOptions): RawBucketHasher | null;
}
