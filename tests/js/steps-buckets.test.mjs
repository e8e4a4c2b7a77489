// The bucket stepper's step function (web/widgets/steps/buckets.ts) as data, in Node: for every
// bucket algorithm of the buckets module's registry, its steps are the package's own trace of the
// key, one for one after the introduction, ending on the hasher's answer; the reader's removals
// are the hasher's, refused where the module refuses them; and every step is said in English and
// in Bengali from the catalogues, with the step's own numbers in the page's digits.
//
// The TypeScript is bundled as the site bundles it (rolldown), with the package left to the built
// one, so the steps call the same modules as these tests.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, describe, test } from "node:test";
import { pathToFileURL } from "node:url";
import { rolldown } from "rolldown";
import { load } from "ringlab";
import { RinglabError, load as loadBuckets } from "ringlab/buckets";
import { registryJson } from "../../scripts/gen-algorithms.mjs";
import { cliJs, distDir, root, widgetCatalogue } from "./helpers.mjs";

const out = mkdtempSync(path.join(tmpdir(), "ringlab-steps-buckets-"));
after(() => rmSync(out, { recursive: true, force: true }));
const bundle = await rolldown({
  input: {
    buckets: path.join(root, "web", "widgets", "steps", "buckets.ts"),
    format: path.join(root, "web", "widgets", "core", "format.ts"),
  },
  external: ["ringlab", "ringlab/buckets"],
  logLevel: "warn",
});
await bundle.write({ dir: out, format: "esm", paths: { ringlab: pathToFileURL(path.join(distDir, "index.js")).href } });
await bundle.close();
const { bucketSteps, fieldsOf, narration, nextRemoval, optionsFor } = await import(
  pathToFileURL(path.join(out, "buckets.js")).href
);
const { Fmt } = await import(pathToFileURL(path.join(out, "format.js")).href);

const rl = await load();
const bk = await loadBuckets();
const algorithms = bk.algorithms();
const registry = new Map(JSON.parse(registryJson([process.execPath, cliJs])).map((a) => [a.name, a]));
const catalogues = { en: await widgetCatalogue("en"), bn: await widgetCatalogue("bn") };
const fmts = Object.fromEntries(Object.entries(catalogues).map(([l, m]) => [l, new Fmt(m.numberLocale, m.digits)]));

/** The package's own lookup of `key` after `removed`, built here apart from the step function. */
function packageLookup(info, key, buckets, removed) {
  const hasher = bk.hasher(info.name, optionsFor(info, buckets));
  try {
    for (const b of removed) hasher.remove(b);
    const input = info.input === "text" ? key : rl.h32(key);
    return { input, trace: hasher.trace(input), answer: hasher.bucket(input), live: hasher.size };
  } finally {
    hasher.dispose();
  }
}

/** The first key of user:0, user:1, … whose lookup after `removed` passes `test`. */
function keyWhere(info, buckets, removed, test) {
  for (let i = 0; i < 2000; i++) {
    const key = `user:${i}`;
    const steps = bucketSteps({ algorithm: info.name, key, buckets, removed }, bk, rl);
    if (test(steps[0].lookup)) return { key, steps };
  }
  assert.fail(`no key of user:0 … user:1999 fits for ${info.name}`);
}

const byName = (name) => {
  const info = algorithms.find((a) => a.name === name);
  assert.ok(info, `${name} is in the buckets module's registry`);
  return info;
};

