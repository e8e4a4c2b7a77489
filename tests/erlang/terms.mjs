// Random Erlang term text for checking ringlab's phash2 and term reader against erl: every kind
// of term phash2 treats differently, written in the many ways erl reads (bases, $chars, escapes,
// bit syntax segments, adjacent strings, list tails ...). Only text is made here; what a text
// means is for erl and ringlab to say. Deterministic for a seed.

// sfc32, seeded through splitmix32: 32-bit random words.
export function makeRandom(seed) {
  let s = seed >>> 0;
  const split = () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = split(),
    b = split(),
    c = split(),
    d = split();
  const u32 = () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  const r = {
    u32,
    float: () => u32() / 4294967296,
    int: (n) => Math.floor((u32() / 4294967296) * n), // 0 .. n-1
    range: (lo, hi) => lo + Math.floor((u32() / 4294967296) * (hi - lo + 1)),
    chance: (p) => u32() / 4294967296 < p,
    pick: (xs) => xs[Math.floor((u32() / 4294967296) * xs.length)],
    bits: (n) => {
      // a BigInt of n random bits
      let v = 0n;
      for (let i = 0; i < n; i += 32) v = (v << 32n) | BigInt(u32());
      return n % 32 === 0 ? v : v >> BigInt(32 - (n % 32));
    },
  };
  return r;
}

const RESERVED = new Set(
  "after and andalso band begin bnot bor bsl bsr bxor case catch cond div end fun if let not of or orelse receive rem try when xor".split(
    " ",
  ),
);

const isSurrogate = (cp) => cp >= 0xd800 && cp <= 0xdfff;

// A random character: ASCII most often, then Latin-1, the BMP and beyond.
export function randomChar(r) {
  const k = r.int(10);
  if (k < 5) return r.range(32, 126);
  if (k < 6) return r.range(0, 31);
  if (k < 7) return r.range(0x80, 0xff);
  if (k < 9) {
    const cp = r.range(0x100, 0xfffd);
    return isSurrogate(cp) ? 0x20ac : cp;
  }
  return r.range(0x10000, 0x10ffff);
}

function hex(n, upper) {
  const s = n.toString(16);
  return upper ? s.toUpperCase() : s;
}

// One character inside '...' or "...", as itself or as one of erl's escapes.
function escapeChar(r, cp, quote) {
  const ch = String.fromCodePoint(cp);
  if (ch === quote || ch === "\\") return "\\" + ch;
  if (cp >= 32 && cp <= 126 && r.chance(0.85)) return ch;
  if (cp >= 0xa0 && r.chance(0.6)) return ch;
  const forms = [() => `\\x{${hex(cp, r.chance(0.5))}}`];
  if (cp < 256) forms.push(() => `\\x${hex(cp, r.chance(0.5)).padStart(2, "0")}`);
  if (cp < 512) forms.push(() => "\\" + cp.toString(8).padStart(3, "0"));
  const named = { 8: "b", 127: "d", 27: "e", 12: "f", 10: "n", 13: "r", 32: "s", 9: "t", 11: "v" };
  if (named[cp]) forms.push(() => "\\" + named[cp]);
  if (cp < 32) forms.push(() => "\\^" + String.fromCharCode(cp + 64));
  if (cp >= 32 && cp <= 126 && !"01234567xX^bdefnrstv".includes(ch)) forms.push(() => "\\" + ch);
  if (cp >= 32 && cp <= 126) forms.push(() => ch);
  return r.pick(forms)();
}

export function quoted(r, cps, quote) {
  return quote + cps.map((cp) => escapeChar(r, cp, quote)).join("") + quote;
}

function withUnderscores(r, digits) {
  if (digits.length < 2 || !r.chance(0.2)) return digits;
  let out = digits[0];
  for (let i = 1; i < digits.length; i++) out += (r.chance(0.3) ? "_" : "") + digits[i];
  return out;
}

// ---------------------------------------------------------------------------------------------
// Leaves

