// Type tests for the algorithms API (weighted rendezvous, Maglev, bounded loads, the token ring,
// traces, analysis, compare, progress): what must compile, and (@ts-expect-error) what must not.
// Checked by `tsc -p tests/types` in `npm run test:js`; never run.
import {
  load,
  type AlgorithmInfo,
  type AlgorithmName,
  type AlgorithmParam,
  type BackendSpec,
  type BoundedLoads,
  type CacheWhatIf,
  type ChangeSpec,
  type CompareScenario,
  type ComparisonAlgorithm,
  type ComparisonRow,
  type Flow,
  type HotKeysOptions,
  type HotKeysResult,
  type JumpStep,
  type LoadStats,
  type Maglev,
  type MaglevFillTurns,
  type MaglevOptions,
  type Movement,
  type PreferenceWalkOptions,
  type ProgressCallback,
  type SearchStep,
  type Theory,
  type TokenRing,
  type TokenRingOptions,
  type WeightedRendezvous,
  type WeightedServerSpec,
} from "ringlab";

const rl = await load();
const ring = rl.ring({ servers: 4 });

// Weighted rendezvous
const specs: WeightedServerSpec[] = [{ name: "a", weight: 2 }, { name: "b" }];
const whrw: WeightedRendezvous = rl.weightedRendezvous(specs);
rl.weightedRendezvous(["a", { name: "b", weight: 0.5 }]);
rl.weightedRendezvous(3);
whrw.pick("k") satisfies string | undefined;
whrw.pickIndex("k") satisfies number;
whrw.pickMany(["k"]) satisfies Int32Array;
whrw.top("k", 2) satisfies string[];
whrw.scores("k") satisfies Float64Array;
whrw.servers satisfies readonly string[];
whrw.dispose();

// Maglev
const backend: BackendSpec = { name: "x", weight: 3 };
const maglevOptions: MaglevOptions = { backends: ["a", backend], tableSize: 251 };
const maglev: Maglev = rl.maglev(maglevOptions);
rl.maglev({ backends: 5 });
maglev.lookup("k") satisfies string;
maglev.lookupIndex("k") satisfies number;
maglev.lookupHash(123) satisfies number;
maglev.lookupHashMany(new Uint32Array(2)) satisfies Uint32Array;
maglev.lookupMany(["a"]) satisfies Uint32Array;
maglev.table() satisfies Uint32Array;
maglev.entryCounts() satisfies Uint32Array;
const turns: MaglevFillTurns = maglev.fillTurns();
turns.backend satisfies Uint32Array;
turns.slot satisfies Uint32Array;
turns.skipped satisfies Uint32Array;
maglev.offset(0) satisfies number;
maglev.skip(0) satisfies number;
maglev.backends satisfies readonly string[];
maglev.tableSize satisfies number;
{
  using scoped = rl.maglev({ backends: 2, tableSize: 7 });
  scoped.table();
}

// Bounded loads
const placed: BoundedLoads = rl.boundedLoads(ring, new Uint32Array(10), 0.25);
placed.servers satisfies Uint32Array;
placed.walks satisfies Uint32Array;
placed.loads satisfies Uint32Array;
placed.capacities satisfies Uint32Array;
placed.notFirstChoice satisfies number;
placed.longestWalk satisfies number;

// The token ring
const tokenOptions: TokenRingOptions = { bits: 8 };
const tokens: TokenRing = rl.tokenRing(tokenOptions);
rl.tokenRing();
tokens.add("a", 10);
tokens.remove("a");
tokens.route("k") satisfies string;
tokens.routeHash(5) satisfies string;
tokens.position("k") satisfies number;
const [start, end]: [number, number] = tokens.boundaries("a");
tokens.tokenOf("a") satisfies number;
tokens.ids() satisfies string[];
tokens.tokens() satisfies Uint32Array;
tokens.size satisfies number;
tokens.bits satisfies number;
tokens.clone() satisfies TokenRing;
tokens.searchTrace(5) satisfies SearchStep[];
tokens[Symbol.dispose]();

// Traces
const steps: SearchStep[] = ring.searchTrace(123);
const step = steps[0];
if (step) {
  step.lo satisfies number;
  step.hi satisfies number;
  step.mid satisfies number;
  step.token satisfies number;
  step.right satisfies boolean;
}
rl.searchTrace(new Uint32Array([1, 2, 3]), 2) satisfies SearchStep[];
rl.preferenceWalk({
  tokens: new Uint32Array([1, 2]),
  servers: new Uint32Array([0, 1]),
  hash: 2,
  rf: 2,
  zones: ["a", 1],
}) satisfies number[];
const walkOptions: PreferenceWalkOptions = {
  tokens: new Uint32Array([1]),
  servers: new Uint32Array([0]),
  hash: 1,
  rf: 1,
};
rl.preferenceWalk(walkOptions) satisfies number[];
// @ts-expect-error servers are a Uint32Array of server indices, not names
rl.preferenceWalk({ tokens: new Uint32Array([1]), servers: ["a"], hash: 1, rf: 1 });
const jumps: JumpStep[] = rl.jumpTrace(42n, 10);
rl.jumpTrace(42, 10);
jumps[0]?.key satisfies bigint | undefined;
jumps[0]?.bucket satisfies number | undefined;
jumps[0]?.next satisfies number | undefined;

