// The Bengali pages read as the chapter does: every text of the widgets' Bengali catalogue
// (web/widgets/i18n/bn.ts), each template run on sample values, and the Bengali docs page
// (web/docs/content.mjs) use the words of the terminology table (web/widgets/i18n/terms.bn.json) —
// no "max/mean", "sd/mean" or "×" — keep Latin digits inside identifiers (key#1 … key#4, S2),
// attach case endings as the chapter does (D-র, V-তে, S2-তে, N-এর) and write no English sentence
// outside code.
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import { pathToFileURL } from "node:url";
import ts from "typescript";
import { root } from "./helpers.mjs";

const out = mkdtempSync(path.join(tmpdir(), "ringlab-bengali-"));
after(() => rmSync(out, { recursive: true, force: true }));
async function load(rel) {
  const src = readFileSync(path.join(root, "web", "widgets", rel), "utf8");
  const { outputText } = ts.transpileModule(src, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  });
  const js = outputText.replace(/from "(\.\/[^"]+\.json)";/g, (_, json) => {
    const at = pathToFileURL(path.join(root, "web", "widgets", path.dirname(rel), json)).href;
    return `from ${JSON.stringify(at)} with { type: "json" };`;
  });
  const file = path.join(out, `${path.basename(rel, ".ts")}.mjs`);
  writeFileSync(file, js);
  return import(pathToFileURL(file).href);
}
const bnModule = await load("i18n/bn.ts");
const { default: bn, gen, loc } = bnModule;
const { Fmt } = await load("core/format.ts");
const terms = JSON.parse(readFileSync(path.join(root, "web", "widgets", "i18n", "terms.bn.json"), "utf8"));
const { widgets } = await import(pathToFileURL(path.join(root, "web", "docs", "content.mjs")).href);

// Sample values for a template's parameters, by the parameter's name: server names that end in a
// vowel and in a consonant when read aloud, Bengali-digit numbers, flags both ways.
const NAMES = ["A", "D", "S2", "F", "S5", "user:42"];
const NAME_PARAMS =
  /^(name|server|owner|winner|runnerUp|from|to|first|placed|backend|aName|bName|ownerA|vnode|id|a|b|alg|system|s|key|which|change|what|flag)$/;
const FLAG_PARAMS = /^(equal|wrapped|right|worker|moved|add|last|none|zones|noneDiffers|lap)$/;
const params = (fn) =>
  /^\(?([^)=]*)\)?\s*=>/
    .exec(fn.toString())?.[1]
    ?.split(",")
    .map((p) => p.trim().split(/[:=\s]/)[0])
    .filter(Boolean) ?? [];

/** Every text of the catalogue: strings as they are, templates run on samples (several each). */
function texts(node, where = "bn", acc = []) {
  if (typeof node === "string") acc.push([where, node]);
  else if (Array.isArray(node)) node.forEach((x, i) => texts(x, `${where}[${i}]`, acc));
  else if (typeof node === "function") {
    const ps = params(node);
    for (let round = 0; round < NAMES.length; round++) {
      for (const flag of [false, true]) {
        const args = ps.map((p, i) =>
          p === "choices"
            ? ["A", "B"]
            : FLAG_PARAMS.test(p)
              ? flag
              : NAME_PARAMS.test(p)
                ? NAMES[(round + i) % NAMES.length]
                : round === 0
                  ? "০"
                  : "৩",
        );
        let text;
        try {
          text = node(...args);
        } catch {
          continue;
        }
        if (typeof text === "string") acc.push([`${where}(${args.join(", ")})`, text]);
      }
    }
  } else if (node && typeof node === "object")
    for (const [k, v] of Object.entries(node)) texts(v, `${where}.${k}`, acc);
  return acc;
}
const catalogue = texts(bn).filter(([where]) => !/^bn\.(lang|numberLocale|digits)$/.test(where));

