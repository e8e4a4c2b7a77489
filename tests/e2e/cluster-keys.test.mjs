// The cluster page's real key lists in headless Chromium: 100,000 keys are placed in the page's
// worker, with its progress shown, and every key's server is the one ringlab/systems gives in
// Node (the load counts them all, the moves are diff's); a key file is read as bytes, one key a
// line as `ringlab place --keys` reads it, a line that is no UTF-8 placed as its bytes and shown
// escaped; a key searched for shows its line, its server and the system's number (on a ring: the
// key's hash and the ring point it lands on, as why() gives them in Node); and typing in
// the keys is given to the page once it pauses (one render and one worker job for a burst).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { evaluateOne, rendered, settled, usePlayground } from "./helpers.mjs";
import { load } from "../../web/lib/dist/systems.js";

const env = usePlayground();
let rl;

const MEMCACHED = {
  servers: ["10.0.0.1:11211=2", "10.0.0.2:11211", "10.0.0.3:11212"],
  mode: "behavior_ketama_weighted",
};
// The page's defaults of two ring systems (web/widgets/elements/cluster/systems.ts).
const RINGS = {
  nginx: { servers: ["10.0.0.1:80=2", "10.0.0.2:80", "10.0.0.3:80"], mode: "consistent" },
  memcached: MEMCACHED,
};

/** Sets the keys' field as a paste does, and leaves it (its text is given to the page at once). */
function paste(host, text) {
  return evaluateOne(
    host,
    (el, text) => {
      const ta = el.shadowRoot.querySelector('[data-testid="keys"]');
      ta.focus();
      ta.value = text;
      ta.dispatchEvent(new Event("input"));
      ta.blur();
    },
    text,
  );
}

/** Types `key` into "Find a key" and waits for the page to show what it found. */
function find(host, key) {
  const field = host.locator('[data-testid="find"]');
  return rendered(host, () => field.fill(key).then(() => field.press("Enter")));
}

const bn = (n) => String(n).replace(/[0-9]/g, (d) => "০১২৩৪৫৬৭৮৯"[d]);

/** Records the progress texts the page shows from now on (the bar's text while it is visible). */
function watchProgress(host) {
  return evaluateOne(host, (el) => {
    const box = el.shadowRoot.querySelector('[data-testid="keys-progress"]');
    el.__progress = [];
    new MutationObserver(() => {
      if (!box.hidden) el.__progress.push(box.querySelector('[data-testid="keys-progress-text"]').textContent);
    }).observe(box, { attributes: true, childList: true, subtree: true, characterData: true });
  });
}

function placeInNode(name, options, keys) {
  const sys = rl.system(name, options);
  try {
    return { many: sys.placeMany(keys), names: sys.servers().map((s) => s.name) };
  } finally {
    sys.dispose();
  }
}