export function intText(r, n) {
  const neg = n < 0n;
  const abs = neg ? -n : n;
  const sign = neg ? (r.chance(0.1) ? "- " : "-") : r.chance(0.03) ? "+" : "";
  const k = r.int(10);
  if (k < 1 && abs <= 0x10ffffn && !isSurrogate(Number(abs))) {
    const cp = Number(abs);
    let c;
    if (cp > 32 && cp <= 126 && cp !== 92 && r.chance(0.7)) c = String.fromCodePoint(cp);
    else if (cp >= 0xa0 && r.chance(0.5)) c = String.fromCodePoint(cp);
    else c = escapeChar(r, cp, "$");
    if (c === " " || c === "%") c = `\\x{${hex(cp)}}`;
    return sign + "$" + c;
  }
  if (k < 3) {
    const base = r.range(2, 36);
    const pad = r.chance(0.1) ? "0" : "";
    const digits = abs.toString(base).replace(/[a-z]/g, (x) => (r.chance(0.5) ? x.toUpperCase() : x));
    const baseText = base >= 10 && r.chance(0.05) ? `${Math.floor(base / 10)}_${base % 10}` : String(base);
    return sign + pad + baseText + "#" + withUnderscores(r, digits);
  }
  return sign + withUnderscores(r, abs.toString(10));
}

// Integers around every edge phash2 has: 0..255 (list bytes), +-2^27, 2^32, 2^59, 2^64, bignums.
export function randomInt(r) {
  const k = r.int(12);
  const sign = r.chance(0.4) ? -1n : 1n;
  if (k < 3) return BigInt(r.range(0, 300)) * (r.chance(0.2) ? -1n : 1n);
  if (k < 5) return sign * BigInt(r.range(0, 2 ** 28));
  if (k < 6) {
    const edge = r.pick([27n, 32n, 59n, 63n, 64n, 128n]);
    return sign * ((1n << edge) + BigInt(r.range(-3, 3)));
  }
  if (k < 8) return sign * r.bits(r.range(28, 64));
  if (k < 10) return sign * r.bits(r.range(65, 300));
  return sign * r.bits(r.range(1, 2000));
}

function doubleFromBits(hi, lo) {
  const v = new DataView(new ArrayBuffer(8));
  v.setUint32(0, hi);
  v.setUint32(4, lo);
  return v.getFloat64(0);
}

export function randomDouble(r) {
  const k = r.int(8);
  if (k < 3) {
    let x;
    do x = doubleFromBits(r.u32(), r.u32());
    while (!Number.isFinite(x));
    return x;
  }
  if (k < 5)
    return (r.range(-100000, 100000) / r.pick([1, 2, 4, 8, 10, 100, 1000, 3, 7])) * r.pick([1, 1, 1e10, 1e-10]);
  if (k < 6) return r.range(-(2 ** 30), 2 ** 30) * 2 ** r.range(0, 40);
  return r.pick([
    0,
    -0,
    5e-324,
    -5e-324,
    2.2250738585072014e-308,
    1.7976931348623157e308,
    -1.7976931348623157e308,
    2 ** 53,
    2 ** 53 + 2,
    1e21,
    1e-7,
    0.1,
    0.5,
    1,
    -1,
    100,
    1e15,
    123456789.125,
    2 ** 27,
    2 ** 32,
  ]);
}

