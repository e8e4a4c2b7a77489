// A phone has no keyboard to press → or K with: a stepper's keyboard line shows on a desktop's
// width and not on a phone's (styles.ts hides it on a touch screen of any width too, by
// (pointer: coarse), which headless Chromium does not emulate).
import assert from "node:assert/strict";
import { test } from "node:test";
import { usePlayground } from "./helpers.mjs";

const env = usePlayground();

test("the keyboard shortcuts line: shown at 1280 px, hidden at 390 px", async () => {
  for (const lang of ["en", "bn"]) {
    const wide = await env.open(`#/ring?lang=${lang}`, { width: 1280, height: 900 });
    assert.ok(await wide.host.locator('[data-testid="shortcuts"]').isVisible(), `${lang}: desktop`);
    await wide.page.close();
    const phone = await env.open(`#/ring?lang=${lang}`, { width: 390, height: 900 });
    assert.equal(await phone.host.locator('[data-testid="shortcuts"]').isVisible(), false, `${lang}: phone`);
    await phone.page.close();
  }
});
