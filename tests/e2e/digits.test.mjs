// Bengali digits anywhere: a phone's Bengali keyboard types ০–৯, and a number typed so is the same
// number as in Latin digits — in every numeric field and every address parameter, the same on every
// page (one reader, web/widgets/core/numbers.ts) — and a numeric field shows the page's digits.
import assert from "node:assert/strict";
import { test } from "node:test";
import { BENGALI_DIGIT, newPage, rendered, settled, usePlayground } from "./helpers.mjs";

const env = usePlayground();
const params = (page) => new URLSearchParams(new URL(page.url()).hash.split("?")[1] ?? "");

test("#/ring reads the chapter's hashes typed in Bengali digits, and the address keeps the numbers", async () => {
  const { page, host } = await env.open("#/ring?lang=bn", { width: 390, height: 900 });
  const hashes = host.locator('[data-testid="hashes"]');
  // The chapter's example, shown in the page's digits.
  assert.equal(await hashes.inputValue(), "৫, ২০, ৩৮, ৫০, ৭৭, ৯৫");
  await rendered(host, async () => {
    await hashes.fill("৫, ২০");
    await hashes.press("Enter");
  });
  await page.waitForFunction(() => location.hash.includes("hashes="));
  assert.equal(params(page).get("hashes"), "5,20");
  assert.doesNotMatch(page.url(), /NaN/);
  assert.equal(await hashes.inputValue(), "৫, ২০");
  assert.equal(await host.getAttribute("hashes"), "5,20");
  await page.assertClean();
  await page.close();
});

test("an address parameter in Bengali digits is the same number", async () => {
  const page = await newPage(env.browser.context, { width: 1280, height: 900 });
  await page.goto(env.url("#/ring?lang=bn&hashes=৫,২০&span=১০০"));
  const host = page.locator('[data-testid="widget-host"]');
  await settled(host);
  assert.equal(await host.locator('[data-testid="hashes"]').inputValue(), "৫, ২০");
  assert.equal(await host.locator('[data-testid="span"]').inputValue(), "১০০");
  assert.equal(await host.locator('[data-testid="widget"]').getAttribute("data-error"), null);
  await page.close();
});

test("#/compare takes servers typed as ১২ as twelve servers, not one server named ১২", async () => {
  const { page, host } = await env.open("#/compare?lang=bn&keys=2000", { width: 1280, height: 900 });
  const servers = host.locator('[data-testid="field-servers"]');
  assert.match(await servers.inputValue(), BENGALI_DIGIT, "the default count in the page's digits");
  assert.match(await host.locator('[data-testid="field-keys"]').inputValue(), /^২,?০০০$/);
  await servers.fill("১২");
  await servers.press("Enter");
  await page.waitForFunction(() => location.hash.includes("servers="));
  assert.equal(params(page).get("servers"), "12");
  await settled(host);
  assert.equal(await host.locator('[data-testid="widget"]').getAttribute("data-error"), null);
  assert.equal(await servers.inputValue(), "১২");
  await page.assertClean();
  await page.close();
});

test("a number field on a Bengali page shows Bengali digits and reads them; on an English page, Latin", async () => {
  const { page, host } = await env.open("#/modn?lang=bn", { width: 390, height: 900 });
  const to = host.locator('[data-testid="to"]');
  assert.equal(await to.inputValue(), "৫");
  await to.fill("৭");
  await to.press("Enter");
  await page.waitForFunction(() => location.hash.includes("to=7"));
  assert.equal(await to.inputValue(), "৭");
  // The arrow keys step it, as a spin box's would.
  await to.press("ArrowUp");
  await page.waitForFunction(() => location.hash.includes("to=8"));
  assert.equal(await to.inputValue(), "৮");
  await page.close();
  const en = await env.open("#/modn", { width: 1280, height: 900 });
  assert.equal(await en.host.locator('[data-testid="to"]').inputValue(), "5");
  await en.page.close();
});
