// The public types of `ringlab/plan`.
import type { MemoryUsage } from "../main/types.js";
import type { ServerChange, SystemOptions } from "../systems/types.js";

/** Whether a figure is the real tool's to the bit (checked against the tool) or a model of it. */
export type PlanExactness = "exact" | "model";

/** One step: units moved from one node to another, in the order the tool moves them. */
export interface PlanStep {
  readonly from: string;
  readonly to: string;
  /** The units it moves by number (Redis: slot numbers), in move order; empty where they are named. */
  readonly units: Uint32Array;
  /** The units it moves by name where they have no number (Kafka: the keys given; Cassandra: the ranges), in order. */
  readonly names: readonly string[];
  /** The bytes it streams, where the plan was given the ranges' sizes (Cassandra's `sizes`); else null. */
  readonly bytes: bigint | null;
  /**
   * A ring plan's step: `"necessary"` where its hashes move to or from the changed server,
   * `"collateral"` where they move between two servers the change did not touch.
   */
  readonly kind?: "necessary" | "collateral";
  /** A ring plan's step: the arcs it moves (a table's: its entries, one each), in hash order. */
  readonly arcs?: readonly PlanArc[];
  /** A ring plan's step: the hashes its arcs hold, and that as a percentage of the hash space. */
  readonly hashes?: bigint;
  readonly percent?: string;
}

/**
 * A run of a ring system's hash space whose server changes: on a ring the arc (start, end]
 * (wrapping past the largest hash when start ≥ end), in a table one entry (start = end).
 */
export interface PlanArc {
  readonly start: bigint;
  readonly end: bigint;
  /** The hashes it holds (a table's entry holds every hash h with h % period in it). */
  readonly hashes: bigint;
}

/** Hashes of a ring plan's space, and their percentage of it, to 9 decimals. */
export interface PlanHashes {
  readonly hashes: bigint;
  readonly percent: string;
}

/** A server's hashes before and after a ring plan's change. */
export interface PlanServerHashes {
  readonly server: string;
  readonly before: PlanHashes;
  readonly after: PlanHashes;
}

/**
 * A ring or table system's whole hash space before and after a change, counted exactly, hash by
 * hash (`--json`'s summary `space` and `servers`).
 */
export interface PlanRing {
  /** The hash and its range: `"crc32 of the key, [0, 2^32)"`. */
  readonly hashes: string;
  /** A continuum of points (`"ring"`), or a table of entries (`"table"`: Maglev, a modulo). */
  readonly kind: "ring" | "table";
  /** The hashes are [0, 2^bits). */
  readonly bits: number;
  /** A table's period: hash h is entry h % period. Absent for a ring. */
  readonly period?: number;
  /** 2^bits. */
  readonly size: bigint;
  /** Hashes whose server changes: `necessary` plus `collateral`. */
  readonly moved: PlanHashes;
  /** Hashes that move to or from the changed server. */
  readonly necessary: PlanHashes;
  /** Hashes that move between servers the change did not touch. */
  readonly collateral: PlanHashes;
  /** moved / size, reduced. */
  readonly fraction: string;
  /** The expected miss rate just after the change: the share of keys whose server changes (%). */
  readonly missRate: string;
  /** Every server before or after, with its hashes before and after. */
  readonly servers: readonly PlanServerHashes[];
}

/** A key the plan was given, and its node (a Kafka partition) before and after. */
export interface PlanKey {
  readonly key: string;
  /** Its node before and after: a Kafka partition; Cassandra's replicas, joined by ", ". */
  readonly before: string;
  readonly after: string;
  readonly moves: boolean;
  /** A Cassandra key's Murmur3 token. */
  readonly token?: bigint;
}

/** The share of a hash's whole output whose node changes, counted hash by hash (no sample). */
export interface PlanHashSpace {
  /** The hash and its range: `"murmur2 & 0x7fffffff, [0, 2^31)"`. */
  readonly hashes: string;
  readonly exactness: PlanExactness;
  /** Hashes in the range (up to 2^64 − 1: Cassandra's tokens). */
  readonly size: bigint;
  /** Hashes whose node changes. */
  readonly moved: bigint;
  /** moved / size, reduced: `"536870911/1073741824"`. */
  readonly fraction: string;
  /** As a percentage, to 9 decimals: `"49.999999907"`. */
  readonly percent: string;
}