/** What is prose: code (`…`), h32(…)'s argument and quoted names are the reader's or the program's. */
const prose = (s) =>
  s
    .replace(/`[^`]*`/g, " ")
    .replace(/h32\([^)]*\)/g, " ")
    .replace(/"[^"]*"/g, " ");

test("the case endings follow how the word ends when read aloud", () => {
  const cases = [
    ["A", "A-তে", "A-র"],
    ["D", "D-তে", "D-র"],
    ["V", "V-তে", "V-র"],
    ["S2", "S2-তে", "S2-র"],
    ["S1", "S1-এ", "S1-এর"],
    ["S10", "S10-এ", "S10-এর"],
    ["S20", "S20-তে", "S20-র"],
    ["N", "N-এ", "N-এর"],
    ["F", "F-এ", "F-এর"],
    ["key", "key-এ", "key-এর"],
    ["cache", "cache-এ", "cache-এর"],
    ["Kafka", "Kafka-তে", "Kafka-র"],
    ["proxy", "proxy-তে", "proxy-র"],
    ["memory", "memory-তে", "memory-র"],
    ["HRW", "HRW-তে", "HRW-র"],
    ["১০", "১০-এ", "১০-এর"],
    ["সার্ভার", "সার্ভারে".replace("সার্ভারে", "সার্ভার-এ"), "সার্ভার-এর"],
  ];
  for (const [w, l, g] of cases) {
    assert.equal(loc(w), l, w);
    assert.equal(gen(w), g, w);
  }
});

test("every name in the catalogue takes the ending the helper gives it", () => {
  const bad = [];
  for (const [where, text] of catalogue)
    for (const name of NAMES) {
      const esc = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      for (const m of text.matchAll(
        new RegExp(`(?<![A-Za-z0-9:])${esc}-(এর|র|তেই|তে|এই|এ)(?![\\u0980-\\u09FF])`, "gu"),
      )) {
        const ending = m[1].replace(/ই$/, "");
        const want = ["এর", "র"].includes(ending) ? gen(name) : loc(name);
        if (`${name}-${ending}` !== want) bad.push(`${where}: "${name}-${m[1]}" where the chapter writes "${want}"`);
      }
    }
  assert.deepEqual(bad, []);
});

test("the catalogue uses the terminology table's words, not the forms it avoids", () => {
  const bad = [];
  for (const { en, bn: word, avoid } of terms.terms)
    for (const form of avoid) {
      const latin = /^[A-Za-z/]+$/.test(form);
      const re = latin
        ? new RegExp(`(?<![A-Za-z/-])${form.replace("/", "\\/")}(?![A-Za-z/-])`, "i")
        : new RegExp(form.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
      for (const [where, text] of catalogue)
        if (re.test(prose(text))) bad.push(`${where}: "${form}" for ${en} (the chapter: ${word})`);
    }
  assert.deepEqual(bad, []);
});

test("a multiplier reads as the chapter's গুণ on a Bengali page", () => {
  assert.equal(new Fmt("bn-BD", "beng").times(2.45, 2), "২.৪৫ গুণ");
  assert.equal(new Fmt("en", "latn").times(2.45, 2), "2.45×");
});

test("no Bengali digit inside an identifier (key#৪, k১, S২)", () => {
  const bad = catalogue.filter(([, text]) => /[A-Za-z#_][০-৯]/.test(text)).map(([where, text]) => `${where}: ${text}`);
  assert.deepEqual(bad, []);
  assert.match(bn.hotkey.copies_("৪", "১.৪২ গুণ"), /key#1 … key#4/);
});

test("zero counts and classifiers are phrased as Bengali phrases them", () => {
  const summary = bn.modn.summary("৫", "৬", "০", "E", "৮০%", "২০%");
  assert.match(summary, /একটিও নতুন সার্ভারে \(E\) যায়নি/);
  assert.doesNotMatch(summary, /০টি/);
  assert.match(bn.bounded.done("২", "১২", "৩"), /৩টি বিন্দু/);
  const zeros = [
    bn.scenario.moved("০", "৬", "১"),
    bn.scenario.differ("০", "৬", "০"),
    bn.membership.moved_("০", "৬", "", "", "০", true),
    bn.membership.moved_("২", "৬", "k1, k3", "A", "০", true),
    bn.malachi.movedSummary("A যোগ হলো", "০", "৬"),
    bn.cluster.movedSummary("A যোগ করলে", 6, "০", "৬", "০%", null, "০"),
  ];
  for (const text of zeros) {
    assert.match(text, /একটিও/, text);
    assert.doesNotMatch(text, /(?<![০-৯.,])০টি/, text);
  }
});

// Latin words a Bengali sentence keeps, as the chapter does: its technical terms, the systems'
// names and the identifiers. Four or more Latin words in a row with one outside these is an
// English sentence.
const KEPT = new Set(
  `key keys hash ring virtual node server token binary search preference list array bucket backend
  table slot weight rendezvous hrw jump maglev bounded load hot client membership zone zipf traffic
  hit ratio cache stampede database miss lookup consistent hashing mod seed stepper module webassembly
  elixir erlang term atom string tuple charlist id ring_bits phash2 envoy host endpoint nginx memcached
  libketama redis kafka cassandra guava upstream master partition partitioner down url link cluster
  software package npm javascript flag ascii unicode utf byte memory ms kb sd user`
    .split(/\s+/)
    .filter(Boolean),
);
test("no English sentence outside code on a Bengali page", () => {
  const bad = [];
  for (const [where, text] of catalogue) {
    for (const run of prose(text).matchAll(/[A-Za-z][A-Za-z0-9_'-]*(?:[ ,][A-Za-z][A-Za-z0-9_'-]*){3,}/g)) {
      const words = run[0].split(/[ ,]+/).map((w) => w.replace(/[-']+$/, ""));
      if (words.some((w) => !KEPT.has(w.toLowerCase()) && !/^[A-Z0-9]+$/.test(w))) bad.push(`${where}: "${run[0]}"`);
    }
  }
  assert.deepEqual(bad, []);
});

test("the Bengali docs page shares the widgets' words: sections, placeholders, terms", () => {
  for (const w of widgets) {
    const sec = w.section.bn;
    if (!w.section.en.startsWith("§")) {
      // A group of the playground's contents ("প্রকাশিত প্রোগ্রাম"), named as the contents name it.
      assert.ok(Object.values(bn.playground.groups).includes(sec), `${w.tag}: group "${sec}"`);
      continue;
    }
    assert.equal(w.section.en, `§${bn.playground.sections.indexOf(sec) + 1}`, `${w.tag}: ${sec}`);
    assert.ok(bn.playground.sections.includes(sec), `${w.tag}: section "${sec}" is not one the widgets show`);
  }
  const docsBn = [];
  const walk = (x) => {
    if (Array.isArray(x)) x.forEach(walk);
    else if (x && typeof x === "object") {
      if (typeof x.bn === "string") docsBn.push(x.bn);
      else Object.values(x).forEach(walk);
    }
  };
  walk(widgets);
  for (const text of docsBn) {
    // A syntax's placeholders stay as the widgets write them (add:NAME), never translated.
    assert.doesNotMatch(text, /[:+-]নাম\b|নাম[:=]/u, text);
    for (const { en, bn: word, avoid } of terms.terms)
      for (const form of avoid)
        if (/^[A-Za-z]+$/.test(form))
          assert.doesNotMatch(
            prose(text),
            new RegExp(`(?<![A-Za-z/-])${form}(?![A-Za-z/-])`, "i"),
            `"${form}" for ${en} (${word}): ${text}`,
          );
  }
});
