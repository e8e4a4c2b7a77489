// The cluster page's "why this server" for the ring systems, in headless Chromium: a key found on
// nginx (`hash $key consistent`) and memcached (libmemcached's ketama continuum) shows the key's
// hash and the ring point it lands on, with that point's server, as ringlab/systems' why() gives
// them in Node; the server shown is the key's server; in Bengali with Bengali digits, no English
// sentence.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { rendered, settled, usePlayground } from "./helpers.mjs";
import { load } from "../../web/lib/dist/systems.js";

const env = usePlayground();

// The page's defaults for each system (web/widgets/elements/cluster/systems.ts).
const SYSTEMS = {
  nginx: { servers: ["10.0.0.1:80=2", "10.0.0.2:80", "10.0.0.3:80"], mode: "consistent" },
  memcached: { servers: ["10.0.0.1:11211=2", "10.0.0.2:11211", "10.0.0.3:11212"], mode: "behavior_ketama_weighted" },
};

function paste(host, text) {
  return host.evaluate((el, text) => {
    const ta = el.shadowRoot.querySelector('[data-testid="keys"]');
    ta.focus();
    ta.value = text;
    ta.dispatchEvent(new Event("input"));
    ta.blur();
  }, text);
}

const bn = (n) => String(n).replace(/[0-9]/g, (d) => "০১২৩৪৫৬৭৮৯"[d]);

describe("Your cluster: why this server, on a ring", () => {
  test("a key found on nginx and memcached: its hash, the ring point it lands on and that point's server, in English and Bengali", async () => {
    const rl = await load();
    const keys = Array.from({ length: 500 }, (_, i) => `user:${i + 1}`);
    for (const [system, options] of Object.entries(SYSTEMS)) {
      const sys = rl.system(system, options);
      const names = sys.servers().map((s) => s.name);
      const r = sys.why("user:321");
      const placed = sys.place("user:321");
      sys.dispose();
      assert.equal(r.kind, "point");
      assert.equal(r.server, placed.server);
      for (const lang of ["en", "bn"]) {
        const { page, host } = await env.open(`#/cluster?system=${system}&lang=${lang}`);
        await rendered(host, () => paste(host, keys.join("\n")));
        await settled(host);
        await rendered(host, () =>
          host
            .locator('[data-testid="find"]')
            .fill("user:321")
            .then(() => host.locator('[data-testid="find"]').press("Enter")),
        );
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
        await page.close();
      }
    }
  });
});