// A double as erl reads it: digits, a '.', digits, maybe an exponent; the shortest digits or 17.
export function floatText(r, x) {
  if (x === 0) return Object.is(x, -0) ? "-0.0" : r.chance(0.5) ? "0.0" : "0.0e0";
  const sign = x < 0 ? "-" : r.chance(0.03) ? "+" : "";
  const a = Math.abs(x);
  const exp = r.chance(0.2) ? a.toExponential(16) : a.toExponential();
  let [mant, e] = exp.split("e");
  if (!mant.includes(".")) mant += ".0";
  const en = Number(e);
  if (en >= -5 && en <= 20 && r.chance(0.5)) {
    // plain digits: shift the point
    const digits = mant.replace(".", "");
    const point = 1 + en;
    let text;
    if (point <= 0) text = "0." + "0".repeat(-point) + digits;
    else if (point >= digits.length) text = digits + "0".repeat(point - digits.length) + ".0";
    else text = digits.slice(0, point) + "." + digits.slice(point);
    const [ip, fp] = text.split(".");
    return sign + withUnderscores(r, ip) + "." + fp;
  }
  const eText = r.chance(0.3) && en >= 0 ? "+" + en : String(en);
  return sign + mant + (r.chance(0.3) ? "E" : "e") + eText;
}

function atomName(r, latin1) {
  const n = r.chance(0.05) ? r.range(200, 255) : r.range(0, 12);
  const cps = [];
  for (let i = 0; i < n; i++) {
    if (latin1) cps.push(r.chance(0.7) ? r.range(97, 122) : r.range(0, 255));
    else cps.push(randomChar(r));
  }
  return cps;
}

function bareAtom(cps) {
  if (cps.length === 0) return false;
  const start = (c) => (c >= 97 && c <= 122) || (c >= 0xdf && c <= 0xff && c !== 0xf7);
  const rest = (c) =>
    (c >= 97 && c <= 122) ||
    (c >= 65 && c <= 90) ||
    (c >= 48 && c <= 57) ||
    c === 95 ||
    c === 64 ||
    (c >= 0xc0 && c <= 0xff && c !== 0xd7 && c !== 0xf7);
  if (!start(cps[0]) || !cps.every(rest)) return false;
  return !RESERVED.has(String.fromCodePoint(...cps));
}

export function atomText(r, cps) {
  if (bareAtom(cps) && r.chance(0.7)) return String.fromCodePoint(...cps);
  return quoted(r, cps, "'");
}

// ---------------------------------------------------------------------------------------------
// Bit syntax: segments as text with the number of bits they make.

function utf8Len(cp) {
  return cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
}

function randomChars(r, n) {
  const cps = [];
  for (let i = 0; i < n; i++) cps.push(randomChar(r));
  return cps;
}

