// The base of every ringlab widget: a shadow root with the shared styles, attributes as state
// (typed by the widget's Spec), the page's language (closest [lang]), the shared WebAssembly
// module, errors shown in place, and events that let a host page (the playground) keep the state
// in its URL. Widgets render from their state only: the same attributes draw the same picture.
import type { Ringlab } from "ringlab";
import { messagesFor, type Messages } from "../i18n/index";
import { h } from "./dom";
import { errorText, pageError } from "./errors";
import { Fmt } from "./format";
import { getRinglab, ringlabIfLoaded } from "./module";
import { pack, unpack } from "./pack";
import type { Packing, Spec, StateOf } from "./params";
import { adoptStyles } from "./styles";

/** detail of the `ringlab-statechange` event. */
export interface StateChangeDetail {
  /** The widget's tag name, e.g. "ringlab-ring-stepper". */
  widget: string;
  /** Every parameter, typed. */
  state: Record<string, unknown>;
  /** The parameters that differ from their defaults, in attribute (and URL) form. */
  params: Record<string, string>;
  /** A change the reader may want to go back from ("make it the cluster"): a host may push a history entry. */
  navigation: boolean;
}

/**
 * detail of the `ringlab-link` event: a widget asks the page it is on for a link to itself with
 * these params; a host page that keeps the state in its address (the playground) sets `href`.
 */
export interface LinkRequestDetail {
  widget: string;
  params: Record<string, string>;
  href?: string;
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
    const packed = Object.values(this.spec).flatMap((c) => (c.packed ? [c.packed.param] : []));
    return [...Object.keys(this.spec), ...packed, "lang", "theme"];
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
  /** Packed texts of the address (core/pack.ts), by their text: the last few. */
  private readonly packs = new Map<string, string>();
  /** Links' packed values being unpacked: the widget draws when they are in. */
  private unpacking = 0;
  /** A link's packed value that could not be read, shown until that parameter is set again. */
  private packError: unknown = null;
  /** The `ringlab-statechange` events waiting for their texts to be packed, in order. */
  private notifying: Promise<void> | null = null;
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

