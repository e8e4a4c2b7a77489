// Number formatting for display, in the page's language. Only formatting happens here: every
// number passed in came from the WebAssembly module. Bengali gets Bengali digits (০–৯) in every
// number, with the Indian grouping the tutorial uses (১,০০,০০০).
const BENGALI_DIGITS = "০১২৩৪৫৬৭৮৯";

export class Fmt {
  private readonly cache = new Map<string, Intl.NumberFormat>();
  private readonly mapDigits: boolean;

  constructor(
    readonly locale: string,
    readonly digits: "latn" | "beng",
  ) {
    // Intl gives Bengali digits with the "-u-nu-beng" extension on every engine with full ICU;
    // a build without that data falls back to mapping the Latin digits one by one.
    this.mapDigits = digits === "beng" && this.nf({}).format(0) !== "০";
  }

  private nf(options: Intl.NumberFormatOptions): Intl.NumberFormat {
    const key = JSON.stringify(options);
    let f = this.cache.get(key);
    if (!f) {
      const tag = this.digits === "beng" ? `${this.locale}-u-nu-beng` : this.locale;
      f = new Intl.NumberFormat(tag, options);
      this.cache.set(key, f);
    }
    return f;
  }

  private out(text: string): string {
    return this.mapDigits ? text.replace(/[0-9]/g, (d) => BENGALI_DIGITS[Number(d)] ?? d) : text;
  }

  /** A count, grouped: 100,000 / ১,০০,০০০. */
  int(n: number): string {
    return this.out(this.nf({ maximumFractionDigits: 0 }).format(n));
  }

  /** An identifier-like number (a hash, a token, a slot, a bucket): no grouping. */
  id(n: number | bigint): string {
    return this.out(this.nf({ useGrouping: false, maximumFractionDigits: 0 }).format(n));
  }

  /** A decimal with exactly `d` fraction digits. */
  dec(x: number, d: number): string {
    return this.out(this.nf({ minimumFractionDigits: d, maximumFractionDigits: d }).format(x));
  }

  /**
   * A measured or computed figure at the digits a claim prints: rounded as the core rounds
   * (JavaScript's toFixed on the double, so 21.95, the double 21.949…, shows as 21.9, as the
   * chapter's program prints it), then written in this language's digits. Intl alone would round
   * the shortest decimal "21.95" up to 22.0; and no figure shows a double's every digit
   * (16.199999999999985 is 16.2 at the chapter's one decimal).
   */
  fixed(x: number, d: number): string {
    return this.dec(Number(x.toFixed(d)), d);
  }

  /** A decimal with at most `d` fraction digits (axis labels). */
  num(x: number, d = 2): string {
    return this.out(this.nf({ maximumFractionDigits: d }).format(x));
  }

  /** A fraction as a percentage: 0.801 → 80.1%. */
  pct(fraction: number, d = 1): string {
    return this.out(this.nf({ style: "percent", minimumFractionDigits: d, maximumFractionDigits: d }).format(fraction));
  }

  /** A multiplier: 16.2× — in Bengali the chapter's word, "১৬.২ গুণ" (web/widgets/i18n/terms.bn.json). */
  times(x: number, d = 1): string {
    return this.locale.toLowerCase().startsWith("bn") ? `${this.dec(x, d)} গুণ` : `${this.dec(x, d)}×`;
  }

  /** Any Latin digits inside a string (e.g. "k3"), in this language's digits. */
  digitsIn(text: string): string {
    return this.digits === "beng" ? text.replace(/[0-9]/g, (d) => BENGALI_DIGITS[Number(d)] ?? d) : text;
  }
}
