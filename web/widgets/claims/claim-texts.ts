// The chapter's claims in the widgets' languages other than English, keyed by claim id (the ids
// of `ringlab claims --json`, cpp/src/claims/claims.cpp). English pages show the core's own words; a
// translation says the same things and formats the same live numbers (the claim's `values`,
// computed by the core), so no figure is re-computed or re-typed here. Loaded with the claims
// module, only by the claim widgets.
import type { Fmt } from "../core/format";

/** A claim's live numbers, by name (`ringlab.values` of the JSON). */
export type ClaimValues = Readonly<Record<string, number | null>>;

export interface ClaimText {
  /** What the chapter asserts, in the project's own words. */
  claim: string;
  /** The chapter's figure as the chapter prints it ("" for a published program's output). */
  chapter: string;
  /** ringlab's figure, from the live values ("" for a published program's output). */
  ringlab(v: ClaimValues, f: Fmt): string;
  /** The further live figures ("" when the claim has none). */
  detail(v: ClaimValues, f: Fmt): string;
  /** The scale it ran at. */
  scale: string;
  /** Why the tolerance is what it is. */
  reason: string;
}

/** A value that must be there: the core gives every name a claim's texts use. */
export function value(v: ClaimValues, name: string): number {
  const x = v[name];
  if (typeof x !== "number") throw new Error(`claim value ${name} missing`);
  return x;
}

// Shared phrasings. A percentage and a multiple are written as the chapter writes them (৮০.১%,
// ১৬.২ গুণ); a count takes its classifier (১০,০০০টি key), and a count of zero is said as Bengali
// says it (একটিও … নয়), never "০টি".
// Rounded as the core rounds, then written in Bengali digits: Fmt.fixed, the one rule.
const fixed = (f: Fmt, x: number, d: number): string => f.fixed(x, d);
const pct = (f: Fmt, x: number, d: number): string => `${fixed(f, x, d)}%`;
const times = (f: Fmt, x: number, d: number): string => `${fixed(f, x, d)} গুণ`;
const ofKeys = (f: Fmt, n: number, total: number): string =>
  n === 0 ? `${f.int(total)}টি key-এর একটিও নয়` : `${f.int(total)}টি key-এর ${f.int(n)}টি`;
const none = (): string => "";

// The scales and reasons several claims share.
const FIRST_PROGRAM = "অধ্যায়ের ১০,০০০টি key, ৪ থেকে ৫টি সার্ভার, প্রতি সার্ভারে ১০০টি virtual node";
const THIRD_PROGRAM = "অধ্যায়ের ১০,০০০টি key";
const SAME_BYTES = "একই key-এ একই প্রোগ্রাম হুবহু একই byte ছাপে";
const WHOLE_PERCENT = "অধ্যায় পূর্ণ শতাংশ ছাপে";
const ONE_DECIMAL = "প্রোগ্রাম এক দশমিক ঘর পর্যন্ত ছাপে";
const MEASURED_ONE_DECIMAL = "প্রোগ্রাম ১০০ · সরা key ÷ মোট key ছাপে, এক দশমিক ঘর পর্যন্ত";
const BOUNDED_SCALE = "১০টি সার্ভারে ১০,০০০টি key, প্রতিটি সার্ভারের একটি বিন্দু";