  /**
   * The parameters that differ from their defaults, in attribute form (what a URL carries). A long
   * text of a packed parameter is there packed once {@link addressParams} has packed it, and left
   * out when even packed it passes its Packing's `max`.
   */
  get params(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [k, codec] of Object.entries(this.spec)) {
      const a = this.getAttribute(k);
      // A parameter whose default is null (never set) has no text of its own: any attribute, even
      // an empty one, is a value the reader gave, and the address keeps it.
      if (a === null || (codec.def !== null && a === codec.format(codec.def))) continue;
      if (codec.packed && a.length > codec.packed.over) {
        const z = this.packs.get(a);
        if (z !== undefined && z.length <= codec.packed.max) out[codec.packed.param] = z;
      } else out[k] = a;
    }
    return out;
  }

  /** Replaces the whole state from attribute-form params (missing ones go back to defaults). */
  set params(p: Record<string, string>) {
    for (const [k, codec] of Object.entries(this.spec)) {
      // A packed value first: the widget waits for it before drawing the text's absence.
      const z = codec.packed ? p[codec.packed.param] : undefined;
      if (z !== undefined && codec.packed) this.setAttribute(codec.packed.param, z);
      const v = p[k];
      if (v === undefined) this.removeAttribute(k);
      else this.setAttribute(k, v);
    }
  }

  /** The parameters as an address carries them, every long text packed first. */
  async addressParams(): Promise<Record<string, string>> {
    await Promise.all(this.packings().map(([text]) => this.packed(text)));
    return this.params;
  }

  /**
   * A parameter's text as the address carries it: packed (undefined for a parameter without
   * Packing, or a text short enough to go as it is); `fits` false when it is left out.
   */
  protected async packedParam(name: string): Promise<{ packed: string; fits: boolean } | undefined> {
    const found = this.packings().find(([, n]) => n === name);
    if (!found) return undefined;
    const packed = await this.packed(found[0]);
    return { packed, fits: packed.length <= found[2].max };
  }

  /** The long texts of packed parameters: [text, parameter, its Packing]. */
  private packings(): [string, string, Packing][] {
    const out: [string, string, Packing][] = [];
    for (const [k, codec] of Object.entries(this.spec)) {
      const a = this.getAttribute(k);
      if (codec.packed && a !== null && a.length > codec.packed.over) out.push([a, k, codec.packed]);
    }
    return out;
  }

  private async packed(text: string): Promise<string> {
    const known = this.packs.get(text);
    if (known !== undefined) return known;
    const z = await pack(text);
    // The last few only: a text may be megabytes.
    if (this.packs.size >= 4) this.packs.delete(this.packs.keys().next().value as string);
    this.packs.set(text, z);
    return z;
  }

  /** A link's packed value: unpacked into its parameter; the widget waits for it. */
  private unpackInto(name: string, param: string, z: string): void {
    this.unpacking++;
    void unpack(z)
      .then(
        (text) => {
          this.packs.set(text, z);
          this.packError = null;
          this.setAttribute(param, text);
        },
        () => {
          this.packError = pageError("invalid_argument", "unreadablePacked", param, [name]);
        },
      )
      .finally(() => {
        this.unpacking--;
        if (this.getAttribute(name) === z) this.removeAttribute(name);
        this.requestUpdate();
      });
  }

  /**
   * Changes parameters by writing their attributes (the attributes are the state). With
   * `fromUser`, a `ringlab-statechange` event tells the host page.
   */
  protected setState(partial: Partial<StateOf<S>>, fromUser: boolean): void {
    for (const [k, v] of Object.entries(partial)) {
      const codec = this.spec[k];
      if (!codec || v === undefined) continue;
      // null is "never set" where the default is null: no attribute, not an empty one.
      if (v === null && codec.def === null) this.removeAttribute(k);
      else this.setAttribute(k, codec.format(v));
    }
    if (fromUser) this.notify();
  }

  /**
   * Tells the host page the user changed the state (`ringlab-statechange`); `navigation` marks a
   * change the reader may want to go back from (the host may make it a history entry). A long
   * text is packed first (asynchronously), so the event's params are what an address carries;
   * events keep their order.
   */
  protected notify(navigation = false): void {
    const send = () => {
      const detail: StateChangeDetail = {
        widget: this.localName,
        state: this.state,
        params: this.params,
        navigation,
      };
      this.dispatchEvent(new CustomEvent("ringlab-statechange", { detail, bubbles: true, composed: true }));
    };
    const todo = this.packings().filter(([text]) => !this.packs.has(text));
    if (!todo.length && !this.notifying) return send();
    const done = (this.notifying ?? Promise.resolve())
      .then(() => Promise.all(todo.map(([text]) => this.packed(text))))
      .then(send, send);
    this.notifying = done;
    void done.then(() => {
      if (this.notifying === done) this.notifying = null;
    });
  }

  /** The host page's link to this widget with `params` (undefined: the host keeps no state in its address). */
  protected hostLink(params: Record<string, string>): string | undefined {
    const detail: LinkRequestDetail = { widget: this.localName, params };
    this.dispatchEvent(new CustomEvent("ringlab-link", { detail, bubbles: true, composed: true }));
    return detail.href;
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

  attributeChangedCallback(name: string, _old: string | null, value: string | null): void {
    for (const [k, codec] of Object.entries(this.spec)) {
      if (codec.packed?.param === name && value !== null) this.unpackInto(name, k, value);
      // The parameter set anew: a link's unreadable value is no longer what the widget shows.
      if (codec.packed && k === name && this.unpacking === 0) this.packError = null;
    }
    this.requestUpdate();
  }

  /** Re-renders on the next microtask (many attribute changes make one render). */
  requestUpdate(): void {
    if (this.scheduled || !this.rl || !this.isConnected || this.unpacking) return;
    this.scheduled = true;
    queueMicrotask(() => {
      this.scheduled = false;
      this.update();
    });
  }

  private update(): void {
    const rl = this.rl;
    if (!rl || this.unpacking) return;
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
      this.showError(this.packError);
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