function segment(r, depth) {
  const k = r.int(20);
  if (k < 5) {
    // integer, default 8 bits
    return { text: intText(r, BigInt(r.range(-300, 300))), bits: 8 };
  }
  if (k < 9) {
    const size = r.chance(0.8) ? r.range(0, 70) : r.range(71, 400);
    const unit = r.chance(0.15) ? r.range(1, 8) : 0;
    const total = size * (unit || 1);
    const specs = [];
    if (r.chance(0.3)) specs.push("integer");
    if (total % 8 === 0 && r.chance(0.3)) specs.push(r.pick(["little", "big"]));
    if (r.chance(0.2)) specs.push(r.pick(["signed", "unsigned"]));
    if (unit) specs.push("unit:" + unit);
    const v = r.chance(0.5) ? r.bits(r.range(1, Math.max(1, total + 8))) * (r.chance(0.3) ? -1n : 1n) : randomInt(r);
    const shuffled = specs.sort(() => r.float() - 0.5);
    return { text: `${intText(r, v)}:${size}${shuffled.length ? "/" + shuffled.join("-") : ""}`, bits: total };
  }
  if (k < 11) {
    const x = r.chance(0.8) ? randomDouble(r) : r.range(-1000000, 1000000);
    // An integer value converts to a float: small ones only (ringlab refuses 2^59 and up).
    const v =
      Number.isInteger(x) && Math.abs(x) < 2 ** 53 && r.chance(0.5) ? String(x) : floatText(r, x === 0 ? 0.5 : x);
    const form = r.pick([
      ["/float", 64],
      [":64/float", 64],
      [":32/float", 32],
      [":64/float-little", 64],
      [":32/float-little", 32],
      [":8/float-unit:8", 64],
      [":4/float-unit:8", 32],
    ]);
    return { text: v + form[0], bits: form[1] };
  }
  if (k < 15) {
    const cps = randomChars(r, r.range(0, 8));
    const s = quoted(r, cps, '"');
    const enc = r.pick([
      "",
      "",
      "/utf8",
      "/utf16",
      "/utf32",
      "/utf16-little",
      "/utf32-little",
      ":16",
      ":4",
      "/utf8-big",
    ]);
    let bits = 0;
    for (const cp of cps) {
      if (enc === "") bits += 8;
      else if (enc.startsWith("/utf8")) bits += 8 * utf8Len(cp);
      else if (enc.startsWith("/utf16")) bits += cp >= 0x10000 ? 32 : 16;
      else if (enc.startsWith("/utf32")) bits += 32;
      else bits += Number(enc.slice(1));
    }
    return { text: s + enc, bits };
  }
  if (k < 17) {
    const cp = randomChar(r);
    const enc = r.pick(["/utf8", "/utf16", "/utf32", "/utf16-little", "/utf32-big"]);
    const bits = enc.startsWith("/utf8") ? 8 * utf8Len(cp) : enc.startsWith("/utf16") ? (cp >= 0x10000 ? 32 : 16) : 32;
    return { text: intText(r, BigInt(cp)) + enc, bits };
  }
  if (depth > 3) return { text: String(r.range(0, 255)), bits: 8 };
  // A nested bitstring, whole or cut.
  const inner = bitstringSegments(r, depth + 1, r.chance(0.5));
  if (inner.bits % 8 === 0 && r.chance(0.4))
    return { text: inner.text + r.pick(["/binary", "/bytes", "/bits", "/bitstring"]), bits: inner.bits };
  if (inner.bits % 8 !== 0 && r.chance(0.4))
    return { text: inner.text + r.pick(["/bits", "/bitstring"]), bits: inner.bits };
  if (inner.bits >= 8 && r.chance(0.5)) {
    const n = r.range(0, Math.floor(inner.bits / 8));
    if (r.chance(0.5)) return { text: `${inner.text}:${n}/binary`, bits: n * 8 };
    const unit = r.pick([1, 2, 4, 8]);
    const m = Math.floor((n * 8) / unit);
    return { text: `${inner.text}:${m}/binary-unit:${unit}`, bits: m * unit };
  }
  const n = r.range(0, inner.bits);
  return { text: `${inner.text}:${n}/bits`, bits: n };
}

// <<...>>; whole: a whole number of bytes (padded by a last segment when needed).
export function bitstringSegments(r, depth, whole) {
  const segs = [];
  let bits = 0;
  const n = r.range(0, 5);
  for (let i = 0; i < n; i++) {
    const s = segment(r, depth);
    segs.push(s.text);
    bits += s.bits;
  }
  const rest = bits % 8;
  if (whole && rest !== 0) {
    segs.push(`${r.range(0, 2 ** (8 - rest) - 1)}:${8 - rest}`);
    bits += 8 - rest;
  } else if (whole === false && rest === 0) {
    const k = r.range(1, 7);
    segs.push(`${intText(r, BigInt(r.range(0, 300)))}:${k}`);
    bits += k;
  }
  const sep = r.chance(0.3) ? ", " : ",";
  return { text: "<<" + segs.join(sep) + ">>", bits };
}

export function binaryText(r) {
  const k = r.int(6);
  const len = r.chance(0.9) ? r.range(0, 40) : r.range(41, 400);
  const bytes = [];
  for (let i = 0; i < len; i++) bytes.push(r.chance(0.6) ? r.range(32, 126) : r.range(0, 255));
  if (k < 2) return "<<" + bytes.map((b) => (r.chance(0.1) ? intText(r, BigInt(b)) : String(b))).join(",") + ">>";
  if (k < 4) return "<<" + quoted(r, bytes, '"') + ">>";
  if (k < 5) return "<<" + quoted(r, randomChars(r, r.range(0, 20)), '"') + "/utf8>>";
  return bitstringSegments(r, 0, true).text;
}