describe("every bucket algorithm of the registry", () => {
  test("the algorithms are the registry's bucket hashers", () => {
    assert.ok(algorithms.length > 0);
    for (const a of algorithms) assert.equal(registry.get(a.name)?.family, "buckets", a.name);
  });

  for (const info of algorithms) {
    test(`${info.name}: an introduction, then the package's trace of user:42 step for step, ending on its answer`, () => {
      const steps = bucketSteps({ algorithm: info.name, key: "user:42", buckets: 10, removed: [] }, bk, rl);
      const own = packageLookup(info, "user:42", 10, []);
      assert.equal(steps[0].kind, "intro");
      assert.equal(steps[0].index, -1);
      assert.deepEqual(
        steps.slice(1).map((s) => s.step),
        own.trace,
      );
      assert.deepEqual(
        steps.slice(1).map((s) => s.kind),
        own.trace.map((s) => s.kind),
      );
      steps.slice(1).forEach((s, i) => assert.equal(s.index, i));
      const { lookup } = steps[0];
      assert.equal(lookup.answer, own.answer);
      const last = own.trace.at(-1);
      assert.equal(last.kind, "answer");
      assert.equal(lookup.nodes ? lookup.nodes[last.bucket] : last.bucket, own.answer);
      // The input: the key's text, or its h32 as the jump stepper hashes it.
      assert.equal(lookup.input, info.input === "text" ? "user:42" : rl.h32("user:42"));
      // A traced algorithm shows more than its answer; one that does not trace, the answer alone.
      if (info.traces) assert.ok(own.trace.length > 1, `${info.name} traces`);
      else assert.equal(own.trace.length, 1);
      for (const s of steps.slice(1)) assert.ok(bk.stepKinds().includes(s.kind));
    });

    test(`${info.name}: the removals the module allows are the registry's (any bucket, the last, none)`, () => {
      const steps = bucketSteps({ algorithm: info.name, key: "user:42", buckets: 10, removed: [] }, bk, rl);
      const { lookup } = steps[0];
      const entry = registry.get(info.name);
      assert.equal(lookup.canRemove, entry.membership.includes("remove"));
      assert.equal(lookup.removesAny, lookup.canRemove && entry.removal === "any");
      const next = nextRemoval(lookup);
      if (!lookup.canRemove) assert.equal(next, undefined);
      else if (lookup.removesAny) assert.equal(next, lookup.answer);
      else assert.equal(next, 9);
    });

    test(`${info.name}: every step said in English and Bengali, with its numbers in the page's digits`, () => {
      const steps = bucketSteps({ algorithm: info.name, key: "user:42", buckets: 10, removed: [] }, bk, rl);
      for (const [lang, m] of Object.entries(catalogues)) {
        const f = fmts[lang];
        for (const view of steps) {
          const text = narration(view, m, f);
          assert.ok(text.length > 0, `${info.name} ${lang} ${view.kind}`);
          if (view.step)
            for (const field of fieldsOf(view.step)) {
              // A node's place (the answer, a probe's successor) is said by the node's name; every other
              // field by its number.
              if (field === "bucket" && view.lookup.nodes && (view.kind === "answer" || view.kind === "probe")) {
                assert.ok(
                  text.includes(view.lookup.nodes[view.step.bucket]),
                  `${info.name} ${lang} ${view.kind}: node`,
                );
                continue;
              }
              assert.ok(
                text.includes(f.id(view.step[field])),
                `${info.name} ${lang} ${view.kind}: ${field} in "${text}"`,
              );
            }
          // Latin digits only in identifiers: the key's own text, h32's name, a node's name (S6).
          if (lang === "bn") {
            let rest = text.replaceAll("user:42", "").replaceAll("h32", "");
            for (const name of [...(view.lookup.nodes ?? [])].reverse()) rest = rest.replaceAll(name, "");
            assert.doesNotMatch(rest, /[0-9]/, `Latin digits in "${text}"`);
          }
        }
        assert.ok(narration(steps[0], m, f).includes(m.bucket.about[info.name]), `${info.name} ${lang}: its about`);
      }
    });
  }
});

test("the catalogues name every step kind of the module and say what every algorithm does", () => {
  for (const [lang, m] of Object.entries(catalogues)) {
    assert.deepEqual(Object.keys(m.bucket.kinds).sort(), [...bk.stepKinds()].sort(), lang);
    assert.deepEqual(Object.keys(m.bucket.about).sort(), algorithms.map((a) => a.name).sort(), lang);
  }
});