describe("Your cluster: real key lists", () => {
  test("100,000 keys: placed in the worker with progress, each key's server as placeMany in Node; load and moves from the same answers", async () => {
    rl ??= await load();
    const { page, host } = await env.open("#/cluster?system=memcached");
    const keys = Array.from({ length: 100000 }, (_, i) => `user:${i + 1}`);
    await watchProgress(host);
    await rendered(host, () => paste(host, keys.join("\n")));
    await settled(host, { timeout: 180_000 });
    const progress = await evaluateOne(host, (el) => el.__progress);
    assert.ok(progress.length > 0, "the placing's progress was shown");
    assert.match(progress.at(-1), /of 100,000/);
    // Every key's server: the worker's answers, as the page keeps them, against Node's.
    const { many, names } = placeInNode("memcached", MEMCACHED, keys);
    // (As one string: Playwright sends an array as an object per element, 100,000 of them.)
    const servers = await evaluateOne(host, (el) => el.answers.answers.placed.server.join(","));
    assert.deepEqual(servers.split(",").map(Number), [...many.server]);
    assert.ok((await evaluateOne(host, (el) => el.placer.requests)) >= 1, "a job went to the worker");
    // The table's first rows and the load's counts (all 100,000) are the same answers.
    const shown = await evaluateOne(host.locator('[data-testid="keys-table"]'), (t) =>
      [...t.querySelectorAll("tbody tr")].map((tr) => tr.children[2].textContent.trim()),
    );
    assert.deepEqual(
      shown,
      [...many.server.slice(0, 100)].map((s) => names[s]),
    );
    const counts = await evaluateOne(host.locator('[data-testid="load-chart-table"]'), (t) =>
      [...t.querySelectorAll("tbody tr")].map((tr) => [
        tr.children[0].textContent.trim(),
        tr.children[1].textContent.replace(/,/g, ""),
      ]),
    );
    assert.deepEqual(
      counts,
      names.map((n, i) => [n, String(many.server.filter((s) => s === i).length)]),
    );
    // The default change adds a fourth server: the moves are diff's on the same keys.
    const a = rl.system("memcached", MEMCACHED);
    const b = rl.system("memcached", { ...MEMCACHED, servers: [...MEMCACHED.servers, "10.0.0.4:11211"] });
    const d = a.diff(b, keys);
    a.dispose();
    b.dispose();
    const summary = host.locator('[data-testid="moves-summary"]');
    assert.equal(Number(await summary.getAttribute("data-moved")), d.moved);
    assert.equal(Number(await summary.getAttribute("data-keys")), 100000);
    assert.deepEqual(
      await host.locator('[data-testid="moved-row"] td:first-child').allTextContents(),
      d.moves.slice(0, 100).map((m) => m.key),
    );
    // A burst of typing (five keystrokes in one task) is one render later, and one worker job.
    const before = await evaluateOne(host, (el) => el.placer.requests);
    // The field shows the list's first lines until every key is asked for.
    await host.locator('[data-testid="keys-edit-all"]').click();
    await rendered(host, () =>
      evaluateOne(host, (el) => {
        const ta = el.shadowRoot.querySelector('[data-testid="keys"]');
        ta.focus();
        ta.setSelectionRange(ta.value.length, ta.value.length);
        // Each keystroke an edit at the caret, as typing is (an input event each): setting the
        // value of a 100,000-line field instead lays all of it out again, five times.
        let inputs = 0;
        ta.addEventListener("input", () => inputs++);
        for (const ch of "abcde") document.execCommand("insertText", false, ch);
        if (inputs !== 5) throw new Error(`${inputs} input events for five keystrokes`);
      }),
    );
    await settled(host, { timeout: 180_000 });
    assert.equal((await evaluateOne(host, (el) => el.placer.requests)) - before, 1);
    assert.ok((await evaluateOne(host, (el) => el.state.keys)).endsWith("user:100000abcde"));
    await page.assertClean();
    await page.close();
  });

  test("typing is given to the page once it pauses: a burst of keystrokes renders once", async () => {
    const { page, host } = await env.open("#/cluster?system=memcached");
    const renders = await evaluateOne(host, async (el) => {
      let n = 0;
      el.addEventListener("ringlab-render", () => n++);
      const ta = el.shadowRoot.querySelector('[data-testid="keys"]');
      ta.focus();
      for (const ch of "typed:key") {
        ta.value += ch;
        ta.dispatchEvent(new Event("input"));
      }
      const during = n;
      await new Promise((r) => el.addEventListener("ringlab-render", r, { once: true }));
      return { during, after: n, keys: el.state.keys };
    });
    assert.equal(renders.during, 0, "no render while keys are typed");
    assert.equal(renders.after, 1);
    assert.ok(renders.keys.endsWith("typed:key"));
    await page.assertClean();
    await page.close();
  });

  test("a key file: one key a line as `ringlab place --keys` reads it; a line that is no UTF-8 placed as its bytes, shown escaped", async () => {
    rl ??= await load();
    const { page, host } = await env.open("#/cluster?system=kafka&options=partitions%3D12%26partitioner%3Dfnv1a");
    // "a", the bytes ff fe 62, "c" with its CR, the empty key, "ঢাকা"; the final newline starts no key.
    const bytes = Buffer.concat([
      Buffer.from("a\n"),
      Buffer.from([0xff, 0xfe, 0x62, 0x0a]),
      Buffer.from("c\r\n\nঢাকা\n"),
    ]);
    const keys = ["a", new Uint8Array([0xff, 0xfe, 0x62]), "c\r", "", "ঢাকা"];
    await rendered(host, () =>
      host
        .locator('[data-testid="keys-file"]')
        .setInputFiles({ name: "keys.txt", mimeType: "text/plain", buffer: bytes }),
    );
    await settled(host);
    const options = { partitions: 12, partitioner: "fnv1a" };
    const { many } = placeInNode("kafka", options, keys);
    const rows = await evaluateOne(host.locator('[data-testid="keys-table"]'), (t) =>
      [...t.querySelectorAll("tbody tr")].map((tr) => [...tr.children].map((c) => c.textContent.trim())),
    );
    assert.deepEqual(
      rows,
      ["a", "\\xff\\xfeb", "c\\x0d", '""', "ঢাকা"].map((k, i) => [String(i + 1), k, String(many.partition[i])]),
    );
    assert.match(
      await host.locator('[data-testid="keys-file-note"]').textContent(),
      /keys\.txt: 5 keys.*1 is not UTF-8/,
    );
    // The change (one partition more) moves the keys whose partition differs, bytes included.
    const { many: after } = placeInNode("kafka", { ...options, partitions: 13 }, keys);
    const moved = [...many.partition].filter((p, i) => p !== after.partition[i]).length;
    assert.equal(Number(await host.locator('[data-testid="moves-summary"]').getAttribute("data-moved")), moved);
    // Searching for the escaped key finds it.
    await rendered(host, () =>
      host
        .locator('[data-testid="find"]')
        .fill("\\xff\\xfeb")
        .then(() => host.locator('[data-testid="find"]').press("Enter")),
    );
    assert.equal(await host.locator('[data-testid="found"]').getAttribute("data-line"), "2");
    assert.equal(await host.locator('[data-testid="found-why"]').getAttribute("data-value"), String(many.partition[1]));
    await page.assertClean();
    await page.close();
  });

  test("search: a key's line, its server and the system's number (Redis's slot), in English and in Bengali", async () => {
    rl ??= await load();
    const keys = Array.from({ length: 3000 }, (_, i) => `user:${i + 1}`);
    const { many } = placeInNode("redis", { nodes: 5 }, keys);
    // One page; each language a fresh widget on it (visit).
    const page = await env.home();
    for (const lang of ["en", "bn"]) {
      const { host } = await env.visit(page, `#/cluster?system=redis&options=nodes%3D5&lang=${lang}`);
      await rendered(host, () => paste(host, keys.join("\n")));
      await settled(host);
      await find(host, "user:1234");
      assert.equal(await host.locator('[data-testid="found"]').getAttribute("data-line"), "1234");
      const slot = many.slot[1233];
      const master = many.server[1233];
      assert.equal(await host.locator('[data-testid="found-why"]').getAttribute("data-value"), String(slot));
      const shown = await host.locator('[data-testid="found-result"]').textContent();
      const why = await host.locator('[data-testid="found-why"]').textContent();
      if (lang === "en") {
        assert.equal(shown, `slot ${slot} · master ${master}`);
        assert.match(why, new RegExp(`^slot ${slot}: CRC16`));
      } else {
        assert.equal(shown, `slot ${bn(slot)} · master ${bn(master)}`);
        assert.ok(why.startsWith(`slot ${bn(slot)}:`), why);
        assert.equal(await host.locator('[data-testid="found-line"]').textContent(), bn(1234));
      }
      // A key that is not in the list: said, with the lines of keys containing it.
      await find(host, "user:299");
      assert.equal(await host.locator('[data-testid="found"]').count(), 1, "user:299 is a key");
      await find(host, "ser:299");
      assert.equal(await host.locator('[data-testid="find-none"]').count(), 1);
      await page.assertClean();
    }
    await page.close();
  });

  test("why this server, on a ring: a key found on nginx and memcached shows its hash, the ring point it lands on and that point's server, in English and Bengali", async () => {
    rl ??= await load();
    const keys = Array.from({ length: 500 }, (_, i) => `user:${i + 1}`);
    const page = await env.home();
    for (const [system, options] of Object.entries(RINGS)) {
      const sys = rl.system(system, options);
      const names = sys.servers().map((s) => s.name);
      const r = sys.why("user:321");
      const placed = sys.place("user:321");
      sys.dispose();
      assert.equal(r.kind, "point");
      assert.equal(r.server, placed.server);
      for (const lang of ["en", "bn"]) {
        const { host } = await env.visit(page, `#/cluster?system=${system}&lang=${lang}`);
        await rendered(host, () => paste(host, keys.join("\n")));
        await settled(host);
        await find(host, "user:321");
        assert.equal(await host.locator('[data-testid="found"]').getAttribute("data-line"), "321");
        const why = host.locator('[data-testid="found-why"]');
        assert.equal(await why.getAttribute("data-hash"), String(r.hash), `${system} ${lang}`);
        assert.equal(await why.getAttribute("data-point"), String(r.point));
        assert.equal(await why.getAttribute("data-server"), String(r.server));
        // The server found is the key's server, and the point's.
        const server = names[r.server];
        assert.equal(await host.locator('[data-testid="found-result"]').textContent(), server);
        const text = await why.textContent();
        if (lang === "en") {
          assert.ok(text.startsWith(`hash ${r.hash} → point ${r.point} (server ${server}):`), text);
        } else {
          // A server's name is the system's, as written; the numbers are Bengali.
          assert.ok(text.startsWith(`hash ${bn(r.hash)} → বিন্দু ${bn(r.point)} (সার্ভার ${server}):`), text);
          // A hash's name (CRC32, MD5) keeps its digits.
          const prose = text.replace(server, "").replace(/CRC32|MD5|XXH64/g, "");
          assert.doesNotMatch(prose, /[0-9]/, "no Latin digits on the Bengali page");
          assert.doesNotMatch(prose, /\b(the|first|point|wrapping|server)\b/, "no English sentence");
        }
        await page.assertClean();
      }
    }
    await page.close();
  });
});

