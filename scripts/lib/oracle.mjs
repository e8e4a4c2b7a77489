// The course's own functions in plain JavaScript, operation for operation as docs/algorithms.md
// defines them: the oracles the golden generators (scripts/gen-golden*.mjs) and the package's
// tests check ringlab against. They never call the module, so a mistake in it cannot hide here.

// FNV-1a over 16-bit units (or bytes), then murmur3's fmix32: unitAt(i) is the i-th unit.
function h32Of(length, unitAt) {
  let h = 0x811c9dc5;
  for (let i = 0; i < length; i++) {
    h ^= unitAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** h32 over any sequence of units: a JS string's UTF-16 code units (as numbers), or bytes. */
export const h32Units = (units) => h32Of(units.length, (i) => units[i]);

/** h32 of a JS string, over its UTF-16 code units, as the published programs compute it. */
export const h32 = (s) => h32Of(s.length, (i) => s.charCodeAt(i));

/**
 * mulberry32 as the course defines it: the seed is a JS number and the first step is a double
 * addition before ToInt32. Near 2^53 that addition rounds (9007199254740990 + 0x6D2B79F5 is odd
 * and above 2^53), so the first state is not the seed's residue mod 2^32 plus the constant.
 * next() is the uint32 before dividing; rand() is Math.random's stand-in in the programs.
 */
export function mulberry32(seed0) {
  let seed = seed0;
  function next() {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return (t ^ (t >>> 14)) >>> 0;
  }
  return { next, rand: () => next() / 4294967296 };
}

/** The programs' next key: "user:" and a number below 10^9 from the generator. */
export const courseKey = (rng) => "user:" + Math.floor(rng.rand() * 1e9);

/**
 * Jump consistent hash (Lamping & Veach, 2014) as the course computes it: the 64-bit state as a
 * BigInt, the bucket arithmetic in doubles. key is a BigInt, n a number; the bucket is a number.
 */
export function jump(key, n) {
  let b = -1,
    j = 0;
  while (j < n) {
    b = j;
    key = BigInt.asUintN(64, key * 2862933555777941757n + 1n);
    j = Math.floor((b + 1) * (2147483648 / (Number(key >> 33n) + 1)));
  }
  return b;
}
