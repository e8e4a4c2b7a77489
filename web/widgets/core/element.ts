// The base of every ringlab widget: a shadow root with the shared styles, attributes as state
// (typed by the widget's Spec), the page's language (closest [lang]), the shared WebAssembly
// module, errors shown in place, and events that let a host page (the playground) keep the state
// in its URL. Widgets render from their state only: the same attributes draw the same picture.
import type { Ringlab } from "ringlab";
import { messagesFor, type Messages } from "../i18n/index";
import { h } from "./dom";
import { errorText } from "./errors";
import { Fmt } from "./format";
import { getRinglab, ringlabIfLoaded } from "./module";
import type { Spec, StateOf } from "./params";
import { adoptStyles } from "./styles";

/** detail of the `ringlab-statechange` event. */
export interface StateChangeDetail {
  /** The widget's tag name, e.g. "ringlab-ring-stepper". */
  widget: string;
  /** Every parameter, typed. */
  state: Record<string, unknown>;
  /** The parameters that differ from their defaults, in attribute (and URL) form. */
  params: Record<string, string>;
}

const live = new Set<RinglabElement<Spec, unknown>>();
let langObserver: MutationObserver | undefined;

// One observer per page re-renders every widget when a lang attribute changes anywhere
// (the widgets follow the closest [lang] ancestor, which may be <html>).
function watchLang(): void {
  if (langObserver || typeof MutationObserver === "undefined") return;
  langObserver = new MutationObserver(() => {
    for (const w of live) w.requestUpdate();
  });
  langObserver.observe(document.documentElement, { attributes: true, attributeFilter: ["lang"], subtree: true });
}

/**
 * A widget with parameters S, drawn with module M: the main ringlab module for the course's
 * widgets; a widget of the real systems overrides loadModule/moduleIfLoaded to load
 * `ringlab/systems` (a separate chunk and .wasm, fetched only when such a widget is used).
 */
export abstract class RinglabElement<S extends Spec, M = Ringlab> extends HTMLElement {
  /** The widget's parameters and their codecs; the keys are its attributes. */
  static spec: Spec = {};

  static get observedAttributes(): string[] {
    return [...Object.keys(this.spec), "lang", "theme"];
  }

  protected rl: M | undefined;
  protected t: Messages = messagesFor("en");
  protected f: Fmt = new Fmt("en-US", "latn");
  /** The container the widget draws into (inside the shadow root). */
  protected readonly box: HTMLDivElement;
  private readonly errorEl: HTMLParagraphElement;
  private readonly titleEl: HTMLParagraphElement;
  private built = false;
  private scheduled = false;
  private currentLang = "";
  private resolveReady!: () => void;
  /** Resolves after the first render (the module loaded and the widget drew its state). */
  readonly ready: Promise<void> = new Promise((r) => (this.resolveReady = r));

  constructor() {
    super();
    const root = this.attachShadow({ mode: "open" });
    adoptStyles(root, this.extraStyles());
    this.titleEl = h("p", { class: "title", "data-testid": "title" });
    this.errorEl = h("p", { class: "error", role: "alert", "data-testid": "error", hidden: true });
    this.box = h("div", { class: "w", part: "widget", role: "group", "data-testid": "widget" }, this.titleEl);
    root.append(this.box);
  }

  protected get spec(): S {
    return (this.constructor as typeof RinglabElement).spec as S;
  }

  /** The state: every parameter, from its attribute or its default. */
  get state(): StateOf<S> {
    const out: Record<string, unknown> = {};
    for (const [k, codec] of Object.entries(this.spec)) {
      const a = this.getAttribute(k);
      out[k] = a === null ? structuredClone(codec.def) : codec.parse(a);
    }
    return out as StateOf<S>;
  }

  /** Sets some parameters (the rest keep their values); the widget re-renders. */
  set state(partial: Partial<StateOf<S>>) {
    this.setState(partial, false);
  }

