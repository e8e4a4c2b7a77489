// The reader's own scenario on the steppers without a drawn ring (mod-N, rendezvous, jump, two
// clients): type a key, add and remove servers (or change the buckets), and the page's moved-key
// count equals the module's, computed here in Node with the same package; the state is in the URL;
// a surviving server keeps its colour; no table or chart needs sideways scrolling at 1280 or 390 px
// in English or Bengali; jump's "j ≥ n" label is drawn clear of the arcs and its two tables apart.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { load } from "ringlab";
import { box, evaluateOne, moduleMoved, press, screenshot, settled, stepOf, text, usePlayground } from "./helpers.mjs";

const env = usePlayground();
const { open } = env;
const rl = await load();

/** The page's moves line: { moved, keys }. */
async function pageMoves(host) {
  const p = host.locator('[data-testid="moves"]').first();
  await p.waitFor({ state: "visible", timeout: 10_000 });
  return { moved: Number(await p.getAttribute("data-moved")), keys: Number(await p.getAttribute("data-keys")) };
}

/** Types into a field of the widget and commits it (Enter), then waits for the widget to settle. */
async function type(host, testid, value) {
  const input = host.locator(`[data-testid="${testid}"]`).first();
  await input.fill(String(value));
  await input.press("Enter");
  // Leave the field (a renamed chip is redrawn under its new name, so the old field may be gone).
  if ((await input.count()) > 0) await input.blur({ timeout: 2000 }).catch(() => {});
  await settled(host);
}

async function click(host, testid) {
  await host.locator(`[data-testid="${testid}"]`).first().click();
  await settled(host);
}

/** A server chip's swatch colour in the server editor (by name). */
async function swatch(host, editor, name) {
  return evaluateOne(
    host.locator(`[data-testid="${editor}"] [data-server="${name}"] .swatch`).first(),
    (el) => getComputedStyle(el).backgroundColor,
  );
}

