// Type tests for ringlab/systems' real systems: each system's options typed from the declared
// table (held to the core's by tests/js/real-systems.test.mjs), the answers typed per system.
import { load, systemAnswers, systemOptionTypes, type Placements, type RealSystem } from "ringlab/systems";

const rl = await load();

const kafka = rl.system("kafka", { partitions: 12, partitioner: "fnv1a" });
kafka.place("k").partition satisfies number;
kafka.place("k").server satisfies number;
kafka.placeMany(["a", "b"]).partition satisfies Uint32Array;
kafka.placeMany(["a"]).server satisfies Int32Array;
kafka satisfies RealSystem<"kafka">;

const cassandra = rl.system("cassandra", { tokens: ["a=-5", "b=7"] });
cassandra.place("k").token satisfies bigint;
cassandra.placeMany(["k"]).token satisfies BigInt64Array;
const out: Placements<"cassandra"> = cassandra.placeMany(["k"]);
cassandra.placeMany(["k"], out);

const memcached = rl.system("memcached", { servers: ["a", "b"], mode: "consistent_ketama", sortHosts: true });
memcached.servers()[0]?.weight satisfies number | undefined;
memcached.servers()[0]?.down satisfies boolean | undefined;
memcached.diff(memcached.edit({ add: "c:11211", weight: 2 }), ["k"]).moves[0]?.to.server satisfies number | undefined;
memcached.edit({ reweight: "a:11211", weight: 3 });
rl.system("nginx", { servers: "a:1,b:1", down: ["b:1"] }).tries("k") satisfies number[];
rl.system("envoy-maglev", { hosts: "10.0.0.1:80", tableSize: 65537 });
rl.system("redis").place("k").slot satisfies number;
rl.options("kafka")[0]?.range satisfies [number, number] | undefined;
systemOptionTypes.kafka.partitions satisfies "integer";
systemAnswers.erlang satisfies "hash";

// @ts-expect-error: partitions is a number
rl.system("kafka", { partitions: "12" });
// @ts-expect-error: not one of the partitioners
rl.system("kafka", { partitions: 12, partitioner: "crc" });
// @ts-expect-error: tableSize belongs to envoy-maglev
rl.system("envoy-ring", { hosts: "10.0.0.1:80", tableSize: 7 });
// @ts-expect-error: sortHosts is a switch
rl.system("memcached", { servers: "a", sortHosts: "yes" });
// @ts-expect-error: kafka answers a partition, not a slot
kafka.place("k").slot;
// @ts-expect-error: not a system
rl.system("zookeeper");
// @ts-expect-error: a change names what it does
memcached.edit({ drop: "a:11211" });