/** What a node holds: how many units, and in how many runs of consecutive units (its fragmentation). */
export interface PlanShare {
  readonly count: number;
  readonly ranges: number;
  /** Where the units cover a hash space (a Cassandra node's ranges): how many of its hashes they hold. */
  readonly hashes?: bigint;
  /** …and that as a percentage of the space, to 9 decimals. */
  readonly percent?: string;
}

/** A token range whose replicas change (a Cassandra plan): (start, end], its replicas in the strategy's order. */
export interface PlanRange {
  /** `"(start,end]"`, as Cassandra writes it. */
  readonly range: string;
  readonly start: bigint;
  readonly end: bigint;
  /** The tokens a key can have in it. */
  readonly hashes: bigint;
  readonly before: readonly string[];
  readonly after: readonly string[];
  /** False for a range listed though its replicas stay (`everyRange`). */
  readonly changes: boolean;
  /** The bytes it holds, where the plan was given the ranges' sizes; else null. */
  readonly bytes: bigint | null;
}

/**
 * The bytes a plan streams, from the sizes it was given: `streamed`, its steps' sum; `given`, the
 * sizes' sum; `covered`, the hashes the given ranges cover. `"model"` where a given range is split
 * (its bytes spread evenly over its hashes, each part rounded down).
 */
export interface PlanBytes {
  readonly exactness: PlanExactness;
  readonly streamed: bigint;
  readonly given: bigint;
  readonly covered: bigint;
  readonly coveredPercent: string;
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
  /** For a system that replicates ranges (Cassandra): the ranges whose replicas change (every range with `everyRange`); else null. */
  readonly ranges: readonly PlanRange[] | null;
  /** The bytes the plan streams, where it was given the ranges' sizes; else null. */
  readonly bytes: PlanBytes | null;
  /** For a ring or table system (memcached, twemproxy, nginx, Envoy): its hash space before and after; else null. */
  readonly ring: PlanRing | null;
}

/** The cluster: the `CLUSTER NODES` text of the node redis-cli is pointed at (its order decides ties). */
export interface RedisPlanCluster {
  readonly nodes: string;
}

/**
 * A node of a Redis cluster as the plans read it from `CLUSTER NODES`: what every Redis plan starts
 * from, and each node's "before".
 */
