// Elixir term text for checking ringlab's Elixir reader against the real Elixir
// (tests/erlang/elixir.mjs, scripts/gen-golden-elixir.mjs): forms as users type them, text
// Elixir refuses, and random text written the many ways Elixir reads (bases, ?chars, escapes,
// sigils, keyword lists, bit syntax ...), and running Elixir over a batch of texts. Only text is
// made here; what it means is for Elixir and ringlab to say. Deterministic for a seed
// (makeRandom from terms.mjs).
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { erlVmFlags } from "./erl.mjs";
import { randomChar, randomDouble, randomInt } from "./terms.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));

// Elixir text as users type keys and ids: read by both alike, or, for REFUSED_ON_PURPOSE,
// refused by ringlab with a named error.
// prettier-ignore
export const FORMS = [
  '"topic-a"', "'abc'", '~c"abc"', ":atom", ':"quoted atom"', ':"é"', "{:range, 7}", '%{"k" => 1}', "%{a: 1}",
  "[a: 1]", '[a: 1, b: "x"]', "0xFF", "0xff", "0o17", "0b101", "?a", "?\\n", "?\\s", "?\\\\", "?é", "?日", "?\\0",
  "1_000", "1.5e3", "1.5E3", "1.0e-5", "1.0e+3", "-0.0", "0.0", "-42", "+42", "123456789012345678901234567890",
  "-0x10", "0xff_ff", "1_000.000_1", "<<1, 2, 255>>", '<<"a"::utf8>>', '<<"abc">>', '<<"a", "b">>',
  "<<97::utf8, 98>>", '<<"é"::utf16>>', '<<"é"::utf32-little>>', "<<1::size(3)>>", "<<1::3>>", "<<300::16-little>>",
  "<<300::little-16>>", "<<1.5::float>>", "<<1.5::float-32>>", "<<-1::signed-8>>", "<<1::size(4)-unit(2)>>",
  '<<"ab"::binary>>', "<< <<1, 2>>::binary, 3>>", "<< <<1::3>>::bitstring, 1::5>>", "<<>>", "%{}", "[]", "{}",
  "[1 | 2]", "[1, 2 | [3]]", '%{[1] => {2, %{a: [b: 3]}}}', '{:ok, %{"user" => %{"id" => 7, "tags" => ["a"]}}}',
  '"\\u{1F600}"', '"\\x41"', '"\\u00E9"', '"tab\\there"', '"a\\\\b"', '"q\\"q"', '"\\#{not interpolated}"',
  '"#not{"', '"é日本😀"', "'héllo'", '"\\e\\d\\a\\b\\f\\v\\0\\s"', "~c(abc)", "~c[abc]", "~c{abc}", "~c<abc>",
  "~c/abc/", "~c|abc|", "~c'abc'", "~c(a\\)b)", "true", "false", "nil", ":true", ":nil", "Foo", "Foo.Bar", ":Foo",
  ':"Elixir.Foo"', ":a@b", ":ok?", ":done!", ":_", ":a_1", ':"with space"', ":'single'", ":日本", ":é",
  '[{:a, 1}, {:b, 2}]', "[1, a: 2]", '%{:a => 1, "b" => 2}', '%{"k" => 1, a: 2}', '["key": 1]', '%{"a b": 1}',
  "[do: 1]", "[Foo: 1]", "{1, 2, 3}", "  {1 ,2}  ", "[\t1,\t2]", "1 # a comment", '<<"a"::little>>', '<<"a"::bits>>',
  "<<-1>>", "%{<<1>>=><<2>>}", "- -1", "+-1", ":a@", ":@", "[1 | 2,]", "[a: 1,]", '"\u0600a"', '"\\u{202E}"',
  "[1, 2,]", "{1, 2,}", "%{a: 1,}", "<<1, 2,>>", '"\\xFF"', '"\\xC3\\xA9"', '"\\xF"', '"\\x{41}"', '"\\z"',
  "?\\x", "?\\", "? ", ":+", ":<<>>", '"a" <> "b"', "1 + 2", "(1)", "-(1)", '~s"x"', "~w(a b)", "~C(abc)",
  ':"a#{1}"', "{1, a: 2}", "",
];