// Analysis
const moved: Movement = rl.movement(new Uint32Array(2), new Uint32Array(2), [false, true]);
rl.movement(new Uint32Array(2), new Uint32Array(2), new Uint8Array(2));
const flow: Flow | undefined = moved.flows[0];
flow?.keys satisfies number | undefined;
moved.movedBetweenOld satisfies number;
const stats: LoadStats = rl.loadStats([1, 2, 3]);
rl.loadStats(new Uint32Array(3));
stats.sdOverMean satisfies number;
const theory: Theory = rl.theory;
theory.sdOverMean(10, 100) satisfies number;
theory.vnodesFor(10, 0.1) satisfies number;
theory.harmonic(10) satisfies number;
theory.modNKeptFraction(4, 5) satisfies number;
theory.minimumMovedFraction(4, 5) satisfies number;
const cache: CacheWhatIf = rl.cacheWhatIf(0.95, 0.8);
cache.dbMultiplier satisfies number;
const hotOptions: HotKeysOptions = { seed: 1, keys: 100, requests: 1000, s: 1.2, hot: 2, copies: 4 };
const hot: HotKeysResult = rl.hotKeys(ring, hotOptions);
rl.hotKeys(ring);
hot.requestsPerServer satisfies Float64Array;
hot.hottestServer satisfies number;

// compare
const change: ChangeSpec = { kind: "weight", name: "S1", weight: 2 };
const scenario: CompareScenario = {
  servers: ["a", { name: "b", weight: 2, zone: "z" }],
  vnodes: 50,
  seed: 7,
  keys: 1000,
  change,
  epsilon: 0.5,
  tableSize: 251,
};
const rows: ComparisonRow[] = rl.compare(scenario);
rl.compare();
rl.compare({ servers: 10, change: "remove:S3" });
rl.compare({ change: { kind: "add" } });
const algorithm: ComparisonAlgorithm | undefined = rows[0]?.algorithm;
rows[0]?.reason satisfies string | undefined;
rows[0]?.supported satisfies boolean | undefined;
rows[0]?.memoryBytes satisfies number | undefined;
rows[0]?.movedNeedlessly satisfies number | undefined;

// The registry: its names and traits are types derived from its data
const registry: readonly AlgorithmInfo[] = rl.algorithms();
const firstName: AlgorithmName | undefined = registry[0]?.name;
const param: AlgorithmParam | undefined = registry[0]?.params[0];
param?.default satisfies string | undefined;
registry[0]?.family satisfies "servers" | "buckets" | undefined;
registry[0]?.removal satisfies "any" | "last" | "renumber" | undefined;
registry[0]?.membership satisfies readonly ("add" | "remove" | "reweight")[] | undefined;
// Every algorithm compare runs is one of the registry's.
algorithm satisfies AlgorithmName | undefined;

// Progress
const onProgress: ProgressCallback = (done, total) => void (done / total);
rl.ringVsMod({ keys: 1000, onProgress });
rl.vnodeSweep({ onProgress: (done: number) => void done });
rl.hrwJump({ onProgress });

// What must not compile
// @ts-expect-error: weights are numbers
rl.weightedRendezvous([{ name: "a", weight: "2" }]);
// @ts-expect-error: Maglev needs backends
rl.maglev({ tableSize: 7 });
// @ts-expect-error: the table size is a number
rl.maglev({ backends: 3, tableSize: "7" });
// @ts-expect-error: backends are names or { name, weight }, not zones
rl.maglev({ backends: [{ name: "a", zone: "z" }] });
// @ts-expect-error: bounded loads take key hashes, not keys
rl.boundedLoads(ring, ["user:1"], 0.25);
// @ts-expect-error: bounded loads take a Ring
rl.boundedLoads(maglev, new Uint32Array(1), 0.25);
// @ts-expect-error: tokens are numbers
tokens.add("a", 10n);
// @ts-expect-error: an unknown token ring option
rl.tokenRing({ size: 8 });
// @ts-expect-error: boundaries is a pair
const [, , third] = tokens.boundaries("a");
// @ts-expect-error: the token list is a Uint32Array
rl.searchTrace([1, 2, 3], 2);
// @ts-expect-error: jump keys are bigint or number
rl.jumpTrace("42", 10);
// @ts-expect-error: a JumpStep's key is a bigint
const keyAsNumber: number = jumps[0]!.key;
// @ts-expect-error: isNew is booleans or bytes
rl.movement(new Uint32Array(1), new Uint32Array(1), [0]);
// @ts-expect-error: not a change kind
rl.compare({ change: { kind: "move" } });
// @ts-expect-error: an unknown scenario option
rl.compare({ server: 4 });
// @ts-expect-error: onProgress is a function
rl.ringVsMod({ onProgress: true });
// @ts-expect-error: the theory is read-only
rl.theory = theory;
// @ts-expect-error: a Maglev table's backends are read-only
maglev.backends.push("x");
// @ts-expect-error: the algorithm names are fixed
const badAlgorithm: ComparisonAlgorithm = "consistent";
// @ts-expect-error: weighted rendezvous is in the registry but has no row in compare
const notCompared: ComparisonAlgorithm = "weighted-rendezvous";
// @ts-expect-error: not an algorithm of the registry
const unknownName: AlgorithmName = "consistent";
// @ts-expect-error: the registry is read-only
rl.algorithms()[0]!.title = "renamed";

export { start, end, third, keyAsNumber, algorithm, badAlgorithm, firstName, notCompared, unknownName };