export const bnClaims: Record<string, ClaimText> = {
  "mod-n-six-keys": {
    claim:
      "সার্ভার ৪ থেকে ৫টি হলে hash mod N অধ্যায়ের ছয়টি উদাহরণ-key-এর (hash ৫, ২০, ৩৮, ৫০, ৭৭ আর ৯৫) পাঁচটিরই সার্ভার বদলে দেয়, অথচ কাকতালীয়ভাবে একটিও নতুন সার্ভারে যায় না।",
    chapter: "৬টি key-এর ৫টি সরে, একটিও নতুন সার্ভারে যায় না",
    ringlab: (v, f) => {
      const moved = value(v, "moved");
      const toNew = value(v, "toNew");
      if (moved === 0) return "৬টি key-এর একটিও সরে না";
      return `৬টি key-এর ${f.int(moved)}টি সরে, ${toNew === 0 ? "একটিও নতুন সার্ভারে যায় না" : `তার ${f.int(toNew)}টি যায় নতুন সার্ভারে`}`;
    },
    detail: none,
    scale: "অধ্যায়ের ছয়টি key",
    reason: "নির্দিষ্ট hash-মানে পূর্ণসংখ্যার হিসাব, তাই ফল হুবহু এক",
  },
  "mod-n-new-server-share": {
    claim:
      "mod-N-এ পঞ্চম সার্ভার যোগ হলে গড়ে প্রতি পাঁচটি key-এর একটি যায় নতুন সার্ভারে; বাকি যেগুলো সরে, সেগুলো শুধু পুরোনো সার্ভারদের মধ্যে জায়গা বদল করে।",
    chapter: "১/৫ = ২০%",
    ringlab: (v, f) => pct(f, value(v, "share"), 1),
    detail: (v, f) =>
      `মাপা হয়েছে অধ্যায়ের ${f.int(value(v, "keys"))}টি key-এর কত ভাগ ৫টি সার্ভারে mod-N নতুন সার্ভার ৪-এ পাঠায়; এতগুলো key-এ এক sd হলো ${fixed(f, value(v, "sd"), 2)} শতাংশ পয়েন্ট`,
    scale: "অধ্যায়ের ১০,০০০টি key",
    reason:
      "একটি প্রত্যাশিত মানকে ১০,০০০টি key-এর একটিমাত্র নমুনার সাথে মেলানো: দ্বিপদী বণ্টনের তিন sd-এর মধ্যে থাকলেই চলে (sd = √(p(1 − p)/K), p = ১/৫)",
  },
  "mod-n-moves-80": {
    claim:
      "mod-N-এ চারটি সার্ভারের সাথে পঞ্চমটি যোগ করলে ৮০% key সরে: একটি hash নিজের সার্ভারে থাকে কেবল তখনই, যখন তাকে ৪ আর ৫ দিয়ে ভাগ করলে একই ভাগশেষ থাকে।",
    chapter: "৮০%",
    ringlab: (v, f) => pct(f, value(v, "moved"), 0),
    detail: (v, f) =>
      `১ − ৪/ল.সা.গু.(৪, ৫) = ১ − ৪/২০; অধ্যায়ের প্রোগ্রাম তার ১০,০০০টি key-এ মাপে ${pct(f, value(v, "measured"), 1)}`,
    scale: "সব hash-মানের মধ্যে হুবহু ভগ্নাংশ",
    reason: WHOLE_PERCENT,
  },
  "cache-hit-after-mod-n": {
    claim:
      "যে cache-এর hit ratio ৯৫%, mod-N ৪ থেকে ৫টি সার্ভারে যাওয়ার মুহূর্তেই তার hit নেমে আসে ১৯%-এ, কারণ hit হতে পারে শুধু সেই key-গুলোতে, যারা নিজের জায়গায় থেকে গেছে।",
    chapter: "১৯%",
    ringlab: (v, f) => pct(f, value(v, "hitAfter"), 0),
    detail: (v, f) =>
      `পরের hit = ০.৯৫ · (১ − ${fixed(f, value(v, "moved"), 2)}); miss ${pct(f, value(v, "missBefore"), 0)} থেকে বেড়ে ${pct(f, value(v, "missAfter"), 0)}`,
    scale: "হুবহু সূত্র",
    reason: WHOLE_PERCENT,
  },
  "cache-database-load": {
    claim: "একই বদলে database-এর চাপ হয় ১৬.২ গুণ: miss মোট অনুরোধের ৫% থেকে বেড়ে ৮১%।",
    chapter: "১৬.২ গুণ",
    ringlab: (v, f) => times(f, value(v, "multiplier"), 1),
    // At the chapter's one decimal, as the core writes it.
    detail: (v, f) =>
      `(১ − পরের hit) ÷ (১ − আগের hit) = ${pct(f, value(v, "missAfter"), 0)} ÷ ${pct(f, value(v, "missBefore"), 0)} = ${fixed(f, value(v, "multiplier"), 1)}`,
    scale: "হুবহু সূত্র",
    reason: "অধ্যায় এক দশমিক ঘর পর্যন্ত ছাপে",
  },
  "ring-vs-mod-output": {
    claim: "প্রথম প্রোগ্রামের ছাপা আউটপুট: চারটি সার্ভারের সাথে পঞ্চমটি যোগ হলে mod-N আর ring কত key সরায়।",
    chapter: "",
    ringlab: none,
    detail: none,
    scale: FIRST_PROGRAM,
    reason: SAME_BYTES,
  },
  "mod-n-measured": {
    claim: "অধ্যায়ের key-এ মেপে দেখা যায়, mod-N সরায় ৮০.১% — সূত্রের ৮০%-এর খুব কাছে।",
    chapter: "৮০.১%",
    ringlab: (v, f) => pct(f, value(v, "moved"), 1),
    detail: (v, f) => ofKeys(f, value(v, "movedKeys"), value(v, "keys")),
    scale: FIRST_PROGRAM,
    reason: MEASURED_ONE_DECIMAL,
  },
  "ring-moves-21.9": {
    claim:
      "প্রতি সার্ভারে ১০০টি virtual node-এর ring-এ একই বদল সরায় ২১.৯% key — যেকোনো পদ্ধতিকে অন্তত যতটা সরাতেই হয় (পাঁচ ভাগের এক ভাগ), তার কাছাকাছি।",
    chapter: "২১.৯%",
    ringlab: (v, f) => pct(f, value(v, "moved"), 1),
    detail: (v, f) =>
      `${ofKeys(f, value(v, "movedKeys"), value(v, "keys"))}; ন্যূনতম সম্ভব ${pct(f, value(v, "least"), 1)}`,
    scale: FIRST_PROGRAM,
    reason: MEASURED_ONE_DECIMAL,
  },
  "ring-none-between-old": {
    claim: "Ring-এ যত key সরে, সবই যায় নতুন সার্ভারে; পুরোনো সার্ভারদের নিজেদের মধ্যে একটিও সরে না।",
    chapter: "০.০%",
    ringlab: (v, f) => pct(f, value(v, "between"), 1),
    detail: (v, f) => {
      const n = value(v, "betweenKeys");
      return n === 0 ? "পুরোনো সার্ভারদের মধ্যে একটিও key সরেনি" : `পুরোনো সার্ভারদের মধ্যে ${f.int(n)}টি key সরেছে`;
    },
    scale: FIRST_PROGRAM,
    reason: "ring-এ বদলায় শুধু নতুন সার্ভারের বিন্দুগুলোর বৃত্তাংশ, আর সেগুলো যায় নতুন সার্ভারে, তাই সংখ্যাটি ঠিক শূন্য",
  },
  "largest-arc-v1": {
    claim:
      "N = ১০-এ প্রতিটি সার্ভারের একটিমাত্র বিন্দু থাকলে সবচেয়ে বড় বৃত্তাংশের প্রত্যাশিত মাপ গড় বৃত্তাংশের প্রায় ২.৯ গুণ: হারমোনিক সংখ্যা H_10।",
    chapter: "২.৯ গুণ",
    ringlab: (v, f) => times(f, value(v, "h10"), 1),
    detail: (v, f) =>
      `H_10 = ${fixed(f, value(v, "h10"), 4)}; কোর্সের ring-এ (S0#0 … S9#0, বিন্দু ঠিক হয় নাম থেকে, seed থেকে নয়) মাপা: সবচেয়ে বড় বৃত্তাংশ গড়ের ${times(f, value(v, "largest"), 2)}, সবচেয়ে ছোটটি ${times(f, value(v, "smallest"), 3)}; অধ্যায়ের ১,০০,০০০টি key-এ (seed ১৬) সবচেয়ে ব্যস্ত সার্ভার পায় গড়ের ${times(f, value(v, "busiest"), 2)} key`,
    scale: "হুবহু প্রত্যাশিত মান; মাপা হয়েছে একটি ring",
    reason:
      "অধ্যায়ের সংখ্যাটি প্রত্যাশিত মান H_N, এক দশমিক ঘর পর্যন্ত ছাপা; একটিমাত্র ring তার একটি নমুনা — পাশে দেখানো হয়, বিচার করা হয় না",
  },
  "largest-arc-expected": {
    claim:
      "প্রতিটি সার্ভারের একটিমাত্র বিন্দু রেখে N = ১০-এর অনেকগুলো ring বানালে তাদের সবচেয়ে বড় বৃত্তাংশের গড় মাপ গড় বৃত্তাংশের প্রায় ২.৯ গুণ।",
    chapter: "২.৯ গুণ",
    ringlab: (v, f) => times(f, value(v, "largest"), 2),
    detail: (v, f) =>
      `${f.int(value(v, "rings"))}টি ring-এর সবচেয়ে বড় বৃত্তাংশের গড়; প্রত্যাশিত মান H_10 = ${fixed(f, value(v, "h10"), 3)}; গড়ের এক sd ${fixed(f, value(v, "sd"), 3)}`,
    scale: "১০টি বিন্দুর ২,০০০টি ring",
    reason: "২,০০০টি এলোমেলো ring-এর গড়: অধ্যায় যে প্রত্যাশিত মান H_10-কে ২.৯-এ গোল করে, তার তিন sd-এর মধ্যে থাকতে হবে",
  },
  "smallest-arc-expected": {
    claim: "প্রতিটি সার্ভারের একটিমাত্র বিন্দু থাকলে সবচেয়ে ছোট বৃত্তাংশ গড় বৃত্তাংশের মাত্র প্রায় ১/N ভাগ: N = ১০-এ এক-দশমাংশ।",
    chapter: "১/N = ০.১ ভাগ",
    ringlab: (v, f) => `${fixed(f, value(v, "smallest"), 3)} ভাগ`,
    detail: (v, f) =>
      `${f.int(value(v, "rings"))}টি ring-এর সবচেয়ে ছোট বৃত্তাংশের গড়; গড়ের এক sd ${fixed(f, value(v, "sd"), 4)}; কোর্সের ring-এ (S0#0 … S9#0) এটি ${fixed(f, value(v, "courseRing"), 3)} ভাগ`,
    scale: "১০টি বিন্দুর ২,০০০টি ring",
    reason:
      "N-টি এলোমেলো ফাঁকের সবচেয়ে ছোটটির প্রত্যাশিত মান ঠিক গড়ের ১/N ভাগ; ২,০০০টি ring-এর গড় তার তিন sd-এর মধ্যে থাকে",
  },
  "sd-formula-n10": {
    claim:
      "N = ১০-এ একটি সার্ভারের ভাগের ছড়ানো, অর্থাৎ sd/গড়, ১, ১০, ১০০ আর ১,০০০টি virtual node-এ যথাক্রমে প্রায় ৯০%, ৩০%, ৯.৫% আর ৩.০%।",
    chapter: "V = ১-এ ৯০%, V = ১০-এ ৩০%, V = ১০০-এ ৯.৫%, V = ১,০০০-এ ৩.০%",
    ringlab: (v, f) =>
      `V = ১-এ ${pct(f, value(v, "v1"), 0)}, V = ১০-এ ${pct(f, value(v, "v10"), 0)}, V = ১০০-এ ${pct(f, value(v, "v100"), 1)}, V = ১,০০০-এ ${pct(f, value(v, "v1000"), 1)}`,
    detail: (v, f) =>
      `√((N − 1)/(N·V + 1)) = ${["v1", "v10", "v100", "v1000"].map((n) => pct(f, value(v, n), 2)).join(", ")}; দ্বিতীয় প্রোগ্রামের মাপে: ${["measured1", "measured10", "measured100", "measured1000"].map((n) => pct(f, value(v, n), 1)).join(", ")}`,
    scale: "হুবহু সূত্র",
    reason: "প্রতিটি মান অধ্যায় যত ঘর পর্যন্ত ছাপে, ততটায় গোল করা (V = ১ আর ১০-এ পূর্ণ শতাংশ)",
  },
  "even-10x-needs-100x": {
    claim: "ভাগ দশ গুণ বেশি সমান করতে বিন্দু লাগে একশো গুণ: ছড়ানো কমে √V-এর ব্যস্তানুপাতে।",
    chapter: "১০ গুণ",
    ringlab: (v, f) => times(f, value(v, "ratio"), 0),
    detail: (v, f) =>
      `V = ১০-এর sd/গড়কে V = ১,০০০-এর sd/গড় দিয়ে ভাগ করলে ${fixed(f, value(v, "ratio"), 3)}; দ্বিতীয় প্রোগ্রামের মাপে V = ১ থেকে ১০০ করলে ${times(f, value(v, "measured1to100"), 2)}, V = ১০ থেকে ১,০০০ করলে ${times(f, value(v, "measured10to1000"), 2)}`,
    scale: "হুবহু সূত্র",
    reason: "অধ্যায় পূর্ণসংখ্যার গুণ বলে",
  },
  "vnode-sweep-output": {
    claim:
      "দ্বিতীয় প্রোগ্রামের ছাপা টেবিল: ১, ১০, ১০০ আর ১,০০০টি virtual node-এ ১০টি সার্ভারের মধ্যে ১,০০,০০০টি key-এর ভাগ।",
    chapter: "",
    ringlab: none,
    detail: none,
    scale: "অধ্যায়ের ১,০০,০০০টি key",
    reason: SAME_BYTES,
  },
  "vnodes-for-target": {
    claim: "sd-কে গড়ের c ভাগের মধ্যে রাখতে V লাগে প্রায় 1/c²: ৫% চাইলে প্রায় ৪০০, ১০% চাইলে ১০০।",
    chapter: "৫% চাইলে V ≈ ৪০০, ১০% চাইলে V ≈ ১০০",
    ringlab: (v, f) => `৫% চাইলে V = ${f.int(value(v, "v5"))}, ১০% চাইলে V = ${f.int(value(v, "v10"))}`,
    detail: (v, f) =>
      `N = ১০-এ ((N − 1)/c² − 1)/N সূত্রে হুবহু V: ${fixed(f, value(v, "exact5"), 1)} আর ${fixed(f, value(v, "exact10"), 1)}; অধ্যায়ের V-তে sd/গড় হয় V = ৪০০-এ ${pct(f, value(v, "at400"), 2)} আর V = ১০০-এ ${pct(f, value(v, "at100"), 2)}। 1/c² থেকে (N − 1)/N গুণকটি বাদ পড়ে, তাই এটি দরকারের N/(N − 1) গুণ বিন্দু চায়`,
    scale: "হুবহু সূত্র, N = ১০",
    reason:
      "অধ্যায় 1/c² লেখে আনুমানিক চিহ্ন দিয়ে; তার V-তে লক্ষ্য পূরণ হতে হবে (sd/গড় বড়জোর c), আর হুবহু V-এর চেয়ে কম চাওয়া চলবে না",
  },
  "memory-25600-points": {
    claim: "১০০টি সার্ভার, প্রত্যেকের ২৫৬টি virtual node: ring-এ ২৫,৬০০টি বিন্দু, আর প্রতিটি ১৬ byte ধরলে মোট প্রায় ৪০০ KB।",
    chapter: "৪০০ KB",
    ringlab: (v, f) => `${fixed(f, value(v, "modelKib"), 0)} KB`,
    detail: (v, f) =>
      `${f.int(value(v, "points"))}টি বিন্দু, প্রতিটি ১৬ byte: ${f.int(value(v, "modelBytes"))} byte (অধ্যায়ের মডেল: প্রতিটি (token, সার্ভার) জোড়ার দুই ঘর ৮ byte করে); ringlab-এর নিজের বিন্যাসে একই ring-এ লাগে ${f.int(value(v, "ownBytes"))} byte, বিন্দুপ্রতি ${fixed(f, value(v, "bytesPerPoint"), 2)} byte (৪ byte-এর token, ${f.int(value(v, "serverBytes"))} byte-এ ঠাসা সার্ভার, আর lookup দ্রুত করার একটি সূচি)`,
    scale: "অধ্যায়ের ২৫,৬০০টি বিন্দু",
    reason:
      "সংখ্যাটি অধ্যায়ের বিন্দুপ্রতি ১৬ byte-এর হিসাবে (KB = ১,০২৪ byte); ringlab-এর ঠাসা বিন্যাস আলাদা মডেল — পাশে দেখানো হয়, তার সাথে মেলানো হয় না",
  },
  "lookup-15-comparisons": {
    claim: "২৫,৬০০টি বিন্দুর মধ্যে lookup হলো binary search, যাতে তুলনা লাগে বড়জোর ⌈log₂ ২৫,৬০০⌉ = ১৫টি।",
    chapter: "১৫টি তুলনা",
    ringlab: (v, f) => `${f.int(value(v, "most"))}টি তুলনা`,
    detail: (v, f) =>
      `log₂ ${f.int(value(v, "points"))} = ${fixed(f, value(v, "log2"), 2)}; প্রকাশিত binary search কোর্সের ১০,০০০টি key-এ সবচেয়ে বেশি ${f.int(value(v, "most"))}টি তুলনা করে, গড়ে ${fixed(f, value(v, "mean"), 2)}`,
    scale: "অধ্যায়ের ২৫,৬০০টি বিন্দু, ১০,০০০টি key",
    reason: "প্রকাশিত binary search সবচেয়ে বেশি কতগুলো তুলনা করে, তা একটি গোনা সংখ্যা",
  },
  "lookup-10x-vnodes": {
    claim: "Virtual node দশ গুণ করলে lookup-এ তুলনা বাড়ে মাত্র প্রায় ৩.৩টি (log₂ ১০)।",
    chapter: "৩.৩টি তুলনা",
    ringlab: (v, f) => `${fixed(f, value(v, "added"), 1)}টি তুলনা`,
    detail: (v, f) =>
      `log₂ ${f.int(value(v, "bigPoints"))} − log₂ ${f.int(value(v, "points"))} = ${fixed(f, value(v, "added"), 3)}; ১০,০০০টি key-এ মাপা গড় তুলনা ${fixed(f, value(v, "meanBefore"), 2)} থেকে ${fixed(f, value(v, "meanAfter"), 2)}`,
    scale: "২৫,৬০০ আর ২,৫৬,০০০টি বিন্দু",
    reason: "অধ্যায় এক দশমিক ঘর পর্যন্ত ছাপে",
  },
  "hrw-jump-output": {
    claim:
      "তৃতীয় প্রোগ্রামের ছাপা আউটপুট: rendezvous hashing-এ পাঁচটি সার্ভারের একটি বাদ, আর jump hash-এ bucket-এর সংখ্যা ১০ থেকে বেড়ে ১১।",
    chapter: "",
    ringlab: none,
    detail: none,
    scale: THIRD_PROGRAM,
    reason: SAME_BYTES,
  },
  "hrw-balance": {
    claim:
      "Rendezvous hashing-এ প্রতিটি key-এ N-টি সার্ভারের প্রত্যেকের জেতার সম্ভাবনা 1/N, তাই পাঁচটি সার্ভার ১০,০০০টি key-এর প্রায় ২,০০০টি করে পায়; অসমতা আসে শুধু key-এর নমুনা থেকে।",
    chapter: "২,০০০টি key",
    ringlab: (v, f) => `${f.int(value(v, "furthest"))}টি key`,
    detail: (v, f) => {
      const servers = Object.keys(v)
        .filter((name) => /^S\d+$/.test(name))
        .sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)));
      const counts = servers.map((name) => `${name} ${f.int(value(v, name))}`).join(", ");
      return `প্রতি সার্ভারে key: ${counts}; দেখানো হয়েছে ২,০০০ থেকে সবচেয়ে দূরের সংখ্যাটি; এক sd ${f.int(value(v, "sd"))}টি key`;
    },
    scale: THIRD_PROGRAM,
    reason:
      "দ্বিপদী বণ্টনের একটি গোনা সংখ্যা: প্রতিটি সার্ভার তিন sd-এর মধ্যে থাকবে; K = ১০,০০০ আর p = ১/৫-এ √(K·p(1 − p)) = ৪০টি key",
  },
  "hrw-moves-20.1": {
    claim:
      "Rendezvous hashing-এ পাঁচটির একটি সার্ভার বাদ দিলে ২০.১% key সরে — ঠিক সেই key-গুলো, যেগুলো বাদ পড়া সার্ভারের ছিল।",
    chapter: "২০.১%",
    ringlab: (v, f) => pct(f, value(v, "moved"), 1),
    detail: (v, f) => {
      const moved = value(v, "movedKeys");
      const held = value(v, "removedHeld");
      return `${moved === 0 ? "একটিও key সরেনি" : `${f.int(moved)}টি key সরেছে`}; S2-র ছিল ${held === 0 ? "একটিও না" : `${f.int(held)}টি`}`;
    },
    scale: THIRD_PROGRAM,
    reason: ONE_DECIMAL,
  },
  "hrw-none-from-others": {
    claim: "যে চারটি সার্ভার থেকে যায়, তাদের নিজেদের মধ্যে একটিও key সরে না: নতুন ঠিকানা খোঁজে শুধু বাদ পড়া সার্ভারের key।",
    chapter: "S2 ছাড়া অন্য সার্ভার থেকে একটিও key সরেনি",
    ringlab: (v, f) => {
      const n = value(v, "count");
      return n === 0 ? "S2 ছাড়া অন্য সার্ভার থেকে একটিও key সরেনি" : `S2 ছাড়া অন্য সার্ভার থেকে ${f.int(n)}টি key সরেছে`;
    },
    detail: none,
    scale: THIRD_PROGRAM,
    reason: "key-এর অন্য সার্ভারগুলোর score বদলায় না, তাই সংখ্যাটি ঠিক শূন্য",
  },
  "jump-moves-8.8": {
    claim: "Jump hash-এ bucket-এর সংখ্যা ১০ থেকে ১১ করলে ৮.৮% key সরে।",
    chapter: "৮.৮%",
    ringlab: (v, f) => pct(f, value(v, "moved"), 1),
    detail: (v, f) => ofKeys(f, value(v, "movedKeys"), value(v, "keys")),
    scale: THIRD_PROGRAM,
    reason: ONE_DECIMAL,
  },
  "jump-near-ideal": {
    claim:
      "Jump-এর ৮.৮% আর আদর্শ ১/১১ = ৯.১%-এর ফারাক শুধু ১০,০০০টি key-এর নমুনার: প্রতিটি key নতুন bucket-এ লাফ দেয় ১/১১ সম্ভাবনায়।",
    chapter: "৯.১%",
    ringlab: (v, f) => pct(f, value(v, "moved"), 1),
    detail: (v, f) =>
      `আদর্শ ${pct(f, value(v, "ideal"), 2)}; মাপা ${pct(f, value(v, "moved"), 2)} তার থেকে ${fixed(f, value(v, "sigmas"), 2)} sd (${fixed(f, value(v, "sd"), 2)} শতাংশ পয়েন্ট) দূরে`,
    scale: THIRD_PROGRAM,
    reason:
      "আদর্শ মানটি প্রত্যাশিত মান; ১০,০০০টি key-এর একটি নমুনা তার দ্বিপদী বণ্টনের তিন sd-এর মধ্যে থাকে (sd = √(p(1 − p)/K), p = ১/১১)",
  },
  "jump-none-between-old": {
    claim: "Jump যত key সরায়, সবই যায় নতুন bucket ১০-এ; পুরোনো bucket-দের নিজেদের মধ্যে একটিও সরে না।",
    chapter: "নতুন bucket ছাড়া অন্য কোথাও একটিও key যায়নি",
    ringlab: (v, f) => {
      const n = value(v, "count");
      return n === 0
        ? "নতুন bucket ছাড়া অন্য কোথাও একটিও key যায়নি"
        : `${f.int(n)}টি key নতুন bucket ছাড়া অন্য bucket-এ গেছে`;
    },
    detail: none,
    scale: THIRD_PROGRAM,
    reason: "jump key-কে শুধু সামনের দিকে, নতুন bucket-এ লাফ দেওয়ায়, তাই সংখ্যাটি ঠিক শূন্য",
  },
  "jump-loops-ln-n": {
    claim: "Jump hash সরাসরি পরের লাফের bucket-এ চলে যায়, তাই n-টি bucket-এ তার loop ঘোরে গড়ে মাত্র প্রায় ln n-বার।",
    chapter: "ln n; n = ১০,০০,০০০-এ ১৩.৮",
    ringlab: (v, f) => `${fixed(f, value(v, "steps"), 1)}-বার`,
    detail: (v, f) =>
      `অধ্যায়ের ১০,০০০টি key-এ (seed ১৬) ১০,০০,০০০টি bucket-এ jump-এর loop যতবার ঘোরে তার গড়; হুবহু প্রত্যাশিত মান H_n = ${fixed(f, value(v, "hN"), 2)}, অর্থাৎ ln n + ০.৫৮; গড়ের এক sd ${fixed(f, value(v, "sd"), 3)}`,
    scale: "১০,০০০টি key, ১০,০০,০০০টি bucket",
    reason:
      "অধ্যায়ের ln n হুবহু প্রত্যাশিত মান H_n-এর প্রধান পদ; মাপা গড় H_n-এর তিন sd-এর মধ্যে থাকতে হবে, আর H_n নিজে ln n থেকে এক ধাপের কম দূরে",
  },
  "maglev-m-over-n": {
    claim: "M = ৬৫,৫৩৭ ঘরের Maglev table N-টি backend-এর প্রত্যেককে প্রায় ঠিক M/N ঘর দেয়।",
    chapter: "প্রত্যেকে প্রায় M/N = ৬৫,৫৩৭/১০ = ৬,৫৫৩.৭ ঘর",
    ringlab: (v, f) => {
      const least = value(v, "least");
      const most = value(v, "most");
      return least === most ? `প্রত্যেকে ${f.int(least)}টি ঘর` : `প্রত্যেকে ${f.int(least)} থেকে ${f.int(most)}টি ঘর`;
    },
    // Server names are identifiers: Latin digits, as the chapter writes S0 … S9.
    detail: (v, f) =>
      `N = ${f.int(value(v, "backends"))}টি backend, S0 … S${value(v, "backends") - 1} (অধ্যায় N বলে না; তার অন্য উদাহরণগুলোর মতো দশটি)`,
    scale: "Maglev-এর গবেষণাপত্রের M = ৬৫,৫৩৭",
    reason: "পালা করে ঘর ভরানোয় প্রতিটি backend পায় ⌊M/N⌋ বা ⌈M/N⌉ ঘর",
  },
  "bounded-load-cap": {
    claim: "Bounded load-এ কোনো সার্ভার কখনো ⌈(1 + ε)·m/n⌉-এর বেশি key নেয় না।",
    chapter: "⌈১.২৫ · ১০,০০০/১০⌉ = ১,২৫০টি key",
    ringlab: (v, f) => `${f.int(value(v, "most"))}টি key`,
    detail: (v, f) =>
      `সবচেয়ে ভরা সার্ভারের key; সীমা না থাকলে সে পেত ${f.int(value(v, "unbounded"))}টি; প্রতিটি সার্ভারের ধারণক্ষমতা ${f.int(value(v, "capacity"))}টি`,
    scale: BOUNDED_SCALE,
    reason: "এটি কঠোর সীমা: সবচেয়ে ভরা সার্ভারের key-সংখ্যাও ধারণক্ষমতা ছাড়াতে পারে না",
  },
  "bounded-most-stay": {
    claim: "সীমা থাকা সত্ত্বেও বেশিরভাগ key নিজের (প্রথম পছন্দের) সার্ভারেই থাকে।",
    chapter: "বেশিরভাগ key নিজের সার্ভারে থাকে",
    ringlab: (v, f) => `${pct(f, value(v, "stayed"), 1)} key নিজের সার্ভারে থাকে`,
    detail: (v, f) => {
      const n = value(v, "notFirst");
      if (n === 0) return "একটিও key মালিককে পেরিয়ে বসেনি";
      return `${f.int(n)}টি key মালিককে পেরিয়ে অন্য সার্ভারে বসেছে; কোনো key সবচেয়ে বেশি ${f.int(value(v, "longestWalk"))}টি বিন্দু হেঁটেছে`;
    },
    scale: BOUNDED_SCALE,
    reason: "অধ্যায় সংখ্যা দেয় না: বেশিরভাগ মানে অর্ধেকের বেশি",
  },
  "hot-key-vnodes": {
    claim:
      "Virtual node বাড়িয়ে hot key-এর সমস্যা মেটে না: V যা-ই হোক, একটি key থাকে একটিই সার্ভারে, তাই তার সব traffic সেই সার্ভারকেই সামলাতে হয়; key-এর কয়েকটি কপি কয়েকটি সার্ভারে রাখলে তবেই চাপ ভাগ হয়।",
    chapter: "V বাড়িয়ে hot key-এর লাভ নেই",
    ringlab: (v, f) => `V = ১,০০০-এ সবচেয়ে ব্যস্ত সার্ভারে গড়ের ${times(f, value(v, "v1000"), 2)} অনুরোধ`,
    detail: (v, f) =>
      `সবচেয়ে ব্যস্ত সার্ভারে অনুরোধ, গড়ের তুলনায়: V = ১-এ ${times(f, value(v, "v1"), 2)}, V = ১০-এ ${times(f, value(v, "v10"), 2)}, V = ১০০-এ ${times(f, value(v, "v100"), 2)}, V = ১,০০০-এ ${times(f, value(v, "v1000"), 2)}; সবচেয়ে hot key-টি একাই তার সার্ভারে আনে গড়ের ${times(f, value(v, "floor"), 2)} অনুরোধ; ৪টি কপিতে ছড়ালে (V = ১,০০০) ${times(f, value(v, "copies"), 2)}`,
    scale: "১,০০০টি key, ১,০০,০০০টি অনুরোধ",
    reason:
      "অধ্যায় সংখ্যা দেয় না: প্রতিটি V-তে সবচেয়ে ব্যস্ত সার্ভার অন্তত সবচেয়ে hot key-এর সব অনুরোধ পায়, আর কপি রাখলে চাপ কমে",
  },
  "n-to-n-plus-1": {
    claim:
      "সার্ভার N থেকে N + 1-টি হলে mod-N সরায় N/(N + 1) ভাগ key, আর ন্যূনতম সম্ভব — যার কাছাকাছি যায় ring — 1/(N + 1) ভাগ।",
    chapter: "mod-N সরায় N/(N + 1), ring 1/(N + 1)",
    ringlab: (v) =>
      value(v, "exact") === 1 ? "mod-N সরায় N/(N + 1), ring 1/(N + 1)" : "N-এর অন্তত একটি মানে হিসাব মেলেনি",
    detail: (v, f) =>
      `N = ১ থেকে ১০০-এর প্রতিটি মানে সূত্র আর ringlab-এর হিসাব হুবহু এক; যেমন N = ৪-এ ${pct(f, value(v, "modN4"), 1)} আর ${pct(f, value(v, "least4"), 1)}`,
    scale: "N = ১ থেকে ১০০",
    reason: "সূত্র আর ringlab — দুটো থেকেই একই ভাসমান-বিন্দু সংখ্যা আসে",
  },
};

