// The reader's interactions on the chapter's pages at the chapter's sizes, driven in Chromium: the
// browser tests (tests/e2e/scenario-*.test.mjs) check what each one does, and the interactions
// bench (bench/interactions.mjs) times the same ones against the chapter's 100 ms target. One
// definition of each, so the figures are for what the tests check.

/**
 * In the page: does one interaction on a widget host `el` and resolves once it is done. With
 * `until: "frame"` that is the widget's next ringlab-render event and the first frame the browser
 * produces after it (layout and paint included); with `until: "layout"` (widgets that render on
 * the next task) the pending task has run and layout is forced. When `timed`, resolves to the
 * milliseconds from the action to that point on the page's clock; otherwise to null.
 */
async function interactInPage(el, { action, until, timed }) {
  const root = el.shadowRoot;
  const q = (id) => {
    const found = root.querySelector(`[data-testid="${id}"]`);
    if (!found) throw new Error(`no [data-testid="${id}"] in the widget`);
    return found;
  };
  const rendered =
    until === "frame" ? new Promise((r) => el.addEventListener("ringlab-render", r, { once: true })) : null;
  const t0 = timed ? performance.now() : 0;
  if (action.type === "add") {
    q("servers-new").value = action.value;
    q("servers-add").click();
  } else if (action.type === "remove") {
    q(`servers-remove-${action.value}`).click();
  } else {
    // A field: its value set as the reader's typing or dragging leaves it, then its event.
    q(action.field).value = action.value;
    q(action.field).dispatchEvent(new Event(action.event ?? "change"));
  }
  if (rendered) {
    await rendered;
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  } else {
    await new Promise((r) => setTimeout(r, 0));
    void root.querySelector('[data-testid="widget"]').getBoundingClientRect().height;
  }
  return timed ? performance.now() - t0 : null;
}

/** Does `action` on the widget `host` (a Playwright locator) and waits until it is done. */
export async function interact(host, action, until) {
  await host.evaluate(interactInPage, { action, until, timed: false });
}

/** The same, timed in the page: milliseconds from the action to the frame (or layout) after it. */
export function timeInteraction(host, action, until) {
  return host.evaluate(interactInPage, { action, until, timed: true });
}

// The actions, as the tests and the bench spell them.
export const typeKey = (value) => ({ type: "field", field: "key", value });
export const addServer = (value) => ({ type: "add", value });
export const removeServer = (value) => ({ type: "remove", value });
export const setField = (field, value, event = "change") => ({ type: "field", field, value, event });

/** The chapter's target for each interaction, in milliseconds (the bench reports against it). */
export const TARGET_MS = 100;

/**
 * The scenarios at the chapter's sizes: the page, how an interaction is waited for, and each
 * interaction as the action of its n-th repetition (repetitions alternate, so each one changes
 * the page: a server added is removed by the next remove, a field goes back and forth).
 */
export const scenarios = [
  {
    name: "Maglev, M = 65537, 3 backends",
    hash: "#/maglev?table-size=65537",
    until: "frame",
    smoke: true,
    interactions: {
      "type a key": (n) => typeKey(["alpha", "beta", "my own key"][n % 3]),
      "add a backend": () => addServer("B3"),
      "remove a backend": () => removeServer("B3"),
    },
    // add and remove alternate: the page holds B0–B3 after an add, B0–B2 after a remove.
    order: ["type a key", "add a backend", "remove a backend"],
  },
  ...[100_000, 1_000_000].map((keys) => ({
    name: `virtual nodes, 100 servers × 256, ${keys.toLocaleString("en-US")} keys`,
    hash: `#/vnodes?servers=100&vnodes=1,256&weight-vnodes=256&keys=${keys}&step=1`,
    until: "layout",
    smoke: keys === 100_000,
    interactions: {
      "add a server": () => addServer("S100"),
      "remove a server": () => removeServer("S100"),
      "reweight a server": (n) => setField("field-weight", n % 2 ? "2" : "3"),
      "move the V slider": (n) => setField("v-slider", n % 2 ? "1" : "0", "input"),
      "change N": (n) => setField("field-servers", n % 2 ? "100" : "99"),
    },
    order: ["add a server", "remove a server", "reweight a server", "move the V slider", "change N"],
  })),
];