// Forms Elixir reads that ringlab refuses, each with a named error: unquoted non-ASCII atoms,
// trailing commas, operators and expressions, sigils other than ~c, \x above 7F (a byte, not a
// character), escapes Elixir only warns about, and the empty text (Elixir's nil).
// prettier-ignore
export const REFUSED_ON_PURPOSE = [
  ":日本", ":é", "- -1", "+-1", ":@", "[1 | 2,]", "[a: 1,]", "[1, 2,]", "{1, 2,}", "%{a: 1,}", "<<1, 2,>>",
  '"\\xFF"', '"\\xC3\\xA9"', '"\\xF"', '"\\x{41}"', '"\\z"', ":+", ":<<>>", '"a" <> "b"', "1 + 2", "(1)", "-(1)",
  '~s"x"', "~w(a b)", "~C(abc)", ':"a#{1}"', "{1, a: 2}", "",
];

// Text Elixir refuses (a syntax error, or an error when evaluated); ringlab must refuse each.
// prettier-ignore
export const MALFORMED = [
  "[1, 2", "{1, 2", "%{a => }", "%{a: }", ":", '"abc', "'abc", '"\\u{D800}"', '"\\u{110000}"', '"\\xZZ"', '"\\u12"',
  "[a:1]", "%{a: 1, \"b\" => 2}", "[a: 1, 2]", "1 2", "<<1, 2", "<<>>>", "0x", "0xG", "0b2", "0o8", "1__000", "1_",
  "1.", ".5", "1e3", "1.5e", "?", "%{", "}", "]", ")", ':"abc', '~c"abc', "'\\u{D800}'", '"\u202E"', "'\u2066'",
  ':"\u202A"', "1 # \u202E", '"\u0600"', "'\u0600'", ':"\u0600"', '["\u0600": 1]', '"\u0600\\""', "~c(\u0600)",
  "a", "_", "@a", "&1", '"a" "b"', "'a' 'b'", "%{a => 1}", "[1 | 2 | 3]", "[|1]", "[1 |]", "<<1::>>", "<<::8>>",
  "{,}", "[,]", "%{,}", ":1", ':"\\xFF"', "'\\xFF'", "~c(\\xFF)", "<<1::size(-1)>>", "<<1.5::integer>>",
  "<<0xD800::utf8>>", "<<-1::utf8>>", "%{a: 1 b: 2}", "[a: 1 | 2]", "[a: 1, b:]", "{:a :b}", "%{\"a\" => 1 \"b\" => 2}",
  "?\\x41", "?\\u{41}", "0x1.5", "1.5.5", "--1", ":@a", "::a", '"\\u{}"', '"\\u{1234567}"',
  "~c\"abc\"x", "~c", "~x(a)", '"\\x"', "<<1::foo>>", "<<1::utf8-size(8)>>", "<<\"a\"::float>>",
  "[1, 2]]", "{{}", "%{}}", "<<<<>>", "'''", '"""', "1\f", "1\v", "\u00a01", "1\r", "[\t1,\r2]",
  '<<"a"::size(1)-binary>>', '<<"ab"::8>>', '<<"a"::signed>>', "<<<<1>>::binary>>", "<<1, <<2>>>>", '<<~c"a">>',
  ':"' + "é".repeat(128) + '"', '["' + "é".repeat(128) + '": 1]', "1.0e400", "0x_FF", "%Foo{}", "{a: 1}",
];

// --- random Elixir text -------------------------------------------------------------------------

const hex = (n) => n.toString(16);
const NAMED = { 7: "a", 8: "b", 127: "d", 27: "e", 12: "f", 10: "n", 13: "r", 32: "s", 9: "t", 11: "v", 0: "0" };
const BIDI = (cp) => (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069);

// One character inside quotes that close with `close`, as itself or as one of Elixir's escapes.
function escapeChar(r, cp, close) {
  const ch = String.fromCodePoint(cp);
  if (ch === close || ch === "\\") return "\\" + ch;
  if (ch === "#" && r.chance(0.5)) return "\\#";
  const forms = [() => `\\u{${hex(cp)}}`];
  if (cp >= 0x10 && cp <= 0xffff) forms.push(() => "\\u" + hex(cp).padStart(4, "0"));
  if (cp < 0x80) forms.push(() => "\\x" + hex(cp).padStart(2, "0"));
  if (NAMED[cp] !== undefined) forms.push(() => "\\" + NAMED[cp]);
  const plain = cp >= 32 && cp !== 127 && !(cp >= 0x80 && cp < 0xa0) && !BIDI(cp);
  if (plain && r.chance(0.8)) return ch;
  return r.pick(forms)();
}

