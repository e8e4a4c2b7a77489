// The learner's own scenario, the same on every stepper: a key field that shows the key's hash, a
// server list to add to, remove from and rename, number fields, and the count of keys that moved
// after a change. Colours follow a server's name (its identity), never its place in a list, so
// removing S2 leaves S3 the colour it had.
import type { Movement, Ringlab } from "ringlab";
import { h } from "./dom";
import type { Fmt } from "./format";
import type { Messages } from "../i18n/index";
import { readNumber, stepWithArrows } from "./numbers";
import { serverClass } from "./styles";
import { serverLabel } from "./table";

// The numeric fields' helpers live with the digits they read and write; the steppers take them here.
export { setField, stepWithArrows } from "./numbers";

/** How many server colours the styles define (s0 … s11). */
export const COLORS = 12;

// The colour a name asks for: its trailing number (S3 → 3, node-12 → 12 mod 12), a single letter's
// place in the alphabet (A → 0, E → 4), else a small string hash. The chapter's names (A–D, S0–S9,
// B0–B2) thus keep the colours they have in its figures.
function preferredSlot(name: string): number {
  const digits = /(\d+)$/.exec(name);
  if (digits?.[1]) return Number(digits[1].slice(-6)) % COLORS;
  if (/^[A-Za-z]$/.test(name)) return (name.toUpperCase().charCodeAt(0) - 65) % COLORS;
  let x = 2166136261;
  for (let i = 0; i < name.length; i++) x = Math.imul(x ^ name.charCodeAt(i), 16777619) >>> 0;
  return x % COLORS;
}

/**
 * A colour slot per server, from the names alone: each takes the slot its name asks for, or the
 * next free one when an earlier name holds it. Up to 12 servers always get 12 different colours.
 */
export function colorSlots(names: readonly string[]): number[] {
  const taken = new Set<number>();
  return names.map((name) => {
    let slot = preferredSlot(name);
    if (taken.size < COLORS) while (taken.has(slot)) slot = (slot + 1) % COLORS;
    taken.add(slot);
    return slot;
  });
}

/**
 * A widget's memory of which colour each server has, so a server keeps its colour while it stays,
 * whatever comes and goes around it (colorSlots alone recolours a server whose wanted slot frees
 * up, e.g. Z after B leaves). A name seen for the first time gets what colorSlots would give it;
 * a name that is no longer listed keeps its slot only until another server needs that slot (a
 * server that comes back soon looks the same); `rename` carries the slot to the new name.
 * Call `slots` with every name the picture shows (e.g. the servers before and after a change).
 */
export class ColorMemory {
  private readonly slotOf = new Map<string, number>();

  /** The slot of each name, in order (a fresh memory gives exactly colorSlots(names)). */
  slots(names: readonly string[]): number[] {
    const out = new Array<number>(names.length);
    const taken = new Set<number>();
    // Names remembered keep their slot (the first of two names that remember the same slot wins).
    names.forEach((name, i) => {
      const slot = this.slotOf.get(name);
      if (slot !== undefined && !taken.has(slot)) {
        out[i] = slot;
        taken.add(slot);
      }
    });
    const listed = new Set(names);
    const heldByAbsent = new Set<number>();
    for (const [name, slot] of this.slotOf) if (!listed.has(name)) heldByAbsent.add(slot);
    names.forEach((name, i) => {
      if (out[i] !== undefined) return;
      let slot = preferredSlot(name);
      if (taken.size < COLORS) {
        // The first free slot from the wanted one that no absent server holds, else any free one.
        const order = Array.from({ length: COLORS }, (_, k) => (slot + k) % COLORS);
        slot = order.find((x) => !taken.has(x) && !heldByAbsent.has(x)) ?? order.find((x) => !taken.has(x)) ?? slot;
      }
      for (const [other, s] of this.slotOf) if (s === slot && !listed.has(other)) this.slotOf.delete(other);
      out[i] = slot;
      taken.add(slot);
      this.slotOf.set(name, slot);
    });
    return out;
  }

  /** The colour class of each name (as colorClasses, remembered). */
  classes(names: readonly string[]): Map<string, string> {
    const slots = this.slots(names);
    return new Map(names.map((n, i) => [n, serverClass(slots[i] ?? 0)]));
  }

  /** A renamed server keeps its colour under its new name. */
  rename(from: string, to: string): void {
    const slot = this.slotOf.get(from);
    if (slot === undefined || from === to) return;
    this.slotOf.delete(from);
    this.slotOf.set(to, slot);
  }
}

/**
 * When the keys' moves play: from the reader's change until the animation has had time to end.
 * A render in that time (the step or the address catching up with the change) draws the moves
 * again, `elapsed` ms into the animation, so nothing restarts or disappears; later renders draw
 * the moved marks still. Never on with reduced motion.
 */
