// The ring steppers (#/ring, #/membership, #/search) driven as a reader would: type a key, add a
// server, remove one. The moved-key count each page shows must equal the count computed here with
// the module's own token ring (owners before and after the change); the address carries the state;
// removing a server leaves the others' colours alone; nothing needs sideways scrolling at 1280 or
// 390 px, in English or Bengali; and no console error.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { evaluateOne, rows, screenshot, settled, usePlayground } from "./helpers.mjs";
import { load } from "../../web/lib/dist/index.js";

const env = usePlayground();
const { open } = env;
const rl = await load();

const bitsFor = (span) => {
  let bits = 1;
  while (2 ** bits < span && bits < 32) bits++;
  return bits;
};

/** Each hash's owner (a server name) on a ring of these servers, by the module's routeHash. */
function owners(span, servers, hashes) {
  const ring = rl.tokenRing({ bits: bitsFor(span) });
  try {
    const serverOf = new Map();
    for (const p of servers)
      p.tokens.forEach((t, j) => {
        const id = p.tokens.length === 1 ? p.name : `${p.name}#${j}`;
        ring.add(id, t);
        serverOf.set(id, p.name);
      });
    return hashes.map((x) => serverOf.get(ring.routeHash(x)));
  } finally {
    ring.dispose();
  }
}

function movedCount(span, before, after, hashes) {
  const a = owners(span, before, hashes);
  const b = owners(span, after, hashes);
  return a.filter((x, i) => x !== b[i]).length;
}

/** The ring a membership state ends with: the starting servers, then each change. */
function finalServers(state) {
  let list = state.servers;
  for (const c of state.changes) {
    const name = c.slice(1).split(":")[0];
    if (c.startsWith("-")) list = list.filter((p) => p.name !== name);
    else
      list = [
        ...list,
        {
          name,
          tokens: c
            .slice(c.lastIndexOf(":") + 1)
            .split("/")
            .map(Number),
        },
      ];
  }
  return list;
}

const ringOf = (page, state) => (page === "membership" ? finalServers(state) : state.servers);
const keyHashes = (state) => [...state.hashes, ...(state.key ? [rl.h32(state.key) % state.span] : [])];

const state = (host) => evaluateOne(host, (el) => el.state);
const colourOf = (host, name) =>
  host.locator(`[data-testid="servers"] li[data-server="${name}"] > span`).first().getAttribute("class");

async function waitMoves(host) {
  await host.locator('[data-testid="moves"][data-moved]').waitFor({ timeout: 10_000 });
  return Number(await host.locator('[data-testid="moves"]').getAttribute("data-moved"));
}

/** Nothing in the widget or the page needs horizontal scrolling. */
async function assertNoOverflow(page, host, what) {
  const wide = await evaluateOne(host, (el) =>
    [...el.shadowRoot.querySelectorAll(".table-wrap, .stage > div, .params, svg")]
      .filter((x) => x.scrollWidth > x.clientWidth + 1 && x.clientWidth > 0)
      .map((x) => `${x.className?.baseVal ?? x.className} ${x.scrollWidth}>${x.clientWidth}`),
  );
  assert.deepEqual(wide, [], `${what}: overflowing boxes`);
  const doc = await page.evaluate(() => [document.documentElement.scrollWidth, innerWidth]);
  assert.ok(doc[0] <= doc[1], `${what}: the page is ${doc[0]} px wide at ${doc[1]} px`);
}

const pages = [
  { id: "ring", remove: "B", survivor: "C" },
  { id: "membership", remove: "A", survivor: "C" },
  { id: "search", remove: "B", survivor: "C" },
];