/**
 * A claim's scenario in words, in each language, where the core's scenario is a call of its API
 * (theory.modNKeptFraction(4, 5), cacheWhatIf(…)) rather than a command line: a reader of the
 * chapter is told what ran, not which function. A command line (`ringlab run …`) stays a command.
 */
export const scenarios: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  en: {
    "mod-n-six-keys": "The hashes 5, 20, 38, 50, 77 and 95, each divided by 4 and by 5, their remainders compared.",
    "mod-n-moves-80": "The exact share of all hash values whose remainder on division by 4 differs from that by 5.",
    "cache-hit-after-mod-n":
      "A cache that hits 95 % of requests, just after mod-N moves four keys in five (4 → 5 servers).",
    "cache-database-load":
      "A cache that hits 95 % of requests, just after mod-N moves four keys in five (4 → 5 servers).",
    "largest-arc-v1": "The harmonic number H_10, and the course's ring of 10 servers with one virtual node each.",
    "largest-arc-expected":
      "2,000 rings of 10 servers with one point each, every ring with fresh server names (r0-S0 … r1999-S9).",
    "smallest-arc-expected":
      "2,000 rings of 10 servers with one point each, every ring with fresh server names (r0-S0 … r1999-S9).",
    "sd-formula-n10": "The formula √((N − 1)/(N·V + 1)) at N = 10, for V = 1, 10, 100 and 1,000.",
    "even-10x-needs-100x": "The same formula at V = 10 divided by its value at V = 1,000 (N = 10).",
    "vnodes-for-target":
      "The V the formula asks for at N = 10 for a target of 5 % and of 10 %, and sd/mean at the chapter's V = 400 and 100.",
    "memory-25600-points":
      "A ring of 100 servers with 256 virtual nodes each: its points counted and its memory measured.",
    "lookup-15-comparisons":
      "A ring of 100 servers with 256 virtual nodes each; every step of the binary search counted for 10,000 keys (seed 16).",
    "lookup-10x-vnodes":
      "Rings of 100 servers with 256 and with 2,560 virtual nodes each; every step of the binary search counted for 10,000 keys (seed 16).",
    "jump-loops-ln-n": "Every jump of jump hash counted over 1,000,000 buckets for the course's 10,000 keys (seed 16).",
    "maglev-m-over-n": "A Maglev table of 65,537 slots for 10 backends: the slots each backend gets.",
    "bounded-load-cap":
      "Bounded loads with ε = 0.25: 10,000 keys (seed 16) on a ring of 10 servers with one point each.",
    "bounded-most-stay":
      "Bounded loads with ε = 0.25: 10,000 keys (seed 16) on a ring of 10 servers with one point each.",
    "hot-key-vnodes":
      "100,000 requests for 1,000 keys, a few of them hot (Zipf, s = 1, seed 16), on 10 servers with V = 1, 10, 100 and 1,000; then each key in 4 copies.",
    "n-to-n-plus-1": "The formulas and ringlab's own figures compared for every N from 1 to 100.",
  },
  bn: {
    "mod-n-six-keys": "hash ৫, ২০, ৩৮, ৫০, ৭৭ আর ৯৫-এর প্রতিটিকে ৪ আর ৫ দিয়ে ভাগ করে দুই ভাগশেষ মেলানো।",
    "mod-n-moves-80": "সব hash-মানের ঠিক কত ভাগে ৪ দিয়ে ভাগের ভাগশেষ আর ৫ দিয়ে ভাগের ভাগশেষ আলাদা, তার হুবহু হিসাব।",
    "cache-hit-after-mod-n":
      "যে cache ৯৫% অনুরোধে hit পায়, mod-N ৪ থেকে ৫টি সার্ভারে গিয়ে প্রতি পাঁচটি key-এর চারটি সরানোর ঠিক পরে।",
    "cache-database-load":
      "যে cache ৯৫% অনুরোধে hit পায়, mod-N ৪ থেকে ৫টি সার্ভারে গিয়ে প্রতি পাঁচটি key-এর চারটি সরানোর ঠিক পরে।",
    "largest-arc-v1": "হারমোনিক সংখ্যা H_10, আর কোর্সের ১০টি সার্ভারের ring, প্রতিটি সার্ভারের একটি virtual node।",
    "largest-arc-expected": "১০টি সার্ভারের ২,০০০টি ring, প্রতিটি সার্ভারের একটি বিন্দু, প্রতিটি ring-এ সার্ভারের নাম নতুন।",
    "smallest-arc-expected": "১০টি সার্ভারের ২,০০০টি ring, প্রতিটি সার্ভারের একটি বিন্দু, প্রতিটি ring-এ সার্ভারের নাম নতুন।",
    "sd-formula-n10": "N = ১০-এ √((N − 1)/(N·V + 1)) সূত্র, V = ১, ১০, ১০০ আর ১,০০০-এ।",
    "even-10x-needs-100x": "একই সূত্রের V = ১০-এর মানকে V = ১,০০০-এর মান দিয়ে ভাগ (N = ১০)।",
    "vnodes-for-target": "N = ১০-এ ৫% আর ১০% লক্ষ্যের জন্য সূত্র যত V চায়, আর অধ্যায়ের V = ৪০০ ও ১০০-এ sd/গড়।",
    "memory-25600-points": "১০০টি সার্ভারের ring, প্রতিটির ২৫৬টি virtual node: বিন্দু গোনা আর memory মাপা।",
    "lookup-15-comparisons":
      "১০০টি সার্ভারের ring, প্রতিটির ২৫৬টি virtual node; ১০,০০০টি key-এ (seed ১৬) binary search-এর প্রতিটি ধাপ গোনা।",
    "lookup-10x-vnodes":
      "১০০টি সার্ভারের দুটি ring, প্রতিটি সার্ভারের ২৫৬ আর ২,৫৬০টি virtual node; ১০,০০০টি key-এ (seed ১৬) binary search-এর প্রতিটি ধাপ গোনা।",
    "jump-loops-ln-n": "কোর্সের ১০,০০০টি key-এ (seed ১৬) ১০,০০,০০০টি bucket-এ jump hash-এর প্রতিটি লাফ গোনা।",
    "maglev-m-over-n": "১০টি backend-এর জন্য ৬৫,৫৩৭ ঘরের Maglev table: প্রতিটি backend কত ঘর পায়।",
    "bounded-load-cap": "ε = ০.২৫-এর bounded load: ১০টি সার্ভারের ring-এ (প্রতিটির একটি বিন্দু) ১০,০০০টি key (seed ১৬)।",
    "bounded-most-stay": "ε = ০.২৫-এর bounded load: ১০টি সার্ভারের ring-এ (প্রতিটির একটি বিন্দু) ১০,০০০টি key (seed ১৬)।",
    "hot-key-vnodes":
      "১,০০০টি key-এ ১,০০,০০০টি অনুরোধ, কয়েকটি key hot (জিপফ বণ্টন, seed ১৬), ১০টি সার্ভারে V = ১, ১০, ১০০ আর ১,০০০; তারপর প্রতিটি key-এর ৪টি কপি।",
    "n-to-n-plus-1": "N = ১ থেকে ১০০-এর প্রতিটি মানে সূত্র আর ringlab-এর নিজের হিসাব মেলানো।",
  },
};