test("a paste of 100,000 keys goes to the page as it is: the field shows the first 2,000 lines, read-only, and every key is placed", async () => {
  for (const lang of ["en", "bn"]) {
    const { page, host } = await env.open(`#/cluster?system=kafka${lang === "bn" ? "&lang=bn" : ""}`, {
      width: 390,
      height: 900,
    });
    const keys = Array.from({ length: 100000 }, (_, i) => `order:${i + 1}`);
    await evaluateOne(
      host,
      (el, text) => {
        const ta = el.shadowRoot.querySelector('[data-testid="keys"]');
        // The example keys selected and pasted over, as a reader replaces the list.
        ta.focus();
        ta.select();
        const data = new DataTransfer();
        data.setData("text/plain", text);
        const accepted = ta.dispatchEvent(
          new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }),
        );
        el.__pasteTaken = !accepted;
      },
      keys.join("\n"),
    );
    assert.equal(await evaluateOne(host, (el) => el.__pasteTaken), true, "the page took the paste");
    await settled(host, { timeout: 180_000 });
    assert.equal((await evaluateOne(host, (el) => el.state.keys)).split("\n").length, 100000);
    const field = host.locator('[data-testid="keys"]');
    assert.equal((await field.inputValue()).split("\n").filter((l) => l !== "").length, 2000);
    assert.equal(await field.getAttribute("readonly"), "");
    const note = await host.locator('[data-testid="keys-long"]').textContent();
    if (lang === "bn") assert.match(note, /১,০০,০০০|১০০,০০০/);
    else assert.match(note, /first 2,000 of the 100,000 keys/);
    assert.equal(Number(await host.locator('[data-testid="moves-summary"]').getAttribute("data-keys")), 100000);
    // Every key in the field when asked for, and editable again.
    await host.locator('[data-testid="keys-edit-all"]').click();
    assert.equal((await field.inputValue()).split("\n").length, 100000);
    assert.equal(await field.getAttribute("readonly"), null);
    await page.assertClean();
    await page.close();
  }
});