describe("the ring steppers take the reader's key and servers", () => {
  for (const p of pages) {
    test(`#/${p.id}: type a key, add a server, remove a server`, { timeout: 120_000 }, async () => {
      const { page, host } = await open(`#/${p.id}`);

      // A key of one's own: its position h32(key) mod span, and it joins the keys.
      await host.locator('[data-testid="key"]').fill("user:42");
      await host.locator('[data-testid="key"]').press("Enter");
      await page.waitForFunction(() => location.hash.includes("key=user"));
      let s = await state(host);
      const pos = rl.h32("user:42") % s.span;
      assert.match(await host.locator('[data-testid="key-note"]').textContent(), new RegExp(`mod ${s.span} = ${pos}`));
      assert.ok(
        (await rows(host, "owners")).some((r) => r[0] === "user:42" && r[1] === String(pos)),
        "the key is a row of the owners table",
      );

      // Add F: the moved count is the module's, computed here from the rings before and after.
      const colourBefore = await colourOf(host, p.survivor);
      const before = ringOf(p.id, s);
      await host.locator('[data-testid="servers-new"]').fill("F");
      await host.locator('[data-testid="servers-add"]').click();
      await page.waitForFunction(() => /F(%3A|:)/.test(location.hash));
      s = await state(host);
      const afterAdd = ringOf(p.id, s);
      assert.ok(afterAdd.some((x) => x.name === "F"));
      assert.equal(await waitMoves(host), movedCount(s.span, before, afterAdd, keyHashes(s)), "moved after adding F");
      await screenshot(page, `scenario-${p.id}-added-1280.png`, { fullPage: true });

      // Remove one: the count again, and the survivor keeps its colour.
      await host.locator(`[data-testid="servers-remove-${p.remove}"]`).click();
      await page.waitForFunction(
        ([page, name]) =>
          page === "membership"
            ? decodeURIComponent(location.hash).includes(`-${name}`)
            : !(new URLSearchParams(location.hash.split("?")[1] ?? "").get("servers") ?? "").includes(`${name}:`),
        [p.id, p.remove],
      );
      s = await state(host);
      const afterRemove = ringOf(p.id, s);
      assert.ok(!afterRemove.some((x) => x.name === p.remove));
      assert.equal(
        await waitMoves(host),
        movedCount(s.span, afterAdd, afterRemove, keyHashes(s)),
        `moved after removing ${p.remove}`,
      );
      assert.equal(await colourOf(host, p.survivor), colourBefore, `${p.survivor} keeps its colour`);
      // Moved keys are marked on the ring and in the table.
      const marks = await host.locator('[data-testid="ring"] [data-moved]').count();
      assert.equal(marks, await waitMoves(host));
      const movedRows = (await host.locator('[data-testid="owners"] tbody tr.moved-row').count()) > 0;
      assert.equal(movedRows, marks > 0);

      // The address carries it all: a fresh page at this URL shows the same servers and key.
      const link = page.url();
      assert.match(decodeURIComponent(link), /key=user:42/);
      const again = await open(link.slice(link.indexOf("#")));
      assert.deepEqual(await state(again.host), s);
      await again.page.assertClean();
      await again.page.close();

      // Shares of the circle are shown per server.
      assert.ok((await host.locator('[data-testid="shares"] li').count()) === afterRemove.length);
      await page.assertClean();
      await page.close();
    });
  }

  test(
    "no sideways scrolling at 1280 and 390 px, in English and Bengali, on every step kind",
    { timeout: 240_000 },
    async () => {
      // One page; each state a fresh widget on it (visit).
      const page = await env.home();
      for (const p of pages)
        for (const lang of ["en", "bn"])
          for (const width of [1280, 390]) {
            const { host } = await env.visit(page, `#/${p.id}?lang=${lang}&key=user:42`, { width, height: 900 });
            const steps = Number(await host.locator('[data-testid="widget"]').getAttribute("data-steps"));
            // The first step, the middle and the last (on #/search: the preference-list walk).
            for (const step of [0, Math.floor(steps / 2), steps - 2, steps - 1]) {
              await evaluateOne(host, (el, step) => (el.state = { step }), step);
              await page.waitForTimeout(50);
              await assertNoOverflow(page, host, `#/${p.id} ${lang} ${width} px step ${step}`);
            }
            await screenshot(page, `scenario-${p.id}-${lang}-${width}.png`, { fullPage: true });
            await page.assertClean(`#/${p.id} ${lang} ${width}`);
          }
      await page.close();
    },
  );
});

