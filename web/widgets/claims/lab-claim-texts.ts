// The papers' claims about the newer bucket hashers (`ringlab lab --claims`, cpp/src/core/lab.cpp)
// in the widgets' languages other than English, keyed by the claim's algorithm. English pages show
// the core's own words; a translation says the same things and writes the same live numbers (the
// claim's `values`, as the core prints them), so no figure is computed or typed here. Loaded only
// by the lab's claims widget.
import type { LabClaim } from "ringlab/lab";
import type { Fmt } from "../core/format";

export interface LabClaimText {
  /** What the paper asserts, in the project's own words. */
  claim: string;
  /** The paper's figure, as the paper gives it. */
  paperFigure: string;
  /** ringlab's figure, from the live values. */
  ringlab(v: LabClaim["values"], f: Fmt): string;
  /** The figures around it. */
  detail(v: LabClaim["values"], f: Fmt): string;
  /** The check it is held to. */
  check: string;
}

/** A value that must be there: the core gives every name a claim's texts use. */
function value(v: LabClaim["values"], name: string): number {
  const x = v[name];
  if (typeof x !== "number") throw new Error(`lab claim value ${name} missing`);
  return x;
}

const mean = (f: Fmt, v: LabClaim["values"], name: string): string => f.fixed(value(v, name), 3);
const bytes = (f: Fmt, v: LabClaim["values"], name: string): string => `${f.int(value(v, name))} byte`;

export const bnLabClaims: Record<string, LabClaimText> = {
  jumpback: {
    claim: "সবচেয়ে খারাপ n-এ, n = ১০২৫-এ (২^১০ + ১), একটি lookup গড়ে ৫/৩টি এলোমেলো মান টানে — তার বেশি কখনো নয়।",
    paperFigure: "১.৬৬৭",
    ringlab: (v, f) => mean(f, v, "mean"),
    detail: (v, f) =>
      `${f.int(value(v, "keys"))}টি key-এর lookup-এ গড়ে ${mean(f, v, "mean")}টি এলোমেলো মান n = ১০২৫-এ ` +
      `(একটি key-এ সবচেয়ে বেশি ${f.int(value(v, "max"))}টি), n = ১০২৪-এ ${mean(f, v, "meanAt1024")}টি`,
    check: "পরিসংখ্যানগত: ৫/৩ থেকে তিন প্রমিত ত্রুটি-এর মধ্যে, আর n = ১০২৪-এ তার চেয়ে কম",
  },
  fliphash: {
    claim: "সবচেয়ে খারাপ n-এ, n = ১০২৫-এ (২^১০ + ১), একটি lookup গড়ে ৩.৫ বার hash হিসাব করে।",
    paperFigure: "৩.৫",
    ringlab: (v, f) => mean(f, v, "mean"),
    detail: (v, f) =>
      `${f.int(value(v, "keys"))}টি key-এর lookup-এ গড়ে ${mean(f, v, "mean")} বার hash n = ১০২৫-এ ` +
      `(একটি key-এ সবচেয়ে বেশি ${f.int(value(v, "max"))} বার), n = ১০২৪-এ ${mean(f, v, "meanAt1024")} বার`,
    check: "পরিসংখ্যানগত: ৩.৫ থেকে তিন প্রমিত ত্রুটি-এর মধ্যে, আর n = ১০২৪-এ তার চেয়ে কম",
  },
  multiprobe: {
    claim: "প্রতিটি key-এর জন্য ২১টি probe (১ + ১/ε) নিলে সবচেয়ে ভারী node-এর চাপ গড়ের ১ + ε গুণ, প্রায় ১.০৫ গুণ।",
    paperFigure: "১.০৫",
    ringlab: (v, f) => f.fixed(value(v, "ratio"), 3),
    detail: (v, f) =>
      `${f.int(value(v, "keys"))}টি key, ${f.int(value(v, "nodes"))}টি node-এ (S0…S${f.id(value(v, "nodes") - 1)}, ` +
      `প্রতিটির একটিই বিন্দু, তার নামে বাঁধা): সবচেয়ে ভারী node-এ ${f.int(value(v, "peak"))}টি key, ` +
      `গড়ে ${f.int(value(v, "mean"))}টি`,
    check: "পরিসংখ্যানগত: বড়জোর ১.০৫ আর একটি node-এর key-সংখ্যার তিন গুণ ওঠানামা, ১/√(প্রতি node-এ key)",
  },
  memento: {
    claim: "এর memory বাড়ে শুধু সরানো bucket-এর সংখ্যায় (O(r)), bucket-এর মোট সংখ্যা n-এ নয়।",
    paperFigure: "O(r), n-এ কিছুই নয়",
    ringlab: (v, f) => bytes(f, v, "bytesWith900Removed"),
    detail: (v, f) =>
      `কোনো bucket না সরালে n = ১০-এ ${bytes(f, v, "bytesAt10")}, n = ১,০০০-এ ${bytes(f, v, "bytesAt1000")}, ` +
      `n = ১,০০,০০০-এ ${bytes(f, v, "bytesAt100000")}; n = ১,০০০-এর ১০০টি সরালে ${bytes(f, v, "bytesWith100Removed")}, ` +
      `৫০০টি সরালে ${bytes(f, v, "bytesWith500Removed")}, ৯০০টি সরালে ${bytes(f, v, "bytesWith900Removed")}`,
    check: "হুবহু: কোনো bucket না সরালে যেকোনো n-এ ০ byte, আর যত বেশি সরানো তত বেশি",
  },
  anchor: {
    claim:
      "bucket সরাতে থাকলে একটি lookup-এর hash-ধাপ বাড়ে শুধু a/w-এর লগারিদমের মতো, O((১ + ln(a/w))²) — DxHash-এর গবেষণাপত্রের সারণি যেমন বলে।",
    paperFigure: "O((১ + ln(a/w))²)",
    ringlab: (v, f) => mean(f, v, "stepsAt100"),
    detail: (v, f) =>
      `${f.int(value(v, "keys"))}টি key-এর lookup-এ গড় hash-ধাপ, a = ১,০০০, bucket সরানো হয়েছে seed-বাঁধা এলোমেলো ক্রমে: ` +
      [1000, 900, 500, 100]
        .map((w) => `w = ${f.int(w)}-এ ${mean(f, v, `stepsAt${w}`)} (সীমা ${mean(f, v, `boundAt${w}`)})`)
        .join(", "),
    check: "মডেল: প্রতিটি w-এ (১ + ln(a/w))²-এর নিচে, আর w যত কমে তত বাড়ে",
  },
  dx: {
    claim:
      "ভরা table-এ একটি bucket যোগ করলে তার slot দ্বিগুণ হয় আর প্রায় অর্ধেক key সরে (এর রেফারেন্স বাস্তবায়নে মাপা ৪৯.৯৭%)।",
    paperFigure: "৫০%",
    ringlab: (v, f) => `${f.fixed(value(v, "share"), 2)}%`,
    detail: (v, f) =>
      `${f.int(value(v, "slots"))}টি slot-এর সবকটি চালু থাকা অবস্থায় bucket ${f.id(value(v, "added"))} যোগ করলে ` +
      `${f.int(value(v, "keys"))}টি key-এর ${f.int(value(v, "moved"))}টি সরে`,
    check: "পরিসংখ্যানগত: অর্ধেক থেকে ১% আর তিন প্রমিত ত্রুটি-এর মধ্যে",
  },
};