// ---------------------------------------------------------------------------------------------
// Terms

export function leafText(r) {
  const k = r.int(8);
  if (k < 3) return intText(r, randomInt(r));
  if (k < 4) return floatText(r, randomDouble(r));
  if (k < 6) return atomText(r, atomName(r, r.chance(0.7)));
  if (k < 7) return binaryText(r);
  return r.chance(0.5) ? quoted(r, randomChars(r, r.range(0, 10)), '"') : bitstringSegments(r, 0, r.chance(0.5)).text;
}

function sep(r) {
  return r.pick([",", ", ", " , ", ","]);
}

function elements(r, depth, n) {
  const out = [];
  for (let i = 0; i < n; i++) out.push(termText(r, depth + 1));
  return out;
}

export function listText(r, depth, improper) {
  let items;
  if (r.chance(0.4)) {
    // small integers, to exercise how phash2 packs bytes of a list
    items = [];
    const n = r.range(0, 20);
    for (let i = 0; i < n; i++)
      items.push(
        r.chance(0.85)
          ? intText(r, BigInt(r.range(0, 255)))
          : r.chance(0.5)
            ? termText(r, depth + 1)
            : intText(r, BigInt(r.range(-5, 400))),
      );
  } else {
    items = elements(r, depth, r.range(0, 8));
  }
  if (!improper) return "[" + items.join(sep(r)) + "]";
  if (items.length === 0) items.push(termText(r, depth + 1));
  const tails = [
    () => leafText(r),
    () => tupleText(r, depth + 1),
    () => listText(r, depth + 1, r.chance(0.5)),
    () => quoted(r, randomChars(r, r.range(0, 5)), '"'),
    () => "[]",
    () => mapText(r, depth + 1, r.range(0, 3)),
  ];
  return "[" + items.join(sep(r)) + " | " + r.pick(tails)() + "]";
}

export function tupleText(r, depth) {
  return "{" + elements(r, depth, r.range(0, 6)).join(sep(r)) + "}";
}

export function mapText(r, depth, n) {
  const pairs = [];
  for (let i = 0; i < n; i++) {
    const key = n > 20 && r.chance(0.8) ? leafText(r) : termText(r, depth + 1);
    pairs.push(key + " => " + termText(r, depth + 1));
  }
  return "#{" + pairs.join(sep(r)) + "}";
}

export function stringText(r) {
  const cps = randomChars(r, r.range(0, 30));
  if (r.chance(0.2) && cps.length > 1) {
    const cut = r.range(0, cps.length);
    return quoted(r, cps.slice(0, cut), '"') + " " + quoted(r, cps.slice(cut), '"');
  }
  return quoted(r, cps, '"');
}

export function termText(r, depth = 0) {
  if (depth >= 4 || r.chance(0.35 + depth * 0.15)) return leafText(r);
  const k = r.int(5);
  if (k === 0) return tupleText(r, depth);
  if (k === 1) return listText(r, depth, false);
  if (k === 2) return listText(r, depth, true);
  if (k === 3) return mapText(r, depth, r.range(0, 5));
  return stringText(r);
}

// A chain of containers `depth` levels deep, built without recursion.
export function nestedText(r, depth) {
  const open = [];
  const close = [];
  for (let i = 0; i < depth; i++) {
    const k = r.int(7);
    if (k === 0) (open.push("{"), close.push("}"));
    else if (k === 1) (open.push("{a, "), close.push(", 1}"));
    else if (k === 2) (open.push("["), close.push("]"));
    else if (k === 3) (open.push("[1, 2 | "), close.push("]"));
    else if (k === 4) (open.push("#{k => "), close.push("}"));
    else if (k === 5) (open.push("#{"), close.push(" => []}"));
    else (open.push("[<<1>>, "), close.push(", x]"));
  }
  return open.join("") + leafText(r) + close.reverse().join("");
}

