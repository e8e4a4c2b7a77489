// Numbers as a reader types them: a phone's Bengali keyboard types ০–৯, a Latin one 0–9, and both
// mean the same number on every page. Every numeric field and address parameter of the widgets
// reads its text here, and a numeric field shows its value in the page's digits.
const BENGALI_ZERO = 0x09e6;

/** The text with Bengali digits (০–৯) written as Latin ones; anything else unchanged. */
export function latinDigits(text: string): string {
  return text.replace(/[০-৯]/g, (d) => String(d.charCodeAt(0) - BENGALI_ZERO));
}

/** The text with Latin digits written as Bengali ones (a field on a Bengali page). */
export function bengaliDigits(text: string): string {
  return text.replace(/[0-9]/g, (d) => String.fromCharCode(BENGALI_ZERO + Number(d)));
}

/**
 * A number in either digit set ("৫", "5", " ১২ ", "0.25", "১e৩"): NaN for empty or unparsable
 * text, which the module then names as the error it is.
 */
export function readNumber(text: string): number {
  const t = latinDigits(text).trim();
  return t === "" ? NaN : Number(t);
}

/** A comma-separated list of numbers in either digit set ("৫, ২০" is [5, 20]); empty items dropped. */
export function readNumbers(text: string): number[] {
  return latinDigits(text)
    .split(",")
    .map((x) => x.trim())
    .filter((x) => x !== "")
    .map(Number);
}

/** Whether the text is one whole number in either digit set ("12", "১২"): a count, not a name. */
export function isCount(text: string): boolean {
  return /^\s*\d+\s*$/.test(latinDigits(text));
}

/** A numeric field's text in the digits of the page it is on ("bn": Bengali digits). */
export function fieldDigits(text: string, lang: string): string {
  return lang === "bn" ? bengaliDigits(text) : latinDigits(text);
}

/** ↑ and ↓ step a numeric text field by `step` within its range, as a spin box's arrows would. */
export function stepWithArrows(
  input: HTMLInputElement,
  range: { min?: number; max?: number; step?: number },
  onChange: (value: number) => void,
): void {
  input.addEventListener("keydown", (e) => {
    if (e.key !== "ArrowUp" && e.key !== "ArrowDown") return;
    const x = readNumber(input.value);
    if (!Number.isFinite(x)) return;
    e.preventDefault();
    const step = range.step ?? 1;
    let next = e.key === "ArrowUp" ? x + step : x - step;
    if (range.min !== undefined) next = Math.max(range.min, next);
    if (range.max !== undefined) next = Math.min(range.max, next);
    input.value = fieldDigits(String(Number(next.toFixed(10))), input.closest("[lang]")?.getAttribute("lang") ?? "en");
    onChange(next);
  });
}

/**
 * Puts a value into a field unless the reader is typing in it; a numeric field shows it in the
 * page's digits (its box's lang).
 */
export function setField(root: ShadowRoot | null, input: HTMLInputElement, value: string): void {
  if (root?.activeElement === input) return;
  input.value = input.hasAttribute("data-numeric")
    ? fieldDigits(value, input.closest("[lang]")?.getAttribute("lang") ?? "en")
    : value;
}