/** The hash part of the URL as parameters. */
function params(page) {
  return new URLSearchParams(new URL(page.url()).hash.replace(/^#\/[^?]*\??/, ""));
}

/** Waits until the URL carries `name` = `value`. */
async function urlHas(page, name, value) {
  await page.waitForFunction(
    ([n, v]) => new URLSearchParams(location.hash.replace(/^#\/[^?]*\??/, "")).get(n) === v,
    [name, value],
    { timeout: 10_000 },
  );
}

const CHAPTER_KEYS = ["user:1", "user:7", "user:42", "user:100", "user:1000", "user:2024", "user:31337", "user:65537"];
const uniq = (xs) => [...new Set(xs.filter((x) => x !== ""))];

describe("your own scenario", () => {
  test("mod-N: your key, servers added and removed, N before and after; the count is the module's", async () => {
    const { page, host } = await open("#/modn");
    const hashes = [5, 20, 38, 50, 77, 95];
    const ABCDE = ["A", "B", "C", "D", "E"];
    // Server number i is before[i] under mod before.length, after[i] under mod after.length.
    const placed = (before, after, key) => {
      const hs = key ? [...hashes, rl.h32(key)] : hashes;
      return {
        before: hs.map((h) => before[rl.modN(h, before.length)]),
        after: hs.map((h) => after[rl.modN(h, after.length)]),
      };
    };
    const expect = (before, after, key) => {
      const p = placed(before, after, key);
      return { moved: moduleMoved(rl, p.before, p.after, before), keys: p.before.length };
    };
    // The fewest this change needs: the keys of servers that left, plus the new servers' balanced share.
    const fewest = (before, after, key) => {
      const p = placed(before, after, key);
      const joined = after.filter((n) => !before.includes(n)).length;
      const left = p.before.filter((n) => !after.includes(n)).length;
      return left + Math.round((p.before.length * joined) / after.length);
    };
    const mustMove = async () =>
      Number(await host.locator('[data-testid="moves"]').first().getAttribute("data-must-move"));

    // The count is the summary's answer: not on the page while the keys are still being placed.
    assert.ok(await host.locator('[data-testid="moves"]').isHidden(), "no count before the keys are placed");
    await press(host, "ArrowRight", 1);
    assert.ok(await host.locator('[data-testid="moves"]').isHidden(), "no count on the first key");
    await press(host, "End", 7);
    // The chapter's 4 → 5: five of six keys move, where one would have done.
    assert.deepEqual(await pageMoves(host), { moved: 5, keys: 6 });
    assert.deepEqual(await pageMoves(host), expect(ABCDE.slice(0, 4), ABCDE));
    assert.equal(await mustMove(), 1);
    assert.equal(fewest(ABCDE.slice(0, 4), ABCDE), 1);
    assert.match(await text(host, "moves"), /^5 of 6 keys moved; the fewest [^:]+: 1\.$/);

    await type(host, "key", "order:2024");
    await urlHas(page, "key", "order:2024");
    const h = rl.h32("order:2024");
    assert.match(await text(host, "key-note"), new RegExp(`^h32 = ${h}; mod 4 = ${h % 4} → `));
    assert.deepEqual(await pageMoves(host), { ...expect(ABCDE.slice(0, 4), ABCDE, "order:2024"), keys: 7 });
    const table = host.locator('[data-testid="owners"]');
    assert.equal(await table.locator("tbody tr").count(), 7);

    // Adding F to the five servers in use: 5 → 6.
    await host.locator('[data-testid="servers-new"]').fill("F");
    await click(host, "servers-add");
    await urlHas(page, "servers", "A,B,C,D,E,F");
    assert.equal(params(page).get("from"), "5");
    assert.equal(params(page).get("to"), "6");
    const ABCDEF = [...ABCDE, "F"];
    assert.deepEqual(await pageMoves(host), expect(ABCDE, ABCDEF, "order:2024"));
    assert.equal(await mustMove(), fewest(ABCDE, ABCDEF, "order:2024"));

    // Removing B from the six: 6 → 5, hash mod 5 over A, C, D, E, F — and keys move.
    const colourC = await swatch(host, "servers", "C");
    await click(host, "servers-remove-B");
    await urlHas(page, "servers", "A,C,D,E,F");
    assert.equal(await swatch(host, "servers", "C"), colourC, "C keeps its colour when B leaves");
    assert.equal(params(page).get("from"), "6");
    assert.equal(params(page).get("before"), "A,B,C,D,E,F");
    assert.ok(!params(page).has("to"), "to = 5 is the default, so the link leaves it out");
    assert.equal(await host.locator('[data-testid="from"]').first().inputValue(), "6");
    assert.equal(await host.locator('[data-testid="to"]').first().inputValue(), "5");
    const ACDEF = ["A", "C", "D", "E", "F"];
    const removed = await pageMoves(host);
    assert.deepEqual(removed, expect(ABCDEF, ACDEF, "order:2024"));
    assert.ok(removed.moved > 0, "removing a server under mod-N moves keys");
    assert.equal(await mustMove(), fewest(ABCDEF, ACDEF, "order:2024"));
    const heads = await table.locator("thead th").allTextContents();
    assert.deepEqual(heads.slice(2, 4), ["mod 6", "mod 5"]);

    // N before typed: server i is the list's i-th again (A, C, D under mod 3).
    await type(host, "from", 3);
    await urlHas(page, "from", "3");
    assert.equal(params(page).get("before"), null);
    assert.deepEqual(await pageMoves(host), expect(["A", "C", "D"], ACDEF, "order:2024"));
    // Moved keys are marked in the table and in the diagram.
    const movedRows = await table.locator("tbody tr.moved-row").count();
    const movedChips = await host.locator('[data-testid="modn-diagram"] g[data-moved="true"]').count();
    const last = (await stepOf(host)).steps - 1;
    assert.equal((await stepOf(host)).step, last, "a change shows the last step, every key placed");
    assert.equal(movedRows, (await pageMoves(host)).moved);
    assert.equal(movedChips, (await pageMoves(host)).moved);

    // The link reproduces it; the chapter's example resets it.
    const again = await open(`#/modn?${params(page).toString()}`);
    assert.deepEqual(await pageMoves(again.host), await pageMoves(host));
    await again.page.close();
    await click(host, "reset-scenario");
    await press(host, "End", 7);
    assert.deepEqual(await pageMoves(host), { moved: 5, keys: 6 });
    assert.equal(await mustMove(), 1);
    await page.assertClean();
    await page.close();
  });

  test("mod-N: a server neither N reaches is marked not in use, and the diagram has no column for it", async () => {
    const unused = (host) =>
      host.locator('[data-testid="servers"] li.chip.unused').evaluateAll((els) => els.map((el) => el.dataset.server));
    const columns = (host) =>
      host
        .locator('[data-testid="modn-diagram"] rect.cell')
        .count()
        .then((n) => n / 2);
    // 4 → 3 over A … E: E takes no part.
    const { page, host } = await open("#/modn?to=3");
    assert.deepEqual(await unused(host), ["E"]);
    assert.equal(await text(host, "servers-unused-E"), "not in use");
    assert.equal(await columns(host), 4);
    for (const name of ["A", "B", "C", "D"])
      assert.equal(await host.locator(`[data-testid="servers-unused-${name}"]`).count(), 0, `${name} is in use`);
    // N before 2, N after 3: D and E take no part; three columns.
    await type(host, "from", 2);
    await urlHas(page, "from", "2");
    assert.deepEqual(await unused(host), ["D", "E"]);
    assert.equal(await columns(host), 3);
    // N after 5 again: every server is in use.
    await type(host, "to", 5);
    await urlHas(page, "to", null);
    assert.deepEqual(await unused(host), []);
    assert.equal(await columns(host), 5);
    await page.assertClean();
    const bn = await env.visit(page, "#/modn?to=3&lang=bn");
    assert.deepEqual(await unused(bn.host), ["E"]);
    assert.equal(await text(bn.host, "servers-unused-E"), "ব্যবহারে নেই");
    await page.assertClean();
    await page.close();
  });

  test("rendezvous: no servers is the page's named error, in English and Bengali; adding one renders", async () => {
    for (const [lang, message] of [
      ["en", /rendezvous needs at least one server to score the key/],
      ["bn", /অন্তত একটি সার্ভার চাই/],
    ]) {
      const page = await env.home();
      const { host } = await env.visit(page, `#/rendezvous?servers=&lang=${lang}`, undefined, { allowError: true });
      assert.equal(await box(host).getAttribute("data-error"), "out_of_range", `${lang}: the error's code`);
      assert.match(await text(host, "error"), message);
      if (lang === "bn") assert.doesNotMatch(await text(host, "error"), /rendezvous|needs|server/);
      assert.equal(await host.locator('[data-testid="owners"]').count(), 0, `${lang}: no table of 0 servers`);
      // Still usable: a server added on the page gives a winner.
      await host.locator('[data-testid="servers-new"]').fill("S9");
      await host.locator('[data-testid="servers-add"]').click();
      await urlHas(page, "servers", "S9");
      await page.waitForFunction(
        (el) => !el.shadowRoot?.querySelector('[data-testid="widget"]')?.hasAttribute("data-error"),
        await host.elementHandle(),
      );
      await settled(host);
      assert.equal(await host.locator('[data-testid="owners"] tbody tr').count(), 1);
      await page.assertClean();
      await page.close();
    }
  });

  test("rendezvous: your key, a server added, removed and renamed; the keys that moved are the module's", async () => {
    const { page, host } = await open("#/rendezvous");
    const owners = (servers, keys) => {
      const rv = rl.rendezvous(servers);
      try {
        return keys.map((k) => rv.pick(k));
      } finally {
        rv.dispose();
      }
    };
    const expect = (was, servers, key) => {
      const keys = uniq([key, ...CHAPTER_KEYS]);
      return { moved: moduleMoved(rl, owners(was, keys), owners(servers, keys), was), keys: keys.length };
    };
    assert.ok(await host.locator('[data-testid="moves"]').isHidden(), "no change yet, no count");
    await type(host, "key", "order:2024");
    await urlHas(page, "key", "order:2024");
    assert.match(await text(host, "key-note"), new RegExp(`^h32 = ${rl.h32("order:2024")}; highest score: S\\d$`));
    const s0 = ["S0", "S1", "S2", "S3"];

    await click(host, "servers-add");
    await urlHas(page, "servers", "S0,S1,S2,S3,S4");
    assert.equal(params(page).get("was"), "S0,S1,S2,S3");
    assert.deepEqual(await pageMoves(host), expect(s0, [...s0, "S4"], "order:2024"));

    const colourS2 = await swatch(host, "servers", "S2");
    const colourS3 = await swatch(host, "servers", "S3");
    await click(host, "servers-remove-S1");
    await urlHas(page, "servers", "S0,S2,S3,S4");
    assert.equal(await swatch(host, "servers", "S2"), colourS2, "S2 keeps its colour when S1 leaves");
    assert.equal(await swatch(host, "servers", "S3"), colourS3, "S3 keeps its colour when S1 leaves");
    const moves = await pageMoves(host);
    assert.deepEqual(moves, expect([...s0, "S4"], ["S0", "S2", "S3", "S4"], "order:2024"));
    // Marked in the table and on the cards.
    assert.equal(await host.locator('[data-testid="key-moves"] tbody tr.moved-row').count(), moves.moved);
    assert.equal(await host.locator('[data-testid="moves-strip"] [data-moved="true"]').count(), moves.moved);

    await type(host, "servers-rename-S0", "cache-a");
    await urlHas(page, "servers", "cache-a,S2,S3,S4");
    assert.deepEqual(
      await pageMoves(host),
      expect(["S0", "S2", "S3", "S4"], ["cache-a", "S2", "S3", "S4"], "order:2024"),
    );
    assert.equal(await swatch(host, "servers", "S2"), colourS2, "S2 keeps its colour when S0 is renamed");

    await click(host, "reset-scenario");
    assert.equal(params(page).get("servers"), null);
    await page.assertClean();
    await page.close();
  });

  test("jump: your key, buckets before and after; the keys that moved are the module's", async () => {
    const { page, host } = await open("#/jump");
    const expect = (n, m, key) => {
      const keys = uniq([key, ...CHAPTER_KEYS]);
      const before = keys.map((k) => String(rl.jump(rl.h32(k), n)));
      const after = keys.map((k) => String(rl.jump(rl.h32(k), m)));
      const old = uniq([...before, ...after.filter((b) => Number(b) < n)]);
      return { moved: moduleMoved(rl, before, after, old), keys: keys.length };
    };
    assert.deepEqual(await pageMoves(host), expect(10, 11, "user:42"));
    await type(host, "key", "order:2024");
    await urlHas(page, "key", "order:2024");
    const trace = rl.jumpTrace(rl.h32("order:2024"), 10);
    assert.equal(
      await text(host, "key-note"),
      `h32 = ${rl.h32("order:2024")}; ${trace.length} jumps; lands in bucket ${trace[trace.length - 1].bucket}`,
    );
    assert.deepEqual(await pageMoves(host), expect(10, 11, "order:2024"));

    await type(host, "buckets", 20);
    await urlHas(page, "buckets", "20");
    assert.deepEqual(await pageMoves(host), expect(20, 21, "order:2024"));
    await type(host, "buckets-to", 32);
    await urlHas(page, "to", "32");
    const moves = await pageMoves(host);
    assert.deepEqual(moves, expect(20, 32, "order:2024"));
    assert.ok(moves.moved > 0, "growing 20 → 32 buckets moves some of the keys");
    // The fewest: twelve new buckets of 32 take their share of the keys, none left.
    const mustMove = Number(await host.locator('[data-testid="moves"]').first().getAttribute("data-must-move"));
    assert.equal(mustMove, Math.round((moves.keys * 12) / 32));
    assert.equal(await host.locator('[data-testid="key-moves"] tbody tr.moved-row').count(), moves.moved);
    assert.equal(await host.locator('[data-testid="moves-strip"] [data-moved="true"]').count(), moves.moved);
    // Every moved key went into one of the new buckets (jump never moves keys between old ones).
    for (const row of await host
      .locator('[data-testid="key-moves"] tbody tr.moved-row td:nth-child(3)')
      .allTextContents())
      assert.ok(Number(row.replace(/\D+/g, "")) >= 20, `moved into a new bucket: ${row}`);
    // The growth table reaches the count after the change: 32 rows, each the module's jump.
    const { steps } = await stepOf(host);
    await press(host, "End", steps - 1);
    const growth = await host.locator('[data-testid="growth"] tbody tr td:nth-child(2)').allTextContents();
    assert.deepEqual(
      growth.map(Number),
      Array.from({ length: 32 }, (_, i) => rl.jump(rl.h32("order:2024"), i + 1)),
    );
    await page.assertClean();
    await page.close();
  });

  test("two clients: your key, a server added to one list and removed from the other; the count is the module's", async () => {
    const { page, host } = await open("#/clients");
    const expect = (a, b, vnodes = 100, seed = 16) => {
      const ra = rl.ring({ servers: a, vnodes });
      const rb = rl.ring({ servers: b, vnodes });
      try {
        const keys = rl.keys(seed, 10000);
        const oa = Array.from(ra.ownerMany(keys), (i) => ra.servers[i]);
        const ob = Array.from(rb.ownerMany(keys), (i) => rb.servers[i]);
        return { moved: moduleMoved(rl, oa, ob, a), keys: 10000 };
      } finally {
        ra.dispose();
        rb.dispose();
      }
    };
    assert.deepEqual(await pageMoves(host), expect(["A", "B", "C"], ["A", "B", "C", "D"]));
    await type(host, "key", "order:2024");
    await urlHas(page, "key", "order:2024");
    assert.match(await text(host, "key-note"), /^client 1 → [A-D]; client 2 → [A-D]$/);

    await host.locator('[data-testid="servers-b-new"]').fill("E");
    await click(host, "servers-b-add");
    await urlHas(page, "servers-b", "A,B,C,D,E");
    assert.deepEqual(await pageMoves(host), expect(["A", "B", "C"], ["A", "B", "C", "D", "E"]));

    const colourC = await swatch(host, "servers-a", "C");
    await click(host, "servers-a-remove-B");
    await urlHas(page, "servers-a", "A,C");
    assert.equal(await swatch(host, "servers-a", "C"), colourC, "C keeps its colour when B leaves");
    assert.equal(await swatch(host, "servers-b", "C"), colourC, "C has one colour in both lists");
    assert.deepEqual(await pageMoves(host), expect(["A", "C"], ["A", "B", "C", "D", "E"]));

    await type(host, "vnodes", 10);
    await urlHas(page, "vnodes", "10");
    assert.deepEqual(await pageMoves(host), expect(["A", "C"], ["A", "B", "C", "D", "E"], 10));
    await page.assertClean();
    await page.close();
  });
});

describe("defects", () => {
  test("jump: the 'j ≥ n' label is clear of every arc and bucket, and the two tables stand apart", async () => {
    const page = await env.home();
    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 390, height: 900 },
    ]) {
      const { host } = await env.visit(page, "#/jump?lang=en", viewport);
      const { steps } = await stepOf(host);
      await box(host).press("End");
      await page.waitForFunction(
        (el) => el.shadowRoot.querySelector('[data-testid="past-label"]'),
        await host.elementHandle(),
      );
      // The step before the last: the last jump, its label.
      await box(host).press("ArrowLeft");
      assert.equal((await stepOf(host)).step, steps - 2);
      const found = await evaluateOne(host, (el) => {
        const svg = el.shadowRoot.querySelector('[data-testid="jump-diagram"]');
        const label = svg.querySelector('[data-testid="past-label"]');
        const r = label.getBoundingClientRect();
        const hits = [...svg.querySelectorAll("path, rect, circle, line, text")]
          .filter((x) => x !== label)
          .map((x) => ({ tag: x.tagName, b: x.getBoundingClientRect() }))
          .filter(
            ({ b }) =>
              b.width > 0 && !(b.right <= r.left || b.left >= r.right || b.bottom <= r.top || b.top >= r.bottom),
          );
        return { text: label.textContent, hits: hits.map((x) => x.tag) };
      });
      assert.match(found.text, /^j = \d+ ≥ 10$/);
      assert.deepEqual(found.hits, [], `${viewport.width} px: ${found.text} is crossed by ${found.hits.join(", ")}`);
      // Last step: both tables, each with its caption, a clear gap between them.
      await box(host).press("End");
      const gap = await evaluateOne(host, (el) => {
        const [a, b] = ["jumps", "growth"].map((id) =>
          el.shadowRoot.querySelector(`[data-testid="${id}"]`).getBoundingClientRect(),
        );
        return b.top - a.bottom;
      });
      assert.ok(gap >= 16, `${viewport.width} px: the tables are ${gap} px apart`);
      await page.assertClean();
    }
    await page.close();
  });

  test("one spelling per algorithm name on these pages, English and Bengali", async () => {
    const page = await env.home();
    for (const lang of ["en", "bn"]) {
      for (const [route, right, wrong] of [
        ["modn", /mod-N/, /\bmod N\b:|hash mod N:|mod-n\b|Mod-N/],
        ["rendezvous", /Rendezvous/, /rendevous|rendez-vous|Rendezvouz/i],
        ["jump", /Jump consistent hash/, /jump-consistent|Jump Consistent/],
      ]) {
        const { host } = await env.visit(page, `#/${route}?lang=${lang}`);
        const title = await text(host, "title");
        const pageTitle = (await page.locator('[data-testid="page-title"]').textContent()) ?? "";
        assert.match(title, right, `${route} ${lang}: ${title}`);
        assert.match(pageTitle, right, `${route} ${lang}: ${pageTitle}`);
        assert.doesNotMatch(`${title} ${pageTitle}`, wrong);
      }
    }
    await page.close();
  });

  test(
    "no table or chart scrolls sideways at 1280 or 390 px, English and Bengali; no console error",
    { timeout: 300_000 },
    async () => {
      const pages = [
        "modn?key=order:2024&step=7",
        "modn?servers=A,B,C,D,E,F,G,H&from=6&to=8&key=order:2024",
        "rendezvous?servers=S0,S2,S3,S4&was=S0,S1,S2,S3,S4&key=order:2024&step=5",
        "jump?step=6",
        "jump?buckets=40&to=64&key=order:2024&step=3",
        "clients?step=3",
        "clients?servers-a=A,B,C,D,E,F&servers-b=A,B,C,D,E,F,G,H&key=order:2024",
      ];
      // One page for all 28 states: each a fresh widget at its size and in its language (visit).
      const page = await env.home();
      for (const lang of ["en", "bn"]) {
        for (const width of [1280, 390]) {
          for (const route of pages) {
            const { host } = await env.visit(page, `#/${route}&lang=${lang}`, { width, height: 900 });
            const over = await evaluateOne(host, (el) =>
              [...el.shadowRoot.querySelectorAll(".table-wrap, svg")]
                .map((x) => (x.tagName === "svg" ? x.parentElement : x))
                .filter((x) => x.scrollWidth > x.clientWidth)
                .map((x) => `${x.className || x.tagName}: ${x.scrollWidth} > ${x.clientWidth}`),
            );
            assert.deepEqual(over, [], `#/${route} ${lang} at ${width} px`);
            const wide = await page.evaluate(() => document.documentElement.scrollWidth);
            assert.ok(wide <= width, `#/${route} ${lang}: the page is ${wide} px wide at ${width} px`);
            if (route.includes("step=")) {
              const name = `scenario-${route.replace(/[^a-z0-9]+/gi, "-")}-${lang}-${width}.png`;
              await screenshot(page, name, { fullPage: true });
            }
            await page.assertClean(`#/${route} ${lang} at ${width} px`);
          }
        }
      }
      await page.close();
    },
  );
});

describe("keys that move: the animation plays out, the fewest is the formula's, colours stay", () => {
  const animated = (host) => host.locator(".key-strip.animate .kcard.moved, svg.animate .moved-new").count();
  // Each page and a change that moves keys.
  const changes = {
    modn: (host) => click(host, "servers-add"),
    rendezvous: (host) => click(host, "servers-add"),
    jump: (host) => type(host, "buckets-to", 16),
    clients: (host) => click(host, "servers-b-add"),
  };
  for (const [id, change] of Object.entries(changes))
    for (const reduce of [false, true])
      test(`#/${id}: moved keys still animated 500 ms after a change${reduce ? " (never with reduced motion)" : ""}`, async () => {
        const page = await env.home();
        if (reduce) await page.emulateMedia({ reducedMotion: "reduce" });
        const { host } = await env.visit(page, `#/${id}`);
        await change(host);
        const { moved } = await pageMoves(host);
        assert.ok(moved > 0, "the change moves some key");
        await page.waitForTimeout(500);
        if (reduce) assert.equal(await animated(host), 0, "nothing moves with reduced motion");
        else assert.ok((await animated(host)) > 0, "the moved keys are still animated 500 ms after the change");
        await page.assertClean();
        await page.close();
      });

  const mustMove = async (host) =>
    Number(await host.locator('[data-testid="moves"]').first().getAttribute("data-must-move"));

  test("rendezvous: adding S4 moves about the fewest it needs (keys × 1/5); removing S1 exactly S1's keys", async () => {
    const { page, host } = await open("#/rendezvous");
    await click(host, "servers-add");
    await urlHas(page, "servers", "S0,S1,S2,S3,S4");
    const added = await pageMoves(host);
    assert.equal(await mustMove(host), Math.round(added.keys / 5));
    assert.ok(Math.abs(added.moved - (await mustMove(host))) <= 2, `${added.moved} moved of ${added.keys}`);
    const keys = await host
      .locator('[data-testid="moves-strip"] .kcard')
      .evaluateAll((cs) => cs.map((c) => c.dataset.key));
    const rv = rl.rendezvous(["S0", "S1", "S2", "S3", "S4"]);
    const had = keys.filter((k) => rv.pick(k) === "S1").length;
    rv.dispose();
    await click(host, "servers-remove-S1");
    await urlHas(page, "servers", "S0,S2,S3,S4");
    const removed = await pageMoves(host);
    assert.equal(await mustMove(host), had);
    assert.equal(removed.moved, had, "rendezvous moves only the keys of the server that left");
    await page.close();
  });

  test("two clients: the figure is the keys one client sends to a server the other does not know", async () => {
    const { page, host } = await open("#/clients");
    const expect = (a, b) => {
      const ra = rl.ring({ servers: a, vnodes: 100 });
      const rb = rl.ring({ servers: b, vnodes: 100 });
      try {
        const keys = rl.keys(16, 10000);
        const oa = Array.from(ra.ownerMany(keys), (i) => ra.servers[i]);
        const ob = Array.from(rb.ownerMany(keys), (i) => rb.servers[i]);
        return oa.filter((o, k) => !b.includes(o) || !a.includes(ob[k])).length;
      } finally {
        ra.dispose();
        rb.dispose();
      }
    };
    const check = async (a, b) => {
      const { moved } = await pageMoves(host);
      const must = await mustMove(host);
      assert.equal(must, expect(a, b));
      assert.ok(must <= moved, `${must} can't exceed the ${moved} keys that differ`);
    };
    await check(["A", "B", "C"], ["A", "B", "C", "D"]);
    assert.match(await text(host, "moves"), /^2,\d{3} of 10,000 keys go to different servers on the two clients; /);
    await click(host, "servers-a-remove-B");
    await urlHas(page, "servers-a", "A,C");
    await check(["A", "C"], ["A", "B", "C", "D"]);
    await page.close();
  });

  test("rendezvous: removing web-a leaves api, web-b and web-c their colours", async () => {
    const { page, host } = await open("#/rendezvous?servers=web-a,web-b,web-c,api");
    const names = ["web-b", "web-c", "api"];
    const before = Object.fromEntries(await Promise.all(names.map(async (n) => [n, await swatch(host, "servers", n)])));
    await click(host, "servers-remove-web-a");
    await urlHas(page, "servers", "web-b,web-c,api");
    for (const n of names) assert.equal(await swatch(host, "servers", n), before[n], `${n} keeps its colour`);
    // On two clients, the same servers in one list keep theirs too.
    await page.close();
  });

  test("two clients: a duplicate name is refused beside the field", async () => {
    const { page, host } = await open("#/clients?lang=bn");
    const hash = await page.evaluate(() => location.hash);
    await host.locator('[data-testid="servers-b-new"]').fill("D");
    await host.locator('[data-testid="servers-b-add"]').click();
    await page.waitForTimeout(200);
    assert.equal(await host.locator('[data-testid="servers-b-note"]').textContent(), "D নামে একটি সার্ভার আগেই আছে।");
    assert.equal(await page.evaluate(() => location.hash), hash);
    await page.assertClean();
    await page.close();
  });
});
