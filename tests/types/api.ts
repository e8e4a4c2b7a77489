// Type tests for the public API: what must compile, and (@ts-expect-error) what must not.
// Checked by `tsc -p tests/types` in `npm run test:js`; never run.
import {
  errorCodes,
  load,
  RinglabError,
  type HrwJumpResult,
  type LoadOptions,
  type Mulberry32,
  type Rendezvous,
  type Ring,
  type RinglabErrorCode,
  type RinglabErrorDetail,
  type RinglabErrorValue,
  type RingOptions,
  type RingPoints,
  type ServerInfo,
  type VnodeSweepOptions,
} from "ringlab";
import { load as loadSingle } from "ringlab/single";

const options: LoadOptions = { wasmUrl: "/assets/ringlab.wasm" };
const rl = await load(options);
await load({ wasmBinary: new Uint8Array(8) });
await load({ wasmModule: {} as WebAssembly.Module });
await load({ wasmUrl: new URL("https://example.com/ringlab.wasm") });
const single = await loadSingle();
single.h32("x") satisfies number;

// Hashing and the PRNG
rl.h32("user:42") satisfies number;
rl.h32(new Uint8Array([1, 2])) satisfies number;
rl.h32Many(["a", "b"]) satisfies Uint32Array;
rl.jump(1n, 10) satisfies number;
rl.jump(42, 10) satisfies number;
rl.jumpMany(new BigUint64Array(4), 10) satisfies Int32Array;
rl.jumpMany(new Uint32Array(4), 10) satisfies Int32Array;
rl.modN(5, 4) satisfies number;
rl.modNMany(new Uint32Array(2), 4) satisfies Uint32Array;
const g: Mulberry32 = rl.mulberry32(16);
g.next() satisfies number;
g.nextUint32() satisfies number;
g.nextUint32Many(10) satisfies Uint32Array;
rl.keys(16, 3) satisfies string[];
rl.keyNumbers(16, 3) satisfies Uint32Array;

// Rings
const ringOptions: RingOptions = { servers: ["a", { name: "b", weight: 2, zone: "z1" }, { name: "c" }], vnodes: 50 };
const ring: Ring = rl.ring(ringOptions);
rl.ring({ servers: 4 });
ring.owner("k") satisfies string;
ring.ownerOfHash(123) satisfies string;
ring.ownerIndex("k") satisfies number;
ring.ownerOfHashMany(new Uint32Array(3)) satisfies Uint32Array;
ring.ownerMany(["a", "b"]) satisfies Uint32Array;
ring.preferenceList("k", 3) satisfies string[];
ring.preferenceList(123, 3, { zones: true }) satisfies string[];
ring.add("d");
ring.add({ name: "e", weight: 0.5 });
ring.remove("d");
ring.setWeight("a", 2);
const points: RingPoints = ring.points();
points.tokens satisfies Uint32Array;
const info: ServerInfo[] = ring.serverInfo();
info[0]?.points satisfies number | undefined;
ring.servers satisfies readonly string[];
ring.size satisfies number;
ring.disposed satisfies boolean;
ring.dispose();
{
  using scoped = rl.ring({ servers: 2 });
  scoped.owner("k");
}

// Rendezvous
const hrw: Rendezvous = rl.rendezvous(["a", "b"]);
rl.rendezvous(5);
hrw.pick("k") satisfies string | undefined;
hrw.pickIndex("k") satisfies number;
hrw.pickMany(["k"]) satisfies Int32Array;
hrw.top("k", 2) satisfies string[];
hrw.scores("k") satisfies Uint32Array;
hrw[Symbol.dispose]();

// Experiments
const sweepOptions: VnodeSweepOptions = { servers: 3, keys: 800, vnodes: [1, 10] };
rl.vnodeSweep(sweepOptions).rows[0]?.counts satisfies Uint32Array | undefined;
rl.vnodeSweep().text satisfies string;
rl.ringVsMod({ seed: 7, keys: 5000, servers: 9, vnodes: 50 }).ringMoved satisfies number;
const hj: HrwJumpResult = rl.hrwJump({ remove: 0 });
hj.counts satisfies (number | undefined)[];
rl.memory().heapUsed satisfies number;
rl.version satisfies string;

// Errors
const code: RinglabErrorCode = "disposed";
errorCodes satisfies readonly RinglabErrorCode[];
try {
  rl.jump(1n, 0);
} catch (e) {
  if (e instanceof RinglabError) {
    e.code satisfies RinglabErrorCode;
    e.message satisfies string;
    e.rule satisfies string;
    e.param satisfies string;
    e.values satisfies readonly RinglabErrorValue[];
    e.inner?.rule satisfies string | undefined;
    // @ts-expect-error: an error's data is read-only
    e.rule = "between";
  }
}
new RinglabError(code, "message") satisfies Error;
new RinglabError("out_of_range", "buckets must be between 1 and 2147483647, got 0", {
  rule: "between",
  param: "buckets",
  values: [1, 2147483647, 0],
}) satisfies RinglabErrorDetail;
// @ts-expect-error: a value is a number, a bigint or a string
const wrongValue: RinglabErrorValue = true;

// What must not compile
// @ts-expect-error: a ring needs servers
rl.ring({ vnodes: 10 });
// @ts-expect-error: servers is a list or a count, not a name
rl.ring({ servers: "S0" });
// @ts-expect-error: weight is a number
rl.ring({ servers: [{ name: "a", weight: "2" }] });
// @ts-expect-error: unknown option
rl.ring({ servers: 2, vnode: 10 });
// @ts-expect-error: h32 takes a string or bytes
rl.h32(42);
// @ts-expect-error: jump keys are bigint or number
rl.jump("1", 10);
// @ts-expect-error: jumpMany takes typed arrays
rl.jumpMany([1n, 2n], 10);
// @ts-expect-error: vnodes of a sweep is a list
rl.vnodeSweep({ vnodes: 100 });
// @ts-expect-error: an unknown experiment option
rl.hrwJump({ bucket: 3 });
// @ts-expect-error: not an error code
const badCode: RinglabErrorCode = "oops";
// @ts-expect-error: ring results are read-only names
ring.servers.push("x");
// @ts-expect-error: single-file load takes no options
await loadSingle({ wasmUrl: "x" });
// @ts-expect-error: load options are typed
await load({ wasmUrl: 42 });

export { badCode };