// The kinds compare.mjs counts, each a maker of text.
export const KINDS = {
  small_integer: (r) => intText(r, BigInt(r.range(-(2 ** 27) - 2, 2 ** 27 + 2))),
  integer_64: (r) => intText(r, (r.chance(0.5) ? -1n : 1n) * r.bits(r.range(27, 64))),
  bignum: (r) => intText(r, (r.chance(0.5) ? -1n : 1n) * r.bits(r.range(65, 3000))),
  float: (r) => floatText(r, randomDouble(r)),
  atom_latin1: (r) => atomText(r, atomName(r, true)),
  atom_utf8: (r) => atomText(r, atomName(r, false)),
  binary: (r) => binaryText(r),
  bitstring: (r) => bitstringSegments(r, 0, false).text,
  string: (r) => stringText(r),
  list: (r) => listText(r, 0, false),
  improper_list: (r) => listText(r, 0, true),
  tuple: (r) => tupleText(r, 0),
  map_small: (r) => mapText(r, 0, r.range(0, 32)),
  map_large: (r) => mapText(r, 2, r.range(33, 120)),
  nested: (r) => nestedText(r, r.chance(0.98) ? r.range(5, 300) : r.range(301, 4000)),
  mixed: (r) => termText(r, 0),
};

// Text erl rejects; ringlab must too.
// prettier-ignore
export const INVALID = [
  "", "1e3", "1.e3", ".5", "1__0", "1_", "_1", "16#", "37#1", "1#0", "8#8", "2#102", "#{a := 1}", "#{a}", "#{a => }",
  "#{1 => 2,}", "[1|2|3]", "{a,}", "[,]", "[1|]", "[|1]", "<<,>>", "<<1,>>", "'abc", "\"abc", "$", "a.b", "- - 1",
  "- 'a'", "-a", "-[]", "cond", "let", "catch", "receive", "X", "_", "Abc", "_x", "<<1.5>>", "<<1:3/binary>>",
  "<<\"ab\"/binary>>", "<<1/unit:8>>", "<<16#D800/utf8>>", "<<1:8/utf8>>", "<<1:1/integer-unit:257>>",
  "<<1/integer-float>>", "<<1/little-big>>", "<<1:33/float>>", "<<1.0:64>>", "<<-1/utf8>>", "<<16#110000/utf32>>",
  "\"\\x{D800}\"", "'\\x{110000}'", "$\\x{110000}", "\"\\x4g\"", "1.7976931348623159e308", "1.0e400", "{", "}",
  "[", "]", "<<", ">>", "#", "#{", "a b", "1 2", "{a b}", "[a b]", "'a' 'b'", "<<\"a\">> <<\"b\">>",
  "'" + "a".repeat(256) + "'", "'" + "\u20ac".repeat(256) + "'", "<<1:-1>>", "<<1:2.0>>", "1.5e", "1.5e+",
  "<<<<1:3>>/binary>>", "<<<<1>>>>", "<<a>>", "<<{1}>>", "<<[1]>>", "<<1:a>>", "<<1/foo>>", "#rec{}", "fun a/1",
  "a€", "a÷", "a×", "ª", "1a", "{1}{2}", "[1]]", "{{}", "<<1:8/bits-unit:8>>", "<<<<1>>/bits-unit:8>>",
  "<<1.5/float-unit:64>>", "\"\\x{110000}\"", "@a", "a..", "1..", "\"a\"\"", "''''", "<<1:8/float>>",
];

// Text erl reads and ringlab refuses on purpose (each refusal names its reason).
// prettier-ignore
export const REFUSED_ON_PURPOSE = [
  "-(1)", "<<(1):8>>", "<<1:16/float>>", "<<1/native>>", "<<<<1>>/binary-unit:8>>", "<<1:12/little>>",
  "<<1/big-big>>", "<<\"a\"/float>>", "<<1152921504606846976:64/float>>",
];
