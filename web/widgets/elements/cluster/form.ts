// The cluster page's configuration input: the way the servers are given (a list or the system's
// own text), the list or text, the system's other options, and the errors of `system()` at the
// field they belong to.
import type { RinglabErrorDetail } from "ringlab";
import { h, replace, type Child } from "../../core/dom";
import { detailText } from "../../core/errors";
import { fieldDigits, latinDigits, stepWithArrows } from "../../core/numbers";
import type { ErrorLike } from "./module";
import { configText, errorField, optionValues, serverLines, usesText } from "./config";
import type { State } from "./state";
import { SYS } from "./systems";
import { rich } from "./text";
import { errorView, type Page } from "./view";

/** The form's boxes and inputs (built once per system, format and language). */
export interface Form {
  formatBox: HTMLDivElement;
  formBox: HTMLDivElement;
  configError: HTMLDivElement;
  inputs: Map<string, { el: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement; err: HTMLElement }>;
  /** The system, format and language the inputs are for. */
  built: string;
}

export function formParts(): Form {
  return {
    formatBox: h("div", { class: "format", role: "radiogroup", "data-testid": "format" }),
    formBox: h("div", { "data-testid": "config-form" }),
    configError: h("div", { "data-testid": "config-error", "aria-live": "polite" }),
    inputs: new Map(),
    built: "",
  };
}

/** Builds the configuration form for the system (once per system, format and language). */
export function buildForm(page: Page, form: Form, state: State): void {
  const t = page.t.cluster;
  const sys = SYS[state.system];
  const key = `${state.system}|${state.format}|${page.t.lang}`;
  if (key === form.built) return;
  form.built = key;
  form.inputs.clear();
  const text = usesText(state);
  // The way of giving the servers: a list, or the system's own text.
  if (sys.text) {
    const radio = (value: "list" | "text", label: string) => {
      const input = h("input", {
        type: "radio",
        name: "cl-format",
        value,
        checked: state.format === value,
        "data-testid": `format-${value}`,
      });
      input.addEventListener("change", () => {
        if (input.checked) page.set({ format: value });
      });
      return h("label", {}, input, h("span", {}, rich(label)));
    };
    replace(
      form.formatBox,
      radio("list", t.asList),
      radio("text", t.asText[state.system as keyof typeof t.asText] ?? ""),
    );
    form.formatBox.hidden = false;
  } else {
    replace(form.formatBox);
    form.formatBox.hidden = true;
  }
  const parts: Child[] = [];
  const area = (name: "servers" | "config", label: string, hint: string) => {
    const el = h("textarea", {
      rows: name === "config" ? 7 : 5,
      // Configuration text keeps its lines (a nodetool table, an upstream block) unwrapped.
      wrap: name === "config" ? "off" : undefined,
      spellcheck: "false",
      autocomplete: "off",
      "data-testid": name,
      "aria-describedby": `cl-${name}-hint cl-${name}-error`,
    });
    el.addEventListener("input", () => page.set({ [name]: el.value } as Partial<State>));
    const err = h("div", { id: `cl-${name}-error`, "data-testid": `${name}-error`, "aria-live": "polite" });
    form.inputs.set(name, { el, err });
    parts.push(
      h("label", { class: "field" }, h("span", {}, rich(label)), el),
      h("p", { class: "hint", id: `cl-${name}-hint` }, rich(hint)),
      err,
    );
  };
  if (text && sys.text) area("config", t.textLabel[state.system as keyof typeof t.textLabel] ?? "", t.textHint);
  else if (sys.list) {
    const which = state.system as keyof typeof t.listLabel;
    area("servers", t.listLabel[which] ?? "", t.listHint[which] ?? "");
  }
  const fields: HTMLElement[] = [];
  for (const f of sys.fields) {
    if (text && !f.withText) continue;
    const label = t.fields[f.name];
    const err = h("div", { "data-testid": `${f.name}-error`, "aria-live": "polite", id: `cl-${f.name}-error` });
    let el: HTMLInputElement | HTMLSelectElement;
    if (f.kind === "select") {
      el = h("select", { "data-testid": `field-${f.name}`, "aria-describedby": `cl-${f.name}-error` });
      for (const c of f.choices ?? []) el.append(h("option", { value: c }, c === "" ? t.notSet : c));
      el.addEventListener("change", () => page.setOption(f.name, el.value));
      fields.push(h("div", {}, h("label", {}, label, el), err));
    } else if (f.kind === "number") {
      // A text field: it reads and shows either digit set, which type=number does not.
      const input = h("input", {
        type: "text",
        class: "num",
        inputmode: "numeric",
        spellcheck: "false",
        autocomplete: "off",
        "data-numeric": "",
        placeholder: f.def === "" ? t.systemDefault : undefined,
        "data-testid": `field-${f.name}`,
        "aria-describedby": `cl-${f.name}-error`,
      });
      const set = (text: string) => page.setOption(f.name, latinDigits(text).trim());
      input.addEventListener("change", () => set(input.value));
      stepWithArrows(input, {}, (x) => set(String(x)));
      el = input;
      fields.push(h("div", {}, h("label", {}, label, el), err));
    } else {
      const box = h("input", { type: "checkbox", "data-testid": `field-${f.name}` });
      box.addEventListener("change", () => page.setOption(f.name, box.checked ? "1" : ""));
      el = box;
      fields.push(h("div", {}, h("label", { class: "inline" }, box, label), err));
    }
    form.inputs.set(f.name, { el, err });
  }
  if (fields.length) parts.push(h("div", { class: "fields" }, fields));
  replace(form.formBox, parts);
}