describe("the reader's removals", () => {
  test("anchor after two removals: the lookup meets a removed bucket and follows its replacement", () => {
    const info = byName("anchor");
    // Remove the key's own bucket twice: the second removal is the key's bucket after the first.
    const first = bucketSteps({ algorithm: "anchor", key: "user:42", buckets: 10, removed: [] }, bk, rl)[0].lookup;
    const one = [nextRemoval(first)];
    const second = bucketSteps({ algorithm: "anchor", key: "user:42", buckets: 10, removed: one }, bk, rl)[0].lookup;
    const removed = [...one, nextRemoval(second)];
    assert.notEqual(removed[0], removed[1]);
    const steps = bucketSteps({ algorithm: "anchor", key: "user:42", buckets: 10, removed }, bk, rl);
    const { lookup } = steps[0];
    assert.deepEqual(lookup.removed, removed);
    assert.equal(lookup.live, 8);
    assert.deepEqual(
      steps.slice(1).map((s) => s.step),
      packageLookup(info, "user:42", 10, removed).trace,
    );
    assert.ok(!removed.includes(lookup.answer));
    // The key's buckets before are each met as removed on the way.
    const met = steps.filter((s) => s.kind === "removed").map((s) => s.step.bucket);
    for (const b of removed) assert.ok(met.includes(b), `removed bucket ${b} is met: ${met}`);
    // Some key after those removals passes through a replacement chain.
    const chained = keyWhere(info, 10, removed, (l) => l.trace.some((s) => s.kind === "replaced"));
    const r = chained.steps.find((s) => s.kind === "replaced").step;
    assert.ok(removed.includes(r.bucket) || r.bucket >= 10, `a replaced bucket is one removed: ${r.bucket}`);
  });

  test("memento: the reference's example (3, 7, 9 removed from ten: key14 met at 7, hashed again among 8, onto 1)", () => {
    const steps = bucketSteps({ algorithm: "memento", key: "key14", buckets: 10, removed: [3, 7, 9] }, bk, rl);
    const { lookup } = steps[0];
    assert.equal(lookup.live, 7);
    assert.equal(lookup.answer, 1);
    const removed = steps.find((s) => s.kind === "removed").step;
    assert.equal(removed.bucket, 7);
    assert.equal(removed.bound, 8);
  });

  test("jumpback removes its last bucket only: the module refuses another, and the stepper offers the last", () => {
    const info = byName("jumpback");
    const steps = bucketSteps({ algorithm: "jumpback", key: "user:42", buckets: 10, removed: [9, 8] }, bk, rl);
    const { lookup } = steps[0];
    assert.equal(lookup.live, 8);
    assert.equal(nextRemoval(lookup), 7);
    assert.deepEqual(
      steps.slice(1).map((s) => s.step),
      packageLookup(info, "user:42", 10, [9, 8]).trace,
    );
    assert.throws(
      () => bucketSteps({ algorithm: "jumpback", key: "user:42", buckets: 10, removed: [3] }, bk, rl),
      (e) => e instanceof RinglabError && e.rule === "lastBucketOnly",
    );
  });

  test("a bucket removed twice is refused by the module, and so is a name it does not have", () => {
    assert.throws(
      () => bucketSteps({ algorithm: "anchor", key: "user:42", buckets: 10, removed: [3, 3] }, bk, rl),
      (e) => e instanceof RinglabError && e.rule === "bucketNotLive",
    );
    assert.throws(
      () => bucketSteps({ algorithm: "no-such", key: "user:42", buckets: 10, removed: [] }, bk, rl),
      (e) => e instanceof RinglabError && e.code === "invalid_argument",
    );
  });

  test("the introduction says the removals, in both languages", () => {
    const steps = bucketSteps({ algorithm: "memento", key: "key14", buckets: 10, removed: [3, 7, 9] }, bk, rl);
    for (const [lang, m] of Object.entries(catalogues)) {
      const text = narration(steps[0], m, fmts[lang]);
      for (const b of [3, 7, 9]) assert.ok(text.includes(m.bucket.bucketName(fmts[lang].id(b))), `${lang}: ${text}`);
      assert.ok(text.includes(fmts[lang].int(7)), `${lang}: ${text}`);
    }
  });
});