function quotedText(r, cps, open, close) {
  // #{ would start interpolation: the # is escaped when a { follows it.
  let out = open;
  cps.forEach((cp, k) => {
    out += cp === 35 && cps[k + 1] === 123 ? "\\#" : escapeChar(r, cp, close);
  });
  return out + close;
}

function chars(r, n) {
  const cps = [];
  for (let i = 0; i < n; i++) cps.push(randomChar(r));
  return cps;
}

function withUnderscores(r, digits) {
  if (digits.length < 2 || !r.chance(0.2)) return digits;
  let out = digits[0];
  for (let i = 1; i < digits.length; i++) out += (r.chance(0.3) ? "_" : "") + digits[i];
  return out;
}

function intText(r, n) {
  const neg = n < 0n;
  const abs = neg ? -n : n;
  const sign = neg ? "-" : "";
  const k = r.int(10);
  if (k === 0 && abs <= 0x10ffffn && !(abs >= 0xd800n && abs <= 0xdfffn)) {
    const cp = Number(abs);
    if (NAMED[cp] !== undefined && r.chance(0.5)) return sign + "?\\" + NAMED[cp];
    if (cp > 32 && cp !== 92 && cp !== 127 && !(cp >= 0x80 && cp < 0xa0)) return sign + "?" + String.fromCodePoint(cp);
  }
  if (k === 1) return sign + "0x" + withUnderscores(r, abs.toString(16)[r.chance(0.5) ? "toUpperCase" : "toString"]());
  if (k === 2) return sign + "0o" + withUnderscores(r, abs.toString(8));
  if (k === 3) return sign + "0b" + withUnderscores(r, abs.toString(2));
  return sign + withUnderscores(r, abs.toString(10));
}

function floatText(r, x) {
  if (x === 0) return Object.is(x, -0) ? "-0.0" : "0.0";
  const sign = x < 0 ? "-" : "";
  const [mant, e] = Math.abs(x).toExponential().split("e");
  const m = mant.includes(".") ? mant : mant + ".0";
  const en = Number(e);
  if (en >= 0 && en <= 15 && r.chance(0.5)) {
    const digits = m.replace(".", "");
    const point = 1 + en;
    const text =
      point >= digits.length
        ? digits + "0".repeat(point - digits.length) + ".0"
        : digits.slice(0, point) + "." + digits.slice(point);
    const [ip, fp] = text.split(".");
    return sign + withUnderscores(r, ip) + "." + fp;
  }
  return sign + m + (r.chance(0.2) ? "E" : "e") + (en >= 0 && r.chance(0.3) ? "+" : "") + en;
}

function atomText(r) {
  const k = r.int(6);
  if (k === 0) return r.pick(["true", "false", "nil", "Foo", "Foo.Bar", "Elixir.Baz"]);
  if (k < 3) {
    const first = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_";
    let name = r.pick(Array.from(first));
    for (let n = r.range(0, 10); n > 0; n--) name += r.pick(Array.from(first + "0123456789@"));
    return ":" + name + (r.chance(0.1) ? r.pick(["?", "!"]) : "");
  }
  const q = r.chance(0.8) ? '"' : "'";
  return ":" + quotedText(r, chars(r, r.range(0, 12)), q, q);
}

function segment(r, depth) {
  const k = r.int(8);
  if (k < 2) return String(r.range(0, 255));
  if (k < 3) {
    const n = r.range(1, 70);
    return `${intText(r, randomInt(r))}::${r.chance(0.5) ? `size(${n})` : n}`;
  }
  if (k < 4)
    return `${intText(r, BigInt(r.range(-300, 300)))}::${r.pick(["8", "16-little", "signed-16", "little-32", "size(12)"])}`;
  if (k < 5) return `${floatText(r, randomDouble(r))}::float${r.pick(["", "-32", "-64", "-little"])}`;
  if (k < 6)
    return (
      quotedText(r, chars(r, r.range(0, 6)), '"', '"') + r.pick(["", "::utf8", "::utf16", "::utf32-little", "::binary"])
    );
  if (k < 7) return `${randomChar(r)}::${r.pick(["utf8", "utf16", "utf32"])}`;
  if (depth > 2) return "1";
  return `${binaryText(r, depth + 1)}::${r.pick(["bitstring", "bits", "bitstring", "binary"])}`;
}

