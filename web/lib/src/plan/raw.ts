// What the plans module registers (cpp/wasm/plan.cpp), as the wrapper sees it.
import type { RawCommon, RawHeapUsage } from "../core/raw.js";
import type { RawOptionValue, RawSystemOption } from "../systems/raw.js";

/** redis-cli --cluster rebalance's options: the weights as [id, weight] pairs, in order. */
export interface RawRedisRebalanceArgs {
  nodes: string;
  weights: [string, number][] | undefined;
  useEmptyMasters: boolean;
  threshold: number | undefined;
}

/** redis-cli --cluster reshard's options: the sources' ids, or ["all"]. */
export interface RawRedisReshardArgs {
  nodes: string;
  from: string[];
  to: string;
  slots: number;
}

/** `ringlab plan kafka`'s options: --partitions N:M, the partitioner (undefined: the default), the keys. */
export interface RawKafkaPartitionsArgs {
  partitions: string;
  partitioner: string | undefined;
  keys: string[] | undefined;
}

/** `ringlab plan cassandra`'s options: one of join, leave and remove; the texts are the core's to read. */
export interface RawCassandraChangeArgs {
  ring: string;
  strategy: string;
  join: { node: string; tokens: string[]; dc: string | undefined; rack: string | undefined } | undefined;
  leave: string | undefined;
  remove: string | undefined;
  keys: string[] | undefined;
  everyRange: boolean;
  sizes: string | undefined;
}

/** A ring or table system's change: its options typed (systems/inputs.ts), the change read. */
export interface RawRingsChangeArgs {
  system: string;
  options: RawOptionValue[];
  kind: "add" | "remove" | "weight" | "down";
  server: string;
  weight: number;
  keys: string[] | undefined;
}

/** A node as the core reads it from CLUSTER NODES: its slots as [first, last] pairs, flat. */
export interface RawRedisNode {
  id: string;
  address: string;
  myself: boolean;
  replica: boolean;
  master: string;
  slots: Uint32Array;
  line: number;
}

/** Hashes of a ring plan's space (up to 2^64, as decimal text) and their percentage. */
export interface RawPlanHashes {
  hashes: string;
  percent: string;
}

// 64-bit figures cross as decimal text.
export interface RawPlanKey {
  key: string;
  before: string;
  after: string;
  moves: boolean;
  token: string | undefined;
}

export interface RawPlanShare {
  count: number;
  ranges: number;
  hashes: string | undefined;
  percent: string | undefined;
}

export interface RawPlanNode {
  node: string;
  before: RawPlanShare;
  after: RawPlanShare;
}

export interface RawPlanStep {
  from: string;
  to: string;
  units: Uint32Array;
  names: string[];
  bytes: string | null;
  /** A ring plan's step's (undefined in another plan's). */
  kind: "necessary" | "collateral" | undefined;
  arcs: { start: string; end: string; hashes: string }[] | undefined;
  hashes: string | undefined;
  percent: string | undefined;
}

export interface RawPlanWarning {
  kind: string;
  text: string;
}

/** A plan as the module builds it (an object, not a value_object: its optional parts are null). */
export interface RawPlan {
  system: string;
  tool: string;
  operation: string;
  unit: string;
  space: number;
  exactness: string;
  steps: RawPlanStep[];
  nodes: RawPlanNode[];
  warnings: RawPlanWarning[];
  note: string | null;
  stops: { moved: number; nodes: RawPlanNode[] } | null;
  alternatives: { label: string; exactness: string; steps: RawPlanStep[]; nodes: RawPlanNode[] }[];
  keys: RawPlanKey[];
  hashSpace: {
    hashes: string;
    exactness: string;
    size: string;
    moved: string;
    fraction: string;
    percent: string;
  } | null;
  ranges:
    | {
        range: string;
        start: string;
        end: string;
        hashes: string;
        before: string[];
        after: string[];
        changes: boolean;
        bytes: string | null;
      }[]
    | null;
  bytes: { exactness: string; streamed: string; given: string; covered: string; coveredPercent: string } | null;
  ring: {
    hashes: string;
    kind: "ring" | "table";
    bits: number;
    period: number | undefined;
    size: string;
    moved: RawPlanHashes;
    necessary: RawPlanHashes;
    collateral: RawPlanHashes;
    fraction: string;
    missRate: string;
    servers: { server: string; before: RawPlanHashes; after: RawPlanHashes }[];
  } | null;
}

export interface RawPlanModule extends RawCommon {
  version(): string;
  heapUsage(): RawHeapUsage;
  /** The cluster's nodes in redis-cli's order; undefined with the error recorded. */
  redisNodes(text: string): RawRedisNode[] | undefined;
  /** The plan; undefined with the error recorded. */
  redisRebalance(args: RawRedisRebalanceArgs): RawPlan | undefined;
  redisReshard(args: RawRedisReshardArgs): RawPlan | undefined;
  /** One plan per partitioner; undefined with the error recorded. */
  kafkaPartitions(args: RawKafkaPartitionsArgs): RawPlan[] | undefined;
  cassandraChange(args: RawCassandraChangeArgs): RawPlan | undefined;
  /** The systems ring plans are made for, in the command line's order. */
  ringPlanSystems(): string[];
  /** A system's options (the systems module's table, for the wrapper's type checks). */
  systemOptions(name: string): RawSystemOption[] | undefined;
  ringsChange(args: RawRingsChangeArgs): RawPlan | undefined;
}
