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

test("#/cluster reads Bengali digits in its number fields, the new server's weight and a list entry's weight, and shows its own", async () => {
  const { page, host } = await env.open("#/cluster?lang=bn&system=kafka", { width: 390, height: 900 });
  const partitions = host.locator('[data-testid="field-partitions"]');
  assert.equal(await partitions.inputValue(), "৬", "the default count in the page's digits");
  await rendered(host, async () => {
    await partitions.fill("১২");
    await partitions.press("Enter");
  });
  await page.waitForFunction(() => decodeURIComponent(location.hash).includes("partitions=12"));
  assert.equal(await partitions.inputValue(), "১২");
  assert.equal(await host.locator('[data-testid="partitions-error"]').textContent(), "");
  // ↑ steps it, as a spin box's arrow would.
  await rendered(host, () => partitions.press("ArrowUp"));
  await page.waitForFunction(() => decodeURIComponent(location.hash).includes("partitions=13"));
  assert.equal(await partitions.inputValue(), "১৩");
  await page.close();

  // memcached's list: a weight typed "=২" is weight 2, and the new server's weight field reads ৩.
  const mc = await env.open(
    `#/cluster?lang=bn&system=libketama&servers=${encodeURIComponent("10.0.0.1:11211=১০০\n10.0.0.2:11211=২০০")}`,
    { width: 1280, height: 900 },
  );
  assert.equal(await mc.host.locator('[data-testid="servers-error"]').textContent(), "");
  const weight = mc.host.locator('[data-testid="change-weight"]');
  assert.equal(await weight.inputValue(), "১০০", "the system's default weight in the page's digits");
  await rendered(mc.host, async () => {
    await weight.fill("৩০০");
    await weight.press("Enter");
  });
  await mc.page.waitForFunction(() => new URLSearchParams(location.hash.split("?")[1]).get("weight") === "300");
  assert.equal(await weight.inputValue(), "৩০০");
  assert.equal(await mc.host.locator('[data-testid="change-error"]').textContent(), "");
  // The counts of the moves in the page's digits (the servers' addresses keep theirs).
  assert.match(await mc.host.locator('[data-testid="moves"]').textContent(), /\(\s*[০-৯]+(\.[০-৯]+)?%\)/);
  await mc.page.close();
});

test("#/malachi reads ring bits and tokens typed in Bengali digits and shows the page's digits", async () => {
  const { page, host } = await env.open("#/malachi?lang=bn", { width: 390, height: 900 });
  const bits = host.locator('[data-testid="field-bits"]');
  assert.equal(await bits.inputValue(), "৮");
  await rendered(host, async () => {
    await bits.fill("১০");
    await bits.press("Enter");
  });
  await page.waitForFunction(() => location.hash.includes("bits=10"));
  assert.equal(await bits.inputValue(), "১০");
  assert.doesNotMatch(page.url(), /NaN/);
  const tokens = host.locator('[data-testid="token-input"]');
  assert.match(await tokens.first().inputValue(), /^[০-৯]+$/, "a token in the page's digits");
  // A virtual node added with a token typed ৭: the address keeps 7.
  await host.locator('[data-testid="new-id"]').fill(":d");
  await rendered(host, async () => {
    await host.locator('[data-testid="new-token"]').fill("৭");
    await host.locator('[data-testid="add"]').click();
  });
  await page.waitForFunction(() => decodeURIComponent(location.hash).includes(":d=7"));
  assert.equal(await host.locator('[data-testid="add-error"]').textContent(), "");
  const values = await tokens.evaluateAll((els) => els.map((e) => e.value));
  assert.ok(values.includes("৭"), `the new token shown as ৭ (${values.join(" ")})`);
  await page.close();
});
