// The Malachi ring page (#/malachi) in headless Chromium, served under a strict
// Content-Security-Policy: every key's position and vnode is what `ringlab/systems` computes in
// Node for the same ring; adding, removing, dragging and arrow keys move vnodes, and the page
// lists the keys that changed vnode; a refused edit shows the module's error beside its input;
// the address reproduces the view; the Bengali page leaves no English words outside code; and the
// systems module (its chunk and .wasm) is fetched only by a page that shows the Malachi widget.
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import {
  SUB,
  assertBuilt,
  box,
  distDir,
  evaluateOne,
  newPage,
  rendered,
  screenshot,
  settled,
  usePlayground,
} from "./helpers.mjs";
import { load } from "../../web/lib/dist/systems.js";

const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'";

let rl;
// Made now, not in a hook: usePlayground (below) serves it, and Node runs a file's top-level
// before hooks without waiting for one another.
const embedDir = mkdtempSync(path.join(tmpdir(), "ringlab-malachi-"));

before(async () => {
  assertBuilt("playground/index.html", "widgets/ringlab-widgets.js");
  rl = await load();
  // Two hand-written pages beside the widgets bundle: one with the Malachi widget, one without.
  const pageWith = (body) =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>t</title>` +
    `<script type="module" src="../widgets/ringlab-widgets.js"></script></head><body>${body}</body></html>`;
  writeFileSync(
    path.join(embedDir, "malachi.html"),
    pageWith('<ringlab-malachi-ring bits="16" vnodes=":a=100&#10;:b=40000"></ringlab-malachi-ring>'),
  );
  writeFileSync(path.join(embedDir, "ring.html"), pageWith("<ringlab-ring-stepper></ringlab-ring-stepper>"));
});

after(() => rmSync(embedDir, { recursive: true, force: true }));

// Pages a test closes on the playground are kept for the next open(), which reaches its widget by
// the hash (a new widget, built from the address) rather than loading the playground again; the
// test of what a load fetches loads its pages afresh.
const env = usePlayground({
  headers: { "content-security-policy": CSP },
  mounts: { [`${SUB}embed/`]: embedDir, [`${SUB}widgets/`]: path.join(distDir, "widgets") },
});
const { open } = env;

/** The widget's state attributes. */
const stateOf = (host) =>
  evaluateOne(host, (el) => ({
    bits: Number(el.getAttribute("bits") ?? 8),
    vnodes: el.state.vnodes,
    keys: el.state.keys,
  }));

/** The key table: [line, key, position, vnode] per row, or [line, key, error code]. */
const keyRows = (host) =>
  evaluateOne(host.locator('[data-testid="keys-table"]'), (t) =>
    [...t.querySelectorAll("tbody tr")].map((tr) => {
      const cells = [...tr.children].map((c) => (c.textContent ?? "").trim());
      const err = tr.querySelector("[data-code]");
      return err ? [cells[0], cells[1], err.dataset.code] : cells;
    }),
  );

/** The vnode table: [vnode, token, boundaries] per row, in token order. */
const vnodeRows = (host) =>
  evaluateOne(host.locator('[data-testid="vnodes-table"]'), (t) =>
    [...t.querySelectorAll("tbody tr")].map((tr) => [
      tr.querySelector("td.vn code").textContent,
      tr.querySelector("input").value,
      tr.querySelector('[data-testid="boundaries"] code').textContent,
    ]),
  );

const movedRows = (host) =>
  evaluateOne(host.locator('[data-testid="moves"]'), (m) =>
    [...m.querySelectorAll('[data-testid="moved-row"]')].map((tr) =>
      [...tr.children].map((c) => c.textContent.replace("→", "").trim()),
    ),
  );

/** The ring of a state, in Node: each vnode's Elixir text by token, and the key rows expected. */
function expected({ bits, vnodes, keys }) {
  const ring = rl.malachiRing({ ringBits: bits });
  const ids = new Map();
  for (const line of vnodes.split("\n").filter((l) => l.trim())) {
    const at = line.lastIndexOf("=");
    try {
      const id = rl.parseTerm(line.slice(0, at).trim());
      const token = Number(line.slice(at + 1));
      ring.addVnode(id, token);
      ids.set(token, id.elixir);
    } catch {
      // a line the ring refuses (the page lists it apart, with its error)
    }
  }
  const keyOf = (v) => (typeof v === "string" ? `b${v}` : typeof v === "object" ? `e${v.erlang}` : `i${v}`);
  const byId = new Map(ring.vnodes().map((v) => [keyOf(v.id), ids.get(v.token)]));
  const rows = [];
  keys.split("\n").forEach((text, i) => {
    if (!text.trim()) return;
    let term;
    try {
      term = rl.parseTerm(text);
    } catch (e) {
      rows.push([String(i + 1), text, e.code]);
      return;
    }
    rows.push([String(i + 1), text, String(ring.position(term)), byId.get(keyOf(ring.route(term)))]);
  });
  const table = ring.vnodes().map((v) => {
    const [a, b] = ring.boundaries(v.id);
    return [ids.get(v.token), String(v.token), `(${a}, ${b}]`];
  });
  ring.dispose();
  return { rows, table };
}

async function assertMatchesNode(host, what) {
  const state = await stateOf(host);
  const want = expected(state);
  assert.deepEqual(await keyRows(host), want.rows, `${what}: keys`);
  assert.deepEqual(await vnodeRows(host), want.table, `${what}: vnodes`);
  return want;
}

/** The keys whose vnode differs between two states, as the page lists them: [line, key, from, to]. */
function movedBetween(before, after) {
  const a = expected(before).rows;
  const b = expected(after).rows;
  return b.flatMap((r, i) =>
    r.length === 4 && a[i].length === 4 && r[3] !== a[i][3] ? [[r[0], r[1], a[i][3], r[3]]] : [],
  );
}

describe("Malachi's ring", () => {
  test("the default ring routes docs/algorithms.md's worked example exactly as the systems module does", async () => {
    const { page, host } = await open("#/malachi");
    const want = await assertMatchesNode(host, "default");
    // docs/algorithms.md#malachi-ring: "k", "abc" wrap to :a, "user:42" → {:b, 1}, "" → "c".
    assert.deepEqual(
      want.rows.slice(0, 4).map((r) => [r[1], r[2], r[3]]),
      [
        ['"k"', "229", ":a"],
        ['"abc"', "251", ":a"],
        ['"user:42"', "19", "{:b, 1}"],
        ['""', "101", '"c"'],
      ],
    );
    assert.deepEqual(
      want.table.map((r) => r[2]),
      ["(200, 5]", "(5, 100]", "(100, 200]"],
    );
    // Drawn to scale: every vnode point at its token, with the ticks of a 256-position ring.
    const ticks = await host.locator('[data-testid="tick"]').allTextContents();
    // (0's number gives way to the label of :a at 5, which would overlap it.)
    assert.deepEqual(ticks, ["", "64", "128", "192"]);
    assert.deepEqual(
      await host
        .locator('[data-testid="vnode-point"]')
        .evaluateAll((ps) => ps.map((p) => p.getAttribute("aria-valuenow"))),
      ["5", "100", "200"],
    );
    await screenshot(page, "malachi-1280.png", { fullPage: true });
    await page.assertClean();
    await page.close();
  });

  test("add, remove, an error in place, keys typed, bits, drag and arrow keys; the URL reproduces the view", async () => {
    const { page, host } = await open("#/malachi");

    // Add :d at 240: the keys in (200, 240] move from :a to :d, and only they.
    let before = await stateOf(host);
    await host.locator('[data-testid="new-id"]').fill(":d");
    await host.locator('[data-testid="new-token"]').fill("240");
    await rendered(host, () => host.locator('[data-testid="add"]').click());
    let now = await stateOf(host);
    assert.equal(now.vnodes, ':a=5\n{:b, 1}=100\n"c"=200\n:d=240');
    await assertMatchesNode(host, "after adding :d");
    const addMoves = movedBetween(before, now);
    assert.ok(addMoves.length > 0, "adding :d at 240 moves a key");
    assert.deepEqual(await movedRows(host), addMoves);
    assert.ok(
      addMoves.every((m) => m[2] === ":a" && m[3] === ":d"),
      JSON.stringify(addMoves),
    );
    assert.match(
      await host.locator('[data-testid="moves-summary"]').textContent(),
      new RegExp(`^:d added at token 240: ${addMoves.length} of 6 keys changed vnode`),
    );

    // A taken token: the module's token_taken error beside the add form, and nothing changes.
    const urlBefore = page.url();
    await host.locator('[data-testid="new-id"]').fill(":e");
    await host.locator('[data-testid="new-token"]').fill("100");
    await rendered(host, () => host.locator('[data-testid="add"]').click());
    const addError = host.locator('[data-testid="add-error-text"]');
    assert.equal(await addError.getAttribute("data-code"), "token_taken");
    const nodeRing = rl.malachiRing({ ringBits: 8 });
    nodeRing.addVnode(rl.parseTerm("{:b, 1}"), 100);
    let message;
    try {
      nodeRing.addVnode(rl.parseTerm(":e"), 100);
    } catch (e) {
      message = e.message;
    }
    nodeRing.dispose();
    assert.equal(await host.locator('[data-testid="add-error-text-message"]').textContent(), message);
    assert.equal(await host.locator('[data-testid="new-token"]').getAttribute("aria-invalid"), "true");
    assert.equal((await stateOf(host)).vnodes, now.vnodes);
    assert.equal(page.url(), urlBefore);
    assert.equal(await box(host).getAttribute("data-error"), null, "the widget itself shows no error");
    // Bad id text: invalid_argument, naming the column.
    await host.locator('[data-testid="new-id"]').fill("{:e,");
    await host.locator('[data-testid="new-token"]').fill("7");
    await rendered(host, () => host.locator('[data-testid="add"]').click());
    assert.equal(await addError.getAttribute("data-code"), "invalid_argument");
    assert.match(await host.locator('[data-testid="add-error-text-message"]').textContent(), /column 5/);
    assert.equal(await host.locator('[data-testid="new-id"]').getAttribute("aria-invalid"), "true");

    // Remove {:b, 1}: its keys go to its clockwise successor "c".
    before = await stateOf(host);
    const row = host.locator('[data-testid="vnode-row"]', { hasText: "{:b, 1}" });
    await rendered(host, () => row.locator('[data-testid="remove"]').click());
    now = await stateOf(host);
    assert.equal(now.vnodes, ':a=5\n"c"=200\n:d=240');
    await assertMatchesNode(host, "after removing {:b, 1}");
    const removeMoves = movedBetween(before, now);
    assert.deepEqual(await movedRows(host), removeMoves);
    assert.ok(removeMoves.length > 0 && removeMoves.every((m) => m[2] === "{:b, 1}" && m[3] === '"c"'));

    // Keys typed: a bare word is an error on its row, never a string; the others route live.
    const keys =
      '"topic-a"\ntopic-a\n{:range, 7}\n\n%{"k" => 1}\n~c"abc"\n123456789012345678901234567890\n:"quoted atom"';
    await rendered(host, () => host.locator('[data-testid="keys"]').fill(keys));
    assert.equal((await stateOf(host)).keys, keys);
    const typed = await assertMatchesNode(host, "typed keys");
    assert.deepEqual(typed.rows[1], ["2", "topic-a", "invalid_argument"]);
    assert.equal(typed.rows.length, 7, "the blank line is skipped");
    assert.equal(await host.locator('[data-testid="keys"]').getAttribute("aria-invalid"), "true");

    // ring_bits: 40 is out_of_range beside the field; 16 re-routes every key.
    const bits = host.locator('[data-testid="field-bits"]');
    await rendered(host, async () => {
      await bits.fill("40");
      await bits.press("Enter");
    });
    assert.equal(await host.locator('[data-testid="bits-error-text"]').getAttribute("data-code"), "out_of_range");
    assert.match(
      await host.locator('[data-testid="bits-error-text-message"]').textContent(),
      /between 1 and 32, got 40/,
    );
    await rendered(host, async () => {
      await bits.fill("16");
      await bits.press("Enter");
    });
    assert.equal(await host.locator('[data-testid="bits-error"]').textContent(), "");
    await assertMatchesNode(host, "16 bits");

    // Arrow keys on a focused vnode: +1, Shift: 2^16 / 64 = 1024.
    const point = host.locator('[data-testid="vnode-point"][aria-valuenow="5"]');
    await point.focus();
    await rendered(host, () => page.keyboard.press("ArrowRight"));
    await rendered(host, () => page.keyboard.press("Shift+ArrowRight"));
    now = await stateOf(host);
    assert.equal(now.vnodes, ':a=1030\n"c"=200\n:d=240');
    assert.match(
      await host.locator('[data-testid="moves-summary"]').textContent(),
      /^:a moved from token 5 to 1030: /,
      "consecutive moves of one vnode are one change",
    );
    await assertMatchesNode(host, "after arrow keys");

    // Drag :d to the bottom of the ring (half way round: about 2^15).
    const dpoint = host.locator('[data-testid="vnode-point"][aria-valuenow="240"]');
    const ring = await host.locator('[data-testid="ring"] circle.track').boundingBox();
    const p = await dpoint.boundingBox();
    await page.mouse.move(p.x + p.width / 2, p.y + p.height / 2);
    await page.mouse.down();
    await page.mouse.move(ring.x + ring.width * 0.9, ring.y + ring.height / 2, { steps: 5 });
    await page.mouse.move(ring.x + ring.width / 2 + 1, ring.y + ring.height - 5, { steps: 8 });
    await page.mouse.up();
    now = await stateOf(host);
    const dragged = Number(/:d=(\d+)/.exec(now.vnodes)[1]);
    assert.ok(Math.abs(dragged - 2 ** 15) < 2 ** 16 / 90, `dragged to ${dragged}`);
    await assertMatchesNode(host, "after dragging");
    assert.match(await host.locator('[data-testid="moves-summary"]').textContent(), /^:d moved from token 240 to /);

    // The address holds bits, vnodes and keys: a fresh page at it draws the same view.
    const link = page.url();
    const q = new URLSearchParams(link.slice(link.indexOf("?") + 1));
    assert.deepEqual(
      { bits: q.get("bits"), vnodes: q.get("vnodes"), keys: q.get("keys") },
      { bits: "16", vnodes: now.vnodes, keys },
    );
    const keysShown = await keyRows(host);
    const vnodesShown = await vnodeRows(host);
    await page.assertClean();
    await page.close();

    const again = await open(link.slice(link.indexOf("#")));
    assert.deepEqual(await keyRows(again.host), keysShown);
    assert.deepEqual(await vnodeRows(again.host), vnodesShown);
    assert.equal(await again.host.locator('[data-testid="field-bits"]').inputValue(), "16");
    await again.page.assertClean();
    await again.page.close();
  });

  test("a vnode the address cannot place is listed with its error; an empty ring is Malachi's empty", async () => {
    const { page, host } = await open(`#/malachi?vnodes=${encodeURIComponent(":a=5\n:b=5\n:c=999\nnonsense")}`);
    const codes = await host
      .locator('[data-testid="rejected-error"]')
      .evaluateAll((es) => es.map((e) => e.dataset.code));
    assert.deepEqual(codes, ["token_taken", "token_out_of_range", "invalid_argument"]);
    await assertMatchesNode(host, "one placed");
    await page.assertClean();
    await page.close();
    const empty = await open("#/malachi?vnodes=");
    assert.equal(await empty.host.locator('[data-testid="keys-error"]').getAttribute("data-code"), "empty");
    assert.equal(
      await empty.host.locator('[data-testid="keys-error-message"]').textContent(),
      "the ring has no vnodes",
    );
    await empty.page.assertClean();
    await empty.page.close();
  });

  test("Bengali: every word outside code is Bengali or one of the chapter's technical terms, digits Bengali", async () => {
    for (const width of [1280, 390]) {
      const { page, host } = await open("#/malachi?lang=bn", { width, height: 900 });
      assert.equal(await page.evaluate(() => document.documentElement.lang), "bn");
      // Text the user reads: the page's title and lead, and the widget's shadow DOM, without code
      // (Elixir terms, the module's own messages), the keys typed and the inputs' values.
      const texts = await page.evaluate(() => {
        const out = [document.querySelector('[data-testid="page-title"]').textContent];
        out.push(document.querySelector(".lead").textContent);
        const root = document.querySelector('[data-testid="widget-host"]').shadowRoot;
        const walk = (n) => {
          if (n.nodeType === Node.TEXT_NODE) out.push(n.textContent);
          if (n.nodeType !== Node.ELEMENT_NODE && n.nodeType !== Node.DOCUMENT_FRAGMENT_NODE) return;
          if (n.nodeType === Node.ELEMENT_NODE && (n.matches("code, .term, textarea, style") || n.hidden)) return;
          for (const c of n.childNodes) walk(c);
        };
        walk(root);
        // Labels that name a vnode: without its id (Elixir text).
        for (const el of root.querySelectorAll("[aria-label]"))
          out.push(el.getAttribute("aria-label").replace(/:a|\{:b, 1\}|"c"/g, ""));
        return out.join("\n");
      });
      // The chapter keeps these words in English (bn.ts: key, ring, token, virtual node, hash …),
      // plus names: Malachi, Elixir, Erlang's function, Malachi's option and field names.
      const allowed = new Set(
        "Malachi Elixir erlang phash2 ring_bits start_exclusive end_inclusive key Key ring Ring token Token virtual Virtual node cluster id ID TOKEN term string binary charlist atom tuple focus Tab Shift Page Up Down".split(
          " ",
        ),
      );
      const english = [...texts.matchAll(/[A-Za-z_][A-Za-z0-9_]*/g)].map((m) => m[0]).filter((w) => !allowed.has(w));
      assert.deepEqual([...new Set(english)], [], `English left on the Bengali page: ${texts}`);
      assert.doesNotMatch(texts.replace(/phash2|2\^ring_bits/g, ""), /[0-9]/, "Latin digits outside code");
      assert.deepEqual(
        (await keyRows(host)).map((r) => r[2]),
        ["২২৯", "২৫১", "১৯", "১০১", "১৪৯", "১৫২"],
      );
      await screenshot(page, `malachi-bn-${width}.png`, { fullPage: true });
      if (width === 390) {
        const wide = await page.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(wide <= 390, `the page is ${wide} px wide at 390 px`);
      }
      await page.assertClean();
      await page.close();
    }
  });
});

