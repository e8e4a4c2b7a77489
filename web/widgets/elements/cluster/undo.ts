// "Make it the cluster", undone: after the step, the page says the cluster changed and offers
// Undo, which puts back the state before it (the host's Back does the same from the address).
import { h, replace } from "../../core/dom";
import type { Page } from "./view";

type Attributes = Record<string, string | null>;

export interface UndoParts {
  view: HTMLElement;
  /** The last step: the state before and after it (null: nothing to undo). */
  step: { before: Attributes; after: Attributes } | null;
  /** What the page says once, after the step or its undoing. */
  said: "made" | "undone" | null;
}

export function undoParts(): UndoParts {
  return {
    view: h("div", { class: "undo", role: "status", "aria-live": "polite", "data-testid": "undo" }),
    step: null,
    said: null,
  };
}

const same = (a: Attributes, b: Attributes) => Object.keys(a).every((k) => a[k] === b[k]);

/**
 * Undo, while the state is the one the step made (any other change, Back among them, ends it);
 * after undoing, a line saying so, and the focus back on "make it the cluster".
 */
export function drawUndo(page: Page, parts: UndoParts, now: Attributes, undo: () => void): void {
  const t = page.t.cluster.undo;
  const said = parts.said;
  parts.said = null;
  if (parts.step && !same(parts.step.after, now)) parts.step = null;
  if (parts.step) {
    const button = h("button", { type: "button", "data-testid": "undo-button" }, t.button);
    button.addEventListener("click", undo);
    replace(parts.view, h("p", { class: "hint" }, t.made, " ", button));
    // The step redrew the button pressed: the focus goes to what undoes it.
    if (said === "made") button.focus();
  } else if (said === "undone") {
    replace(parts.view, h("p", { class: "hint", "data-testid": "undone" }, t.undone));
    const apply = page.host.shadowRoot?.querySelector<HTMLButtonElement>('[data-testid="apply"]');
    apply?.focus();
  } else replace(parts.view);
}
