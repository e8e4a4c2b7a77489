// The `ringlab/plan` API over an instantiated plans module. Only the options' JavaScript types are
// checked here; every value, and the cluster's text, is the core's to check.
import { wrapperError } from "../core/errors.js";
import { invalidType, num, options, str } from "../core/validate.js";
import { optionValues, readChange } from "../systems/inputs.js";
import type { RawSystemOption } from "../systems/raw.js";
import { Heap } from "../core/heap.js";
import type { Instantiated } from "../core/loader.js";
import type { MemoryUsage } from "../main/types.js";
import type {
  RawPlan,
  RawPlanHashes,
  RawPlanModule,
  RawPlanNode,
  RawPlanShare,
  RawPlanStep,
  RawRedisNode,
} from "./raw.js";
import type {
  CassandraChangeOptions,
  CassandraJoin,
  CassandraPlans,
  KafkaPartitionsOptions,
  KafkaPlans,
  Plan,
  PlanExactness,
  PlanHashes,
  PlanNode,
  PlanRing,
  PlanShare,
  PlanStep,
  RedisClusterNode,
  RedisPlans,
  RedisRebalanceOptions,
  RedisReshardOptions,
  RingChangeOptions,
  RingPlans,
  RingPlanSystem,
  RinglabPlan,
} from "./types.js";

// 64-bit figures cross as decimal text (raw.ts).
const big = (v: string): bigint => BigInt(v);
const bigOrNull = (v: string | null): bigint | null => (v === null ? null : BigInt(v));
const share = (s: RawPlanShare): PlanShare =>
  Object.freeze(
    s.hashes === undefined
      ? { count: s.count, ranges: s.ranges }
      : { count: s.count, ranges: s.ranges, hashes: big(s.hashes), percent: s.percent! },
  );
const node = (n: RawPlanNode): PlanNode =>
  Object.freeze({ node: n.node, before: share(n.before), after: share(n.after) });
const hashes = (h: RawPlanHashes): PlanHashes => Object.freeze({ hashes: big(h.hashes), percent: h.percent });
function step(s: RawPlanStep): PlanStep {
  const common = { from: s.from, to: s.to, units: s.units, names: Object.freeze(s.names), bytes: bigOrNull(s.bytes) };
  if (s.arcs === undefined) return Object.freeze(common);
  // A ring plan's step: its units are its arcs' indices among the plan's changed arcs.
  return Object.freeze({
    ...common,
    kind: s.kind!,
    arcs: Object.freeze(
      s.arcs.map((a) => Object.freeze({ start: big(a.start), end: big(a.end), hashes: big(a.hashes) })),
    ),
    hashes: big(s.hashes!),
    percent: s.percent!,
  });
}
function ring(r: NonNullable<RawPlan["ring"]>): PlanRing {
  return Object.freeze({
    hashes: r.hashes,
    kind: r.kind,
    bits: r.bits,
    ...(r.period === undefined ? {} : { period: r.period }),
    size: big(r.size),
    moved: hashes(r.moved),
    necessary: hashes(r.necessary),
    collateral: hashes(r.collateral),
    fraction: r.fraction,
    missRate: r.missRate,
    servers: Object.freeze(
      r.servers.map((s) => Object.freeze({ server: s.server, before: hashes(s.before), after: hashes(s.after) })),
    ),
  });
}
function clusterNode(n: RawRedisNode): RedisClusterNode {
  const slots: (readonly [number, number])[] = [];
  let count = 0;
  for (let i = 0; i < n.slots.length; i += 2) {
    const run = Object.freeze([n.slots[i]!, n.slots[i + 1]!] as const);
    slots.push(run);
    count += run[1] - run[0] + 1;
  }
  return Object.freeze({
    id: n.id,
    address: n.address,
    myself: n.myself,
    role: n.replica ? "replica" : "master",
    master: n.replica ? n.master : null,
    slots: Object.freeze(slots),
    slotCount: count,
    line: n.line,
  });
}
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
    keys: Object.freeze(
      p.keys.map((k) =>
        Object.freeze(
          k.token === undefined
            ? { key: k.key, before: k.before, after: k.after, moves: k.moves }
            : { key: k.key, before: k.before, after: k.after, moves: k.moves, token: big(k.token) },
        ),
      ),
    ),
    hashSpace:
      p.hashSpace === null
        ? null
        : Object.freeze({
            ...p.hashSpace,
            exactness: p.hashSpace.exactness as PlanExactness,
            size: big(p.hashSpace.size),
            moved: big(p.hashSpace.moved),
          }),
    ranges:
      p.ranges === null
        ? null
        : Object.freeze(
            p.ranges.map((r) =>
              Object.freeze({
                range: r.range,
                start: big(r.start),
                end: big(r.end),
                hashes: big(r.hashes),
                before: Object.freeze(r.before),
                after: Object.freeze(r.after),
                changes: r.changes,
                bytes: bigOrNull(r.bytes),
              }),
            ),
          ),
    bytes:
      p.bytes === null
        ? null
        : Object.freeze({
            exactness: p.bytes.exactness as PlanExactness,
            streamed: big(p.bytes.streamed),
            given: big(p.bytes.given),
            covered: big(p.bytes.covered),
            coveredPercent: p.bytes.coveredPercent,
          }),
    ring: p.ring === null ? null : ring(p.ring),
  });
}