describe("a page pays only for what it uses", () => {
  test("the widgets bundle carries no systems module: its glue and .wasm are files of their own", () => {
    const dir = path.join(distDir, "widgets");
    const main = readFileSync(path.join(dir, "ringlab-widgets.js"), "utf8");
    const chunk = readFileSync(path.join(dir, "ringlab-systems.js"), "utf8");
    assert.ok(readdirSync(dir).includes("ringlab-systems.wasm"));
    assert.match(chunk, /ringlab-systems\.wasm/);
    assert.doesNotMatch(main, /ringlab-systems\.wasm/);
    // The systems glue's own exports, bound by name in the chunk, are absent from the main bundle.
    for (const name of ["ringlab_malachi_route_scratch", "makeMalachiRing"]) {
      assert.ok(chunk.includes(name), `${name} is in the systems chunk`);
      assert.ok(!main.includes(name), `${name} is in the main bundle`);
    }
    assert.match(main, /import\(\s*[`"']\.\/ringlab-systems\.js[`"']\s*\)/);
  });

  test("under the CSP, a page without the Malachi widget never fetches the systems module; one with it does", async () => {
    const { server, browser } = env;
    const start = server.requests.length;
    const plain = await newPage(browser.context);
    await plain.goto(`${server.origin}${SUB}embed/ring.html`);
    await settled(plain.locator("ringlab-ring-stepper"));
    assert.deepEqual(
      server.requests.slice(start).filter((r) => /systems/.test(r)),
      [],
      "a page without the Malachi widget fetched part of the systems module",
    );
    await plain.assertClean("ring.html");
    await plain.close();

    const mid = server.requests.length;
    const page = await newPage(browser.context);
    await page.goto(`${server.origin}${SUB}embed/malachi.html`);
    const host = page.locator("ringlab-malachi-ring");
    await settled(host);
    const fetched = server.requests.slice(start).filter((r) => /systems/.test(r));
    assert.deepEqual(fetched.sort(), [`${SUB}widgets/ringlab-systems.js`, `${SUB}widgets/ringlab-systems.wasm`]);
    // …and neither of the main module's two .wasm files, which it does not use.
    for (const main of ["ringlab.wasm", "ringlab-simd.wasm"])
      assert.ok(!server.requests.slice(mid).includes(`${SUB}widgets/${main}`), `the Malachi page fetched ${main}`);
    await assertMatchesNode(host, "embedded, 16 bits");
    const violations = await page.evaluate(() => window.__cspViolations);
    assert.deepEqual(violations, []);
    await page.assertClean("malachi.html");
    await page.close();

    // The playground: its other pages do not fetch the systems chunk either.
    const before = server.requests.length;
    const other = { page: await newPage(browser.context) };
    await other.page.goto(env.url("#/ring"));
    await settled(other.page.locator('[data-testid="widget-host"]'));
    assert.deepEqual(
      server.requests.slice(before).filter((r) => /systems/.test(r)),
      [],
    );
    await other.page.evaluate(() => (location.hash = "#/malachi"));
    await settled(other.page.locator('[data-testid="widget-host"]'));
    assert.equal(server.requests.slice(before).filter((r) => /systems.*\.(js|wasm)$/.test(r)).length, 2);
    await other.page.assertClean();
    await other.page.close();
  });
});