/** Puts the state's values in the form's inputs (not the one being typed in). */
export function fillForm(page: Page, form: Form, state: State): void {
  const active = page.active;
  const values = optionValues(state);
  const sys = SYS[state.system];
  for (const [name, { el }] of form.inputs) {
    if (el === active) continue;
    if (name === "servers") el.value = serverLines(state).join("\n");
    else if (name === "config") el.value = configText(state);
    else {
      const f = sys.fields.find((x) => x.name === name);
      const v = values.get(name) ?? f?.def ?? "";
      if (el instanceof HTMLInputElement && el.type === "checkbox") el.checked = v === "1" || v === "true";
      else el.value = el.hasAttribute("data-numeric") ? fieldDigits(v, page.t.lang) : v;
    }
  }
  for (const r of form.formatBox.querySelectorAll("input")) r.checked = r.value === state.format;
}

export function clearErrors(form: Form): void {
  for (const { el, err } of form.inputs.values()) {
    el.removeAttribute("aria-invalid");
    replace(err);
  }
  replace(form.configError);
}

export function showConfigError(page: Page, form: Form, state: State, e: unknown): void {
  const field = errorField(state, e);
  const slot = form.inputs.get(field);
  const said = field === "servers" ? listLineError(page, state, e) : undefined;
  if (slot) {
    slot.el.setAttribute("aria-invalid", "true");
    replace(slot.err, errorView(page, e, "config-error-text", true, said));
  } else replace(form.configError, errorView(page, e, "config-error-text", true, said));
}

/**
 * An error in an entry of the server list, said by the line of the list it is on ("line 3:
 * weight must be …"): the page's list is one server a line, not the command line's flag.
 */
export function listLineError(page: Page, state: State, e: unknown): string | undefined {
  const d = e as RinglabErrorDetail | undefined;
  if (d?.rule !== "entryAt" || d.inner === undefined) return undefined;
  const entry = Number(d.values[1]);
  // The entry's line: blank lines are no entries.
  let seen = 0;
  const all = serverLines(state);
  const line = all.findIndex((l) => l.trim() !== "" && ++seen === entry) + 1;
  if (line <= 0) return undefined;
  let inner: string | undefined;
  if (page.t.lang === "en") {
    // The module's message after the entry it names: `--servers entry 2 ("a=0"): ` goes.
    const message = (e as ErrorLike).message ?? "";
    const text = String(d.values[2]);
    const at = message.indexOf(text);
    const colon = message.indexOf(": ", at < 0 ? 0 : at + text.length);
    inner = colon < 0 ? undefined : message.slice(colon + 2);
  } else inner = detailText(page.t, page.f, d.inner);
  return inner === undefined ? undefined : page.t.cluster.lineError(page.f.int(line), inner);
}