// A string option, or undefined when it is left out.
const optStr = (v: unknown, what: string): string | undefined => (v === undefined ? undefined : str(v, what));
// A list of strings, or undefined when it is left out.
function optStrings(v: unknown, what: string): string[] | undefined {
  if (v === undefined) return undefined;
  if (!Array.isArray(v)) throw invalidType(what, "an array of strings", v);
  return v.map((k: unknown, i) => str(k, `${what}[${i}]`));
}

const rebalanceKeys = ["nodes", "weights", "useEmptyMasters", "threshold"] as const;
const reshardKeys = ["nodes", "from", "to", "slots"] as const;
const kafkaKeys = ["partitions", "partitioner", "keys"] as const;
const cassandraKeys = ["ring", "strategy", "join", "leave", "remove", "keys", "everyRange", "sizes"] as const;
const joinKeys = ["node", "tokens", "dc", "rack"] as const;
const ringKeys = ["system", "options", "change", "keys"] as const;

export class RinglabPlanModule implements RinglabPlan {
  readonly version: string;
  readonly redis: RedisPlans;
  readonly kafka: KafkaPlans;
  readonly cassandra: CassandraPlans;
  readonly rings: RingPlans;
  readonly #raw: RawPlanModule;
  readonly #heap: Heap<object>;
  readonly #tables = new Map<string, RawSystemOption[]>();

  constructor({ module: raw, exports }: Instantiated<RawPlanModule>) {
    this.#raw = raw;
    this.#heap = new Heap<object>(raw, exports, []);
    this.version = raw.version();
    this.redis = Object.freeze({
      nodes: (text: string) => this.#redisNodes(text),
      rebalance: (o: RedisRebalanceOptions) => this.#rebalance(o),
      reshard: (o: RedisReshardOptions) => this.#reshard(o),
    });
    this.kafka = Object.freeze({ partitions: (o: KafkaPartitionsOptions) => this.#partitions(o) });
    this.cassandra = Object.freeze({ change: (o: CassandraChangeOptions) => this.#cassandra(o) });
    this.rings = Object.freeze({
      change: <S extends RingPlanSystem>(o: RingChangeOptions<S>) => this.#ringChange(o as RingChangeOptions),
    });
  }

  #ringChange(opts: RingChangeOptions): Plan {
    if (opts === undefined) throw invalidType("rings.change options", "an object", opts);
    const o = options<RingChangeOptions>(opts, ringKeys, "rings.change");
    const raw = this.#raw;
    const system = str(o.system, "system");
    const systems = raw.ringPlanSystems();
    if (!systems.includes(system))
      throw wrapperError("invalid_argument", "noSuchSystem", "system", [system, ...systems]);
    let table = this.#tables.get(system);
    if (table === undefined) {
      table = this.#heap.call(() => raw.systemOptions(system))!;
      this.#tables.set(system, table);
    }
    // The system's options as ringlab/systems' system() reads them: their grammar is the core's.
    const values = optionValues(o.options, table, `system("${system}")`);
    const change = readChange(o.change);
    if (change.kind === "up") throw wrapperError("invalid_argument", "planChange", "change", ["up"]);
    const keys = optStrings(o.keys, "keys");
    const args = { system, options: values, kind: change.kind, server: change.server, weight: change.weight, keys };
    return plan(this.#heap.call(() => raw.ringsChange(args))!);
  }

  #cassandra(opts: CassandraChangeOptions): Plan {
    if (opts === undefined) throw invalidType("cassandra.change options", "an object", opts);
    const o = options<CassandraChangeOptions>(opts, cassandraKeys, "cassandra.change");
    const ring = str(o.ring, "ring");
    const strategy = str(o.strategy, "strategy");
    let join;
    if (o.join !== undefined) {
      const j = options<CassandraJoin>(o.join, joinKeys, "join");
      if (!Array.isArray(j.tokens)) throw invalidType("join.tokens", "an array of BigInts or strings", j.tokens);
      const tokens = j.tokens.map((t: unknown, i) => {
        if (typeof t === "bigint") return t.toString();
        return str(t, `join.tokens[${i}]`);
      });
      join = { node: str(j.node, "join.node"), tokens, dc: optStr(j.dc, "join.dc"), rack: optStr(j.rack, "join.rack") };
    }
    if (o.everyRange !== undefined && typeof o.everyRange !== "boolean") {
      throw invalidType("everyRange", "a boolean", o.everyRange);
    }
    const args = {
      ring,
      strategy,
      join,
      leave: optStr(o.leave, "leave"),
      remove: optStr(o.remove, "remove"),
      keys: optStrings(o.keys, "keys"),
      everyRange: o.everyRange ?? false,
      sizes: optStr(o.sizes, "sizes"),
    };
    const raw = this.#raw;
    return plan(this.#heap.call(() => raw.cassandraChange(args))!);
  }

  #redisNodes(text: string): readonly RedisClusterNode[] {
    const nodes = str(text, "nodes");
    const raw = this.#raw;
    return Object.freeze(this.#heap.call(() => raw.redisNodes(nodes))!.map(clusterNode));
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
    const keys = optStrings(o.keys, "keys");
    const raw = this.#raw;
    return this.#heap.call(() => raw.kafkaPartitions({ partitions, partitioner, keys }))!.map(plan);
  }

  memory(): MemoryUsage {
    const u = this.#raw.heapUsage();
    return { heapUsed: u.used, heapReserved: u.reserved, memoryBytes: this.#heap.memoryBytes };
  }
}