/**
 * Where the chapter's figure is a formula and ringlab also measures the same quantity, the
 * measurement, from the claim's live values: it is what a reader sees first (the V = 1 spread the
 * formula puts at 90 % is 84.7 % in the published program's own run). Percentages and multiples at
 * the digits the chapter's programs print them.
 */
export const measurements: Readonly<Record<string, (v: ClaimValues, f: Fmt, lang: string) => string>> = {
  "mod-n-moves-80": (v, f) => `${fixed(f, value(v, "measured"), 1)}%`,
  "largest-arc-v1": (v, f) => f.times(Number(value(v, "largest").toFixed(2)), 2),
  "sd-formula-n10": (v, f, lang) =>
    [1, 10, 100, 1000]
      .map((n) => {
        const shown = `${fixed(f, value(v, `measured${n}`), 1)}%`;
        return lang === "bn" ? `V = ${f.int(n)}-এ ${shown}` : `V=${n} ${shown}`;
      })
      .join(", "),
  "even-10x-needs-100x": (v, f, lang) => {
    const a = f.times(Number(value(v, "measured10to1000").toFixed(2)), 2);
    const b = f.times(Number(value(v, "measured1to100").toFixed(2)), 2);
    return lang === "bn"
      ? `V = ১০ থেকে ১,০০০-এ ${a}, V = ১ থেকে ১০০-এ ${b}`
      : `${a} from V=10 to 1000, ${b} from V=1 to 100`;
  },
};
