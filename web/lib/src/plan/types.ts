// The public types of `ringlab/plan`.
import type { MemoryUsage } from "../main/types.js";

/** Whether a figure is the real tool's to the bit (checked against the tool) or a model of it. */
export type PlanExactness = "exact" | "model";

/** One step: units moved from one node to another, in the order the tool moves them. */
export interface PlanStep {
  readonly from: string;
  readonly to: string;
  /** The units it moves by number (Redis: slot numbers), in move order; empty where they are named. */
  readonly units: Uint32Array;
  /** The units it moves by name where they have no number (Kafka: the keys given), in order. */
  readonly names: readonly string[];
}

/** A key the plan was given, and its node (a Kafka partition) before and after. */
export interface PlanKey {
  readonly key: string;
  readonly before: string;
  readonly after: string;
  readonly moves: boolean;
}

/** The share of a hash's whole output whose node changes, counted hash by hash (no sample). */
export interface PlanHashSpace {
  /** The hash and its range: `"murmur2 & 0x7fffffff, [0, 2^31)"`. */
  readonly hashes: string;
  readonly exactness: PlanExactness;
  /** Hashes in the range. */
  readonly size: number;
  /** Hashes whose node changes. */
  readonly moved: number;
  /** moved / size, reduced: `"536870911/1073741824"`. */
  readonly fraction: string;
  /** As a percentage, to 9 decimals: `"49.999999907"`. */
  readonly percent: string;
}

/** What a node holds: how many units, and in how many runs of consecutive units (its fragmentation). */
export interface PlanShare {
  readonly count: number;
  readonly ranges: number;
}

/** A node's share before and after the plan. */
export interface PlanNode {
  readonly node: string;
  readonly before: PlanShare;
  readonly after: PlanShare;
}

/** A quirk of the tool that changes the outcome: `kind` is a stable name, `text` says it in English. */
export interface PlanWarning {
  readonly kind: string;
  readonly text: string;
}

/** The same end counts reached another way, for comparison: not what the tool does. */
export interface PlanAlternative {
  readonly label: string;
  readonly exactness: PlanExactness;
  readonly steps: readonly PlanStep[];
  readonly nodes: readonly PlanNode[];
}

/**
 * A migration plan: `ringlab plan SYSTEM OPERATION`'s, field for field its `--json` summary (and
 * its steps), each step's units as a Uint32Array.
 */
export interface Plan {
  /** `"redis"`, `"kafka"`. */
  readonly system: string;
  /** What it reproduces: `"redis-cli 7.0.15"`. */
  readonly tool: string;
  /** `"rebalance"`, `"reshard"`, `"from 6 to 12 partitions"`. */
  readonly operation: string;
  /** What moves: `"slots"`. */
  readonly unit: string;
  /** Units in all: 16384 slots; 0 where the units are named. */
  readonly space: number;
  readonly exactness: PlanExactness;
  /** The steps, in the tool's order. */
  readonly steps: readonly PlanStep[];
  /** Units the steps move in all. */
  readonly moved: number;
  /** Every node the plan reads, in the tool's order, with its share before and after. */
  readonly nodes: readonly PlanNode[];
  readonly warnings: readonly PlanWarning[];
  /** A note that is no warning ("No rebalancing needed! …"), or null. */
  readonly note: string | null;
  /** Where the real run stops before its end: the units that do move and the shares then; null when it runs to the end. */
  readonly stops: { readonly moved: number; readonly nodes: readonly PlanNode[] } | null;
  readonly alternatives: readonly PlanAlternative[];
  /** For a system that places keys by a hash (Kafka): the keys given, where each goes before and after. */
  readonly keys: readonly PlanKey[];
  /** For a system that places keys by a hash: the share of its output that moves (`--json`'s `space`); else null. */
  readonly hashSpace: PlanHashSpace | null;
}

/** The cluster: the `CLUSTER NODES` text of the node redis-cli is pointed at (its order decides ties). */
export interface RedisPlanCluster {
  readonly nodes: string;
}

/** `redis-cli --cluster rebalance`'s options (`ringlab plan redis rebalance`'s flags). */
export interface RedisRebalanceOptions extends RedisPlanCluster {
  /** A master's weight by its id (or a prefix of it), in order (`--weight ID=W`); 0 drains it. */
  readonly weights?: Readonly<Record<string, number>>;
  /** Masters with no slot take part (`--use-empty-masters`). */
  readonly useEmptyMasters?: boolean;
  /** Rebalance only if a master is more than this percentage off its share (default 2). */
  readonly threshold?: number;
}

/** `redis-cli --cluster reshard`'s options (`ringlab plan redis reshard`'s flags). */
export interface RedisReshardOptions extends RedisPlanCluster {
  /** The source nodes' ids, or `"all"` (every master but the target). */
  readonly from: readonly string[] | "all";
  /** The node that receives the slots. */
  readonly to: string;
  /** Slots to move: 1 … 16384. */
  readonly slots: number;
}

/** Redis Cluster's plans, exactly as redis-cli 7.0.15 makes them. */
export interface RedisPlans {
  /**
   * `redis-cli --cluster rebalance`'s moves, slot by slot.
   * @throws RinglabError with `ringlab plan redis rebalance`'s codes and messages: a malformed
   *   `CLUSTER NODES` line (with its line and column), a weight for no node, weights that leave no
   *   master, a value out of range.
   */
  rebalance(options: RedisRebalanceOptions): Plan;
  /**
   * `redis-cli --cluster reshard`'s moves, slot by slot, with its shortfall where it has one.
   * @throws RinglabError with `ringlab plan redis reshard`'s codes and messages.
   */
  reshard(options: RedisReshardOptions): Plan;
}

/** `ringlab plan kafka`'s options. */
export interface KafkaPartitionsOptions {
  /** The partition counts before and after, `"N:M"`, M ≥ N (Kafka cannot remove partitions). */
  readonly partitions: string;
  /** `"murmur2"` (the Java client's, the default), `"consistent"`, `"fnv1a"` (librdkafka), or `"all"`. */
  readonly partitioner?: "murmur2" | "consistent" | "fnv1a" | "all";
  /** The keys whose partitions to give; without, the plan is the share of the hash's output alone. */
  readonly keys?: readonly string[];
}

/** Kafka's plans: what a change of a topic's partition count does to its keys. */
export interface KafkaPlans {
  /**
   * One plan per partitioner (the three of `"all"` in the command line's order): each key's
   * partition before and after, the keys that move as steps, the exact share of the hash's output
   * that moves, and the warning that a key that moves loses its order.
   * @throws RinglabError with `ringlab plan kafka`'s codes and messages: partitions not N:M, a
   *   count out of range, a decrease, an unknown partitioner.
   */
  partitions(options: KafkaPartitionsOptions): Plan[];
}

/** The API `load()` from `ringlab/plan` resolves to. */
export interface RinglabPlan {
  /** The package version the module was built from. */
  readonly version: string;
  readonly redis: RedisPlans;
  readonly kafka: KafkaPlans;
  /** The module's heap (see `ringlab`'s `memory()`). */
  memory(): MemoryUsage;
}