export interface RedisClusterNode {
  /** Its id: 40 hex digits. */
  readonly id: string;
  /** `IP:PORT@BUSPORT`, with `,HOSTNAME` where the line has one. */
  readonly address: string;
  /** The line marked `myself`: the node redis-cli is pointed at. */
  readonly myself: boolean;
  readonly role: "master" | "replica";
  /** The master a replica follows; null for a master. */
  readonly master: string | null;
  /** Its slots as ascending runs, each `[first, last]` (inclusive); a replica holds none. */
  readonly slots: readonly (readonly [number, number])[];
  /** Slots it holds in all. */
  readonly slotCount: number;
  /** Its line in the text, from 1. */
  readonly line: number;
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
   * The cluster's nodes as the plans read the `CLUSTER NODES` text, in redis-cli's order (the
   * node marked `myself` first, then the others as listed), masters and replicas, each master's
   * slots as runs: each master's share before any plan.
   * @throws RinglabError with `ringlab plan redis`'s codes and messages for the text: a malformed
   *   line (with its line and column), an open slot, a slot held twice, a node that is failing,
   *   has no address or is in handshake, slots no master holds, no line marked `myself`.
   */
  nodes(text: string): readonly RedisClusterNode[];
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

/** A node joining a Cassandra ring (`--join NODE --tokens T1,T2,... [--dc DC] [--rack RACK]`). */
export interface CassandraJoin {
  readonly node: string;
  /** Its tokens: signed 64-bit integers, as BigInts or decimal text. */
  readonly tokens: readonly (bigint | string)[];
  /** Its data centre and rack: by default the ring's only data centre and that data centre's only rack. */
  readonly dc?: string;
  readonly rack?: string;
}

/** `ringlab plan cassandra`'s options: the ring, the strategy and one change (`join`, `leave` or `remove`). */
export interface CassandraChangeOptions {
  /** `nodetool ring` output, or one token a line: `TOKEN NODE DC RACK` (`--ring`'s file). */
  readonly ring: string;
  /** `"simple:RF"` (SimpleStrategy) or `"nts:DC=RF,DC=RF,..."` (NetworkTopologyStrategy). */
  readonly strategy: string;
  /** Bootstrap a node with its tokens. */
  readonly join?: CassandraJoin;
  /** Decommission a node: it streams its ranges to their new replicas. */
  readonly leave?: string;
  /** removenode: each new replica fetches from a remaining one (a model of the snitch's choice). */
  readonly remove?: string;
  /** Keys whose token and replicas to give before and after. */
  readonly keys?: readonly string[];
  /** List every range, not only those whose replicas change. */
  readonly everyRange?: boolean;
  /** The bytes of ranges of the ring, one a line: `START END BYTES` (`--sizes`'s file). */
  readonly sizes?: string;
}

/** Cassandra's plans: the replicas and streams of a ring change. */
export interface CassandraPlans {
  /**
   * The ranges whose replicas change, the streams that fill each new replica (grouped by source
   * and target, as steps whose `names` are the ranges), each node's share of the token space
   * before and after, the keys' replicas, and with `sizes` the bytes each step streams.
   * @throws RinglabError with `ringlab plan cassandra`'s codes and messages: a malformed ring or
   *   sizes line (with its line and column), a bad strategy, an impossible replication factor, a
   *   node already on the ring or not on it, a data centre or rack to choose.
   */
  change(options: CassandraChangeOptions): Plan;
}

/** The ring and table systems whose server changes {@link RingPlans.change} plans. */
export type RingPlanSystem = "memcached" | "libketama" | "twemproxy" | "nginx" | "envoy-ring" | "envoy-maglev";

/**
 * `ringlab plan SYSTEM`'s options for a ring or table system: the system's servers and options,
 * typed as `ringlab/systems`' `system(name, options)` takes them, one change, and the keys.
 */
export type RingChangeOptions<S extends RingPlanSystem = RingPlanSystem> = {
  readonly [K in S]: {
    readonly system: K;
    /** The system's options, as `system(name, options)` of `ringlab/systems` takes them (`place SYSTEM`'s flags). */
    readonly options: SystemOptions<K>;
    /**
     * The change: `{ add, weight? }` (`--add`, `--weight`), `{ remove }` (`--remove`),
     * `{ reweight, weight }` (`--reweight`, `--weight`), `{ down }` (`--mark-down`: twemproxy's
     * ejection, nginx's `down`, an Envoy host failing its health check). `{ up }` has no plan.
     */
    readonly change: ServerChange;
    /** Keys whose server to give before and after. */
    readonly keys?: readonly string[];
  };
}[S];

/** The ring and table systems' plans: what one change to the servers moves, counted exactly. */
export interface RingPlans {
  /**
   * The runs of the hash space whose server changes (arcs of a ring, entries of a table), grouped
   * into one step per pair of servers (necessary first, then collateral), each server's hashes
   * before and after, the expected miss rate, the keys' servers and the system's quirks as
   * warnings: `ringlab plan SYSTEM … --json`, field for field.
   * @throws RinglabError with `ringlab plan SYSTEM`'s codes and messages: the system's own
   *   configuration errors (as `system(name, options)` gives them), a server that is none, a
   *   down mark the system has not (`planNoDown`) or a server already down (`planNoChange`), a
   *   modulus too large to count (`planModulus`); `{ up }` is `"invalid_argument"` (`planChange`).
   */
  change<S extends RingPlanSystem>(options: RingChangeOptions<S>): Plan;
}

/** The API `load()` from `ringlab/plan` resolves to. */
export interface RinglabPlan {
  /** The package version the module was built from. */
  readonly version: string;
  readonly redis: RedisPlans;
  readonly kafka: KafkaPlans;
  readonly cassandra: CassandraPlans;
  readonly rings: RingPlans;
  /** The module's heap (see `ringlab`'s `memory()`). */
  memory(): MemoryUsage;
}
