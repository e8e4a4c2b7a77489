// The docs' "Getting started" as a reader follows it: copy exactly what it says to copy from
// dist/widgets/ into a folder of one's own site, load the script its snippet loads, and every kind
// of widget works there — the steppers, the real-systems module, and the claims with their worker
// and module — under the strict Content-Security-Policy the docs give. And the docs' attribute
// tables keep their meaning column on a 1280 px screen.
import assert from "node:assert/strict";
import { cpSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { pathToFileURL } from "node:url";
import { SUB, assertBuilt, distDir, launch, newPage, root, serve, settled } from "./helpers.mjs";

const { pages } = await import(pathToFileURL(path.join(root, "web", "docs", "content.mjs")).href);
const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'";

/**
 * What "Getting started" says to copy, as paths under the repository: its `copy` (a folder, or a
 * list of files), else every file its text names.
 */
function documentedCopy(start) {
  if (start.copy) return [start.copy].flat();
  const text = start.body.join(" ");
  return [...new Set(text.match(/ringlab[\w.-]*\.(?:js|wasm)/g) ?? [])].map((f) => `dist/widgets/${f}`);
}

let browser;
const tmp = mkdtempSync(path.join(tmpdir(), "ringlab-getting-started-"));

before(async () => {
  assertBuilt("widgets/ringlab-widgets.js", "docs/index.html");
  browser = await launch();
});
after(async () => {
  await browser?.close();
  rmSync(tmp, { recursive: true, force: true });
});

test("copying what Getting started lists is enough: every widget loads, the claims too", async () => {
  for (const t of Object.values(pages)) {
    const site = path.join(tmp, t.lang);
    // The snippet's folder: /assets/ringlab/ringlab-widgets.js.
    const src = /src="([^"]+)\/ringlab-widgets\.js"/.exec(t.start.snippet)?.[1];
    assert.ok(src, `${t.lang}: the snippet loads ringlab-widgets.js`);
    const folder = path.join(site, src);
    mkdirSync(folder, { recursive: true });
    const listed = documentedCopy(t.start);
    assert.ok(listed.length > 0, `${t.lang}: Getting started names what to copy`);
    for (const rel of listed) {
      const from = path.join(root, rel);
      if (statSync(from).isDirectory()) cpSync(from, folder, { recursive: true });
      else cpSync(from, path.join(folder, path.basename(rel)));
    }
    writeFileSync(
      path.join(site, "index.html"),
      `<!doctype html><html lang="${t.lang}"><head><meta charset="utf-8"><title>course</title>
${t.start.snippet.split("\n")[0]}</head><body>
<ringlab-ring-stepper></ringlab-ring-stepper>
<ringlab-claim id="ring-moves-21.9"></ringlab-claim>
<ringlab-claims section="7"></ringlab-claims>
<ringlab-malachi-ring></ringlab-malachi-ring>
</body></html>`,
    );
    const server = await serve({ "/": site }, { "content-security-policy": CSP });
    try {
      const page = await newPage(browser.context, { width: 1280, height: 900 });
      await page.goto(`${server.origin}/`);
      for (const tag of ["ringlab-ring-stepper", "ringlab-claim", "ringlab-claims", "ringlab-malachi-ring"]) {
        const host = page.locator(tag);
        await settled(host, { timeout: 120_000 });
        assert.equal(await host.locator('[data-testid="widget"]').getAttribute("data-error"), null, `${t.lang} ${tag}`);
      }
      assert.equal(await page.locator("ringlab-claim").locator('[data-testid="claim"]').count(), 1);
      await page.assertClean(`${t.lang}: the folder Getting started copies`);
      await page.close();
    } finally {
      await server.close();
    }
  }
});

test("each attribute table's meaning column is on a 1280 px screen, in both languages", async () => {
  const server = await serve({ [SUB]: distDir }, { "content-security-policy": CSP });
  try {
    for (const t of Object.values(pages)) {
      const page = await newPage(browser.context, { width: 1280, height: 900 });
      await page.goto(`${server.origin}${SUB}docs/${t.file}`);
      const off = await page.locator('[data-testid="attributes"]').evaluateAll((tables) =>
        tables.flatMap((table) =>
          [...table.querySelectorAll("tbody tr")]
            .filter((tr) => {
              const meaning = tr.lastElementChild.getBoundingClientRect();
              const box = table.getBoundingClientRect();
              return meaning.right > Math.min(box.right, document.documentElement.clientWidth) + 1;
            })
            .map((tr) => `${table.closest("section").id} ${tr.dataset.attr}`),
        ),
      );
      assert.deepEqual(off, [], `${t.file}: meaning cells past the screen's edge`);
      await page.close();
    }
  } finally {
    await server.close();
  }
});
