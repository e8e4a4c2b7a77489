// Type tests for ringlab/plan: the ring and table systems' plans take each system's options as
// ringlab/systems' system() types them, the package's ServerChange, and give a Plan whose ring
// parts are typed (BigInt hash counts, the step's kind).
import {
  load,
  type Plan,
  type PlanArc,
  type PlanRing,
  type RedisClusterNode,
  type RingChangeOptions,
  type RingPlanSystem,
} from "ringlab/plan";

const plans = await load();

const plan = plans.rings.change({
  system: "memcached",
  options: { servers: ["10.0.0.1", "10.0.0.2"], mode: "consistent_ketama", sortHosts: true },
  change: { add: "10.0.0.3", weight: 2 },
  keys: ["user:1"],
});
plan satisfies Plan;
plan.ring satisfies PlanRing | null;
plan.ring?.moved.hashes satisfies bigint | undefined;
plan.ring?.missRate satisfies string | undefined;
plan.ring?.kind satisfies "ring" | "table" | undefined;
plan.ring?.servers[0]?.after.percent satisfies string | undefined;
plan.steps[0]?.kind satisfies "necessary" | "collateral" | undefined;
plan.steps[0]?.arcs?.[0] satisfies PlanArc | undefined;
plan.steps[0]?.arcs?.[0]?.start satisfies bigint | undefined;
plan.keys[0]?.moves satisfies boolean | undefined;

plans.rings.change({ system: "twemproxy", options: { conf: "pool:\n", pool: "pool" }, change: { down: "a" } });
plans.rings.change({ system: "nginx", options: { servers: "a:80,b:80", mode: "hash" }, change: { remove: "a:80" } });
plans.rings.change({ system: "envoy-ring", options: { hosts: ["a:80"], minRingSize: 1024 }, change: { down: "a:80" } });
plans.rings.change({
  system: "envoy-maglev",
  options: { hosts: "a:80", tableSize: 7 },
  change: { reweight: "a:80", weight: 3 },
});
plans.rings.change({ system: "libketama", options: { serverFile: "a:1\t100\n" }, change: { add: "b:1" } });
const options: RingChangeOptions<"nginx"> = { system: "nginx", options: { upstream: "" }, change: { remove: "a" } };
plans.rings.change(options);
"envoy-maglev" satisfies RingPlanSystem;

// @ts-expect-error: tableSize belongs to envoy-maglev, not envoy-ring
plans.rings.change({ system: "envoy-ring", options: { hosts: "a:80", tableSize: 7 }, change: { remove: "a:80" } });
// @ts-expect-error: kafka has no ring plan (its plan is kafka.partitions)
plans.rings.change({ system: "kafka", options: { partitions: 6 }, change: { remove: "a" } });
// @ts-expect-error: reweight needs its weight
plans.rings.change({ system: "libketama", options: { servers: "a:1=1" }, change: { reweight: "a:1" } });
// @ts-expect-error: the options are required (a ring system needs its servers)
plans.rings.change({ system: "memcached", change: { remove: "a" } });
// @ts-expect-error: distribution is twemproxy's
plans.rings.change({ system: "memcached", options: { servers: "a", distribution: "ketama" }, change: { remove: "a" } });

// The cluster as the Redis plans read it.
const cluster = plans.redis.nodes("");
cluster[0] satisfies RedisClusterNode | undefined;
cluster[0]?.role satisfies "master" | "replica" | undefined;
cluster[0]?.master satisfies string | null | undefined;
cluster[0]?.slots[0]?.[1] satisfies number | undefined;
// @ts-expect-error: the nodes are read from the text alone
plans.redis.nodes({ nodes: "" });
