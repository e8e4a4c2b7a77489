// The `ringlab/plan` API over an instantiated plans module. Only the options' JavaScript types are
// checked here; every value, and the cluster's text, is the core's to check.
import { invalidType, num, options, str } from "../core/validate.js";
import { Heap } from "../core/heap.js";
import type { Instantiated } from "../core/loader.js";
import type { MemoryUsage } from "../main/types.js";
import type { RawPlan, RawPlanModule, RawPlanNode, RawPlanStep } from "./raw.js";
import type {
  KafkaPartitionsOptions,
  KafkaPlans,
  Plan,
  PlanExactness,
  PlanNode,
  PlanStep,
  RedisPlans,
  RedisRebalanceOptions,
  RedisReshardOptions,
  RinglabPlan,
} from "./types.js";

const node = (n: RawPlanNode): PlanNode =>
  Object.freeze({ node: n.node, before: Object.freeze({ ...n.before }), after: Object.freeze({ ...n.after }) });
const step = (s: RawPlanStep): PlanStep =>
  Object.freeze({ from: s.from, to: s.to, units: s.units, names: Object.freeze(s.names) });
// A step's units are numbered or named (plan.hpp).
const moved = (steps: readonly PlanStep[]) => steps.reduce((sum, s) => sum + s.units.length + s.names.length, 0);

function plan(p: RawPlan): Plan {
  const steps = Object.freeze(p.steps.map(step));
  return Object.freeze({
    system: p.system,
    tool: p.tool,
    operation: p.operation,
    unit: p.unit,
    space: p.space,
    exactness: p.exactness as PlanExactness,
    steps,
    moved: moved(steps),
    nodes: Object.freeze(p.nodes.map(node)),
    warnings: Object.freeze(p.warnings.map((w) => Object.freeze({ kind: w.kind, text: w.text }))),
    note: p.note,
    stops:
      p.stops === null ? null : Object.freeze({ moved: p.stops.moved, nodes: Object.freeze(p.stops.nodes.map(node)) }),
    alternatives: Object.freeze(
      p.alternatives.map((a) =>
        Object.freeze({
          label: a.label,
          exactness: a.exactness as PlanExactness,
          steps: Object.freeze(a.steps.map(step)),
          nodes: Object.freeze(a.nodes.map(node)),
        }),
      ),
    ),
    keys: Object.freeze(p.keys.map((k) => Object.freeze({ ...k }))),
    hashSpace:
      p.hashSpace === null
        ? null
        : Object.freeze({ ...p.hashSpace, exactness: p.hashSpace.exactness as PlanExactness }),
  });
}

const rebalanceKeys = ["nodes", "weights", "useEmptyMasters", "threshold"] as const;
const reshardKeys = ["nodes", "from", "to", "slots"] as const;
const kafkaKeys = ["partitions", "partitioner", "keys"] as const;

export class RinglabPlanModule implements RinglabPlan {
  readonly version: string;
  readonly redis: RedisPlans;
  readonly kafka: KafkaPlans;
  readonly #raw: RawPlanModule;
  readonly #heap: Heap<object>;

  constructor({ module: raw, exports }: Instantiated<RawPlanModule>) {
    this.#raw = raw;
    this.#heap = new Heap<object>(raw, exports, []);
    this.version = raw.version();
    this.redis = Object.freeze({
      rebalance: (o: RedisRebalanceOptions) => this.#rebalance(o),
      reshard: (o: RedisReshardOptions) => this.#reshard(o),
    });
    this.kafka = Object.freeze({ partitions: (o: KafkaPartitionsOptions) => this.#partitions(o) });
  }

  #rebalance(opts: RedisRebalanceOptions): Plan {
    const o = options<RedisRebalanceOptions>(opts, rebalanceKeys, "redis.rebalance");
    const nodes = str(o.nodes, "nodes");
    let weights: [string, number][] | undefined;
    if (o.weights !== undefined) {
      if (o.weights === null || typeof o.weights !== "object" || Array.isArray(o.weights)) {
        throw invalidType("weights", "an object of weights by node id", o.weights);
      }
      weights = Object.entries(o.weights).map(([id, w]) => [id, num(w, `weights.${id}`)]);
    }
    if (o.useEmptyMasters !== undefined && typeof o.useEmptyMasters !== "boolean") {
      throw invalidType("useEmptyMasters", "a boolean", o.useEmptyMasters);
    }
    const threshold = o.threshold === undefined ? undefined : num(o.threshold, "threshold");
    const raw = this.#raw;
    return plan(
      this.#heap.call(() =>
        raw.redisRebalance({ nodes, weights, useEmptyMasters: o.useEmptyMasters ?? false, threshold }),
      )!,
    );
  }

  #reshard(opts: RedisReshardOptions): Plan {
    if (opts === undefined) throw invalidType("redis.reshard options", "an object", opts);
    const o = options<RedisReshardOptions>(opts, reshardKeys, "redis.reshard");
    const nodes = str(o.nodes, "nodes");
    let from: string[];
    if (o.from === "all") from = ["all"];
    else if (Array.isArray(o.from)) from = o.from.map((id: unknown, i) => str(id, `from[${i}]`));
    else throw invalidType("from", 'an array of node ids or "all"', o.from);
    const to = str(o.to, "to");
    const slots = num(o.slots, "slots");
    const raw = this.#raw;
    return plan(this.#heap.call(() => raw.redisReshard({ nodes, from, to, slots }))!);
  }

  #partitions(opts: KafkaPartitionsOptions): Plan[] {
    if (opts === undefined) throw invalidType("kafka.partitions options", "an object", opts);
    const o = options<KafkaPartitionsOptions>(opts, kafkaKeys, "kafka.partitions");
    const partitions = str(o.partitions, "partitions");
    const partitioner = o.partitioner === undefined ? undefined : str(o.partitioner, "partitioner");
    let keys: string[] | undefined;
    if (o.keys !== undefined) {
      if (!Array.isArray(o.keys)) throw invalidType("keys", "an array of strings", o.keys);
      keys = o.keys.map((k: unknown, i) => str(k, `keys[${i}]`));
    }
    const raw = this.#raw;
    return this.#heap.call(() => raw.kafkaPartitions({ partitions, partitioner, keys }))!.map(plan);
  }

  memory(): MemoryUsage {
    const u = this.#raw.heapUsage();
    return { heapUsed: u.used, heapReserved: u.reserved, memoryBytes: this.#heap.memoryBytes };
  }
}
