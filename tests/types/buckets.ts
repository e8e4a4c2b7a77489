// Type tests for ringlab/buckets' batches (bucketMany's out, bucketManyUtf8 over keys given as
// UTF-8): what must compile, and (@ts-expect-error) what must not. Checked by `tsc -p
// tests/types` in `npm run test:js`; never run.
import { load } from "ringlab/buckets";

const buckets = await load();
const bytes = new TextEncoder().encode("user:42ক্ষ");
const offsets = Uint32Array.of(0, 7, bytes.length);

const memento = buckets.hasher("memento", { buckets: 10 });
memento.bucketManyUtf8(bytes, offsets) satisfies Uint32Array;
memento.bucketManyUtf8(bytes, offsets, new Uint32Array(2)) satisfies Uint32Array;

// An algorithm that answers names answers their places here: the names are its nodes[place].
const nodes = ["a", "b", "c"];
const multiprobe = buckets.hasher("multiprobe", { nodes, probes: 21 });
const places: Uint32Array = multiprobe.bucketManyUtf8(bytes, offsets);
Array.from(places, (p) => nodes[p]) satisfies (string | undefined)[];

// @ts-expect-error: the keys are bytes, not strings
memento.bucketManyUtf8(["user:42"], offsets);
// @ts-expect-error: the offsets are a Uint32Array
memento.bucketManyUtf8(bytes, [0, 7, 10]);

// bucketMany's out is what the algorithm answers: a Uint32Array of buckets, or an array of names.
memento.bucketMany(["user:42"], new Uint32Array(1)) satisfies Uint32Array;
multiprobe.bucketMany(["user:42"], new Array<string>(1)) satisfies string[];
// @ts-expect-error: multi-probe answers names, not buckets
multiprobe.bucketMany(["user:42"], new Uint32Array(1));
// @ts-expect-error: memento answers buckets, not names
memento.bucketMany(["user:42"], ["x"]);