describe("keys that move: the animation plays out, the marks survive a reload, colours stay", () => {
  const movers = (host) => host.locator('[data-testid="ring"] [data-testid="mover"]').count();
  for (const id of ["ring", "membership", "search"])
    for (const reduce of [false, true])
      test(`#/${id}: the movers are still there 500 ms after adding a server${reduce ? " (none with reduced motion)" : ""}`, async () => {
        const page = await env.home();
        if (reduce) await page.emulateMedia({ reducedMotion: "reduce" });
        const { host } = await env.visit(page, `#/${id}`);
        await host.locator('[data-testid="servers-new"]').fill("F");
        await host.locator('[data-testid="servers-add"]').click();
        await page.waitForFunction(() => /F(%3A|:)/.test(location.hash));
        const moved = await waitMoves(host);
        assert.ok(moved > 0, "adding F moves some key");
        await page.waitForTimeout(500);
        if (reduce) assert.equal(await movers(host), 0, "no moving dot with reduced motion");
        else assert.equal(await movers(host), moved, "a moving dot per moved key, 500 ms after the change");
        // The moved marks stay either way.
        assert.equal(await host.locator('[data-testid="ring"] .moved-mark').count(), moved);
        await page.assertClean();
        await page.close();
      });

  test("#/ring: the servers before a change are in the address; a reload shows the same moved keys", async () => {
    const { page, host } = await open("#/ring");
    await host.locator('[data-testid="servers-remove-B"]').click();
    await page.waitForFunction(() => decodeURIComponent(location.hash).includes("before=A:10,B:30,C:50,D:80"));
    const moved = await waitMoves(host);
    assert.equal(
      moved,
      movedCount(100, (await state(host)).before, (await state(host)).servers, keyHashes(await state(host))),
    );
    const link = page.url();
    const again = await open(link.slice(link.indexOf("#")));
    assert.equal(await waitMoves(again.host), moved);
    assert.equal(await again.host.locator('[data-testid="ring"] .moved-mark').count(), moved);
    assert.equal(await again.host.locator('[data-testid="owners"] tbody tr.moved-row').count(), moved);
    await again.page.assertClean();
    await again.page.close();
    await page.close();
  });

  test("#/search: the servers before a change are in the address; a reload shows the same moved keys", async () => {
    const { page, host } = await open("#/search");
    // C owns 700 and 450 (B owns none of the chapter's keys).
    await host.locator('[data-testid="servers-remove-C"]').click();
    await page.waitForFunction(() =>
      decodeURIComponent(location.hash).includes("before=A:105/930,B:290/610,C:450/845"),
    );
    const s = await state(host);
    const moved = await waitMoves(host);
    assert.ok(moved > 0, "removing C moves its keys");
    assert.equal(moved, movedCount(s.span, s.before, s.servers, keyHashes(s)));
    const marks = () => host.locator('[data-testid="ring"] .moved-mark').count();
    const movedRows = () => host.locator('[data-testid="owners"] tbody tr.moved-row').count();
    assert.equal(await marks(), moved);
    assert.equal(await movedRows(), moved);
    await page.reload();
    await settled(host);
    assert.equal(await waitMoves(host), moved, "the same count after a reload");
    assert.equal(await marks(), moved, "the same marks on the ring after a reload");
    assert.equal(await movedRows(), moved, "the same moved rows after a reload");
    // A rename is not a move: the list before takes the new name too.
    await host.locator('[data-testid="servers-rename-A"]').fill("Z");
    await host.locator('[data-testid="servers-rename-A"]').press("Enter");
    await page.waitForFunction(() =>
      decodeURIComponent(location.hash).includes("before=Z:105/930,B:290/610,C:450/845"),
    );
    assert.equal(await waitMoves(host), moved, "a rename moves nothing more");
    // A new span places every key afresh: there is no before to compare with.
    await host.locator('[data-testid="span"]').fill("2000");
    await host.locator('[data-testid="span"]').press("Enter");
    await page.waitForFunction(() => location.hash.includes("span=2000") && !location.hash.includes("before="));
    await settled(host);
    assert.equal(await host.locator('[data-testid="moves"][data-moved]').count(), 0, "no moves line after a new span");
    assert.equal(await marks(), 0);
    await page.assertClean();
    await page.close();
  });

  test("#/ring: the fewest this change needs is the formula's, and a ring moves about that many", async () => {
    const { page, host } = await open("#/ring");
    const fewest = async () => Number(await host.locator('[data-testid="moves"]').getAttribute("data-must-move"));
    // Adding one server to four: the new server's balanced share, keys × 1/5.
    await host.locator('[data-testid="servers-add"]').click();
    await page.waitForFunction(() => decodeURIComponent(location.hash).includes("before="));
    let s = await state(host);
    const keys = keyHashes(s).length;
    let moved = await waitMoves(host);
    assert.equal(await fewest(), Math.round(keys / 5));
    assert.ok(Math.abs(moved - (await fewest())) <= 1, `a ring moves about the fewest on add: ${moved}`);
    // Removing B: every key B had, and no other.
    await host.locator('[data-testid="servers-remove-B"]').click();
    await page.waitForFunction(() => !decodeURIComponent(location.hash).includes("servers=A:10,B:30"));
    s = await state(host);
    moved = await waitMoves(host);
    const had = owners(s.span, s.before, keyHashes(s)).filter((o) => o === "B").length;
    assert.equal(await fewest(), had);
    assert.equal(moved, had, "a ring moves exactly the keys of the server that left");
    await page.close();
  });

  test("#/ring: every surviving server keeps its colour (Z when B leaves; others when A is renamed)", async () => {
    const { page, host } = await open("#/ring?servers=A:10,B:30,C:50,D:80,Z:90");
    const names = ["A", "C", "D", "Z"];
    const before = Object.fromEntries(await Promise.all(names.map(async (n) => [n, await colourOf(host, n)])));
    assert.match(before.Z, /\bs4\b/, "Z wants B's colour (s1) and takes the next free one");
    await host.locator('[data-testid="servers-remove-B"]').click();
    await page.waitForFunction(() => decodeURIComponent(location.hash).includes("servers=A:10,C:50,D:80,Z:90"));
    await settled(host);
    for (const n of names) assert.equal(await colourOf(host, n), before[n], `${n} keeps its colour when B leaves`);
    const rename = host.locator('[data-testid="servers-rename-A"]');
    await rename.fill("B");
    await rename.press("Enter");
    await page.waitForFunction(() => decodeURIComponent(location.hash).includes("B:10"));
    await settled(host);
    assert.equal(await colourOf(host, "B"), before.A, "a renamed server keeps its colour");
    for (const n of ["C", "D", "Z"]) assert.equal(await colourOf(host, n), before[n], `${n} keeps its colour`);
    await page.assertClean();
    await page.close();
  });

  test("#/ring: a name already in use is refused beside the field, the state unchanged", async () => {
    const { page, host } = await open("#/ring");
    const hash = await page.evaluate(() => location.hash);
    await host.locator('[data-testid="servers-new"]').fill("C");
    await host.locator('[data-testid="servers-add"]').click();
    await page.waitForTimeout(200);
    assert.equal(
      await host.locator('[data-testid="servers-note"]').textContent(),
      "There is already a server named C.",
    );
    assert.equal(await page.evaluate(() => location.hash), hash);
    const rename = host.locator('[data-testid="servers-rename-A"]');
    await rename.fill("D");
    await rename.press("Enter");
    await page.waitForTimeout(200);
    assert.equal(await page.evaluate(() => location.hash), hash);
    assert.equal(await rename.inputValue(), "A", "the field shows the name it still has");
    assert.equal(
      await host.locator('[data-testid="servers-note"]').textContent(),
      "There is already a server named D.",
    );
    // A fresh name goes through and clears the note.
    await host.locator('[data-testid="servers-new"]').fill("Q");
    await host.locator('[data-testid="servers-add"]').click();
    await page.waitForFunction(() => /Q(%3A|:)/.test(location.hash));
    assert.equal(await host.locator('[data-testid="servers-note"]').textContent(), "");
    await page.assertClean();
    await page.close();
  });
});