  /** The parameters that differ from their defaults, in attribute form (what a URL carries). */
  get params(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [k, codec] of Object.entries(this.spec)) {
      const a = this.getAttribute(k);
      if (a !== null && a !== codec.format(codec.def)) out[k] = a;
    }
    return out;
  }

  /** Replaces the whole state from attribute-form params (missing ones go back to defaults). */
  set params(p: Record<string, string>) {
    for (const k of Object.keys(this.spec)) {
      const v = p[k];
      if (v === undefined) this.removeAttribute(k);
      else this.setAttribute(k, v);
    }
  }

  /**
   * Changes parameters by writing their attributes (the attributes are the state). With
   * `fromUser`, a `ringlab-statechange` event tells the host page.
   */
  protected setState(partial: Partial<StateOf<S>>, fromUser: boolean): void {
    for (const [k, v] of Object.entries(partial)) {
      const codec = this.spec[k];
      if (!codec || v === undefined) continue;
      this.setAttribute(k, codec.format(v));
    }
    if (fromUser) this.notify();
  }

  /** Tells the host page the user changed the state (`ringlab-statechange`). */
  protected notify(): void {
    const detail: StateChangeDetail = { widget: this.localName, state: this.state, params: this.params };
    this.dispatchEvent(new CustomEvent("ringlab-statechange", { detail, bubbles: true, composed: true }));
  }

  connectedCallback(): void {
    live.add(this as unknown as RinglabElement<Spec, unknown>);
    watchLang();
    if (!this.built) {
      this.built = true;
      this.box.tabIndex = this.focusable() ? 0 : -1;
      this.build(this.box);
      this.box.append(this.errorEl);
      new ResizeObserver(() => this.focusScrollers()).observe(this.box);
    }
    this.rl = this.moduleIfLoaded();
    if (this.rl) this.requestUpdate();
    else {
      this.loadModule().then(
        (rl) => {
          this.rl = rl;
          this.requestUpdate();
        },
        (e: unknown) => this.showError(e),
      );
    }
  }

  disconnectedCallback(): void {
    live.delete(this as unknown as RinglabElement<Spec, unknown>);
    this.disconnected();
  }

  attributeChangedCallback(): void {
    this.requestUpdate();
  }

  /** Re-renders on the next microtask (many attribute changes make one render). */
  requestUpdate(): void {
    if (this.scheduled || !this.rl || !this.isConnected) return;
    this.scheduled = true;
    queueMicrotask(() => {
      this.scheduled = false;
      this.update();
    });
  }

  private update(): void {
    const rl = this.rl;
    if (!rl) return;
    const lang = this.closest("[lang]")?.getAttribute("lang") ?? "en";
    if (lang !== this.currentLang) {
      this.currentLang = lang;
      this.t = messagesFor(lang);
      this.f = new Fmt(this.t.numberLocale, this.t.digits);
      this.box.lang = this.t.lang;
      this.languageChanged();
    }
    this.titleEl.textContent = this.heading();
    this.box.setAttribute("aria-label", this.heading());
    try {
      this.render(rl, this.state);
      this.showError(null);
    } catch (e) {
      this.showError(e);
    }
    this.focusScrollers();
    this.resolveReady();
    this.dispatchEvent(new CustomEvent("ringlab-render", { bubbles: true, composed: true }));
  }

  /**
   * A table too wide for its box (a narrow column of the host page) scrolls sideways: then its
   * wrapper takes the focus, so the keyboard can scroll it, named by the table's caption. One that
   * fits stays out of the tab order. Checked after each render and when the box is resized.
   */
  private focusScrollers(): void {
    // A printed output that does not fit (a program's line on a phone) shows a cue that it scrolls.
    for (const pre of this.box.querySelectorAll<HTMLElement>("pre.scrolls")) {
      pre.toggleAttribute("data-overflow", pre.scrollWidth > pre.clientWidth + 1);
    }
    for (const wrap of this.box.querySelectorAll<HTMLElement>(".table-wrap")) {
      if (wrap.scrollWidth > wrap.clientWidth + 1) {
        wrap.tabIndex = 0;
        wrap.setAttribute("role", "group");
        wrap.setAttribute(
          "aria-label",
          wrap.dataset.label || (wrap.querySelector("caption")?.textContent ?? "").trim() || this.heading(),
        );
      } else if (wrap.hasAttribute("tabindex")) {
        for (const a of ["tabindex", "role", "aria-label"]) wrap.removeAttribute(a);
      }
    }
  }

  /**
   * Shows an error in place, in the page's language (a RinglabError's own message in English,
   * its rule and parameters said again in another language: core/errors.ts); null clears it.
   */
  protected showError(e: unknown): void {
    if (e === null) {
      this.errorEl.hidden = true;
      this.errorEl.textContent = "";
      this.box.removeAttribute("data-error");
      return;
    }
    const err = e as { name?: string; code?: string; message?: string } | undefined;
    this.errorEl.textContent = `${this.t.error}: ${errorText(this.t, this.f, e)}`;
    this.errorEl.hidden = false;
    this.box.setAttribute("data-error", err?.code ?? "error");
    this.resolveReady();
  }

  /** The module, shared by every widget of the page that uses it (loaded on first use). */
  protected loadModule(): Promise<M> {
    return getRinglab() as Promise<M>;
  }
  /** The module if it has loaded (a re-connected widget then renders at once), else undefined. */
  protected moduleIfLoaded(): M | undefined {
    return ringlabIfLoaded() as M | undefined;
  }
  /** Extra CSS for this widget's shadow root. */
  protected extraStyles(): string {
    return "";
  }
  /** Whether the widget's box takes keyboard focus (steppers do: arrow keys step). */
  protected focusable(): boolean {
    return false;
  }
  /** Builds the widget's persistent parts once (inputs keep focus across renders). */
  protected abstract build(box: HTMLDivElement): void;
  /** Draws the state. Throws what the module throws; the base shows it. */
  protected abstract render(rl: M, state: StateOf<S>): void;
  /** The widget's one-line title in the current language. */
  protected abstract heading(): string;
  /** Called when the language changed, before render (relabel persistent parts). */
  protected languageChanged(): void {}
  protected disconnected(): void {}
}

/** Defines a custom element once (a page may load the bundle twice). */
export function define(tag: string, ctor: CustomElementConstructor): void {
  if (!customElements.get(tag)) customElements.define(tag, ctor);
}