export class MotionWindow {
  private start = -Infinity;

  constructor(private readonly ms = 1300) {}

  /** The reader changed something: play the moves on the renders that follow. */
  begin(): void {
    this.start = reducedMotion() ? -Infinity : performance.now();
  }

  stop(): void {
    this.start = -Infinity;
  }

  get on(): boolean {
    return performance.now() - this.start < this.ms;
  }

  /** Milliseconds since the change (for an animation drawn again to continue where it was). */
  get elapsed(): number {
    return Math.max(0, performance.now() - this.start);
  }
}

/** The colour class of each server, by name. */
export function colorClasses(names: readonly string[]): Map<string, string> {
  const slots = colorSlots(names);
  return new Map(names.map((n, i) => [n, serverClass(slots[i] ?? 0)]));
}

/** Whether the reader asked for less motion (keys then show before/after instead of moving). */
export function reducedMotion(): boolean {
  return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
}

export interface FieldLabels {
  label: HTMLSpanElement;
}

/**
 * A labelled text field that reports its value on change (Enter or leaving the field). A numeric
 * one (a list of numbers) shows its value in the page's digits (setField).
 */
export function textField(
  testid: string,
  onChange: (value: string) => void,
  cls = "wide",
  numeric = false,
): { el: HTMLLabelElement; input: HTMLInputElement; label: HTMLSpanElement; note: HTMLSpanElement } {
  const input = h("input", {
    type: "text",
    class: cls,
    "data-testid": testid,
    "data-numeric": numeric ? "" : undefined,
    spellcheck: "false",
    autocomplete: "off",
  });
  input.addEventListener("change", () => onChange(input.value));
  const label = h("span");
  const note = h("span", { class: "note", "data-testid": `${testid}-note` });
  return { el: h("label", {}, label, input, note), input, label, note };
}

/**
 * A labelled number field: typed in either digit set (a phone's Bengali keyboard types ০–৯) and
 * shown in the page's digits, which an <input type="number"> can do neither of; the arrow keys
 * step it as a spin box's would. The range is only a hint for the arrows; the module decides what
 * is valid and says why not.
 */
export function numberField(
  testid: string,
  onChange: (value: number) => void,
  range: { min?: number; max?: number; step?: number } = {},
): { el: HTMLLabelElement; input: HTMLInputElement; label: HTMLSpanElement } {
  const input = h("input", {
    type: "text",
    class: "num",
    "data-testid": testid,
    "data-numeric": "",
    inputmode: "decimal",
    spellcheck: "false",
    autocomplete: "off",
  });
  input.addEventListener("change", () => onChange(readNumber(input.value)));
  stepWithArrows(input, range, onChange);
  const label = h("span");
  return { el: h("label", {}, label, input), input, label };
}

export interface ServerEditorOptions {
  testid?: string;
  /** A new server's default name when the name field is empty. */
  nextName: (names: readonly string[]) => string;
  add: (name: string) => void;
  remove: (index: number) => void;
  /** Omitted: servers cannot be renamed here. */
  rename?: (index: number, name: string) => void;
  /** Extra inputs beside each chip (a token, a weight), built per render. */
  extra?: (index: number) => HTMLElement | undefined;
  /** The widget's colour memory (default: colours from the names alone). */
  colors?: ColorMemory;
}

/**
 * The servers as chips (name, rename field, × to remove) and a field to add one. Built once;
 * `sync` redraws the chips from the state and keeps the keyboard where it was.
 */
export class ServerEditor {
  readonly el: HTMLDivElement;
  private readonly chips: HTMLUListElement;
  private readonly nameInput: HTMLInputElement;
  private readonly addButton: HTMLButtonElement;
  private readonly listLabel: HTMLSpanElement;
  private readonly nameLabel: HTMLSpanElement;
  private readonly note: HTMLSpanElement;
  /** A name refused because a server already has it (shown until the next add or rename). */
  private duplicate: string | undefined;
  private names: readonly string[] = [];
  private t!: Messages;

  constructor(
    private readonly root: () => ShadowRoot | null,
    private readonly o: ServerEditorOptions,
  ) {
    const id = o.testid ?? "servers";
    this.listLabel = h("span");
    this.nameLabel = h("span");
    this.chips = h("ul", { class: "list", "data-testid": id });
    this.nameInput = h("input", {
      type: "text",
      class: "num",
      "data-testid": `${id}-new`,
      spellcheck: "false",
      autocomplete: "off",
    });
    this.addButton = h("button", { type: "button", "data-testid": `${id}-add` });
    this.note = h("span", { class: "note", role: "status", "data-testid": `${id}-note` });
    const add = () => {
      const name = this.nameInput.value.trim() || o.nextName(this.names);
      // Two servers with one name would be one server to the module: refused here, state unchanged.
      if (this.refuse(name)) return;
      this.nameInput.value = "";
      o.add(name);
    };
    this.addButton.addEventListener("click", add);
    this.nameInput.addEventListener("keydown", (e) => {
      if (e.key === "Enter") add();
    });
    this.el = h(
      "div",
      { class: "field servers-field" },
      this.listLabel,
      this.chips,
      h("label", { class: "inline add-server" }, this.nameLabel, this.nameInput, this.addButton),
      this.note,
    );
  }