function binaryText(r, depth) {
  const segs = [];
  for (let n = r.range(0, 4); n > 0; n--) segs.push(segment(r, depth));
  // A space after << and before >> keeps a nested binary from reading as <<< or >>>.
  return "<< " + segs.join(", ") + " >>";
}

function leafText(r) {
  const k = r.int(9);
  if (k < 2) return intText(r, randomInt(r));
  if (k < 3) return floatText(r, randomDouble(r));
  if (k < 5) return atomText(r);
  if (k < 7) return quotedText(r, chars(r, r.range(0, 15)), '"', '"');
  if (k < 8) {
    const [open, close] = r.pick([
      ["'", "'"],
      ['~c"', '"'],
      ["~c(", ")"],
      ["~c[", "]"],
      ["~c|", "|"],
    ]);
    return quotedText(r, chars(r, r.range(0, 10)), open, close);
  }
  return binaryText(r, 0);
}

function keywordKey(r) {
  if (r.chance(0.7)) {
    let name = r.pick(Array.from("abcdefghijklmnopqrstuvwxyz_"));
    for (let n = r.range(0, 6); n > 0; n--) name += r.pick(Array.from("abcdefghijklmnopqrstuvwxyz0123456789_"));
    return name + ": ";
  }
  return quotedText(r, chars(r, r.range(0, 6)), '"', '"') + ": ";
}

export function elixirTermText(r, depth = 0) {
  if (depth >= 4 || r.chance(0.35 + depth * 0.15)) return leafText(r);
  const items = [];
  for (let n = r.range(0, 5); n > 0; n--) items.push(elixirTermText(r, depth + 1));
  const k = r.int(5);
  if (k === 0) return "{" + items.join(", ") + "}";
  if (k === 1)
    return "[" + items.join(", ") + (items.length && r.chance(0.3) ? " | " + elixirTermText(r, depth + 1) : "") + "]";
  const keywords = [];
  for (let n = r.range(0, 3); n > 0; n--) keywords.push(keywordKey(r) + elixirTermText(r, depth + 1));
  if (k === 2) return "[" + [...items, ...keywords].join(", ") + "]";
  const pairs = items.map((v) => `${elixirTermText(r, depth + 1)} => ${v}`);
  return "%{" + [...pairs, ...keywords].join(", ") + "}";
}

// --- Elixir -------------------------------------------------------------------------------------
export function requireElixir() {
  const p = spawnSync("elixir", ["-e", "IO.write(System.version())"], { encoding: "utf8" });
  if (p.error || p.status !== 0)
    throw new Error("elixir is needed (Debian: apt-get install elixir; npm run setup installs it)");
  return p.stdout.trim();
}

// Elixir's answers, one per text, from one elixir process (tests/erlang/elixir_oracle.exs
// describes them).
export function runElixir(texts) {
  const dir = mkdtempSync(path.join(tmpdir(), "ringlab-elixir-"));
  try {
    const input = path.join(dir, "texts");
    const output = path.join(dir, "answers.txt");
    writeFileSync(input, texts.map((t) => t + "\0").join(""));
    // Warnings about the texts (deprecated escapes, quotes not needed ...) go to stderr; the
    // answers are in the output file.
    const p = spawnSync(
      "elixir",
      ["--erl", erlVmFlags.join(" "), path.join(here, "elixir_oracle.exs"), input, output],
      {
        cwd: dir,
        encoding: "utf8",
        maxBuffer: 1 << 28,
      },
    );
    if (p.status !== 0 || !existsSync(output)) throw new Error(`elixir failed (${p.status}): ${p.stderr.slice(-2000)}`);
    const lines = readFileSync(output, "utf8").split("\n");
    lines.pop();
    if (lines.length !== texts.length) throw new Error(`elixir answered ${lines.length} lines for ${texts.length}`);
    return lines;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