  /** Whether a server already has this name (then says so beside the field). */
  private refuse(name: string, except?: string): boolean {
    this.duplicate = name !== except && this.names.includes(name) ? name : undefined;
    this.note.textContent = this.duplicate !== undefined && this.t ? this.t.scenario.duplicate(this.duplicate) : "";
    return this.duplicate !== undefined;
  }

  sync(names: readonly string[], t: Messages, label = t.servers): void {
    this.names = names;
    this.t = t;
    this.listLabel.textContent = label;
    this.nameLabel.textContent = t.scenario.newServer;
    this.addButton.textContent = t.scenario.add;
    const active = this.root()?.activeElement as HTMLElement | null;
    const focusKey = active?.dataset.focusKey;
    const colors = this.o.colors?.classes(names) ?? colorClasses(names);
    const id = this.o.testid ?? "servers";
    this.note.textContent = this.duplicate !== undefined ? t.scenario.duplicate(this.duplicate) : "";
    this.chips.replaceChildren(
      ...names.map((name, i) => {
        const remove = h(
          "button",
          {
            type: "button",
            "aria-label": t.scenario.remove(name),
            title: t.scenario.remove(name),
            "data-focus-key": `remove:${name}`,
            "data-testid": `${id}-remove-${name}`,
          },
          "×",
        );
        remove.addEventListener("click", () => {
          this.o.remove(i);
          queueMicrotask(() =>
            ((this.chips.querySelector("button") as HTMLButtonElement | null) ?? this.nameInput).focus(),
          );
        });
        const parts: HTMLElement[] = [];
        if (this.o.rename) {
          const rename = this.o.rename;
          const input = h("input", {
            type: "text",
            class: "chip-name",
            value: name,
            size: Math.max(2, [...name].length),
            "aria-label": t.scenario.rename(name),
            title: t.scenario.rename(name),
            "data-focus-key": `rename:${name}`,
            "data-testid": `${id}-rename-${name}`,
            spellcheck: "false",
            autocomplete: "off",
          });
          input.addEventListener("change", () => {
            const next = input.value.trim();
            if (next !== "" && next !== name && !this.refuse(next, name)) rename(i, next);
            else input.value = name;
          });
          parts.push(
            h("span", { class: colors.get(name) }, h("span", { class: "swatch", "aria-hidden": "true" })),
            input,
          );
        } else parts.push(serverLabel(name, colors.get(name) ?? ""));
        const extra = this.o.extra?.(i);
        if (extra) parts.push(extra);
        return h("li", { class: "chip", "data-server": name }, ...parts, remove);
      }),
    );
    if (focusKey)
      (this.chips.querySelector(`[data-focus-key="${CSS.escape(focusKey)}"]`) as HTMLElement | null)?.focus();
  }

  /** Labels for the strings `sync` was given last (for tests and the host page). */
  get current(): readonly string[] {
    return this.names;
  }

  get messages(): Messages {
    return this.t;
  }
}

/**
 * The server editor's add, remove and rename for a list of names kept with the list before the
 * reader's last change of it: adding or removing a server changes the list (`changeList`); a
 * rename is not a move, so both lists take the new name (`renamed`).
 */
export function nameListEdits(
  lists: () => { now: readonly string[]; before: readonly string[] },
  changeList: (to: string[]) => void,
  renamed: (now: string[], before: string[]) => void,
): Pick<ServerEditorOptions, "add" | "remove" | "rename"> {
  return {
    add: (name) => changeList([...lists().now, name]),
    remove: (i) => changeList(lists().now.filter((_, j) => j !== i)),
    rename: (i, name) => {
      const { now, before } = lists();
      const old = now[i];
      const swap = (x: string) => (x === old ? name : x);
      renamed(now.map(swap), before.map(swap));
    },
  };
}

/** The next free name in a series: S0, S1, … (skipping names in use). */
export function nextName(prefix: string, names: readonly string[], from = names.length): string {
  const used = new Set(names);
  let n = from;
  while (used.has(`${prefix}${n}`)) n++;
  return `${prefix}${n}`;
}

/** The next free single letter (A, B, … Z), then Sn. */
export function nextLetter(names: readonly string[]): string {
  const used = new Set(names);
  for (let c = 65; c <= 90; c++) if (!used.has(String.fromCharCode(c))) return String.fromCharCode(c);
  return nextName("S", names);
}

/** What moved between two placements of the same keys, by server name. */
export interface Moves {
  /** The module's count (rl.movement). */
  movement: Movement;
  /** Per key: whether its owner changed. */
  moved: boolean[];
  /**
   * The fewest keys a scheme had to move for this change: every key whose server left, plus the
   * share a balanced scheme hands the servers that joined (keys × joined / servers after, the
   * chapter's 1/(N+1) for one more server); with the same servers (a weight changed), what each
   * server gains beyond what it had.
   */
  mustMove: number;
}

/**
 * Server ids for rl.movement, which counts by identity: the servers before a change take 0, 1, …
 * in their order, and each other name the next free id when first seen; isNew[id] marks a server
 * that was not there before.
 */
export function serverIds(oldNames: Iterable<string>): { id: (name: string) => number; isNew: boolean[] } {
  const ids = new Map<string, number>();
  const isNew: boolean[] = [];
  const old = new Set(oldNames);
  const id = (name: string) => {
    let x = ids.get(name);
    if (x === undefined) {
      x = ids.size;
      ids.set(name, x);
      isNew.push(!old.has(name));
    }
    return x;
  };
  for (const n of old) id(n);
  return { id, isNew };
}

/**
 * The keys the servers gained in a movement, each server's gain net of what it gave: with the
 * same servers before and after (a weight changed), the fewest keys the change needs to move.
 */
export function keysGained(movement: Movement): number {
  const gain = new Map<number, number>();
  for (const fl of movement.flows) {
    gain.set(fl.to, (gain.get(fl.to) ?? 0) + fl.keys);
    gain.set(fl.from, (gain.get(fl.from) ?? 0) - fl.keys);
  }
  let sum = 0;
  for (const g of gain.values()) if (g > 0) sum += g;
  return sum;
}

/**
 * Compares owners before and after (server names), counted by the module. `newNames` is the server
 * list after the change (default: the servers that own a key after it).
 */
export function movesOf(
  rl: Ringlab,
  before: readonly string[],
  after: readonly string[],
  oldNames: readonly string[],
  newNames: readonly string[] = [...new Set(after)],
): Moves {
  const { id, isNew } = serverIds(oldNames);
  const old = new Set(oldNames);
  const b = Uint32Array.from(before, id);
  const a = Uint32Array.from(after, id);
  const movement = rl.movement(b, a, isNew);
  const now = new Set(newNames);
  const joined = newNames.filter((n) => !old.has(n)).length;
  const left = oldNames.some((n) => !now.has(n));
  let mustMove: number;
  if (joined > 0 || left) {
    mustMove = before.filter((o) => !now.has(o)).length;
    if (joined > 0 && newNames.length > 0) mustMove += Math.round((before.length * joined) / newNames.length);
  } else mustMove = keysGained(movement);
  return { movement, moved: before.map((x, i) => x !== after[i]), mustMove: Math.min(mustMove, before.length) };
}

/** The line under a diagram after a change: how many keys moved, and how many had to. */
export function movesLine(
  t: Messages,
  f: Fmt,
  m: Moves | undefined,
  say: (moved: string, keys: string, must: string) => string = t.scenario.moved,
): HTMLParagraphElement {
  const p = h("p", { class: "moves", "data-testid": "moves" });
  if (!m) {
    p.hidden = true;
    return p;
  }
  p.dataset.moved = String(m.movement.moved);
  p.dataset.keys = String(m.movement.keys);
  p.dataset.mustMove = String(m.mustMove);
  p.textContent = say(f.int(m.movement.moved), f.int(m.movement.keys), f.int(m.mustMove));
  return p;
}

/**
 * movesOf for owners given as indices (into oldNames before, newNames after), as a batch placement
 * returns them: the same count from rl.movement, without a name string per key (100,000 keys and
 * more stay within an interaction's time).
 */
export function movesOfIndices(
  rl: Ringlab,
  before: Uint32Array,
  oldNames: readonly string[],
  after: Uint32Array,
  newNames: readonly string[],
): Moves {
  // Ids are old list positions (the names are distinct); a server new in the list gets the next free id.
  const { id, isNew } = serverIds(oldNames);
  const idOfNew = Uint32Array.from(newNames, id);
  const a = new Uint32Array(after.length);
  const moved = new Array<boolean>(after.length);
  for (let k = 0; k < after.length; k++) {
    const id = idOfNew[after[k] ?? 0] ?? 0;
    a[k] = id;
    moved[k] = id !== before[k];
  }
  const movement = rl.movement(before, a, isNew);
  return { movement, moved, mustMove: keysGained(movement) };
}
