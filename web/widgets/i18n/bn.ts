// বাংলা: the course's own language and terms (সার্ভার, key, ring, virtual node, token, …), mixing
// Bengali with the English technical words exactly as the tutorial does. Numbers arrive already
// formatted with Bengali digits (০–৯).
import type { Messages } from "./en";
import terms from "./terms.bn.json";

// Case endings as the chapter writes them: chosen by how the word they attach to ends when read
// aloud — "D-র", "V-তে", "S2-তে", "Kafka-র", "proxy-তে", but "N-এর", "key-এর", "cache-এ". A letter is
// read by its English name (A "এ", D "ডি", S "এস", W "ডাবলিউ") and a number in Latin digits by its
// English name (2 "টু", 5 "ফাইভ", 20 "টুয়েন্টি", 100 "হান্ড্রেড"); a number in Bengali digits is read
// in Bengali and takes "-এ"/"-এর", as the chapter's "N = ১০-এ" and "১-এর" do.
const LETTER_ENDS_IN_VOWEL = new Set("ABCDEGIJKOPQTUVWY");
const WORDS_ENDING_IN_VOWEL = new Set(["rendezvous"]);

function latinNumberEndsInVowel(digits: string): boolean {
  const n = Number(digits.slice(-6));
  if (n === 0) return true; // "zero"
  if (n % 100 === 0) return false; // "hundred", "thousand"
  if (n % 100 >= 10 && n % 100 <= 19) return false; // "ten" … "nineteen"
  if (n % 10 === 0) return true; // "twenty" … "ninety"
  return "23".includes(String(n % 10)); // "two", "three"; "one", "four" … "nine" end in a consonant
}

/** Whether `word`, read aloud, ends in a vowel (then "-তে"/"-র"; otherwise "-এ"/"-এর"). */
export function endsInVowelSound(word: string): boolean {
  const w = word.replace(/[\s"'“”‘’)\]}›».,;:!?]+$/u, "");
  const digits = /[0-9]+$/.exec(w);
  if (digits) return latinNumberEndsInVowel(digits[0]);
  if (/[০-৯]$/.test(w)) return false;
  if (/[\u09BE-\u09CC\u0985-\u0994]$/u.test(w)) return true; // a Bengali vowel sign or vowel
  if (/[\u0980-\u09FF]$/u.test(w)) return false;
  const last = /[A-Za-z]+$/.exec(w)?.[0];
  if (!last) return false;
  if (WORDS_ENDING_IN_VOWEL.has(last.toLowerCase())) return true;
  if (last.toLowerCase() === "key") return false; // the chapter's "key-এর", "key-এ"
  // A capital at the end is a letter read by its name: "A", "S2"'s S, "HRW"'s W.
  if (/[A-Z]$/.test(last) && (last.length === 1 || last === last.toUpperCase()))
    return LETTER_ENDS_IN_VOWEL.has(last.slice(-1));
  return /[aiouy]$/i.test(last);
}

/** The locative: "A-তে", "S2-তে", "cache-এ", "৫০-এ". */
export const loc = (word: string): string => `${word}-${endsInVowelSound(word) ? "তে" : "এ"}`;
/** The genitive: "D-র", "S2-র", "N-এর", "key-এর". */
export const gen = (word = ""): string => `${word}-${endsInVowelSound(word) ? "র" : "এর"}`;

/** Bengali digits back to Latin, for a count written inside an identifier (key#1 … key#4). */
const latin = (s: string): string => s.replace(/[০-৯]/g, (d) => String(d.charCodeAt(0) - 0x09e6));

/** A count of things, Bengali-style: "একটিও key … না" for none, "৩টি key" otherwise. */
const none = (n: string): boolean => /^[0০]$/.test(n.trim());

const bn: Messages = {
  lang: "bn",
  numberLocale: "bn-BD",
  digits: "beng",

  error: "ত্রুটি",
  stepper: "stepper",
  reset: "শুরুতে",
  previous: "আগের ধাপ",
  next: "পরের ধাপ",
  play: "চালান",
  pause: "থামান",
  stepOf: (i, n) => `ধাপ ${i} / ${n}`,
  key: "Key",
  keys: "Key",
  hash: "hash",
  server: "সার্ভার",
  servers: "সার্ভার",
  owner: "মালিক",
  movedCol: "সরেছে কি না",
  noteCol: "মন্তব্য",
  seed: "seed",

  scenario: {
    newServer: "নতুন সার্ভার",
    add: "যোগ করুন",
    remove: (name) => `${name} বাদ দিন`,
    rename: (name) => `${gen(name)} নাম বদলান`,
    yourKey: "আপনার key",
    keyHash: (hash) => `hash ${hash}`,
    moved: (moved, keys, must) =>
      `${none(moved) ? `${keys}টি key-এর একটিও সরেনি` : `${keys}টি key-এর ${moved}টি সরেছে`}; এই বদলে অন্তত ${must}টি সরাতেই হয়।`,
    resetScenario: "অধ্যায়ের উদাহরণ",
    shortcuts: "কী-বোর্ড: → পরের ধাপ, ← আগের ধাপ, Home প্রথম, End শেষ, K চালান।",
    token: (name) => `${gen(name)} token`,
    weight: (name) => `${gen(name)} weight`,
    drag: "সার্ভারকে ring ধরে টেনে তার token সরান।",
    duplicate: (name) => `${name} নামে একটি সার্ভার আগেই আছে।`,
    differ: (differ, keys, must) =>
      none(differ)
        ? `${keys}টি key-এর একটিও দুই client-এ আলাদা সার্ভারে যায় না।`
        : `${keys}টি key-এর ${differ}টি দুই client-এ আলাদা সার্ভারে যায়; তার ${must}টি যায় এমন সার্ভারে যাকে অন্য client চেনে না।`,
  },

  playground: {
    tagline: "consistent hashing — চালিয়ে, দেখে, যাচাই করে",
    language: "ভাষা",
    theme: "রং",
    themes: { auto: "স্বয়ংক্রিয়", light: "হালকা", dark: "গাঢ়" },
    skip: "মূল অংশে যান",
    contents: "সূচি",
    homeTitle: "Consistent hashing — চালিয়ে, দেখে, যাচাই করে",
    homeIntro:
      "কোর্সের প্রতিটি ধারণার জন্য একটি stepper, প্রকাশিত তিনটি প্রোগ্রাম তাদের flag-সহ, একটি cache stampede হিসাবযন্ত্র, আর আপনার নিজের পরিস্থিতিতে সব algorithm-এর তুলনা।",
    homeNumbers:
      "এই পাতার প্রতিটি সংখ্যা আসে ringlab-এর WebAssembly module থেকে — সেই একই C++ core, যা কোর্সের প্রোগ্রামগুলোর আউটপুট হুবহু মেলায়। প্রতিটি পাতার অবস্থা ঠিকানায় (URL) থাকে: link কপি করলেই ঠিক সেই ধাপটি ভাগ করা যায়।",
    sections: terms.sections,
    groups: {
      experiments: "প্রকাশিত প্রোগ্রাম",
      tools: "কী হলে কী হয়, আর তুলনা",
      systems: "বাস্তব সিস্টেম",
      claims: "অধ্যায়, যাচাই করা",
    },
    routes: {
      modn: {
        title: "mod-N: ৪ থেকে ৫টি সার্ভার",
        intro:
          "ছয়টি key, hash ৫, ২০, ৩৮, ৫০, ৭৭ আর ৯৫। ৪ থেকে ৫টি সার্ভার করলে hash mod N ছয়টির পাঁচটিই সরায় — আর একটিও নতুন সার্ভারে যায় না।",
      },
      ring: {
        title: "০–৯৯-এর ring",
        intro:
          "সার্ভার আর key একই বৃত্তে: key-এর অবস্থান থেকে ঘড়ির কাঁটার দিকে প্রথম যে সার্ভার পড়ে, সেই মালিক; শেষ মান পেরোলে বৃত্ত ঘুরে শুরু থেকে।",
      },
      membership: {
        title: "E যোগ, তারপর B বাদ",
        intro:
          "সার্ভার যোগ করলে শুধু তার নেওয়া বৃত্তাংশের মালিক বদলায়; বাদ দিলে শুধু তার বৃত্তাংশ ঘড়ির কাঁটার দিকের প্রতিবেশীর কাছে যায়।",
      },
      vnodes: {
        title: "Virtual node",
        intro:
          "প্রতিটি সার্ভারের V-টি বিন্দু হলে ভাগের ছড়ানো (sd/গড়) কমে প্রায় 1/√V হারে। V বদলে মাপা ছড়ানো আর তত্ত্বের রেখা মিলিয়ে দেখুন; weight ২-এর সার্ভার পায় দ্বিগুণ বিন্দু।",
      },
      search: {
        title: "Binary search আর preference list",
        intro:
          "কোডে ring একটি সাজানো token-array: lookup মানে “প্রথম যে token hash-এর সমান বা বড়” খোঁজার binary search। তারপর preference list পরের ভিন্ন সার্ভার (আর zone) ধরে এগোয়।",
      },
      rendezvous: {
        title: "Rendezvous (HRW) hashing",
        intro:
          "Ring নেই: প্রতিটি key-এর জন্য প্রতিটি সার্ভারকে একটি score, সর্বোচ্চ জেতে। সার্ভার যোগ-বাদ করে দেখুন কোন key সরে।",
      },
      jump: {
        title: "Jump consistent hash",
        intro: "কোনো memory ছাড়াই: key bucket ধরে ধরে সামনে লাফায়, আর n পেরোনোর আগের শেষ bucket-এই থামে।",
      },
      buckets: {
        title: "Bucket-এ hashing, ধাপে ধাপে",
        intro:
          "Jump-এর পরের algorithm-গুলো — JumpBackHash, AnchorHash, MementoHash, FlipHash, BinomialHash, DxHash, multi-probe hashing — প্রত্যেকটি তার module যেমন চালায়: একটি key-এর lookup, ধাপে ধাপে। Bucket সরাও, আর দেখো lookup কীভাবে বদলির শিকল ধরে এগোয়, অথবা দেখো multi-probe-এর probe-গুলো কীভাবে সবচেয়ে কাছের node খোঁজে।",
      },
      maglev: {
        title: "Maglev-এর lookup table",
        intro:
          "Backend-রা পালা করে prime মাপের table-এ নিজের পরের পছন্দের খালি ঘর দখল করে; তারপর lookup মানে একবার array পড়া।",
      },
      bounded: {
        title: "Bounded load",
        intro:
          "প্রতিটি সার্ভার সর্বোচ্চ ⌈(1 + ε)·m/n⌉টি key নেয়; key-এর সার্ভার ভরা থাকলে সে ঘড়ির কাঁটার দিকে এগিয়ে জায়গা আছে এমন পরের সার্ভারে যায়।",
      },
      hotkey: {
        title: "Hot key",
        intro:
          "Consistent hashing key-এর সংখ্যা সমান করে, traffic নয়। Zipf traffic-এ একটি key-এর সার্ভার ডোবে; V বাড়িয়ে লাভ নেই, k-টি কপিতে লাভ আছে।",
      },
      clients: {
        title: "দুই client, দুই সার্ভার-তালিকা",
        intro:
          "সব নিয়মই ধরে নেয় যে প্রতিটি client একই সার্ভার দেখছে। একজন নতুন সার্ভারের খবর পেলে আর অন্যজন না পেলে, একই key দুই জায়গায় যায়।",
      },
      "ring-vs-mod": {
        title: "ring-vs-mod",
        intro: "প্রকাশিত প্রোগ্রাম: n থেকে n + 1 সার্ভারে mod-N আর ring-এ কতগুলো key-এর সার্ভার বদলায়।",
      },
      "vnode-sweep": {
        title: "vnode-sweep",
        intro: "প্রকাশিত প্রোগ্রাম: প্রতি সার্ভারে V-টি virtual node হলে ভাগ কতটা সমান।",
      },
      "hrw-jump": {
        title: "hrw-jump",
        intro: "প্রকাশিত প্রোগ্রাম: rendezvous থেকে একটি সার্ভার বাদ, আর jump-এ b থেকে b + 1 bucket।",
      },
      "vnode-calculator": {
        title: "V কত হবে",
        intro:
          "সার্ভারগুলোর ভাগ কতটা সমান চাই, সেই লক্ষ্য থেকে প্রতি সার্ভারে virtual node: অধ্যায়ের V ≈ 1/c² আর sd/গড় সূত্রের হুবহু V পাশাপাশি, তারপর সেই V-এর খরচ — ring-এর বিন্দু, memory (অধ্যায়ের প্রতি বিন্দু ১৬ byte আর ringlab-এর নিজের ring) আর একটি lookup-এর তুলনা।",
      },
      cache: {
        title: "Cache stampede হিসাবযন্ত্র",
        intro:
          "আগের hit ratio, আগে-পরে সার্ভারের সংখ্যা আর algorithm: কতটা hit টিকে থাকে, আর database-এর চাপ কত গুণ বাড়ে।",
      },
      malachi: {
        title: "Malachi-এর ring",
        intro:
          "Malachi (Elixir) key পাঠায় প্রথম সেই virtual node-এ, যার token :erlang.phash2(key, 2^ring_bits)-এর সমান বা বড়; শেষ পেরোলে বৃত্ত ঘুরে শুরুতে। Elixir-এ যেভাবে লেখেন সেভাবেই key লিখুন, আর দেখুন আপনার cluster ঠিক কোন virtual node ব্যবহার করে; virtual node যোগ, বাদ বা টেনে সরিয়ে দেখুন কোন key সরে।",
      },
      cluster: {
        title: "আপনার cluster",
        intro:
          "একটি আসল সিস্টেম বেছে নিন — nginx, memcached, Redis, Kafka, Cassandra, Envoy, Guava, Erlang — তাতে আপনার কনফিগারেশন আর key দিন, আর দেখুন প্রতিটি key কোন সার্ভারে যায় (আসল software-এর উত্তর, হুবহু), প্রতি সার্ভারে চাপ কত, আর সার্ভার যোগ, বাদ বা বন্ধ হলে কোন key সরে।",
      },
      claims: {
        title: "অধ্যায়ের দাবি, যাচাই করা",
        intro:
          "অধ্যায় যত সংখ্যা দাবি করে, প্রতিটি ringlab এখনই হিসাব করে অধ্যায়ে ছাপা সংখ্যার পাশে দেখায় — সহনসীমা, রায় আর যে পাতায় তা চোখে দেখা যায় তার লিংক সহ।",
      },
      compare: {
        title: "সব algorithm-এর তুলনা",
        intro:
          "Ring, rendezvous, jump, Maglev, bounded load আর mod-N — আপনার নিজের পরিস্থিতিতে: কী সরে, আর ভাগ কতটা সমান থাকে।",
      },
      "lab-claims": {
        title: "গবেষণাপত্রের দাবি, যাচাই করা",
        intro:
          "নতুন bucket algorithm-গুলোর গবেষণাপত্র যা দাবি করে — JumpBackHash, FlipHash, multi-probe, MementoHash, AnchorHash, DxHash — প্রতিটি ringlab এখনই একই algorithm থেকে হিসাব করে গবেষণাপত্রের নিজের সংখ্যার পাশে দেখায়, কোন যাচাইয়ে ধরা হলো আর দাবি টেকে কি না সহ: ringlab-এর ল্যাবের দাবির সংখ্যাগুলো, পেছনের আলাদা একটি থ্রেডে হিসাব করা।",
      },
      plan: {
        title: "স্থানান্তরের পরিকল্পনা",
        intro:
          "আপনার Redis Cluster-এর CLUSTER NODES বসান, Kafka-র টপিকের নতুন partition সংখ্যা বাছুন, কিংবা Cassandra-র ring বসান; বদলটি বেছে নিন, আর দেখুন আসল টুল কী সরাবে, তার নিজের ক্রমে: আগে ও পরে Redis-এর ১৬৩৮৪টি slot, Cassandra-র range আর কে কাকে সেগুলো পাঠায়, প্রতিটি node-এর ভাগ আর তা কত টুকরোয়, টুলের খুঁটিনাটি সতর্কবার্তা হিসেবে, আপনার key-গুলোর মালিক আগে ও পরে, আর পরিকল্পনাটি JSON হিসেবে। memcached, libketama, nginx বা Envoy-র মতো ring আর Maglev table-এর সিস্টেমে একটি server যোগ, বাদ, down বা weight বদল করলে hash ring-এর কোন বৃত্তাংশের server বদলায় (প্রয়োজনীয় আর পার্শ্বিক), প্রত্যাশিত miss-এর হার আর প্রতিটি server-এর ভাগ।",
      },
      lab: {
        title: "ল্যাব: প্রতিটি algorithm মাপা",
        intro:
          "key-কে bucket-এ বসানোর প্রতিটি algorithm আর নাম-দেওয়া সার্ভারে প্রতিটি বিন্যাস, একই seed-এর একই key-গুলোতে: ভাগ কতটা সমান, bucket সরালে আর ফেরালে কী সরে, একটি lookup-এর কাজ, আর bucket সরানোর নানা ক্রমের পরে ভাগ — ringlab-এর ল্যাবের সংখ্যাগুলো, পেছনের আলাদা একটি থ্রেডে হিসাব করা।",
      },
    },
  },

  experiment: {
    title: (name) => `প্রকাশিত প্রোগ্রাম ${name}`,
    run: "চালান",
    cancel: "বাতিল",
    progressLabel: "চলার অগ্রগতি",
    running: "চলছে…",
    runningInWorker: "পেছনের আলাদা থ্রেডগুলোতে চলছে…",
    progress: (pct) => `পেছনের আলাদা থ্রেডগুলোতে চলছে: ${pct}`,
    cancelled: "বাতিল হয়েছে। আবার শুরু করতে “চালান” চাপুন।",
    cancelledKept: "বাতিল হয়েছে। নিচের আউটপুট আগের বারের; আবার শুরু করতে “চালান” চাপুন।",
    ranIn: (ms, worker) => `${ms} ms-এ শেষ${worker ? ", পেছনের আলাদা থ্রেডগুলোতে" : ""}।`,
    output: "আউটপুট",
    outputNote: "এই flag-গুলোতে প্রকাশিত প্রোগ্রাম ঠিক যা ছাপে (byte-হুবহু, তাই প্রোগ্রামের নিজের ASCII অঙ্কে)।",
    copy: "কপি",
    copied: "কপি হয়েছে",
    flagHelp: {
      seed: "key বানানোর এলোমেলো সংখ্যার seed (পূর্ণসংখ্যা)",
      keys: "key-এর সংখ্যা",
      servers: "সার্ভারের সংখ্যা",
      vnodes: "প্রতি সার্ভারে virtual node (vnode-sweep-এ কমা দিয়ে আলাদা করা V-এর তালিকা)",
      remove: "যে সার্ভার বাদ যায় তার নম্বর",
      buckets: "jump-এ bucket-এর সংখ্যা b (b থেকে b + 1 করা হয়)",
    },
    keysLabel: "key",
    loadPerServer: (v) => `প্রতি সার্ভারে key, V = ${v}`,
    loadTable: (v) => `প্রতি সার্ভারে key, V = ${v}`,
    sdTitle: (n) => `V-এর সাথে sd/গড় (N = ${n}), তত্ত্ব √((N−1)/(N·V+1))-সহ`,
    sdTable: "প্রতি V-এ sd/গড়: মাপা আর তত্ত্ব",
    theory: "তত্ত্ব",
    measured: "মাপা",
    vAxis: "V (প্রতি সার্ভারে virtual node, log স্কেল)",
    movedLabel: "সরা key",
    movedTitle: (n, m) => `${n} থেকে ${m}টি সার্ভারে কত key সরে`,
    modTheory: "mod-N তত্ত্ব",
    ideal: "আদর্শ (ন্যূনতম)",
    betweenOldTitle: "পুরোনো সার্ভারদের নিজেদের মধ্যে সরা key (ভালো নিয়ম যা এড়ায়)",
    hrwLoad: (n) => `প্রতি সার্ভারে key, ${n}টি সার্ভারে rendezvous`,
    hrwJumpMoved: "সরা key, যেকোনো নিয়মের ন্যূনতম নড়াচড়ার পাশে",
    hrwRemove: "HRW, একটি বাদ",
    idealHrw: "আদর্শ 1/n",
    jumpGrow: (b, b1) => `jump ${b} → ${b1}`,
    idealJump: "আদর্শ 1/(b+1)",
  },

  modn: {
    title: (n, m) => `mod-N: ${n} থেকে ${m}টি সার্ভার, প্রতিটি key যায় hash mod N নম্বর সার্ভারে`,
    fromN: "আগে N",
    toN: "পরে N",
    notInUse: "ব্যবহারে নেই",
    notInUseWhy: (i, n, m) => `সার্ভার নম্বর ${i}: mod ${n} আর mod ${m} দুটোরই বাইরে, তাই কোনো key এতে আসে না`,
    keyNote: (hash, n, a, aName, m, b, bName) =>
      `h32 = ${hash}; mod ${n} = ${a} → ${aName}; mod ${m} = ${b} → ${bName}`,
    band: (n) => `mod ${n}`,
    diagram: (n, m) => `mod ${n} (ওপরে) আর mod ${m} (নিচে)-এ প্রতিটি key-এর সার্ভার; রেখা একই key-এর দুই জায়গা জোড়ে`,
    tableCaption: (n, m) => `mod ${n} আর mod ${loc(m)} key`,
    moved: "সরল",
    stayed: "থাকল",
    intro: (keys, n, first, last) =>
      `${keys}টি key আর ${n}টি সার্ভার (${first}–${last}): প্রতিটি key যায় hash mod ${n} নম্বর সার্ভারে।`,
    key: (k, hash, n, a, aName, m, b, bName, moved) =>
      `${k}: ${hash} mod ${n} = ${a} → ${aName}; ${hash} mod ${m} = ${b} → ${bName}: ${moved ? "সরল।" : "থাকল।"}`,
    summary: (moved, keys, toNew, newNames, theory, ideal) =>
      `${keys}টির ${moved}টি key সরল, ${none(toNew) ? `আর একটিও নতুন সার্ভারে${newNames ? ` (${newNames})` : ""} যায়নি` : `তার ${toNew}টি নতুন সার্ভারে${newNames ? ` (${newNames})` : ""}`}। গড়ে mod-N সরায় ${theory} key; যেকোনো নিয়মে ন্যূনতম সরাতেই হয় ${ideal}।`,
    summaryLeft: (moved, keys, fromLeft, leftNames, theory, ideal) =>
      `${keys}টির ${moved}টি key সরল: ${fromLeft}টি তাদের সার্ভার (${leftNames}) চলে যাওয়ায়, বাকিগুলো শুধু এই কারণে যে hash mod N এখন সার্ভারদের অন্যভাবে গোনে। গড়ে mod-N সরায় ${theory} key; যেকোনো নিয়মে ন্যূনতম সরাতেই হয় ${ideal}।`,
  },

  ring: {
    title: (lo, hi) => `${lo}–${gen(hi)} hash ring`,
    diagram: (hi) => `০ থেকে ${hi} পর্যন্ত অবস্থানের ring, ০ ওপরে, ঘড়ির কাঁটার দিকে: সার্ভার বৃত্ত, key রম্বস`,
    tableCaption: "প্রতিটি key-এর মালিক",
    equalNote: "সমান: সার্ভার নিজেই",
    wrapNote: "শেষ পেরিয়ে শুরুতে (wrap-around)",
    intro: (hi, servers, keys) =>
      `০–${hi} অবস্থানগুলো একটি বৃত্তে; ${servers}টি সার্ভার আর ${keys}টি key নিজেদের hash-এ বসে। key-এর মালিক ঘড়ির কাঁটার দিকে প্রথম সার্ভার।`,
    key: (k, hash, owner, token, equal, wrapped, hi) =>
      equal
        ? `${k}, অবস্থান ${hash}: সার্ভার ${owner} ঠিক সেখানেই — সমান হলেও চলে, তাই ${owner}-ই মালিক।`
        : wrapped
          ? `${k}, অবস্থান ${hash}: ${hash} থেকে ${gen(hi)} মধ্যে কোনো সার্ভার নেই, তাই বৃত্ত ঘুরে ০ থেকে এগিয়ে ${loc(token)} ${owner} (wrap-around)।`
          : `${k}, অবস্থান ${hash}: ঘড়ির কাঁটার দিকে প্রথম সার্ভার ${loc(token)} ${owner}।`,
    summary: "প্রতিটি key শুধু সার্ভারদের অবস্থান থেকেই মালিক পেল: key-এর তালিকা কারও কাছে রাখতে হয়নি।",
    span: "ring-এ অবস্থানের সংখ্যা",
    hashes: "Key-দের অবস্থান",
    keyRule: (hash, span, pos) => `h32 = ${hash}; ${hash} mod ${span} = ${pos}: ring-এ তার অবস্থান`,
    sharesTitle: "বৃত্তে প্রতিটি সার্ভারের ভাগ (তার রঙে তার বৃত্তাংশ)",
    largestArc: (x, n) => `সবচেয়ে বড় বৃত্তাংশ গড় বৃত্তাংশের ${x} গুণ (N = ${n}, প্রত্যেকের একটি বিন্দু)।`,
    movedFrom: (name) => `সরেছে, আগে ${name}`,
    tokenN: (name, j) => `${gen(name)} ${j} নম্বর token`,
  },

  membership: {
    title: "সার্ভার যোগ বা বাদ: শুধু একটি বৃত্তাংশের মালিক বদলায়",
    diagram: (hi) => `০–${gen(hi)} ring: সার্ভার বৃত্ত, key মালিকের রঙে রম্বস; যে বৃত্তাংশের মালিক বদলায় তা ড্যাশ রেখায়`,
    captionStart: "প্রতিটি key-এর মালিক",
    caption: "বদলের আগে আর পরে মালিক",
    before: "আগে",
    after: "পরে",
    moved: "সরল",
    stayed: "থাকল",
    start: (servers, keys) => `${servers} নিয়ে ring, আর ${keys}টি key নিজেদের মালিকের কাছে।`,
    changes: "বদলগুলো, ক্রমানুসারে",
    addArc: (name, at, arcs, from) =>
      `${name} যোগ হলো ${loc(at)}। সে ${gen(from)} বৃত্তাংশ ${arcs} নিয়ে নেয়; আর কিছুর মালিক বদলায় না।`,
    removeArc: (name, arcs, to) =>
      `${name} বাদ গেল। তার বৃত্তাংশ ${arcs} ঘড়ির কাঁটার দিকে ${gen(to)} কাছে যায়; আর কিছুর মালিক বদলায় না।`,
    moved_: (moved, keys, which, from, between, add) =>
      (none(moved)
        ? `${keys}টির একটিও key সরেনি। `
        : `${keys}টির ${moved}টি key সরল${which ? `: ${which}` : ""}${from ? `, সবই ${from} থেকে` : ""}। `) +
      (add
        ? none(between)
          ? "পুরোনো সার্ভারদের নিজেদের মধ্যে একটিও key সরেনি।"
          : `পুরোনো সার্ভারদের নিজেদের মধ্যে সরা key: ${between}টি।`
        : "বাকিরা যেখানে ছিল সেখানেই।"),
  },

  vnodes: {
    title: "Virtual node: প্রতি সার্ভারে V-টি বিন্দু ভাগকে সমান করে",
    slider: (v) => `প্রতি সার্ভারে V = ${v}টি virtual node`,
    sliderWeight: (name, w, v) => `${gen(name)} weight ${w} (V = ${v})`,
    diagram: (points, servers) => `${servers}টি সার্ভারের সব ${points}টি বিন্দুসহ ring, প্রতি সার্ভারের এক রং`,
    center: (points) => `${points}টি বিন্দু`,
    sdTitle: (n) => `V-এর সাথে sd/গড় (N = ${n}): মাপা আর তত্ত্ব √((N−1)/(N·V+1))`,
    sdTable: "প্রতি V-এ sd/গড়",
    theory: "তত্ত্ব",
    measured: "মাপা",
    loadTitle: (v) => `প্রতি সার্ভারে key, V = ${v}`,
    loadWeightTitle: (name, w) => `প্রতি সার্ভারে key, ${gen(name)} weight ${w}`,
    loadTable: "প্রতি সার্ভারে বিন্দু আর key",
    keys: "key",
    points: "বিন্দু",
    weightRow: (name, w, v) => `${name}, weight ${w} (V = ${v}), প্রতি একক weight-এ`,
    tableCaption: (n, k) => `${n}টি সার্ভার, ${k}টি key: প্রতিটি V-এ ছড়ানো`,
    step: (v, points, maxOver, sd, theory) =>
      `V = ${v}: ring-এ ${points}টি বিন্দু। সবচেয়ে ব্যস্ত সার্ভার পায় গড়ের ${maxOver} গুণ key; sd/গড় ${sd} (তত্ত্ব ${theory}, প্রায় 1/√V)।`,
    weight: (name, w, p0, p1, share0, share1) =>
      `${gen(name)} weight ${w}: অন্যদের ${p1}টির জায়গায় তার ${p0}টি বিন্দু, তাই সে পায় ${share0} key, বাকিরা প্রত্যেকে প্রায় ${share1}।`,
    nServers: "N (সার্ভারের সংখ্যা)",
    vList: "V-এর মানগুলো (কমা দিয়ে আলাদা)",
    more: (n) => `আরও ${n}টি`,
    largestArc: (name, share, ratio, n, harmonic) =>
      `সবচেয়ে বড় বৃত্তাংশ: ${gen(name)}, ring-এর ${share} = গড়ের ${ratio} গুণ। প্রতি সার্ভারে একটি বিন্দু থাকলে সবচেয়ে বড় বৃত্তাংশ আশা করা যায় H(N) = গড়ের ${harmonic} গুণের কাছাকাছি (N = ${n})।`,
    largestShare: (name, share, ratio) => `ring-এর সবচেয়ে বড় ভাগ: ${name}, ${share} = গড়ের ${ratio} গুণ।`,
    movesTable: (v) => `আপনার বদলের আগে আর পরে প্রতি সার্ভারে key, V = ${v}`,
    before: "আগে",
    after: "পরে",
    change: "বদল",
    min: "সর্বনিম্ন",
    max: "সর্বোচ্চ",
    maxOverMean: "সর্বোচ্চ/গড়",
    sdOverMean: "sd/গড়",
    keyLands: (key, hash, point, points, token, server) =>
      `আপনার key “${key}”: h32 = ${hash}। সেখান থেকে ঘড়ির কাঁটার দিকে এগোলে ring-এর ${points}টি বিন্দুর প্রথমটি বিন্দু ${point} (token ${token}), ${gen(server)} একটি: key-টি ${gen(server)}।`,
  },

  search: {
    title: "Binary search দিয়ে lookup, তারপর preference list",
    ringLabel: (hi) => `০–${gen(hi)} ring, তিনটি সার্ভারের প্রত্যেকের দুটি অবস্থান; খোঁজা key রম্বস`,
    arrayLabel: "সাজানো array হিসেবে ring: প্রতিটি বিন্দুর ক্রম, token আর সার্ভার, খোঁজার পরিসরসহ",
    pastEnd: (n) => `lo = ${n}: শেষ পেরিয়ে → বিন্দু ০`,
    probesCaption: (hash) => `${gen(hash)} binary search`,
    token: "token",
    right: "ডানে",
    left: "বাঁয়ে",
    compareCol: "তুলনা",
    walkCaption: (hash, rf) => `${gen(hash)} preference list, RF = ${rf}`,
    point: "বিন্দু",
    zone: "zone",
    listLabel: "Preference list",
    actionCol: "নেওয়া না বাদ",
    actions: {
      take: "নেওয়া হলো",
      "same-server": "বাদ: আগেই তালিকায়",
      "same-zone": "বাদ: এই zone-এ কপি আছে",
      "take-late": "দ্বিতীয় চক্করে নেওয়া হলো",
    },
    intro: (n, tokens) =>
      `কোডে ring একটি সাজানো array, ${n}টি token: ${tokens}। Lookup মানে “প্রথম যে token key-এর hash-এর সমান বা বড়” খোঁজার binary search।`,
    probe: (hash, k, lo, hi, mid, token, right) =>
      `${hash} খোঁজা, ধাপ ${k}: lo = ${lo}, hi = ${hi}, mid = ${loc(mid)} ${token}; ${right ? `${token} < ${hash}, তাই মালিক mid-এর ডানে।` : `${token} ≥ ${hash}, তাই mid-ও মালিক হতে পারে: mid-সহ বাঁ অর্ধেক থাকে।`}`,
    found: (hash, index, token, owner, probes) =>
      `${probes}টি তুলনার পরে: ${gen(hash)} সমান বা বড় প্রথম token হলো index ${loc(index)} ${token}, তাই ${gen(hash)} মালিক ${owner}।`,
    equal: (hash, owner, probes) =>
      `${probes}টি তুলনার পরে: ${hash} হলো ${gen(owner)} নিজের token — সমান হলেও চলে, ${owner}-ই মালিক।`,
    wrapped: (hash, n, owner, token, probes) =>
      `${probes}টি তুলনার পরে খোঁজা থামে index ${loc(n)}, array-এর শেষ পেরিয়ে: ${gen(hash)} সমান বা বড় কোনো token নেই। তাই প্রথম ঘর — ${loc(token)} ${owner} (wrap-around)।`,
    walk: (token, server, zone, action, list, lap) =>
      `বিন্দু ${token} ${gen(server)}${zone ? ` (zone ${zone})` : ""}: ${
        action === "take"
          ? "নতুন সার্ভার, নেওয়া হলো"
          : action === "take-late"
            ? `তালিকা ভরাতে ${lap} নম্বর চক্করে নেওয়া হলো`
            : action === "same-zone"
              ? "এই zone-এ আগেই কপি আছে, এই চক্করে বাদ"
              : "আগেই তালিকায়, বাদ"
      }। তালিকা: ${list || "—"}।`,
    rf: "Replication factor (RF)",
    pref: "যে অবস্থানের preference list",
    zoneOf: (name) => `${gen(name)} zone`,
    list: (hash, rf, list, zones) =>
      `RF = ${loc(rf)} ${gen(hash)} preference list: ${list}${zones ? " — ভিন্ন সার্ভার, আর যতদূর সম্ভব ভিন্ন zone" : " — ঘড়ির কাঁটার দিকে প্রথম ভিন্ন সার্ভারগুলো"}।`,
  },

  jump: {
    title: "Jump consistent hash: key bucket ধরে সামনে লাফায়",
    buckets: "Bucket",
    bucketsAfter: "পরে bucket",
    keysLabel: "Key (কমা দিয়ে আলাদা)",
    keysCaption: (n, m) => `${n}টি আর ${m}টি bucket-এ key-গুলোর bucket`,
    withN: (n) => `${n}টি bucket`,
    bucketName: (b) => `bucket ${b}`,
    moved: "সরল",
    stayed: "থাকল",
    keyNote: (hash, jumps, b) => `h32 = ${hash}; ${jumps}টি লাফ; থামে bucket ${loc(b)}`,
    diagram: (n) => `সারি দিয়ে ${n}টি bucket; বাঁকা রেখা key-এর এক bucket থেকে আরেকটিতে লাফ`,
    jumpsCaption: (key, hash) => `${gen(key)} লাফ (h32 = ${hash})`,
    bucket: "bucket b",
    keyAfter: "ধাপের পরে key",
    next: "পরের সম্ভাব্য j",
    growCaption: (key) => `bucket বাড়লে ${key} কোথায়`,
    bucketsCol: "bucket n",
    jumpedNew: "সরল: নতুন bucket-এ",
    intro: (key, hash, n) =>
      `Key ${key}: h32 = ${hash}, এটিই 64-bit key। ${n}টি bucket-এ: কোনো table নেই, ring নেই — key দিয়ে seed করা কয়েকটি লাফের একটি লুপ।`,
    jump: (b, j, n, last) =>
      last
        ? `bucket ${b} থেকে পরের লাফ পড়ত ${loc(j)}, যা ${gen(n)} সমান বা বড়: key bucket ${loc(b)}ই থাকে। এটিই তার bucket।`
        : `key এখন bucket ${loc(b)}; generator পরের লাফ পাঠায় bucket ${loc(j)}।`,
    grow: (key, moves, n) =>
      `bucket-এর সংখ্যা ১ থেকে ${n} পর্যন্ত বাড়তে বাড়তে ${key} সরে মাত্র ${moves} বার — প্রতিবার সদ্য যোগ হওয়া bucket-এ, পুরোনোদের মধ্যে কখনো নয়।`,
  },

  bucket: {
    title: "Bucket-এ hash করার algorithm: একটি key-এর lookup, ধাপে ধাপে",
    algorithm: "Algorithm",
    buckets: "Bucket",
    nodes: "Node",
    removedLabel: "সরানো bucket, ক্রমানুসারে (কমা দিয়ে আলাদা)",
    remove: (b) => `bucket ${b} সরাও`,
    addBack: (b) => `bucket ${b} ফেরাও`,
    none: "কিছু নেই",
    keyNote: (input, steps, answer) => `${input}; ${steps}টি ধাপ; উত্তর: ${answer}`,
    inputText: (key) => `key-এর লেখা, ${key}`,
    inputHash: (hash) => `h32 = ${hash}`,
    diagram: (n) => `সারি দিয়ে ${n}টি bucket: সরানো bucket কাটা, lookup এ পর্যন্ত যে bucket-গুলো বিবেচনা করেছে সেগুলো ভরাট`,
    stepsCaption: (algorithm, key) => `${algorithm} দিয়ে ${gen(key)} lookup`,
    stepCol: "ধাপ",
    bucketCol: "bucket",
    boundCol: "সীমা",
    valueCol: "মান",
    bucketName: (b) => `bucket ${b}`,
    nodeName: (name) => `node ${name}`,
    kinds: {
      hash: "hash",
      draw: "টানা মান",
      candidate: "সম্ভাব্য",
      jump: "লাফ",
      range: "পরিসর",
      flip: "উল্টানো",
      level: "স্তর",
      probe: "probe",
      removed: "সরানো",
      replaced: "বদলি",
      elided: "বাদ",
      answer: "উত্তর",
    },
    about: {
      "mod-n": "hash mod N: bucket হলো bucket-এর সংখ্যা দিয়ে ভাগ করলে ইনপুটের ভাগশেষ।",
      jump: "Jump bucket ০ থেকে ওপরে হাঁটে, প্রতিটি লাফ key-এর generator থেকে টানা, আর কোনো লাফ n পেরোনোর আগের শেষ bucket-এ থামে।",
      jumpback:
        "JumpBackHash উল্টো দিকে নিচে হাঁটে: n-এর নিচের সবচেয়ে বড় দুইয়ের ঘাতের পরিসর থেকে, একবারে একটি পরিসর, আর n-এর নিচে প্রথম সম্ভাব্য bucket-ই উত্তর।",
      "jumpback-anchor":
        "JumpBack-Anchor JumpBackHash-এর মতো হাঁটে, যত bucket কখনো চালু ছিল সবার ওপর; পৌঁছানো bucket সরানো হলে key এগোয় সেটি চলে যাওয়ার ঠিক পরে চালু bucket-গুলোর মধ্যে, তার বদলির শিকল ধরে।",
      fliphash:
        "FlipHash key-কে n-ধারী দুইয়ের ঘাতের পরিসরে hash করে আর সবচেয়ে ওপরের bit-এর নিচের bit-গুলো উল্টায়; n-এর সমান বা বড় bucket হলে আবার মান টানে, বা নিচের অর্ধেকে উল্টায়।",
      memento:
        "MementoHash jump-এর মতো lookup করে (Guava-র রূপ); পৌঁছানো bucket সরানো হলে key আবার hash হয় সেটি চলে যাওয়ার ঠিক পরে চালু bucket-গুলোর মধ্যে, তার পরে হওয়া বদলির শিকল ধরে।",
      binomial:
        "BinomialHash অবস্থানগুলো রাখে একটি binary ট্রি-র স্তরে: একটি অবস্থান নিজের স্তরের ভেতরে সরে, যতক্ষণ না n-এর নিচে পড়ে।",
      anchor:
        "AnchorHash key-কে hash করে তার ধারণক্ষমতার সব bucket-এর মধ্যে; পৌঁছানো bucket সরানো হলে key আবার hash হয় সেটি চলে যাওয়ার ঠিক পরে চালু bucket-গুলোর মধ্যে, আগে চলে যাওয়া bucket-গুলোর বদলির শিকল ধরে।",
      dx: "DxHash key থেকে টানা এক ক্রমে নিজের ঘরগুলো খোঁজে, প্রতিটি ঘর একটি সম্ভাব্য bucket, প্রথম চালু bucket পর্যন্ত।",
      multiprobe:
        "Multi-probe hashing key-কে কয়েকবার hash করে, আর যে node-এর বিন্দু কোনো খোঁজের পরে ঘড়ির কাঁটার দিকে সবচেয়ে কাছে, সেটিই নেয়।",
    },
    intro: (algorithm, key, input, n, live, removed) =>
      `${algorithm} ${n}টি bucket-এর মধ্যে key ${key} খোঁজে (${input})` +
      (removed ? `, ${removed} সরানোর পরে: চালু ${live}টি।` : "।"),
    introNodes: (algorithm, key, n) => `${algorithm} ${n}টি node-এর মধ্যে key ${key} খোঁজে।`,
    noTrace: "এই algorithm নিজের কোনো ধাপ লেখে না: শুধু উত্তরটুকু দেখায়।",
    hash: (value, again) => (again ? `আবার hash করে: ${value}।` : `শুরু ইনপুটের একটি hash থেকে: ${value}।`),
    draw: (value, bound) =>
      bound
        ? `key-এর generator থেকে একটি মান টানে, ${value}, ${bound}টি মানের মধ্যে নামানোর জন্য।`
        : `key-এর generator থেকে একটি মান টানে: ${value}।`,
    candidate: (b, bound, from, beyond) =>
      `সম্ভাব্য: bucket ${b}, ${gen(bound)} নিচে রাখা${from ? ` (${from} থেকে)` : ""}` +
      (beyond ? `, ${beyond}টি bucket-এর সমান বা বাইরে: উত্তর নয়, আবার চেষ্টা।` : "।"),
    jump: (b, to, n, past) =>
      past
        ? `bucket ${b} থেকে পরের লাফ পড়ত ${loc(to)}, যা ${gen(n)} সমান বা বড়: হাঁটা থামে bucket ${loc(b)}।`
        : `key bucket ${b} থেকে লাফিয়ে যায় bucket ${loc(to)}, ${gen(n)} নিচে: হাঁটা চলে।`,
    range: (lo, hi) => `উল্টো দিকে হেঁটে আসে দুইয়ের ঘাতের পরিসর [${lo}, ${hi})-এ: key-এর শেষ লাফ এর ভেতরে হতে পারে।`,
    flip: (value, bound, b) =>
      `[০, ${bound})-এর ভেতরে ${gen(value)} সবচেয়ে ওপরের bit-এর নিচের bit-গুলো উল্টায়: bucket ${b}।`,
    level: (position, lo, hi) => `অবস্থান ${position} ট্রি-র নিজের স্তর [${lo}, ${hi})-এর ভেতরে সরে।`,
    probe: (i, node, ahead, nearest) =>
      `Probe ${i}, প্রথম hash + ${i} গুণ দ্বিতীয় hash-এ: এর পরের প্রথম বিন্দুটি node ${node}-এর, ${ahead} সামনে` +
      (nearest ? ": এখন পর্যন্ত সবচেয়ে কাছের।" : "; এর চেয়ে কাছের একটি আগেই পাওয়া গেছে।"),
    removed: (b, bound) =>
      bound
        ? `bucket ${b} চালু নেই: এটি সরানো হয়েছিল যখন ${bound}টি bucket চালু ছিল, তাই key আবার hash হয় সেই ${bound}টির মধ্যে।`
        : `bucket ${b} চালু নেই: খোঁজা পরেরটিতে এগোয়।`,
    replaced: (b, to, bound) =>
      `সরানো bucket ${gen(b)} জায়গা নিয়েছিল bucket ${to}, যখন ${bound}টি bucket চালু ছিল: শিকল এগোয় ${loc(to)}।`,
    elided: (n) => `এখানে ${n}টি ধাপ বাদ: একটি lookup-এর বড়জোর ৪,০৯৬টি ধাপ রাখা হয়।`,
    answer: (b, live) => `উত্তর: bucket ${b}, চালু ${live}টি bucket-এর মধ্যে।`,
    answerNode: (name, live) => `উত্তর: node ${name}, ${live}টি node-এর মধ্যে।`,
  },

  maglev: {
    title: (m) => `Maglev: backend-রা পালা করে ${m} ঘরের table ভরায়`,
    diagram: (m) => `Lookup table, ${m}টি ঘর, যে backend যে ঘর নিল তার রঙে`,
    backendsCaption: (m) => `Backend: পছন্দের ক্রম (offset + j·skip) mod ${m}, আর দখলে থাকা ঘর`,
    backend: "backend",
    slots: "ঘর",
    lookup: (key, hash, m, slot, backend) =>
      `Lookup: h32("${key}") = ${hash}; ${hash} mod ${m} = ${slot}, আর ঘর ${loc(slot)} ${backend}।`,
    intro: (n, m) =>
      `${n}টি backend আর ${m} ঘরের table (একটি prime)। প্রতিটি backend-এর offset আর skip থেকে ঘরগুলোর নিজস্ব পছন্দের ক্রম।`,
    turn: (k, backend, slot, skipped, none) =>
      `পালা ${k}: ${backend} নেয় ঘর ${slot}` + (none ? ", তার পরের পছন্দ।" : `, আগেই ভরা ${skipped}টি ঘর পেরিয়ে।`),
    done: (counts, m) => `${m}টি ঘরই ভরা: ${counts}। প্রতিটি backend প্রায় ঠিক M/N ঘর পায়।`,
    tableSize: "Table-এর আকার M (একটি prime)",
    backends: "Backend",
    keyNote: (hash, slot, backend) => `hash ${hash} → ঘর ${slot} → ${backend}`,
    moved: (moved, m, must) =>
      `${m}টি ঘরের ${moved}টির backend বদলেছে (সেসব ঘরে পড়া key সরে); যেকোনো table-কে অন্তত ${must}টি বদলাতেই হতো।`,
    keyMoved: (key, from, to) => `${key} ${from} থেকে ${loc(to)} সরেছে।`,
    countsCaption: (m, mean) => `প্রতি backend-এর ঘর, M/N = ${gen(mean)} পাশে (M = ${m})`,
    share: "M-এর ভাগ",
    vsMean: "÷ M/N",
    stripCaption: (m) => `পুরো table, ${m}টি ঘর, প্রতিটি একটি pixel, সারির পর সারি; আপনার key-এর ঘর চিহ্নিত`,
    movedStrip: "যে ঘরগুলোর backend বদলেছে (নতুন backend-এর রঙে)",
    stepperNote: (max) =>
      `পালা ধরে ভরানো দেখানো হয় অনূর্ধ্ব ${max} ঘরের table-এ: ধাপে ধাপে দেখতে M-কে ছোট prime করুন (১৩, ৩১, ৯৭)।`,
    summary: (n, m, counts, mean) =>
      `${n}টি backend ${m}টি ঘরই ভরিয়েছে: ${counts}। M/N = ${mean}: প্রত্যেকে পায় ⌊M/N⌋ বা ⌈M/N⌉টি ঘর।`,
  },

  bounded: {
    title: "Bounded load: কেউ গড়ের (1 + ε) গুণের বেশি পায় না",
    epsilon: (e) => `ε = ${e}`,
    ringLabel: (n) => `${n}টি বিন্দুর ring; যে key বসানো হচ্ছে সেটি রম্বস`,
    barsLabel: "এ পর্যন্ত প্রতি সার্ভারে key (স্তম্ভ), প্রতিটির ধারণক্ষমতার (ড্যাশ রেখা) পাশে",
    caption: (e) => `ε = ${loc(e)} key বসানো`,
    first: "মালিক (প্রথম পছন্দ)",
    placed: "বসল",
    walk: "পেরোনো বিন্দু",
    intro: (m, n, e, cap) =>
      `${m}টি key, ${n}টি সার্ভার, ε = ${e}: প্রতিটি সার্ভারের ধারণক্ষমতা ⌈(1 + ε)·m/n⌉ = ${cap}টি key। Key একটি একটি করে বসে।`,
    direct: (key, server) => `${key} যায় তার মালিক ${loc(server)}, সেখানে জায়গা আছে।`,
    walked: (key, first, placed, walk) =>
      `${gen(key)} মালিক ${first} ভরা: সে ঘড়ির কাঁটার দিকে এগোয় (পেরোনো বিন্দু: ${walk}) আর বসে ${loc(placed)}।`,
    done: (not, m, longest) =>
      `সব বসল: ${none(not) ? `${m}টির একটিও key প্রথম পছন্দের বাইরে যায়নি` : `${m}টির ${not}টি key প্রথম পছন্দের বাইরে`}; সবচেয়ে লম্বা হাঁটা ${longest}টি বিন্দু। ε যত ছোট, ভাগ তত সমান, কিন্তু নড়াচড়া তত বেশি।`,

    yourKey: "আপনার key (সবশেষে বসে)",
    vnodes: "প্রতি সার্ভারে virtual node (V)",
    keys: "Key-এর সংখ্যা (m)",
    was: (name) => `আগে ${name}`,
    epsilonNote: (m, n, e, cap, steps) =>
      `ধারণক্ষমতা ⌈(1 + ${e})·${m}/${n}⌉ = ${cap}; এটি বদলায় কেবল যেখানে (1 + ε)·m/n একটি পূর্ণসংখ্যা পেরোয়: ε = ${steps}`,
  },

  hotkey: {
    title: "Hot key: key সমান ভাগ মানে traffic সমান ভাগ নয়",
    diagram: "প্রতি সার্ভারে অনুরোধ (স্তম্ভ); সবচেয়ে ব্যস্ত সার্ভারের চারপাশে দাগ",
    caption: (requests, keys) => `${keys}টি key-এ ${requests}টি অনুরোধ`,
    copies: "কপি",
    hottest: "সবচেয়ে hot key-এর অনুরোধ",
    busiest: "সবচেয়ে ব্যস্ত",
    kinds: {
      uniform: "সমান traffic",
      zipf: "Zipf traffic",
      "more-vnodes": "বেশি virtual node",
      copies: "hot key-এর কপি",
    },
    uniform: (requests, keys, maxOver) =>
      `${requests}টি অনুরোধ ${keys}টি key-এ সমানভাবে: সবচেয়ে ব্যস্ত সার্ভারের চাপ গড়ের ${maxOver}।`,
    zipf: (s, share, server, maxOver) =>
      `Zipf traffic (s = ${s}): সবচেয়ে hot key একাই পায় সব অনুরোধের ${share}, আর তার সার্ভার ${gen(server)} চাপ গড়ের ${maxOver}।`,
    more: (v, maxOver) =>
      `প্রতি সার্ভারে ${v}টি virtual node: তবুও গড়ের ${maxOver} — V বাড়িয়ে লাভ নেই, key তো একটাই, থাকে একটি সার্ভারেই।`,
    copies_: (k, maxOver) =>
      `Hot key-এর ${k}টি কপি (key#1 … key#${latin(k)}) আলাদা সার্ভারে: এখন সবচেয়ে ব্যস্ত সার্ভারের চাপ গড়ের ${maxOver}।`,

    yourKey: "Key (অন্য কিছু না লিখলে সবচেয়ে hot key)",
    fields: {
      requests: "অনুরোধ",
      keys: "Key-এর সংখ্যা",
      s: "Zipf সূচক s",
      vnodes: "Virtual node (V)",
      "more-vnodes": "বেশি virtual node",
      copies: "Hot key-এর কপি",
      seed: "seed",
    },
    run: "পরীক্ষা",
    maxOverMean: "সর্বোচ্চ ÷ গড়",
    hotKeyOn: (key, hash) => `সবচেয়ে hot key ${key} (hash ${hash}) থাকে`,
    keyOn: (key, hash) => `আপনার key ${key} (hash ${hash}) থাকে`,
    copiesOn: (k) => `-এ; তার ${k}টি কপি থাকে`,
    hotStayed: (key, server) => `সবচেয়ে hot key ${key} ${loc(server)}ই থাকল।`,
    hotMoved: (key, from, to) => `সবচেয়ে hot key ${key} ${from} থেকে ${loc(to)} সরেছে।`,
  },

  clients: {
    title: "দুই client, দুই সার্ভার-তালিকা: একই key দুই জায়গায়",
    listA: "Client ১ চেনে",
    listB: "Client ২ চেনে",
    vnodes: "প্রতি সার্ভারে virtual node",
    movesLead: "Client ১ যদি client ২-এর তালিকা জানে, যে key-গুলোর সার্ভার বদলায়:",
    keysCaption: "কয়েকটি key প্রতিটি client কোথায় পাঠায়",
    same: "একই",
    differs: "ভিন্ন",
    sameCol: "একই সার্ভার কি না",
    keyNote: (a, b) => `client ১ → ${a}; client ২ → ${b}`,
    diagram: "ওপরে দুই client আর তাদের সার্ভার-তালিকা, নিচে সার্ভার; প্রতিটি client-এর তীর দেখায় সে key কোথায় পাঠায়",
    clientA: "client ১",
    clientB: "client ২",
    client: "client",
    knows: "চেনা সার্ভার",
    sendsTo: "key পাঠায়",
    caption: (key) => `${key} প্রতিটি client কোথায় পাঠায়`,
    lists: (a, b) => `Client ১ চেনে ${a}। Client ২ নতুন সার্ভারের খবর পেয়ে গেছে, সে চেনে ${b}।`,
    a: (key, owner) => `Client ১ ${key} লেখে: তার ring বলে ${owner}।`,
    b: (key, owner, ownerA) =>
      `Client ২ ${key} পড়ে: তার ring বলে ${owner}, ${ownerA} নয়। পড়া miss হয়, আর ${loc(ownerA)} পাঠানো invalidation ${loc(owner)} পৌঁছায় না।`,
    bSame: (key, owner) => `Client ২ ${key} পড়ে: তার ring-ও বলে ${owner}। এই key মিলল; অনেকগুলো মেলে না।`,
    summary: (n, total, pct) =>
      `${total}টি key-এর ${n}টিতে (${pct}) দুই client একমত নয়: সব নিয়মই ধরে নেয় যে সবাই একই membership দেখছে।`,
  },

  algorithms: {
    "mod-n": "mod-N",
    ring: "ring",
    rendezvous: "rendezvous",
    "weighted-rendezvous": "weight-সহ rendezvous",
    jump: "jump",
    maglev: "Maglev",
    bounded: "bounded load",
    "token-ring": "token ring",
    jumpback: "JumpBackHash",
    "jumpback-anchor": "JumpBack-Anchor",
    fliphash: "FlipHash",
    memento: "MementoHash",
    binomial: "BinomialHash",
    anchor: "AnchorHash",
    dx: "DxHash",
    multiprobe: "multi-probe hashing",
  },

  compare: {
    title: "একই পরিস্থিতিতে সব algorithm",
    fields: {
      servers: "সার্ভার (সংখ্যা, বা নাম: A,B,C:2)",
      vnodes: "virtual node",
      keys: "key",
      seed: "seed",
      change: "বদল",
      epsilon: "ε (bounded load)",
      "table-size": "Maglev table-এর মাপ (prime)",
    },
    run: "তুলনা করুন",
    cancel: "বাতিল",
    runningInWorker: "পেছনের আলাদা থ্রেডগুলোতে চলছে…",
    progress: (pct) => `পেছনের আলাদা থ্রেডগুলোতে তুলনা চলছে: ${pct}`,
    cancelled: "বাতিল হয়েছে। আবার শুরু করতে “তুলনা করুন” চাপুন।",
    cancelledKept: "বাতিল হয়েছে। নিচের টেবিল আগের তুলনার; আবার শুরু করতে “তুলনা করুন” চাপুন।",
    caption: "প্রতিটি algorithm কী সরাল, আর ভাগ কতটা সমান থাকল",
    algorithm: "algorithm",
    moved: "সরা key",
    toNew: "নতুন সার্ভারে",
    betweenOld: "পুরোনোদের মধ্যে",
    needless: "অকারণে সরা",
    needlessNote:
      "অকারণে সরা: যেসব key এক সার্ভার থেকে আরেক সার্ভারে সরল, অথচ বদলটি দুটির কোনোটিকেই ছোঁয়নি। বদল ছোঁয় একটিই সার্ভার — যেটি যোগ, বাদ বা বন্ধ হলো, কিংবা যার weight বদলাল; তাতে আসা বা তা থেকে যাওয়া key-কে সরতেই হয়, বাকিদের নয়। সার্ভার যোগ বা বাদে ring, rendezvous আর jump অকারণে একটি key-ও সরায় না। “পুরোনোদের মধ্যে” গোনে নতুন সার্ভারে না যাওয়া প্রতিটি সরা key, তাই সার্ভার বাদ বা বন্ধ হলে তাতে সেই সার্ভার ছেড়ে যেতে বাধ্য key-গুলোও থাকে।",
    memory: "memory (byte)",
    buildMs: "বানানোর সময় (ms)",
    maxOverMean: "সর্বোচ্চ/গড়",
    sdOverMean: "sd/গড়",
    unsupported: "এখানে চলে না",
    reasonByCode: {
      no_weights: (name) => `${loc(name)} weight নেই`,
      last_bucket_only: (name) => `${name} শুধু শেষ bucket-টি বাদ দিতে পারে`,
    },
    newer: "নতুন algorithm-গুলোও (JumpBackHash ও তার পরের)",
    newerLoading: "নতুন algorithm-গুলোর সারি হিসাব হচ্ছে…",
    newerNote:
      "নতুন সারিগুলো jump-এর পরের bucket algorithm-গুলোর: সার্ভার S0, S1, … হলো bucket ০, ১, …, আর যোগ হওয়া সার্ভার হলো algorithm যে bucket যোগ করে সেটি। JumpBackHash, JumpBack-Anchor, FlipHash, BinomialHash আর AnchorHash key-এর h32-কে তাদের ৬৪-বিটের ইনপুট হিসেবে নেয়, jump যেমন নেয়; DxHash নেয় তার h32, MementoHash আর multi-probe hashing নেয় key-এর লেখাটি; multi-probe-এর node হলো সার্ভারগুলোর নাম। এদের কারও weight নেই।",
    movedChart: "সরা key (স্তম্ভ) আর অকারণে সরা key (বিন্দু)",
    loadChart: "বদলের পরে সবচেয়ে ব্যস্ত সার্ভার / গড়",
    note: "বানানোর সময় ঘড়ি ধরে মাপা, প্রতিবার একটু আলাদা; বাকি প্রতিটি সংখ্যা এই পরিস্থিতির জন্য নির্ভুল।",
  },

  cache: {
    title: "Cache stampede: সার্ভার বদলালে hit ratio-র কী হয়",
    hit: "আগের hit ratio",
    from: "আগে সার্ভার",
    to: "পরে সার্ভার",
    algorithm: "algorithm",
    ideal: "আদর্শ (ন্যূনতম)",
    moved: "সরা key",
    hitAfter: "ঠিক পরের hit ratio",
    db: "database-এর চাপ",
    caption: (h, n, m) => `hit ratio ${h}, ${n} → ${m}টি সার্ভার`,
    source: "উৎস",
    theory: "তত্ত্ব",
    measured: (keys) => `${keys}টি key-এ মাপা`,
    notMeasured: "শুধু একটি সার্ভার যোগ বা বাদে মাপা হয়",
    unsupported: (why) => `এখানে চলে না: ${why}`,
    chart: "সার্ভার বদলের পরে database-এর চাপ, আগের কত গুণ",
    summary: (alg, moved, hit, after, db) =>
      `${loc(alg)} ${moved} key সরে: hit ratio ${hit} থেকে নেমে ${after}, আর database-এর চাপ হয় আগের ${db}।`,
    unavailable: (alg) => `${alg}: এই বদলের জন্য কোনো মাপ নেই (টেবিল দেখুন)।`,
  },

  vnodeCalc: {
    title: "V কত হবে: লক্ষ্য ছড়ানো, আর তার virtual node-এর খরচ",
    servers: "সার্ভার N",
    target: "লক্ষ্য sd/গড় c",
    vnodes: "virtual node V (ফাঁকা: হুবহু V)",
    presetChapter: "অধ্যায়ের উদাহরণ: N = ১০০, V = ২৫৬",
    presetTarget: "N = ১০-এ c = ৫%",
    fromTarget: "লক্ষ্য ছড়ানো থেকে V",
    caption: (n, c) => `${n}টি সার্ভার, একেকটি সার্ভারের ভাগের sd/গড় সর্বোচ্চ ${c}`,
    how: "V কোথা থেকে",
    v: "V",
    sd: "তাতে sd/গড়",
    meets: (c) => `${gen(c)} মধ্যে?`,
    yes: "হ্যাঁ",
    no: "না",
    rule: "অধ্যায়ের নিয়ম V ≈ 1/c²",
    exact: "sd/গড় সূত্র থেকে, হুবহু",
    yours: "আপনার V",
    ruleNote: (exact, ratio, nn) =>
      `sd/গড় = √((N − 1)/(N·V + 1)) লক্ষ্যে পৌঁছায় V = ${loc(exact)}, ওপরের পূর্ণসংখ্যায় তুলে। 1/c² থেকে (N − 1)/N গুণকটি বাদ পড়ে, তাই সে দরকারের ${ratio} গুণ V চায় (N/(N − 1) = ${nn})।`,
    costOf: (v, n) => `${n}টি সার্ভারে V = ${gen(v)} খরচ`,
    points: "ring-এ বিন্দু N·V",
    model: "memory, অধ্যায়ের হিসাবে",
    bytes: (b) => `প্রতি বিন্দু ১৬ byte: ${b} byte`,
    measured: "memory, ringlab-এর ring-এ",
    perPoint: (b, per) => `${b} byte, প্রতি বিন্দু ${per} byte`,
    kb: (x) => `${x} KB`,
    comparisons: "তুলনা ⌈log₂(N·V)⌉",
    log2: (p, l) => `log₂ ${p} = ${l}`,
    searched: (keys) => `সর্বোচ্চ তুলনা, ${keys}টি key-এ`,
    mean: (m) => `প্রকাশিত binary search; গড়ে ${m}টি`,
    memoryNote:
      "অধ্যায় প্রতি বিন্দু ১৬ byte ধরে (১ KB = ১,০২৪ byte)। ringlab-এর ring প্রতিটি বিন্দু রাখে ৪ byte-এর একটি token আর তার সার্ভারের ক্রমিক নম্বরে — N-এর জন্য যত কম byte লাগে ততটুকুতে ঠাসা — সাথে একটি bucket-সূচি, যেখান থেকে প্রতিটি lookup শুরু হয়।",
    tenfold: (v, p, kb, cmp, more) =>
      `দশ গুণ virtual node (V = ${v}): ${p}টি বিন্দু, অধ্যায়ের হিসাবে ${kb}, আর ⌈log₂⌉ = ${cmp}টি তুলনা — মাত্র প্রায় log₂ ১০ ≈ ${more}টি বেশি।`,
  },

  malachi: {
    title: "Malachi-এর ring: প্রতিটি key সেই virtual node-এ, যেখানে Malachi পাঠায়",
    bits: "ring_bits (১–৩২)",
    span: (size, max) => `Ring-এ 2^ring_bits = ${size}টি অবস্থান, ০ … ${max}।`,
    diagram: (max) =>
      `০ … ${gen(max)} ring মাপমতো আঁকা, ০ ওপরে, ঘড়ির কাঁটার দিকে: virtual node বৃত্ত, key লাইন-নম্বরসহ রম্বস, প্রতিটি virtual node-এর বৃত্তাংশ তার রঙে`,
    dragHint:
      "Token বদলাতে virtual node-টি ring ধরে টেনে সরান, বা Tab চেপে সেটি বেছে নিয়ে তীর-চাবি চাপুন; Shift বা Page Up/Down দিলে বড় লাফ।",
    pointLabel: (id) => `virtual node ${id}: token`,
    vnodesCaption: "Token-এর ক্রমে virtual node, প্রতিটির বৃত্তাংশ (start_exclusive, end_inclusive]",
    vnode: "virtual node",
    token: "token",
    arc: "বৃত্তাংশ",
    share: (pct) => `ring-এর ${pct}`,
    keysCol: "key",
    whole: "একা: পুরো ring",
    tokenOf: (id) => `${gen(id)} token`,
    remove: "বাদ দিন",
    removeOf: (id) => `${id} বাদ দিন`,
    noVnodes: "এখনো কোনো virtual node নেই: নিচে যোগ করুন।",
    notPlaced: "বসানো যায়নি (ঠিকানা বা attribute থেকে আসা):",
    lineFormat: "virtual node লিখুন ID=TOKEN আকারে, যেমন :a=5",
    addTitle: "Virtual node যোগ করুন",
    newId: "id (একটি Elixir term)",
    newToken: "token",
    add: "যোগ",
    keysLabel: "Key, প্রতি লাইনে একটি, Elixir term হিসেবে",
    syntaxNote:
      'প্রতিটি লাইন একটি key, Elixir-এ যেভাবে লেখা হয়: `"topic-a"` একটি string (binary), `\'abc\'` একটি charlist, `:a` একটি atom, `{:range, 7}` একটি tuple, `42` একটি পূর্ণসংখ্যা। যে লাইন Elixir term নয় তা ত্রুটি, অনুমান নয়: শুধু `topic-a` লিখলে গ্রহণ করা হয় না (`"topic-a"` লিখুন)। ফাঁকা লাইন বাদ যায়।',
    keysCaption: (n) => `প্রতিটি key-এর অবস্থান আর virtual node (${n}টি key)`,
    line: "লাইন",
    key: "key",
    position: (size) => `phash2(key, ${size})`,
    routed: "virtual node",
    movedTitle: "কী সরল",
    noChange: "Virtual node যোগ, বাদ বা সরালে এখানে দেখাবে কোন key-এর virtual node বদলাল।",
    added: (id, token) => `${id} যোগ হলো token ${loc(token)}`,
    removed: (id, token) => `${id} বাদ গেল token ${token} থেকে`,
    movedVnode: (id, from, to) => `${id} সরল token ${from} থেকে ${loc(to)}`,
    movedSummary: (change, moved, total) =>
      none(moved)
        ? `${change}: ${total}টির একটিও key-এর virtual node বদলায়নি।`
        : `${change}: ${total}টির ${moved}টি key-এর virtual node বদলাল; বাকি প্রতিটি key যেখানে ছিল সেখানেই।`,
    movesCaption: "যে key-গুলোর virtual node বদলাল",
    from: "আগে",
    to: "পরে",
    errors: {
      token_out_of_range: "Token ring-এর বাইরে।",
      token_taken: "এই token-এ আগেই অন্য একটি virtual node আছে।",
      already_present: "এই virtual node আগেই ring-এ আছে।",
      not_found: "Ring-এ এমন কোনো virtual node নেই।",
      empty: "Ring-এ কোনো virtual node নেই: key যাওয়ার জায়গা নেই।",
      term: "এটি Elixir term নয়।",
      number: "এটি পূর্ণসংখ্যা নয়।",
      out_of_range: "ring_bits হতে হবে ১ থেকে ৩২-এর মধ্যে।",
      limit_exceeded: "এই term ringlab-এর সীমার চেয়ে বড়।",
      other: "Module এটি গ্রহণ করেনি।",
    },
  },

  cluster: {
    title: "আপনার cluster: আসল সিস্টেম প্রতিটি key কোথায় পাঠায়, আর বদলালে কী সরে",
    system: "সিস্টেম",
    about: {
      nginx:
        "nginx-এর upstream, `hash $key consistent` (ketama-ধাঁচের বিন্দু, weight-এর প্রতি এককে ১৬০টি) বা সাধারণ `hash` (key-এর CRC-32, weight-সহ তালিকায় বারবার চেষ্টা)। উত্তর: upstream-এ যেভাবে লেখা, সেই সার্ভার।",
      memcached:
        "`libmemcached 1.1.4`-এর `memcached_server_by_key`: আপনার client যে distribution আর key hash ঠিক করে, সার্ভার যোগ হয় ক্রমানুসারে। উত্তর: host:port।",
      libketama: 'মূল libketama: প্রতিটি সার্ভারের বিন্দু `"address-n"`-এর MD5 থেকে, memory অনুযায়ী weight।',
      redis:
        "Redis Cluster: key-এর (বা তার {hash tag}-এর) CRC16 mod 16384 হলো slot; `redis-cli --cluster create` যেভাবে ভাগ করে, সেভাবে slot-গুলো master-দের মধ্যে ভাগ।",
      kafka: "Kafka-র keyed partitioner: প্রতিটি record-এর key-এর partition।",
      cassandra:
        "Cassandra-র Murmur3Partitioner: key-এর token; মালিক সেই node, যার token প্রথম সমান বা বড়, শেষ পেরোলে শুরুতে।",
      guava: "Guava-র `Hashing.consistentHash`: প্রতিটি key-এর bucket।",
      erlang: "Erlang-এর `erlang:phash2(Key, Range)`: প্রতিটি key-কে Erlang term ধরে তার hash।",
      "envoy-ring": "Envoy-র ring_hash load balancer: key-এর XXH64 (header hash policy), host-দের weight-সহ ring-এ।",
      "envoy-maglev": "Envoy-র Maglev load balancer: key-এর XXH64, host-দের Maglev table-এ খোঁজা।",
    },
    asList: "সার্ভারের তালিকা",
    asText: {
      nginx: "একটি `upstream { … }` ব্লক",
      memcached: "libmemcached-এর server string",
      cassandra: "`nodetool ring`-এর আউটপুট",
      "envoy-ring": "cluster-এর endpoint",
      "envoy-maglev": "cluster-এর endpoint",
    },
    listLabel: {
      nginx: "সার্ভার, প্রতি লাইনে একটি: `ADDRESS[=WEIGHT]`; বন্ধ দেখাতে শেষে ` down`",
      memcached: "সার্ভার, প্রতি লাইনে একটি: `HOST[:PORT][=WEIGHT]`",
      libketama: "সার্ভার, প্রতি লাইনে একটি: `ADDRESS=MEMORY`",
      cassandra: "Token, প্রতি লাইনে একটি: `NODE=TOKEN` (প্রতি token-এ node একবার)",
      "envoy-ring": "Host, প্রতি লাইনে একটি: `ADDRESS:PORT[=WEIGHT]`",
      "envoy-maglev": "Host, প্রতি লাইনে একটি: `ADDRESS:PORT[=WEIGHT]`",
    },
    listHint: {
      nginx: "upstream-এর ক্রমে; weight না দিলে ১।",
      memcached: "এই ক্রমে যোগ হয়; না দিলে port `11211`, weight ১।",
      libketama: "libketama-র server file-এ যেভাবে থাকে।",
      cassandra: "Token হলো চিহ্নযুক্ত ৬৪-বিট সংখ্যা।",
      "envoy-ring": "weight হলো endpoint-এর `load_balancing_weight` (না দিলে ১)।",
      "envoy-maglev": "weight হলো endpoint-এর `load_balancing_weight` (না দিলে ১)।",
    },
    textLabel: {
      nginx: "upstream block, `nginx.conf`-এ যেমন",
      memcached: "server string, `memcached_servers_parse()` যেভাবে পড়ে: `host:port weight, …`",
      cassandra: "ring, `nodetool ring` যেভাবে ছাপে",
      "envoy-ring": "endpoint: `lb_endpoints` YAML, বা `ADDRESS:PORT[=WEIGHT]` লাইন",
      "envoy-maglev": "endpoint: `lb_endpoints` YAML, বা `ADDRESS:PORT[=WEIGHT]` লাইন",
    },
    textHint: "যেমন আছে তেমনই বসান: ত্রুটি হলে লাইন আর কলাম জানানো হয়।",
    fields: {
      mode: "ধরন",
      hash: "key hash",
      sortHosts: "host সাজানো",
      nodes: "master",
      partitions: "partition",
      partitioner: "partitioner",
      buckets: "bucket",
      input: "input",
      range: "range",
      term: "key কোন term",
      minRing: "ring-এর ন্যূনতম আকার",
      maxRing: "ring-এর সর্বোচ্চ আকার",
      table: "table-এর আকার (মৌলিক সংখ্যা)",
      useHostname: "hostname-এর hash",
    },
    notSet: "(ঠিক করা নেই)",
    systemDefault: "স্বাভাবিক",
    keysLabel: "Key, প্রতি লাইনে একটি",
    keysHint:
      "প্রতিটি লাইন একটি key, UTF-8-এ হুবহু (ফাঁকাও গোনা হয়); ফাঁকা লাইন মানে খালি key। লম্বা তালিকা ঠিকানায় যায় সংকুচিত হয়ে।",
    exampleKeys: "উদাহরণের key",
    manyKeys: (n) => `${n}টি key`,
    loadFile: "key-এর ফাইল খুলুন",
    fileNote: (name, keys, bytes, bytesText) =>
      `${name} থেকে: ${keys}টি key, প্রতি লাইনে একটি, \`ringlab place --keys\` যেভাবে পড়ে` +
      (bytes ? `; তার ${bytesText}টি UTF-8 নয়, তাই byte হিসেবেই বসানো (\`\\xHH\` দেখানো)।` : "।"),
    placing: (done, total) => `key বসানো হচ্ছে: ${total}টির ${done}টি`,
    placingWait: "key বসানো হচ্ছে…",
    longKeys: (shown, total) =>
      `ঘরে দেখানো হচ্ছে ${total}টি key-এর প্রথম ${shown}টি; বসানো হয়েছে সবগুলোই। এখানে paste করলে পুরো তালিকা বদলে যায়।`,
    editAll: "ঘরেই সব key বদলান (এত key-এ ধীর)",
    findLabel: "key খুঁজুন",
    findHint:
      "তালিকায় যেমন আছে তেমন একটি key লিখুন (UTF-8 নয় এমন byte `\\xHH` হিসেবে): তার লাইন, সার্ভার আর কেন সেই সার্ভার, দেখা যাবে।",
    findNone: (lines) =>
      lines === null ? "হুবহু এই key নেই।" : `হুবহু এই key নেই; এটি আছে এমন key এই লাইনগুলোতে: ${lines}।`,
    alsoOn: (lines) => `আরও আছে লাইন ${lines}-এ`,
    refusedKey: "সিস্টেম এটি গ্রহণ করে না",
    whyLabel: "কেন",
    why: {
      redis: (n) =>
        `slot ${n}: key-এর (বা তার {hash tag}-এর) CRC16 mod 16384; যে master-এর কাছে slot-টি, সে-ই এটি দেখে।`,
      kafka: (n) => `partition ${n}: key-এর byte-এর murmur2, ধনাত্মক করে, mod partition-এর সংখ্যা।`,
      cassandra: (n) => `token ${n}: key-এর Murmur3; যে node-এর token প্রথম সমান বা বড়, এটি তার।`,
      guava: (n) => `bucket ${n}: key-এর hash থেকে bucket-গুলোর ওপর \`consistentHash\`।`,
      erlang: (n) => `phash2 ${n}: key-কে Erlang term ধরে তার hash, range-এর মধ্যে।`,
    },
    whyRing: {
      nginx: (hash, point, server) =>
        `hash ${hash} → বিন্দু ${point} (সার্ভার ${server}): key-এর CRC32, তারপর ring-এ তার সমান বা পরের প্রথম বিন্দু, শেষ বিন্দু পেরোলে আবার শুরু থেকে (down চিহ্নিত সার্ভারের বিন্দু পেরিয়ে)।`,
      memcached: (hash, point, server) =>
        `hash ${hash} → বিন্দু ${point} (সার্ভার ${server}): libmemcached-এর hash, তারপর continuum-এ তার সমান বা পরের প্রথম বিন্দু, শেষ বিন্দু পেরোলে আবার শুরু থেকে।`,
      libketama: (hash, point, server) =>
        `hash ${hash} → বিন্দু ${point} (সার্ভার ${server}): key-এর MD5-এর প্রথম চার byte, তারপর continuum-এ তার সমান বা পরের প্রথম বিন্দু, শেষ বিন্দু পেরোলে আবার শুরু থেকে।`,
      "envoy-ring": (hash, point, server) =>
        `hash ${hash} → বিন্দু ${point} (host ${server}): key-এর XXH64, তারপর ring-এ তার সমান বা পরের প্রথম বিন্দু, শেষ বিন্দু পেরোলে আবার শুরু থেকে।`,
      "envoy-maglev": (hash, point, server) =>
        `hash ${hash} → slot ${point} (host ${server}): key-এর XXH64 mod table-এর আকার Maglev table-এর slot বেছে নেয়, সেই slot-এ এই host।`,
    },
    noHash:
      "এখানে কোনো ring-এর বিন্দু বা সংখ্যা এই key-এর সার্ভার ঠিক করে না (nginx-এর সাধারণ hash, memcached-এর modula, nginx যে key-এর hash করে না): দেখানো সার্ভারই উত্তর।",
    badKeys: (_n, text) => `${text}টি key এই সিস্টেমে চলে না (টেবিলে চিহ্নিত)।`,
    lineError: (line, what) => `লাইন ${line}: ${what}`,
    keysTitle: "প্রতিটি key-এর উত্তর",
    keysCaption: (n) => `প্রতিটি key-এর উত্তর (${n}টি key)`,
    line: "লাইন",
    key: "key",
    result: {
      nginx: "সার্ভার",
      memcached: "সার্ভার",
      libketama: "সার্ভার",
      redis: "slot আর master",
      kafka: "partition",
      cassandra: "node",
      guava: "bucket",
      erlang: "hash",
      "envoy-ring": "host",
      "envoy-maglev": "host",
    },
    slotNode: (slot, node) => `slot ${slot} · master ${node}`,
    node: (n) => `master ${n}`,
    nullResult: {
      nginx: "খালি key: nginx তখন round-robin করে, তাই সার্ভার key ঠিক করে না।",
      memcached: "০ বা ২৫০-এর বেশি byte-এর key libmemcached গ্রহণ করে না।",
    },
    shownOf: (shown, total) => `${total}টির ${shown}টি দেখানো হলো।`,
    showMore: (n) => `আরও ${n}টি দেখান`,
    loadTitle: "প্রতি সার্ভারে চাপ",
    ringLabel:
      "Cassandra-র token ring, −2⁶³ ওপরে, ঘড়ির কাঁটার দিকে: প্রতিটি node-এর token বৃত্ত, তার বৃত্তাংশ তার রঙে, প্রথম ৪০টি key লাইন-নম্বরসহ রম্বস, নিজের token-এ",
    loadChart: "প্রতি সার্ভারে key",
    loadCaption: "প্রতি সার্ভারে key, টেবিলে",
    server: "সার্ভার",
    keysCol: "key",
    shareCol: "ভাগ",
    weightShareCol: "weight অনুযায়ী ভাগ",
    downMark: "বন্ধ",
    loadSummary: (_n, keys, servers, ratio) =>
      `${keys}টি key, কনফিগারেশনে ${servers}টি সার্ভার; সবচেয়ে ব্যস্তটিতে তার weight অনুযায়ী ভাগের ${ratio} গুণ।`,
    noLoad: "কোনো key বসানো হয়নি।",
    tooMany: (n) => `মোট ${n}টি: এত বার আঁকা যায় না, টেবিল দেখুন।`,
    movesTitle: "cluster বদলালে কী সরে",
    changeLabel: "বদল",
    changeKinds: { add: "সার্ভার যোগ", remove: "সার্ভার বাদ", down: "সার্ভার বন্ধ চিহ্নিত (nginx `down`)" },
    countChange: {
      add: (what) => `একটি বেশি (${what})`,
      remove: (what) => `একটি কম (${what})`,
    },
    newServer: {
      nginx: "নতুন সার্ভার",
      memcached: "নতুন সার্ভার",
      libketama: "নতুন সার্ভার (`ADDRESS=MEMORY`)",
      cassandra: "নতুন token (`NODE=TOKEN`)",
      "envoy-ring": "নতুন host",
      "envoy-maglev": "নতুন host",
    },
    which: "কোনটি",
    apply: "এটাই cluster হোক",
    noTarget: "বদলানোর মতো কোনো সার্ভার নেই",
    added: (s) => `${s} যোগ করলে`,
    removed: (s) => `${s} বাদ দিলে`,
    downed: (s) => `${s} বন্ধ চিহ্নিত করলে`,
    resized: (what, a, b) => `${what} ${a} → ${b} করলে`,
    movedSummary: (change, _n, moved, total, pct, needless, needlessText) =>
      none(moved)
        ? `${change} ${total}টির একটিও key সরে না।`
        : `${change} ${total}টির ${moved}টি key সরে (${pct})` +
          (needless === null
            ? "।"
            : needless === 0
              ? "; বাকি প্রতিটি key নিজের সার্ভারেই থাকে।"
              : `; তার ${needlessText}টি সরে এমন দুই সার্ভারের মধ্যে যাদের বদলটি ছোঁয়নি (অকারণ সরা, নিচে চিহ্নিত)।`),
    needlessMark: "(অকারণ)",
    weightLabel: "weight",
    redisFresh:
      "Redis: একটি master বেশি বা কম নিয়ে নতুন করে তৈরি দুটি cluster তুলনা করা হয়েছে (প্রতিটিতে slot সমান ভাগে, যেমন `redis-cli --cluster create` ভাগ করে), এই cluster-এ `add-node` আর `rebalance` দিয়ে master যোগ করা নয়।",
    flowsTitle: "কোথা থেকে কোথায়",
    movedKeys: "যে key-গুলো সরে",
    from: "আগে",
    to: "পরে",
    compatTitle: "কোন npm package এই সিস্টেমের সঙ্গে মেলে",
    compatIntro:
      "এই সিস্টেমের জন্য JavaScript-এ যে package ব্যবহার হয়, সেগুলো ১০,০০০টি key-তে (ASCII, Unicode, UTF-8 নয় এমন byte, খালি key, লম্বা key, {tag} key) আসল software-এর পাশাপাশি চালানো: কত ভাগ key-তে প্রতিটি আসল উত্তর দেয়, আর যেখানে দেয় না তার সবচেয়ে ছোট key।",
    compatNone: (system) => `${gen(system)} জন্য তালিকায় কোনো npm package নেই।`,
    compatCols: {
      package: "package",
      call: "কনফিগারেশন",
      against: "যার সঙ্গে তুলনা",
      compared: "key",
      agrees: "মেলে",
      example: "যে key-তে মেলে না: package → আসল",
    },
    compatPhrases: {
      "the Java client's keyed partitioner": "Java client-এর keyed partitioner",
      "its rule in": "তার নিয়ম,",
    },
    fixFirst: "বদলে কী সরে দেখতে ওপরের কনফিগারেশন ঠিক করুন।",
    ofKeys: (n) => `${n}টির মধ্যে`,
    bytes: (hex) => `byte \`${hex}\``,
    always: "—",
    errors: {
      invalid_argument: "সিস্টেম এটি গ্রহণ করে না।",
      out_of_range: "মানটি সীমার বাইরে।",
      duplicate_server: "এই সার্ভার দুবার আছে।",
      limit_exceeded: "এটি ringlab-এর সীমার চেয়ে বড়।",
      other: "Module এটি গ্রহণ করেনি।",
    },
    undo: {
      made: "এখন cluster বদলানো রূপে আছে।",
      button: "আগের মতো করুন",
      undone: "cluster বদলের আগের মতো আছে।",
    },
    share: {
      title: "শেয়ার করা আর ফাইলে নামানো",
      linkLabel: "এই পাতার, এখন যেমন আছে তেমন, একটি লিংক",
      copyLink: "লিংক কপি করুন",
      linkCopied: "লিংক কপি হয়েছে।",
      linkCopiedWithoutKeys: "লিংক কপি হয়েছে, key ছাড়া: সঙ্গে key-এর ফাইলটিও দিন।",
      keysLeftOut: (_n: number, keys: string, chars: string) =>
        `লিংকে ${keys}টি key রাখা হয়নি: সংকুচিত করেও সেগুলো ${chars} অক্ষর, লিংকের জন্য খুব লম্বা। লিংক খুললে উদাহরণের key দেখাবে; সঙ্গে key-এর ফাইলটিও দিন।`,
      keyFile: (file: string) => `key-এর ফাইল নামান (\`${file}\`)`,
      answersLabel: (n: string) => `প্রতিটি key-এর উত্তর (${n}টি key)`,
      movesLabel: (n: string) => `যে key-গুলো সরে (${n}টি)`,
      movesNone: "যে key-গুলো সরে (দেখানোর মতো কোনো বদল নেই)",
      csv: "CSV নামান",
      json: "JSON নামান",
      copyTable: "সারণি কপি করুন",
      tableCopied: (_n: number, rows: string) =>
        `সারণি কপি হয়েছে: শিরোনামসহ ${rows}টি সারি, ট্যাব দিয়ে আলাদা; স্প্রেডশিটে পেস্ট করুন।`,
      copyFailed: "ব্রাউজার কপি করতে দেয়নি: বরং ফাইলটি নামান।",
      commandTitle: "কমান্ড লাইন থেকে একই উত্তর",
      commandHint:
        "এই কনফিগারেশন আর এই key-গুলো দিয়ে `ringlab place` প্রতিটি key-এর উত্তর ছাপে, প্রতি key-এ JSON-এর এক লাইন (`npx ringlab` চালায় npm package-এরটি)।",
      commandHintFile: (file: string) =>
        `এই কনফিগারেশন দিয়ে \`ringlab place\` প্রতিটি key-এর উত্তর ছাপে, প্রতি key-এ JSON-এর এক লাইন; key-গুলো আছে \`${file}\`-এ: কমান্ডের পাশে ফাইলটি নামিয়ে রাখুন।`,
      copyCommand: "কমান্ড কপি করুন",
      commandCopied: "কমান্ড কপি হয়েছে।",
    },
  },

  claims: {
    title: "অধ্যায়ের দাবি, এখনই যাচাই",
    one: (section: string) => `অধ্যায়ের একটি দাবি, ${section}`,
    summary: (claims: string, match: string, within: string, differs: string, noneDiffers: boolean) =>
      `${claims}টি দাবি, প্রতিটি এখনই হিসাব করা: ${match}টি মেলে, ${within}টি সহনসীমার মধ্যে; ${noneDiffers ? "অমিল একটিও নেই" : `${differs}টি মেলে না`}।`,
    computing: "দাবিগুলো হিসাব হচ্ছে (অধ্যায়ের পরীক্ষাগুলো পুরো মাপে)…",
    verdicts: { match: "✓ মেলে", within: "≈ সহনসীমার মধ্যে", differs: "✗ মেলে না" },
    kinds: {
      exact: "হুবহু",
      rounding: "ছাপা অঙ্ক পর্যন্ত সমান",
      statistical: "পরিসংখ্যানগত",
      model: "অধ্যায়ের মডেল",
    },
    chapter: "অধ্যায়ে",
    ringlab: "ringlab-এ, এখন",
    figures: "অধ্যায়ের সংখ্যা আর ringlab-এর সংখ্যা",
    chapterPrints: "অধ্যায়ে ছাপা আউটপুট",
    ringlabPrints: "ringlab এখন যা ছাপে",
    sameBytes: (bytes: string) => `প্রতিটি byte হুবহু এক: ${bytes} byte।`,
    differsAt: (at: string, chapter: string, ringlab: string) =>
      `${at} নম্বর byte থেকে আলাদা (অধ্যায়ে ${chapter} byte, ringlab-এ ${ringlab} byte)।`,
    tolerance: "সহনসীমা",
    scenario: "পরিস্থিতি",
    see: "সরাসরি দেখুন",
    checklist: "৯ · Ring-কোড যাচাইয়ের চেকলিস্ট",
    bases: { measured: "মাপা", formula: "সূত্র" },
    ringlabMeasures: "ringlab-এর মাপে",
    ringlabFormula: "সূত্রে, এখন",
    how: "কীভাবে যাচাই করা হলো",
    scrollCue: "পুরো লাইন দেখতে পাশে সরান →",
    section: "অংশ",
    allSections: (n: string) => `সব অংশ (${n}টি দাবি)`,
    sectionOption: (name: string, n: string) => `${name} (${n})`,
    count: (n: string) => `${n}টি দাবি`,
  },
  rendezvous: {
    title: "Rendezvous hashing: প্রতিটি সার্ভারকে নম্বর, সর্বোচ্চ জেতে",
    keysLabel: "Key (কমা দিয়ে আলাদা)",
    keysCaption: "আপনার শেষ বদলের আগে ও পরে key-গুলোর সার্ভার",
    before: "আগে",
    after: "পরে",
    moved: "সরল",
    stayed: "থাকল",
    noChange: "একটি সার্ভার যোগ করুন, বাদ দিন বা নাম বদলান: তখন নিচের key-গুলো দেখাবে কোথায় ছিল আর কোথায় আছে।",
    keyNote: (hash, winner) => `h32 = ${hash}; সর্বোচ্চ score: ${winner}`,
    newServer: "নতুন সার্ভার",
    add: "যোগ",
    remove: (name) => `${name} বাদ দিন`,
    nextName: (n) => `S${latin(String(n))}`,
    score: "score h32(key|server)",
    scoreFraction: "score / 2³²",
    rank: "ক্রম",
    diagram: (key) => `${gen(key)} জন্য প্রতিটি সার্ভারের score, 2³²-এর ভগ্নাংশ হিসেবে`,
    tableCaption: (key) => `${gen(key)} score`,
    intro: (key, n) =>
      `Key ${key} আর ${n}টি সার্ভার। প্রতিটি সার্ভারের score = h32(key + "|" + server); যার score সবচেয়ে বড়, key তার।`,
    score_: (key, server, frac) => `h32("${key}|${server}") / 2³² = ${frac}।`,
    noServers: "কোনো সার্ভার নেই: key নেওয়ার কেউ নেই।",
    winner: (key, winner, runnerUp) =>
      `${gen(winner)} score সবচেয়ে বড়, তাই ${key} যায় ${loc(winner)}।` +
      (runnerUp
        ? ` অন্য যেকোনো সার্ভার বাদ দিলে কিছুই বদলায় না; ${winner} বাদ গেলে key যায় দ্বিতীয় সর্বোচ্চ score-এর সার্ভার ${loc(runnerUp)}।`
        : ""),
  },

  labClaims: {
    title: "নতুন bucket algorithm-গুলো নিয়ে গবেষণাপত্রের দাবি",
    computing: "গবেষণাপত্রের দাবিগুলো পেছনের আলাদা থ্রেডে হিসাব হচ্ছে…",
    summary: (claims: string, holding: string, allHold: boolean) =>
      `${claims}টি দাবি, প্রতিটি এখনই হিসাব করা: ${allHold ? `সবকটি (${holding}টি) টেকে` : `${holding}টি টেকে`}।`,
    seed: "seed",
    compute: "হিসাব করুন",
    verdicts: { holds: "✓ টেকে", differs: "✗ মেলে না" },
    paperFigure: "গবেষণাপত্রের সংখ্যা",
    ringlab: "ringlab-এ, এখন",
    figures: "গবেষণাপত্রের সংখ্যা আর ringlab-এর সংখ্যা",
    how: "কীভাবে যাচাই করা হলো",
    check: "যাচাই",
    cited: "সূত্র",
  },
  lab: {
    title: "ল্যাব: একই key-গুলোতে প্রতিটি algorithm",
    fields: {
      buckets: "bucket (n)",
      keys: "প্রতি bucket-এ key",
      seed: "seed",
    },
    range: (min, max) => `${min} থেকে ${max}`,
    run: "চালান",
    sweep: "n বদলে চালান",
    cancel: "থামান",
    progressLabel: "ল্যাবের অগ্রগতি",
    prompt: "এই মানগুলোতে প্রতিটি algorithm মাপতে ‘চালান’ চাপুন; মাপা হবে পেছনের আলাদা একটি থ্রেডে।",
    starting: "পেছনের আলাদা থ্রেড চালু হচ্ছে…",
    progress: (algorithm, complete, rows) =>
      `পেছনের আলাদা থ্রেডে মাপা চলছে: ${algorithm} শেষ, ${rows}টি algorithm-এর ${complete}টি।`,
    sweepProgress: (n, algorithm, complete, rows) =>
      `n = ${n}: ${algorithm} শেষ, ${rows}টি algorithm-এর ${complete}টি।`,
    cancelled: "থামানো হয়েছে: পেছনের থ্রেডটি বন্ধ করা হয়েছে। আবার শুরু করতে ‘চালান’ চাপুন।",
    sweepCancelled: "n বদলে চালানো থামানো হয়েছে: পেছনের থ্রেডটি বন্ধ করা হয়েছে।",
    summary: (buckets, keys, distinct, seed) =>
      `${buckets}টি bucket, ${keys}টি key (আলাদা ${distinct}টি), seed ${seed}।`,
    tableCaption: "প্রতিটি algorithm: n-টি bucket-এ ভাগ কতটা সমান, একটি lookup-এর কাজ, আর ১০% সরালে কী সরে",
    headers: {
      algorithm: "algorithm",
      seam: "ধরন",
      removal: "যা সরাতে পারে",
      minPct: "সর্বনিম্ন%",
      maxPct: "সর্বোচ্চ%",
      var: "ভেদাঙ্ক",
      noBucket: "bucket নেই",
      steps: "প্রতি lookup-এ ধাপ",
      movedOther: "অন্যদের থেকে সরেছে (১০% সরালে)",
      relocated: "ফেরানোর পরেও অন্য জায়গায়",
      bytes: "প্রতি bucket-এ byte",
    },
    headerHelp: {
      minPct: "সবচেয়ে খালি bucket-এর key, গড়ের শতাংশে",
      maxPct: "সবচেয়ে ভরা bucket-এর key, গড়ের শতাংশে",
      var: "প্রতি bucket-এর key-সংখ্যার ভেদাঙ্ক",
      noBucket: "যে key-গুলো কোনো bucket পায়নি",
      steps: "প্রথম ১,০০০টি key-তে একটি lookup-এর ধাপ, উত্তর ছাড়া সব ধরনের",
      movedOther: "শেষ ১০% bucket সরালে যে key-গুলো থেকে-যাওয়া bucket-গুলোর মধ্যে সরেছে",
      relocated: "সরানো bucket-গুলো ফেরানোর পরেও যে key-গুলো আগের জায়গায় ফেরেনি",
      bytes: "তৈরির পরে এর অবস্থা যত byte ধরে রাখে, bucket-সংখ্যা দিয়ে ভাগ করে (এর তালিকাগুলোর উপাদান গুনে; সব জায়গায় একই)",
    },
    seams: { bucket: "bucket", server: "সার্ভার" },
    removals: { any: "যেকোনো bucket", last: "শুধু শেষটি", none: "কিছুই না" },
    skipped: "শুধু কাজ মাপা হয়েছে: এই মাপে lookup-এর ধাপ অনেক বেশি",
    notBuilt: "তৈরি হয়নি: এই n-এ এত বড় করা যায় না",
    noRemoval: "—",
    metric: "মাপ",
    metrics: { maxPct: "সর্বোচ্চ%", minPct: "সর্বনিম্ন%", var: "ভেদাঙ্ক" },
    order: "সরানোর ক্রম",
    orders: {
      random: "এলোমেলো",
      fifo: "আগে এলে আগে যায় (০ থেকে ওপরে)",
      lifo: "শেষে এলে আগে যায় (n−1 থেকে নিচে)",
    },
    vsN: (metric) => `n অনুযায়ী ${metric}`,
    vsNNote:
      "‘n বদলে চালান’ ল্যাবটি n = ১০, ১০০, ১,০০০, ১০,০০০, ১,০০,০০০ আর ১০,০০,০০০-এ চালায়, এই seed আর এই প্রতি bucket-এ key নিয়ে, কিংবা n যত দেয় ততগুলো (মোট বড়জোর ১,০০,০০,০০০টি key: ১০,০০,০০০-এ bucket-প্রতি ১০টি), পেছনের থ্রেডে একটির পর একটি; সবচেয়ে বড় n-এ কয়েক মিনিট লাগে।",
    vsNEmpty: "এই মাপ n অনুযায়ী দেখতে ‘n বদলে চালান’ চাপুন।",
    vsNTable: (metric) => `প্রতিটি n-এ ${metric}`,
    vsRemoved: (metric, order) => `সরানো bucket-এর ভাগ অনুযায়ী ${metric} (${order})`,
    vsRemovedTable: (metric) => `সরানোর প্রতিটি ভাগে ${metric}`,
    nAxis: "n (bucket)",
    removedAxis: "সরানো bucket-এর ভাগ",
    exports: "নামিয়ে নিন",
    csv: "CSV (কমান্ড লাইনের মতো হুবহু)",
    json: "JSON",
    sweepJson: "n বদলে চালানোর JSON",
  },

  plan: {
    title: "স্থানান্তরের পরিকল্পনা: আসল টুল যা সরাবে",
    systems: {
      redis: "Redis Cluster",
      kafka: "Kafka",
      cassandra: "Cassandra",
      memcached: "memcached (libmemcached)",
      libketama: "libketama",
      twemproxy: "twemproxy (nutcracker)",
      nginx: "nginx hash upstream",
      "envoy-ring": "Envoy ring_hash",
      "envoy-maglev": "Envoy Maglev",
    },
    serverChanges: {
      add: "একটি server যোগ হয়",
      remove: "একটি server সরানো হয়",
      down: "একটি server down চিহ্নিত হয়",
      reweight: "একটি server-এর weight বদলায়",
    },
    ops: { rebalance: "rebalance (ভাগ সমান করা)", reshard: "reshard (slot সরানো)" },
    partitioners: {
      murmur2: "murmur2 (জাভা client-এর)",
      consistent: "consistent (librdkafka, CRC-32)",
      fnv1a: "fnv1a (librdkafka)",
      all: "তিনটিই",
    },
    changes: {
      join: "একটি node যোগ হয় (bootstrap)",
      leave: "একটি node চলে যায় (decommission)",
      remove: "একটি node সরানো হয় (removenode)",
    },
    fields: {
      system: "সিস্টেম",
      op: "redis-cli --cluster",
      nodes: "CLUSTER NODES (redis-cli যে node-এ চালানো হয় তার)",
      empty: "ফাঁকা master-ও নেওয়া হবে (--cluster-use-empty-masters)",
      threshold: "সীমা % (--cluster-threshold)",
      weights: "weight (ID=W, …)",
      from: "যার থেকে (node id; ফাঁকা রাখলে বাকি সব master)",
      to: "যার কাছে (node id; ফাঁকা: slot-হীন প্রথম master)",
      slots: "slot সংখ্যা",
      partitions: "partition আগে:পরে",
      partitioner: "partitioner",
      ring: "ring (nodeটুল ring, বা প্রতি লাইনে TOKEN NODE DC RACK)",
      strategy: "replication strategy",
      change: "বদল",
      node: "node",
      tokens: "নতুন node-এর token",
      rack: "নতুন node-এর rack",
      dc: "নতুন node-এর ডেটা সেন্টার",
      keys: "key, প্রতি লাইনে একটি",
      servers: "server-এর তালিকা (সিস্টেমের --servers বা --hosts যেমন)",
      mode: "ধরন",
      distribution: "বণ্টন",
      hash: "hash",
      act: "বদল",
      server: "server",
      weight: "weight",
      table: "Maglev table-এর আকার (--table; ফাঁকা: নিজস্ব মান)",
      "min-ring": "ring-এর ন্যূনতম আকার (--min-ring; ফাঁকা: নিজস্ব মান)",
      "max-ring": "ring-এর সর্বোচ্চ আকার (--max-ring; ফাঁকা: নিজস্ব মান)",
      "hash-tag": "hash ট্যাগ (--hash-tag: দুটি অক্ষর; শুধু তাদের মাঝের অংশ hash হবে)",
      "sort-hosts": "server-গুলো আগে হোস্ট, তারপর পোর্ট ধরে সাজানো হবে (--sort-hosts)",
      "use-hostname": "হোস্টের ঠিকানা নয়, নাম hash হবে (--use-hostname)",
    },
    units: { slots: "slot", keys: "key", ranges: "range", arcs: "বৃত্তাংশ", entries: "ঘর" },
    unitOne: { slots: "slot", keys: "key", ranges: "range", arcs: "বৃত্তাংশ", entries: "ঘর" },
    exactness: { exact: "হুবহু", model: "মডেল" },
    summary: (steps, moved, unit) => `${steps}টি ধাপ, ${moved}টি ${unit} সরে।`,
    slotsHeading: (n) => `${n}টি slot, master অনুযায়ী রং করা`,
    before: "আগে",
    after: "পরে",
    markHint: "‘পরে’ ফিতার নিচে গাঢ় দাগ: যে slot-গুলোর master বদলায় (অন্তত কয়েক পিক্সেল চওড়া করে আঁকা)।",
    legend: "node আর তাদের রং",
    ringHeading: "token ring: প্রতিটি range তার প্রথম replica অনুযায়ী রং করা",
    ringAlt: "token ring: বাইরের বলয় আগে, ভেতরের বলয় পরে, যে range বদলায় তা ভেতরে চিহ্নিত",
    ringHint:
      "বাইরের বলয়: আগে প্রতিটি range-এর প্রথম replica; ভেতরের বলয়: পরে; ভেতরে সরু রেখা: range-টির replica বদলায়। নিচের সারণিতে প্রতিটি সংখ্যা আছে।",
    rangesCaption: "যে range-গুলোর replica বদলায়, replica-গুলো strategy-র ক্রমে",
    rangeCol: "range",
    stepsHeading: "ধাপগুলো, টুলের ক্রমে",
    stepCount: (n, unit, streams) => (streams ? `${n}টি ${unit} পাঠানো হয়` : `${n}টি ${unit}`),
    more: (n) => `আর ${n}টি`,
    bytes: (n) => `${n} byte`,
    noSteps: "কিছুই সরে না।",
    partition: (n) => `partition ${n}`,
    nodesCaption: "প্রতিটি node-এর ভাগ আগে ও পরে, আর তা কতগুলো টুকরোয় (range-এ)",
    nodeCol: "node",
    beforeShare: (unit) => `${unit} আগে`,
    afterShare: (unit) => `${unit} পরে`,
    share: (count, ranges) => `${count} (${ranges}টি range)`,
    stops: (moved, total) =>
      `আসল চালানো মাঝপথে থেমে যায়: redis-cli ব্যর্থ হওয়ার আগে ${total}টির মধ্যে ${moved}টি সরে (সতর্কবার্তা দেখুন)।`,
    warnings: "সতর্কবার্তা",
    warningKinds: {
      shortfall: (moved) =>
        `redis-cli চাওয়া সব slot সরায় না, সরায় মোট ${moved}টি: বড়টি ছাড়া প্রতিটি উৎসের ভাগ নিচের দিকে গোল করে, কোনো উৎস যা রাখে তার বেশি নেয় না, আর ঘাটতি পূরণ করে না।`,
      stops: () =>
        "একটি master তার শেষ slot দিয়ে দিয়ে replica হয়ে যায় (Redis-এর ডিফল্ট সেটিংয়ে); তার পরের সরানো ব্যর্থ হয়, কারণ সে আর master নয়, আর redis-cli সেখানেই থামে।",
      assertion: () => "redis-cli যত slot সরানোর কথা তত slot উৎসে পায় না, আর সেখানেই থেমে যায়।",
      "target-as-source": () => "যার কাছে সরানো হবে সেই node-কে উৎস হিসেবে বলা হয়েছে: redis-cli তাকে বাদ দেয়।",
      source: () =>
        "removenode-এর উৎসগুলো একটি মডেল: প্রতিটি নতুন replica চালানোর সময় snitch যাকে সবচেয়ে কাছে ধরে সেই জীবিত পুরোনো replica থেকে আনে; পরিকল্পনাটি স্থির ক্রম নেয় (একই ডেটা সেন্টার, তারপর একই rack, তারপর ring-এর ক্রম)।",
      unstreamed: () => "কোনো range এমন replica পায় যাকে কেউ কিছু পাঠায় না: তা ভরাতে nodeটুল repair চালান।",
      sizes: () => "বদলানো কোনো range দেওয়া আকারগুলোর বাইরে: তার বাইরের byte শূন্য ধরা হয়েছে।",
      sources: () => "কোনো range একাধিক পুরোনো replica হারায়: কড়া কনসিস্টেন্সিতে Cassandra-র bootstrap সেখানে থেমে যায়।",
      ordering: (moved) =>
        `যে key সরে সে তার ক্রম হারায়: আগে লেখা রেকর্ড পুরোনো partition-এ থাকে, নতুনগুলো নতুনটিতে যায়, কনজিউমার দুটো আলাদা পড়ে (দেওয়া key-গুলোর ${moved}টি)।`,
      collateral: () => "hash-এর পরিসরের একটি অংশ এমন সার্ভারগুলোর মধ্যে সরে যারা বদলায়নি।",
      remap: () =>
        "server-এর লাইন মুছলে মোট weight বদলায়, যা nginx-এর সাধারণ `hash`-এর ভাজক: hash-এর পরিসরের বড় অংশ সরে; down চিহ্নিত করলে শুধু তার নিজের অংশ সরে।",
    },
    warningOther: "টুলটির একটি খুঁটিনাটি ফলাফল বদলায় (ইংরেজি পাতায় বিস্তারিত)।",
    noteNothing: "কিছুই সরানোর দরকার নেই।",
    noteNoKeys: "কোনো key দেওয়া হয়নি: ওপরে hash-এর পরিসরের যে অংশ সরে, সেটুকুই।",
    noteNoRange: "কোনো range-এর replica বদলায় না।",
    noteOther: "পরিকল্পনাটির সঙ্গে একটি টীকা আছে (ইংরেজি পাতায় বিস্তারিত)।",
    hashSpace: (percent, fraction) => `hash-এর সব ফলের ${percent}% partition বদলায় (${fraction})।`,
    tokenSpace: (percent) => `token-এর পরিসরের ${percent}%-এর replica বদলায়।`,
    alternative: "সবচেয়ে কম range: শেষে একই সংখ্যা, তবে redis-cli যা করে তা নয়",
    alternativeAbout:
      "প্রতিটি দাতা master তার slot-গুলোর এক প্রান্ত থেকে দেয়, যেখানে পারে গ্রহীতার পাশে: তুলনার জন্য কম টুকরো। একটি মডেল, টুলের ক্রম নয়।",
    keysHeading: "আপনার key-গুলো",
    keysCaption: "প্রতিটি key-এর মালিক আগে ও পরে",
    keysMoved: (moved, n) => `${n}টি key-এর ${moved}টির মালিক বদলায়।`,
    keyCol: "key",
    slotCol: "slot",
    tokenCol: "token",
    movesCol: "সরে?",
    yes: "হ্যাঁ",
    no: "না",
    loadingKeys: "key-গুলোর slot আনা হচ্ছে…",
    exportJson: "পরিকল্পনাটি JSON হিসেবে নামান",
    exportHint: "(প্যাকেজ যা ফেরত দেয়: সরানো একক-গুলো array হিসেবে, ৬৪-বিট সংখ্যা দশমিক লেখা হিসেবে)",
    loadingOptions: "সিস্টেমের বিকল্পগুলো আনা হচ্ছে…",
    systemDefault: "(সিস্টেমের নিজস্ব)",
    kinds: { necessary: "প্রয়োজনীয়", collateral: "পার্শ্বিক" },
    ringMoved: (percent, fraction) => `hash-এর পরিসরের ${percent}%-এর server বদলায় (${fraction})।`,
    ringKind: (kind, n, unit, percent) => `${kind}: ${n}টি ${unit}, ${percent}%`,
    missRate: (percent) => `বদলের ঠিক পরে প্রত্যাশিত miss-এর হার: key-গুলোর ${percent}%।`,
    spaceRing: "hash ring: যে বৃত্তাংশগুলোর server বদলায়",
    spaceTable: "lookup table: যে ঘরগুলোর server বদলায়",
    spaceAlt: "hash-এর পরিসর, যে অংশগুলোর server বদলায় সেগুলো চিহ্নিত: প্রয়োজনীয় ও পার্শ্বিক",
    spaceRingHint:
      "ring ওপর থেকে শুরু হয়ে ঘড়ির কাঁটার দিকে চলে। প্রয়োজনীয়: বদলানো server-এ বা তা থেকে যে hash সরে; পার্শ্বিক: যে server-গুলো বদলায়নি তাদের মধ্যে যে hash সরে। সরু বৃত্তাংশ চোখে পড়ার জন্য একটু চওড়া করে আঁকা।",
    spaceTableHint:
      "table-এর ঘরগুলো বাঁ থেকে ডানে। প্রয়োজনীয়: বদলানো server-এ বা তা থেকে যে ঘর সরে; পার্শ্বিক: যে server-গুলো বদলায়নি তাদের মধ্যে যে ঘর সরে, চোখে পড়ার জন্য একটু চওড়া করে আঁকা।",
    serversCaption: "hash-এর পরিসরে প্রতিটি server-এর ভাগ, আগে ও পরে",
    serverCol: "server",
  },

  errors: {
    params: {
      servers: "সার্ভারের সংখ্যা",
      vnodes: "virtual node-এর সংখ্যা",
      keys: "key-এর সংখ্যা",
      seed: "seed",
      remove: "বাদ দেওয়া সার্ভারের সংখ্যা",
      buckets: "bucket-এর সংখ্যা",
      change: "পরিবর্তন",
      "change weight": "পরিবর্তনের weight",
      "change.kind": "পরিবর্তনের ধরন",
      "change.name": "পরিবর্তনের সার্ভার",
      "change.weight": "পরিবর্তনের weight",
      epsilon: "ε",
      tableSize: "Maglev table-এর আকার M",
      backends: "backend-এর সংখ্যা",
      backend: "backend",
      key: "key",
      hash: "hash",
      n: "N",
      m: "M",
      v: "V",
      k: "k",
      count: "সংখ্যা",
      weight: "weight",
      rf: "RF",
      bits: "ring-এর bit-সংখ্যা",
      token: "token",
      target: "লক্ষ্য",
      hitRatio: "hit ratio",
      movedFraction: "সরে যাওয়া key-এর ভাগ",
      requests: "অনুরোধের সংখ্যা",
      s: "Zipf-এর s",
      hot: "hot key-এর সংখ্যা",
      copies: "প্রতিটি hot key-এর কপির সংখ্যা",
      input: "ইনপুট",
      bucket: "bucket",
      algorithm: "algorithm",
      ops: "পরিবর্তনের তালিকা",
      capacity: "ধারণক্ষমতা",
      nodes: "node-এর তালিকা",
      probes: "probe-এর সংখ্যা",
    },
    values: {
      Infinity: "অসীম",
      "-Infinity": "ঋণাত্মক অসীম",
      NaN: "সংখ্যা নয় এমন মান",
      undefined: "কিছুই না",
      server: "সার্ভার",
      backend: "backend",
      node: "node",
      upstream: "upstream ব্লক",
      ring: "ring",
      endpoints: "endpoint",
      "server list": "সার্ভার তালিকা",
      "server string": "server string",
      Elixir: "Elixir",
      Erlang: "Erlang",
    },
    rules: {
      between: (p, [min, max, got]) => `${p} ${min} থেকে ${gen(max)} মধ্যে হতে হবে; দেওয়া হয়েছে ${got}।`,
      atLeast: (p, [min, got]) => `${p} অন্তত ${min} হতে হবে; দেওয়া হয়েছে ${got}।`,
      aboveFinite: (p, [min, got]) => `${p} ${gen(min)} চেয়ে বড় একটি সসীম সংখ্যা হতে হবে; দেওয়া হয়েছে ${got}।`,
      atLeastFinite: (p, [min, got]) => `${p} ${min} বা তার বেশি একটি সসীম সংখ্যা হতে হবে; দেওয়া হয়েছে ${got}।`,
      interval: (p, [open, min, max, close, got]) =>
        `${p} ${open}${min}, ${max}${close} পরিসরে হতে হবে; দেওয়া হয়েছে ${got}।`,
      integer: (p, [got]) => `${p} একটি পূর্ণসংখ্যা হতে হবে; দেওয়া হয়েছে ${got}।`,
      notWhole: (p, [got]) => `${p} একটি পূর্ণসংখ্যা হতে হবে; দেওয়া হয়েছে ${got}।`,
      keysWorkerFailed: (_p, [why]) => `key বসানোর worker থেমে গেছে: ${why}`,
      // The parameter by its own name: the page's word for a count of keys is not this list's.
      unreadablePacked: (_p, [param]) => `link-এর ${param} parameter পড়া যায় না: link-টি কেটে গেছে বা বদলানো হয়েছে`,
      anInteger: (p, [got]) => `${p} একটি পূর্ণসংখ্যা হতে হবে; দেওয়া হয়েছে ${got}।`,
      number: (p, [got]) => `${p} একটি সংখ্যা হতে হবে; দেওয়া হয়েছে ${got}।`,
      prime: (p, [got]) => `${p} একটি মৌলিক সংখ্যা হতে হবে; দেওয়া হয়েছে ${got}।`,
      list: (p, [max, got]) => `${p}: ১ থেকে ${max}টি মানের তালিকা চাই; দেওয়া হয়েছে ${got}টি।`,
      oneOf: (p, v) =>
        `${p} হতে হবে ${v.slice(0, -2).join(", ")}${v.length > 2 ? " বা " : ""}${v.at(-2) ?? ""}; দেওয়া হয়েছে "${v.at(-1) ?? ""}"।`,
      serverName: (p, [got]) => `${p} একটি সার্ভারের নাম হতে হবে; দেওয়া হয়েছে "${got}"।`,
      wholeNumber: (p, [got]) => `${p} ০ বা তার বেশি একটি পূর্ণসংখ্যা হতে হবে; দেওয়া হয়েছে ${got}।`,
      part: (p, _v, i) => `${p}: ${i}`,
      chunkRange: (_p, [a, b, n]) => `${a} থেকে ${b} নম্বর অংশ এই run-এর ${n}টি অংশের মধ্যে পড়ে না`,
      tallySize: (_p, [n, want]) => `${n}টি গণনার হিসাব এই run-এর নয় (এর ${want}টি)`,
      chunkOrder: (_p, [next, got]) => `bounded loads অংশগুলো ক্রমে বসায়: পরেরটি ${next} নম্বর, ${got} নয়`,
      stepOutside: (_p, [step, n]) => `ধাপ ${step} এই run-এর ${n}টি ধাপের একটি নয়`,
      otherRun: "এই run অন্য একটি পরীক্ষার",
      ringCap: (_p, [points, cap]) => `ring-এ ${points}টি বিন্দু হতো, কিন্তু ring-এ সর্বোচ্চ ${cap}টি বিন্দু ধরে`,
      serverCap: (_p, [points, cap]) =>
        `virtual node আর weight-এর গুণফলে একটি সার্ভারের ${points}টি বিন্দু হতো, কিন্তু ring-এ সর্বোচ্চ ${cap}টি বিন্দু ধরে`,
      copiesCap: (_p, [n, cap]) => `hot key আর কপির গুণফলে ${n}টি কপি হতো, কিন্তু সর্বোচ্চ ${cap}টি চলে`,
      scoresCap: (_p, [n, cap]) => `key আর সার্ভারের গুণফলে ${n}টি score হিসাব করতে হতো, কিন্তু সর্বোচ্চ ${cap}টি চলে`,
      emptyName: (_p, [what]) => `${gen(what)} নাম ফাঁকা রাখা যায় না`,
      nameTooLong: (_p, [what, max]) => `${gen(what)} নাম ${max}টি UTF-16 এককের চেয়ে লম্বা`,
      zoneTooLong: (_p, [max]) => `zone-এর নাম ${max}টি UTF-16 এককের চেয়ে লম্বা`,
      duplicate: (_p, [what]) => `একটি ${what} দুবার আছে`,
      duplicateNamed: (_p, [name]) => `সার্ভার "${name}" দুবার আছে`,
      duplicateListed: (_p, [what, name]) => `${what} "${name}" দুবার আছে`,
      alreadyOnRing: (_p, [name]) => `সার্ভার "${name}" আগে থেকেই ring-এ আছে`,
      notOnRing: (_p, [name]) => `সার্ভার "${name}" ring-এ নেই`,
      noServer: "অন্তত একটি সার্ভার চাই",
      noBackend: "Maglev-এর অন্তত একটি backend চাই",
      notInScenario: (_p, [name]) => `পরিবর্তনে সার্ভার "${name}"-এর কথা আছে, কিন্তু এই পরিস্থিতিতে সে নেই`,
      noServerLeft: "এই পরিবর্তনের পর কোনো সার্ভার থাকবে না",
      capacity: (_p, [room, keys]) => `ধারণক্ষমতায় ${keys}টি key-এর মধ্যে মাত্র ${room}টি ধরে: ε বাড়ান`,
      placementsDiffer: "দুটি বণ্টনে একই key থাকতে হবে",
      idOutside: "একটি বণ্টনে সার্ভারের id সীমার বাইরে",
      noLoads: "load-এর হিসাবে অন্তত একটি সার্ভার চাই",
      serverOutside: "একটি বণ্টনে তালিকার বাইরের সার্ভার আছে",
      tokensUnsorted: "token-গুলো ছোট থেকে বড় ক্রমে সাজানো হতে হবে",
      tokensServers: "token আর সার্ভারের তালিকার দৈর্ঘ্য আলাদা",
      zonesPerServer: (_p, [servers, zones]) => `প্রতিটি সার্ভারের একটি zone চাই: সার্ভার ${servers}টি, zone ${zones}টি`,
      weightsPerServer: (_p, [servers, weights]) =>
        `প্রতিটি সার্ভারের একটি weight চাই: সার্ভার ${servers}টি, weight ${weights}টি`,
      pointServer: (_p, [i, s, n]) => `বিন্দু ${gen(i)} সার্ভার ${s}, যা ${n}টি সার্ভারের মধ্যে পড়ে না`,
      startPoint: (_p, [n, got]) => `শুরুর বিন্দু ${gen(n)} কম হতে হবে; দেওয়া হয়েছে ${got}`,
      serverIndex: (_p, [n, got]) => `সার্ভারের index ${gen(n)} কম হতে হবে; দেওয়া হয়েছে ${got}`,
      noPreference: (_p, [algorithm]) => `${algorithm} algorithm-এ preference list নেই`,
      tokenHeld: (_p, [token, vnode]) => `token ${token} আগেই virtual node ${gen(vnode)}`,
      tokenTwice: (_p, [token, a, b]) => `token ${token} দেওয়া হয়েছে ${a} আর ${b} দুজনকেই`,
      vnodePresent: (_p, [vnode]) => `virtual node ${vnode} আগে থেকেই ring-এ আছে`,
      vnodeMissing: (_p, [vnode]) => `virtual node ${vnode} ring-এ নেই`,
      noVnodes: "ring-এ কোনো virtual node নেই",
      emptyVnodeId: "virtual node-এর id ফাঁকা রাখা যায় না",
      vnodeIdTooLong: (_p, [max]) => `virtual node-এর id ${max}টি UTF-16 এককের চেয়ে লম্বা`,
      decimalOrHex: (p, [got]) => `${p} একটি পূর্ণসংখ্যা হতে হবে, দশমিক বা 0x hex; দেওয়া হয়েছে ${got}।`,
      notAnOption: (p, [algorithm]) => `${p} ${gen(algorithm)} কোনো option নয়`,
      noMembership: (_p, [algorithm, op]) => `${algorithm} algorithm-এ ${op} নেই`,
      bucketNotLive: (_p, [bucket]) => `bucket ${bucket} চালু bucket-গুলোর একটি নয়`,
      lastBucketOnly: (_p, [algorithm, last, got]) =>
        `${algorithm} শুধু তার শেষ bucket ${last} সরাতে পারে; দেওয়া হয়েছে ${got}`,
      noBucketLeft: (_p, [bucket]) => `bucket ${bucket} সরালে আর কোনো bucket থাকবে না`,
      bucketCapacity: (_p, [n, algorithm = ""]) =>
        `${n}টি bucket-এর সবই চালু: ${loc(algorithm)} যোগ করার মতো আর bucket নেই`,
      emptyInput: (p, [algorithm]) => `${p} ফাঁকা রাখা যায় না: ${algorithm} ফাঁকা key hash করে না`,
      byteOffsets: (p, [length]) => `${p} অন্তত একটি offset হতে হবে, 0 থেকে bytes-এর দৈর্ঘ্য (${length}) পর্যন্ত ঊর্ধ্বক্রমে`,
      addProbes: (_p, [algorithm, probes, live, n]) =>
        `${algorithm} ${probes}টি probe-এ যোগ করার মতো কোনো bucket খুঁজে পায়নি; ${n}টি bucket-এর মধ্যে ${live}টি চালু`,
      termDepth: (_p, [n]) => `term-এর ভেতরে term ${n} স্তরের বেশি গভীর`,
      integerBits: (_p, [n]) => `পূর্ণসংখ্যাটি ${n} bit-এর চেয়ে চওড়া`,
      bitstringBits: (_p, [n]) => `bitstring ${n} bit-এর চেয়ে লম্বা`,
      bitstringBytes: (_p, [bits, bytes, got]) =>
        `${bits} bit-এর bitstring-এ ${bytes}টি byte চাই; দেওয়া হয়েছে ${got}টি`,
      floatFinite: (_p, [got]) => `Erlang float সসীম হতে হবে; দেওয়া হয়েছে ${got}`,
      atomUtf8: "atom-এর নাম UTF-8 লেখা হতে হবে",
      atomSurrogate: "atom-এর নামে surrogate থাকতে পারে না",
      atomTooLong: (_p, [max]) => `atom-এর নাম ${max}টি অক্ষরের চেয়ে লম্বা`,
      termAt: (_p, [syntax, column], what) => `${syntax} term হিসেবে পড়া গেল না (কলাম ${column}): ${what}`,
      termAtLine: (_p, [syntax, line, column], what) =>
        `${syntax} term হিসেবে পড়া গেল না (লাইন ${line}, কলাম ${column}): ${what}`,
      termGot: (_p, [got]) => `অপ্রত্যাশিত ${got}`,
      termExpected: (_p, [got], wanted) => `এখানে ${wanted} আশা করা হয়েছিল, পাওয়া গেল ${got}`,
      termExpectedEnd: (_p, _v, wanted) => `এখানে ${wanted} আশা করা হয়েছিল, কিন্তু term শেষ হওয়ার আগেই লেখা শেষ`,
      termWantTerm: "একটি term",
      termWantNumberAfter: (_p, [sign]) => `${sign}-এর পরে একটি সংখ্যা`,
      termWantCommaOrBrace: "',' বা '}'",
      termWantListTail: "',', '|' বা ']'",
      termWantListEnd: "list-এর tail-এর পরে ']'",
      termWantArrow: "'=>'",
      termWantSegment: "একটি segment",
      termWantCommaOrClose: "',' বা '>>'",
      termWantSize: "একটি size (একটি পূর্ণসংখ্যা)",
      termWantType: "একটি type specifier",
      termWantUnit: "একটি unit (একটি পূর্ণসংখ্যা)",
      termWantColonAfterUnit: "unit-এর পরে ':'",
      termWantModifier: "একটি bitstring modifier",
      termWantParenAfter: (_p, [name]) => `${name}-এর পরে '('`,
      termWantCloseParen: "')'",
      termBaseDigits: (_p, [b]) => `${b} ভিত্তির অঙ্ক চাই`,
      termUnterminatedAtom: "উদ্ধৃতিচিহ্নের atom শেষ হয়নি",
      termDigitsAfter: (_p, [prefix]) => `${gen(prefix)} পরে অঙ্ক চাই`,
      termVariable: (_p, [name]) => `${name} একটি variable, term নয় (string হলে উদ্ধৃতিচিহ্নে লিখুন)`,
      termReserved: (_p, [word]) => `${word} একটি সংরক্ষিত শব্দ; atom বানাতে উদ্ধৃতিচিহ্নে লিখুন`,
      termAfter: (_p, [got]) => `term-এর পরে অপ্রত্যাশিত ${got}`,
      termSegmentValue: (_p, [got]) => `bit syntax-এর অংশ একটি সংখ্যা, string বা bitstring হতে হবে; পাওয়া গেল ${got}`,
      termSegmentOnce: (_p, [what]) => `একটি অংশে ${what} একবারই থাকে`,
      termUnknownType: (_p, [w]) => `অজানা type ${w}`,
      termUnknownModifier: (_p, [w]) => `bitstring-এর অজানা modifier ${w}`,
      termInvalidUTF8: "লেখাটি বৈধ UTF-8 নয়",
      termBidiComment: "মন্তব্যে দ্বিমুখী লেখার বিন্যাস-চিহ্ন আছে",
      termUnexpectedChar: (_p, [c]) => `অপ্রত্যাশিত অক্ষর '${c}'`,
      termOperator: (_p, [op, write]) => `Elixir-এ '${op}' একটি operator ('${write}' লিখুন)`,
      termFloatOutRange: "float-টি সীমার বাইরে",
      termExponentDigits: "float-এর ঘাতে অঙ্ক চাই",
      termRecordsNotTerms: "record term নয় ('#' দিয়ে শুরু হলে '#{' হতে হবে)",
      termNeedsChar: (_p, [c]) => `'${c}'-এর পরে একটি অক্ষর চাই`,
      termBaseMustBe: "ভিত্তি ২ থেকে ৩৬-এর মধ্যে হতে হবে",
      termUnexpectedCharacter: "অপ্রত্যাশিত অক্ষর",
      termUnterminatedEscape: "escape শেষ হয়নি",
      termHexBraces: "\\x{-এর পরে hex অঙ্ক আর '}' চাই",
      termHexTwo: "\\x-এর পরে দুটি hex অঙ্ক চাই",
      termIllegalCharacter: "অবৈধ অক্ষর",
      termStructsNotSupported: "struct চলে না ('%' দিয়ে শুরু হলে '%{' হতে হবে)",
      termOnlyNameQuoted: "শুধু :name, :\"quoted\" আর :'quoted' ধরনের atom চলে",
      termHeredocsNotSupported: "heredoc চলে না",
      termOnlyCSigil: "শুধু ~c sigil চলে",
      termExpectedSigilDelimiter: "sigil-এর সীমাচিহ্ন চাই",
      termSigilModifiersNot: "sigil-এর modifier চলে না",
      termUnquotedNonASCII: "উদ্ধৃতিচিহ্ন ছাড়া non-ASCII নাম চলে না (উদ্ধৃতিচিহ্নে লিখুন)",
      termQuotedAtomBytes: (_p, [max]) => `উদ্ধৃতিচিহ্নের atom ${max} byte-এর চেয়ে লম্বা (Elixir-এর সীমা)`,
      termEscapeNeedsHex: "escape-এ hex অঙ্ক চাই",
      termHexAbove7F: "Elixir-এ 7F-এর ওপরের \\x একটি byte, অক্ষর নয় (\\u{...} বা <<...>> লিখুন)",
      termUnicodeBrace: "\\u{-এর পরে '}' চাই",
      termUnknownEscape: "অজানা escape",
      termUnterminatedString: "string শেষ হয়নি",
      termInterpolationNotLiteral: "interpolation আক্ষরিক মান নয়",
      termBidiQuotes: "উদ্ধৃতিচিহ্নের ভেতরে দ্বিমুখী লেখার বিন্যাস-চিহ্ন আছে (\\u{...} হিসেবে লিখুন)",
      termKeywordPairBelongs: "keyword জোড়া থাকে list বা map-এর ভেতরে",
      termKeywordPairsMust: "keyword জোড়াগুলো শেষে আসতে হবে",
      termParenthesesNotSupported: "বন্ধনী চলে না",
      termKeywordListHas: "keyword list-এর tail থাকে না",
      termMapUpdate: "':=' map বদলায়; map term-এ '=>' লিখুন",
      termNativeEndiannessDepends: "native endianness যন্ত্রের ওপর নির্ভর করে; big বা little লিখুন",
      termUnitMustBe: "unit ১ থেকে ২৫৬-এর মধ্যে হতে হবে",
      termLittleEndianInteger: "little-endian পূর্ণসংখ্যার অংশের আকার পুরো byte-এ হতে হবে",
      termNotUnicodeCharacter: "এটি কোনো Unicode অক্ষর নয়",
      termFloatNeedsFloat: "float অংশে ::float চাই",
      termNestedBitstringNeeds: "ভেতরের bitstring-এ ::binary বা ::bitstring চাই",
      termUtfSegmentHas: "utf অংশের আকার বা unit থাকে না",
      termUnitNeedsSize: "unit-এর সঙ্গে আকার চাই",
      termBitstringSegmentHas: "bitstring অংশের unit থাকে না",
      termSignedUnsignedFor: "signed আর unsigned শুধু পূর্ণসংখ্যা আর float অংশের জন্য",
      termStringSegmentBinary: "string অংশ একটি binary",
      termStringSegmentTakes: "string অংশের আকার বা unit থাকে না",
      termStringChars: "string অংশের অক্ষরগুলো পূর্ণসংখ্যা বা utf",
      termIntegerSegmentNeeds: "পূর্ণসংখ্যার অংশে একটি পূর্ণসংখ্যা চাই",
      termIntegerTooLarge: "float অংশের জন্য পূর্ণসংখ্যাটি খুব বড়",
      termFloatNeedsNumber: "float অংশে একটি সংখ্যা চাই",
      termFloat16: "১৬-bit float অংশ চলে না",
      termFloatSize: "float অংশ ৩২ বা ৬৪ bit-এর হয়",
      termBinaryNeedsBits: "binary অংশে একটি bitstring চাই",
      termSegmentSize: "অংশের আকার তার মানের চেয়ে বড়",
      termBinaryWholeBytes: "binary অংশে পুরো byte চাই (bits লিখুন)",
      termPrepend:
        "Elixir এই উদ্ধৃত লেখা অন্যভাবে পড়ে: একটি Prepend অক্ষর তার পরের উদ্ধৃতিচিহ্ন বা backslash-কে জুড়ে নেয় (\\u{...} হিসেবে লিখুন)",
      nginxUnexpected: (_p, [got]) => `অপ্রত্যাশিত "${got}"`,
      nginxArguments: (_p, [directive]) => `"${directive}" directive-এর argument-সংখ্যা ঠিক নয়`,
      nginxEofQuote: "শেষ উদ্ধৃতিচিহ্নের আগেই ফাইল শেষ",
      nginxEofBrace: '"}"-এর আগেই ফাইল শেষ',
      nginxBackup: 'এই balancing পদ্ধতিতে "backup" চলে না',
      nginxNoServers: "upstream-এ কোনো সার্ভার নেই",
      nginxNoHash: '"hash" directive নেই: ringlab শুধু hash পদ্ধতিটি করে দেখায় (hash KEY [consistent])',
      nginxExpectedBrace: 'upstream-এর নামের পরে "{" চাই',
      nginxAfterBlock: (_p, [got]) => `upstream ব্লকের পরে অপ্রত্যাশিত "${got}"`,
      nginxEofSemicolon: (_p, [after]) => `"${gen(after)}" পরে ";" আসার আগেই ফাইল শেষ`,
      nginxParameter: (_p, [got]) => `অবৈধ parameter "${got}"`,
      nginxMethod: (_p, [name]) => `"${name}": ringlab শুধু hash পদ্ধতিটি করে দেখায় (hash KEY [consistent])`,
      nginxDirective: (_p, [name]) => `অজানা directive "${name}"`,
      noHost: (_p, [server]) => `upstream-এ "${server}"-এ host নেই`,
      badPort: (_p, [server]) => `upstream-এ "${server}"-এর port ঠিক নয়`,
      duplicateServer: (_p, [name]) => `সার্ভার ${name} দুবার আছে`,
      duplicateOnLine: (_p, [name, line]) => `সার্ভার ${name} দুবার আছে (আগেরটি লাইন ${line}-এ)`,
      mcEmptyEntry: "ফাঁকা এন্ট্রি (libmemcached একে localhost হিসেবে পড়বে)",
      mcHostSpace: "host-এর নাম ফাঁকা জায়গা দিয়ে শুরু হতে পারে না",
      mcEmptyHost: "host-এর নাম ফাঁকা",
      mcHostLength: "host-এর নাম সর্বোচ্চ ১,০২৪ byte হতে পারে (libmemcached-এর NI_MAXHOST)",
      mcPortDecimal: "':'-এর পরে port একটি দশমিক সংখ্যা হতে হবে",
      mcHostTrailingSpace:
        "port ছাড়া host-এর পরে ফাঁকা জায়গা (libmemcached সেটি host-এর নামেই রেখে দেবে: HOST:PORT লিখুন)",
      mcLineBreak:
        "port-এর পরে লাইন ভাঙা: libmemcached সার্ভারগুলিকে কেবল কমা দিয়ে আলাদা করে, আর লাইন ভাঙার পরে কোনো weight পড়ে না",
      mcWeightAfterPort: "port-এর পরে একটি ফাঁকা জায়গা বা ':' আর weight চাই",
      mcWeightDecimal: "weight একটি দশমিক সংখ্যা হতে হবে",
      mcAfterWeight: "weight-এর পরে অপ্রত্যাশিত লেখা",
      mcNoHost: "সার্ভারের host ফাঁকা রাখা যায় না",
      mcHostBytes: (_p, [max, got]) =>
        `সার্ভারের host সর্বোচ্চ ${max} byte হতে পারে (libmemcached-এর NI_MAXHOST); দেওয়া হয়েছে ${got}`,
      missing: (p) => `${p} নেই`,
      decimal: (p, [got]) => `${p} একটি দশমিক সংখ্যা হতে হবে; দেওয়া হয়েছে "${got}"`,
      mcHostChars: "host-এর নামে ফাঁকা জায়গা বা নিয়ন্ত্রণ-অক্ষর থাকতে পারে না (weight দিতে আগে port চাই: host:port weight)",
      twRandom:
        "distribution random প্রতিটি অনুরোধ random() দিয়ে বেছে নেওয়া কোনো চালু সার্ভারে পাঠায়, key দেখে নয়: তাই key-প্রতি কোনো বিন্যাস দেখানোর নেই (ketama বা modula দিন)",
      twHashTag: (p, [got]) => `${p} দুটি অক্ষর হতে হবে, tag-এর শুরু আর শেষ (nutcracker-এর hash_tag); দেওয়া হয়েছে "${got}"`,
      twServerForm: "সার্ভার host:port:weight [name] রূপে লিখতে হবে",
      twSocket: "unix socket সার্ভার (/path:weight): ringlab কেবল host:port:weight [name] রূপে লেখা সার্ভার বসায়",
      twTotalWeight: (_p, [total, max]) =>
        `চালু সার্ভারগুলির weight-এর যোগফল ${total}, যা nutcracker-এর সর্বোচ্চ ${max}-এর (একটি uint32_t) বেশি`,
      twYamlLine:
        "চাই একটি pool-এর NAME:, তার নিচে KEY: VALUE, অথবা servers:-এর নিচে একটি সার্ভার - HOST:PORT:WEIGHT [NAME]",
      twDirective: (_p, [name]) => `অজানা directive "${name}"`,
      twDuplicate: (_p, [name]) => `"${name}" দুবার দেওয়া হয়েছে`,
      twPools: (_p, [count]) => `configuration-এ ${count}টি pool আছে: কোনটি পড়তে হবে, --pool দিয়ে বলুন`,
      twNoPool: (_p, [name]) => `configuration-এ "${name}" নামে কোনো pool নেই`,
      twNoEject: "--ejected-এর জন্য pool-এ auto_eject_hosts: true চাই: তা ছাড়া nutcracker কোনো সার্ভারকে বের করে দেয় না",
      twEjectedUnknown: (p, [name]) => `${p}-এ "${name}" আছে, কিন্তু সেটি কোনো সার্ভারের নাম নয়`,
      noneListed: (p) => `${p}-এ অন্তত একটি সার্ভার থাকতে হবে; একটিও নেই`,
      configColumn: (_p, [where, column], what) => `${where}-এর কলাম ${column}-এ: ${what}`,
      configAt: (_p, [where, line, column], what) => `${where}-এর লাইন ${line}, কলাম ${column}-এ: ${what}`,
      ketamaExpectedLine: "ADDRESS MEMORY চাই",
      ketamaExpectedMemory: "ঠিকানার পরে সার্ভারের memory চাই, একটি দশমিক সংখ্যা",
      ketamaAfterMemory: "memory-র পরে অপ্রত্যাশিত লেখা",
      ketamaNoNewline: "শেষ লাইনের শেষে newline নেই (libketama memory-র শেষ অঙ্কটি বাদ দেবে)",
      ketamaAddressBytes: (_p, [max, got]) =>
        `সার্ভারের ঠিকানা ১ থেকে ${max} byte হতে হবে (libketama-র char addr[22]); দেওয়া হয়েছে ${got}`,
      ketamaAddressSpace: "সার্ভারের ঠিকানায় ফাঁকা জায়গা থাকতে পারে না",
      ketamaContinuum: (_p, [points, max]) =>
        `continuum-এ ${points}টি বিন্দু হতো, কিন্তু libketama-র shared memory-তে ${max}টি ধরে`,
      configWhole: (_p, [where], what) => `${where}: ${what}`,
      envoyTab: "indentation-এ tab আছে",
      envoyOpenQuote: "উদ্ধৃত মানের শেষ উদ্ধৃতিচিহ্ন নেই",
      envoyOpenMap: 'flow map-এর শেষ "}" নেই',
      envoyNoAddress: "একটি endpoint-এর address নেই",
      envoyNoPort: "একটি endpoint-এর port_value নেই",
      envoyEndpointsList: "lb_endpoints endpoint-এর একটি তালিকা হতে হবে",
      envoyListItem: "lb_endpoints-এর নিচে তালিকার একটি পদ চাই",
      envoyHost: (_p, [host]) => `host "${host}" IPV4:PORT বা [IPV6]:PORT হতে হবে`,
      weightSum: (_p, [sum, max]) => `host-দের weight মিলিয়ে ${sum}, অথচ Envoy একটি locality-তে সর্বোচ্চ ${max} নেয়`,
      duplicateHost: (_p, [host]) => `host "${host}" দুবার আছে`,
      sameHash: (_p, [a, b]) =>
        `দুটি host-এর hash একই, "${a}" (দ্বিতীয়টি "${b}"): সমান hash-এর ক্রম Envoy ইচ্ছেমতো ঠিক করবে`,
      form: (_p, [form, got]) => `${form} হতে হবে; দেওয়া হয়েছে "${got}"`,
      envoyKeyValue: (_p, [got]) => `KEY: VALUE চাই; পাওয়া গেল "${got}"`,
      envoyUnexpected: (_p, [got]) => `অপ্রত্যাশিত "${got}"`,
      ipAddress: (p, [got]) => `${p} একটি IPv4 বা IPv6 ঠিকানা হতে হবে; দেওয়া হয়েছে "${got}"`,
      envoyTwice: (_p, [key]) => `endpoint-এ ${key} দুবার দেওয়া হয়েছে`,
      needsValue: (p) => `${gen(p)} একটি মান চাই`,
      envoyNoEndpoints: "host-সহ কোনো lb_endpoints নেই",
      envoyNoHosts: "কোনো host নেই",
      entryAt: (_p, [flag, n, text], what) => `${gen(flag)} ${n} নম্বর এন্ট্রি ("${text}"): ${what}`,
      entry: (_p, [flag, n], what) => `${gen(flag)} ${n} নম্বর এন্ট্রি: ${what}`,
      entryForm: (_p, [flag, n, form, got]) => `${gen(flag)} ${n} নম্বর এন্ট্রি ${form} হতে হবে; দেওয়া হয়েছে "${got}"`,
      downUnknown: (_p, [name]) => `down হিসেবে "${name}" দেওয়া হয়েছে, কিন্তু সেটি কোনো সার্ভার নয়`,
      ipv6Bracket: "IPv6 ঠিকানার শেষ ] নেই",
      portAfterBracket: "]-এর পরে :PORT চাই",
      portAfterColon: "':'-এর পরে port চাই",
      emptyHost: "host ফাঁকা রাখা যায় না",
      int64: (p, [got]) => `${p} একটি signed 64-bit পূর্ণসংখ্যা হতে হবে; দেওয়া হয়েছে "${got}"`,
      nodeControl: (_p, [got]) => `node-এর নামে নিয়ন্ত্রণ-অক্ষর থাকতে পারে না; দেওয়া হয়েছে "${got}"`,
      int64Hex: (p, [got]) => `${p} একটি 64-bit পূর্ণসংখ্যা হতে হবে (দশমিক বা 0x hex); দেওয়া হয়েছে "${got}"`,
      notUtf8: (p) => `${p} বৈধ UTF-8 নয়`,
      decimalInteger: (p, [got]) => `${p} একটি দশমিক পূর্ণসংখ্যা হতে হবে; দেওয়া হয়েছে "${got}"`,
      integerTooWide: (p, [bits]) => `${p} ${bits} bit-এর চেয়ে চওড়া একটি পূর্ণসংখ্যা`,
      labeled: (p, _v, what) => `${p}: ${what}`,
      unknownSystem: (_p, [name]) => `"${name}" নামে কোনো system নেই`,
      notUnicode: (p) => `${p} Unicode লেখা নয় (তাতে একটি একা surrogate আছে), তাই এর UTF-8 byte হয় না`,
      tupleOrList: (p, [got]) => `${p} একটি tuple বা proper list হতে হবে; দেওয়া হয়েছে ${got}`,
      unknownSystemOption: (_p, [option]) => `"${option}" নামে কোনো option নেই`,
      notEditable: "এই system-এর সার্ভারগুলো বদলানোর মতো কোনো তালিকা নয়",
      noTries: "শুধু nginx-এর একটি failover ক্রম (tries) আছে",
      notAServer: (_p, [name]) => `${name} সার্ভারগুলোর একটি নয়`,
      noDownMark: "এই system-এ down চিহ্ন নেই (শুধু nginx-এর সার্ভারে আছে)",
      oneNewHost: (_p, [got]) => `নতুন host একটিই entry হবে; দেওয়া হয়েছে ${got}`,
      tokenWeight: "একটি node-এর weight তার token-এর সংখ্যা: token সহ একটি node যোগ করুন, বা একটি সরান",
      redisFields: (_p, [got]) =>
        `অন্তত ৮টি field চাই (id, address, flags, master, ping sent, pong received, epoch, link state); পাওয়া গেল ${got}টি`,
      redisNodeId: (_p, [got]) => `node-এর id ৪০টি hex অঙ্ক হতে হবে; দেওয়া হয়েছে "${got}"`,
      redisAddress: (_p, [got]) => `IP:PORT@BUSPORT চাই; দেওয়া হয়েছে "${got}"`,
      redisFlag: (_p, [got]) => `অজানা flag "${got}"`,
      redisRole: (_p, [got]) => `flags-এ master অথবা slave থাকতে হবে; দেওয়া হয়েছে "${got}"`,
      redisMasterField: (_p, [got]) => `master field - অথবা একটি node-এর id হতে হবে; দেওয়া হয়েছে "${got}"`,
      redisDecimal: (_p, [got]) => `একটি দশমিক সংখ্যা চাই; দেওয়া হয়েছে "${got}"`,
      redisLink: (_p, [got]) => `link state connected অথবা disconnected হতে হবে; দেওয়া হয়েছে "${got}"`,
      redisSlot: (_p, [got]) => `slot হতে হবে N অথবা N-M, যেখানে 0 <= N <= M <= 16383; দেওয়া হয়েছে "${got}"`,
      redisOpenSlot: (_p, [slot]) =>
        `slot ${slot} খোলা (migrating বা importing): এটি ঠিক না হওয়া পর্যন্ত redis-cli কোনো পরিকল্পনা করবে না`,
      redisSlotTwice: (_p, [slot, line]) => `slot ${slot} লাইন ${line}-এর node-এরও আছে`,
      redisReplicaSlots: "replica-র কোনো slot থাকে না",
      redisMyselfTwice: (_p, [first]) => `myself flag সহ দ্বিতীয় একটি লাইন (প্রথমটি লাইন ${first})`,
      redisNoMyself: "কোনো লাইনে myself flag নেই: redis-cli যে node-এ চালানো হবে, তার CLUSTER NODES লেখাটি দিন",
      redisNodeDown: (_p, [id, flag]) =>
        `node ${id}-এ ${flag} চিহ্ন আছে: redis-cli একে বাদ দেয়, তাই আগে cluster ঠিক করুন`,
      redisUncovered: (_p, [count, first]) =>
        `${count}টি slot কোনো master-এর নেই (প্রথমটি ${first}): সব 16384টি slot না থাকলে redis-cli এগোয় না`,
      redisUnknownNode: (p, [name]) => `${p}-এ "${name}" দেওয়া হয়েছে, কিন্তু সেটি cluster-এর কোনো node নয়`,
      redisNotMaster: (p, [name]) => `${p}-এ "${name}" দেওয়া হয়েছে, কিন্তু সেটি replica, master নয়`,
      redisWeightForm: (p, [got]) => `${p} ID=WEIGHT হতে হবে; দেওয়া হয়েছে "${got}"`,
      redisNoWeightLeft: "weight অনুযায়ী slot রাখার মতো কোনো master থাকে না: সব master-এর weight 0",
      redisNoSource: (p) => `${p} থেকে কোনো উৎস node থাকে না: লক্ষ্য node-ই একমাত্র master`,
      kafkaPartitionChange: (p, [got]) => `${p} হতে হবে N:M, অর্থাৎ আগের ও পরের partition-সংখ্যা; দেওয়া হয়েছে "${got}"`,
      kafkaPartitionDecrease: (p, [from, to]) =>
        `${p} ${from} থেকে কমিয়ে ${to} করা যায় না: Kafka কোনো topic-এ শুধু partition যোগ করে`,
      planModulus: (_p, [modulus, max]) =>
        `hash-এর modulus ${modulus}, ${max}-এর বেশি: প্রতিটি residue একটি একটি করে গোনার পক্ষে অনেক বেশি`,
      planNoDown: (_p, [system]) =>
        `${system} কোনো server-কে down চিহ্নিত করে না: তার বদলে সেটি সরানোর (--remove) পরিকল্পনা করুন`,
      planNoChange: (_p, [name]) => `"${name}" আগে থেকেই down চিহ্নিত`,
      cassandraRingFields: (_p, [count]) => `TOKEN NODE DC RACK আশা করা হয়েছিল; পাওয়া গেছে ${count}টি field`,
      cassandraRingRack: "nodetool ring-এর সারিতে তার rack (দ্বিতীয় কলাম) থাকতে হবে",
      cassandraRingDc: "Datacenter: লাইনের আগেই nodetool ring-এর একটি সারি",
      cassandraNodePlace: (_p, [node, dc, rack, dc2, rack2, line]) =>
        `node "${node}" এখানে ${dc}/${rack}-এ, কিন্তু লাইন ${line}-এ ${dc2}/${rack2}-এ`,
      cassandraStrategy: (p, [got]) => `${p} simple:RF অথবা nts:DC=RF,DC=RF,... হতে হবে; দেওয়া হয়েছে "${got}"`,
      cassandraDcTwice: (p, [dc]) => `${p}-এ data centre "${dc}" দুবার দেওয়া হয়েছে`,
      impossibleReplicationFactor: (_p, [rf, dc, nodes]) =>
        `অসম্ভব replication factor: data centre "${dc}"-এ ${rf}টি replica, কিন্তু সেখানে node আছে ${nodes}টি`,
      impossibleReplicationFactorRing: (_p, [rf, nodes]) =>
        `অসম্ভব replication factor: ${nodes}টি node-এর ring-এ ${rf}টি replica`,
      impossibleAfterChange: (_p, [rf, dc, nodes]) =>
        `পরিবর্তনের পরে অসম্ভব replication factor: data centre "${dc}"-এ ${rf}টি replica, কিন্তু সেখানে node থাকবে ${nodes}টি`,
      impossibleAfterChangeRing: (_p, [rf, nodes]) =>
        `পরিবর্তনের পরে অসম্ভব replication factor: ${nodes}টি node-এর ring-এ ${rf}টি replica`,
      cassandraChoosePlace: (p, v) =>
        `${p} দিতে হবে: ring-এ বেছে নেওয়ার মতো ${v[v.length - 1]}টি আছে, ${v
          .slice(0, -1)
          .map((x) => `"${x}"`)
          .join(", ")}`,
      cassandraOneChange: (_p, [given]) =>
        `ring-এর পরিবর্তন হবে join, leave ও remove-এর যেকোনো একটি; দেওয়া হয়েছে ${given}টি`,
      cassandraNoTokens: (p) => `${p}-এ অন্তত একটি token থাকতে হবে`,
      cassandraSizesFields: (_p, [count]) => `START END BYTES আশা করা হয়েছিল; পাওয়া গেছে ${count}টি field`,
      cassandraSizesOverlap: (_p, [range, other, line]) =>
        `range ${range} আর লাইন ${line}-এর range ${other} একে অপরের ওপর পড়ে`,
      systemUsage: (_p, [usage]) => `এই system-এর জন্য যা দরকার তা দেওয়া হয়নি: ${usage}`,
      systemNeeds: (_p, [call, option, form]) => `${call}-এর জন্য ${option} ${form} দিতে হবে`,
      systemNeedsEither: (_p, [call, a, aForm, b, bForm]) => `${call}-এর জন্য ${a} ${aForm} অথবা ${b} ${bForm} দিতে হবে`,
      systemNotBoth: (_p, [call, a, b]) => `${call} ${a} অথবা ${b} নেয়, দুটো একসঙ্গে নয়`,
      systemModeFrom: (_p, [call, file, mode]) =>
        `${call}-এ ${file} থাকলে mode আসে hash directive থেকে; ${mode} দেওয়া চলে না`,
      type: (p, [expected, got]) => `${p} ভুল ধরনের: চাই ${expected}, দেওয়া হয়েছে ${got}`,
      mustBe: (p, [expected]) => `${p} ভুল ধরনের: চাই ${expected}`,
      unknownOption: (_p, [option, of, ...known]) =>
        `${gen(of)} "${option}" নামে কোনো option নেই (আছে: ${known.join(", ")})`,
      unknownRunOption: (_p, [option, of]) => `${gen(of)} "${option}" নামে কোনো option নেই`,
      disposed: (_p, [kind]) => `এই ${kind} আগেই ছেড়ে দেওয়া হয়েছে`,
      outLength: (p, [n, got]) => `${p}-এ প্রতিটি key-এর জন্য একটি মান চাই: দৈর্ঘ্য ${n}, দেওয়া হয়েছে ${got}`,
      changedWhileRead: (p) => `পড়ার সময়েই ${p} বদলে গেছে`,
      otherInstance: "ring-টি অন্য একটি ringlab-এর",
      oneChange: (_p, given) =>
        "পরিবর্তনে add, remove, down, up বা reweight-এর ঠিক একটি চাই" +
        (given.length ? `; দেওয়া হয়েছে ${given.join(" ও ")}` : ""),
      unknownChangeOption: (_p, [option, kind]) => `${kind} পরিবর্তনে "${option}" নামে কোনো option নেই`,
      needs: (p, [of]) => `${of}-এর জন্য ${p} চাই`,
      planChange: (p, [kind]) => `পরিকল্পনার ${p} হতে হবে add, remove, down বা reweight; দেওয়া হয়েছে ${kind}`,
      noSuchSystem: (_p, [name, ...known]) => `"${name}" নামে কোনো system নেই; এগুলোর একটি দিন: ${known.join(", ")}`,
      tokenOutside: (_p, [server, token, last]) => `${gen(server)} token ${token} ring-এর অবস্থান ০–${gen(last)} বাইরে`,
      keyOutside: (_p, [pos, last]) => `key-এর অবস্থান ${pos} ring-এর অবস্থান ০–${gen(last)} বাইরে`,
      spanRange: (_p, [got]) => `ring-এর অবস্থানের সংখ্যা ২ থেকে ২^৩২-এর মধ্যে একটি পূর্ণসংখ্যা হতে হবে; দেওয়া হয়েছে ${got}।`,
      noServerNamed: (_p, [name]) => `ring-এ ${name} নামে কোনো সার্ভার নেই`,
      noServerToScore: "অন্তত একটি সার্ভার চাই",
      unknownClaim: (_p, [id, ...ids]) => `"${id}" নামে কোনো দাবি নেই; এগুলোর একটি দিন: ${ids.join(", ")}`,
      loadOptionsObject: "load()-এর option-গুলো একটি object হতে হবে",
      unknownLoadOption: (p) => `load()-এর "${p}" নামে কোনো option নেই`,
      oneLoadOption: (_p, values) => {
        const split = values.indexOf("");
        return `${values.slice(0, split).join(", ")}-এর মধ্যে বড়জোর একটি দিন (দেওয়া হয়েছে ${values.slice(split + 1).join(", ")})`;
      },
      loadOptionType: (p) =>
        `${p} হতে হবে ${{ wasmUrl: "একটি string বা URL", wasmBinary: "একটি ArrayBuffer বা Uint8Array", wasmModule: "একটি WebAssembly.Module" }[p] ?? "অন্য ধরনের"}`,
      cannotLoad: (_p, [cause]) => `ringlab-এর .wasm লোড করা যায়নি: ${cause}`,
      notMainModule:
        "ringlab-এর .wasm লোড করা যায়নি: এটি এই package-এর মূল module-গুলোর একটি নয় (ringlab.wasm বা ringlab-simd.wasm)",
      noMemory: "module কোনো memory export করে না",
      workerFailed: (_p, [cause]) => `তুলনার একটি worker ব্যর্থ হয়েছে: ${cause}`,
      labWorkerFailed: (_p, [cause]) => `ল্যাবের worker ব্যর্থ হয়েছে: ${cause}`,
      internal: "ringlab-এর ভেতরে কিছু একটা ভুল হয়েছে।",
      out_of_memory: "module-এর memory ফুরিয়ে গেছে।",
    },
    codes: {
      invalid_argument: "এই মান গ্রহণযোগ্য নয়।",
      out_of_range: "এই মান সীমার বাইরে।",
      limit_exceeded: "এটি ringlab-এর সীমার চেয়ে বড়।",
      duplicate_server: "একটি সার্ভার দুবার আছে।",
      unknown_server: "এমন কোনো সার্ভার নেই।",
      token_out_of_range: "token-টি ring-এর বাইরে।",
      token_taken: "এই token আরেকটি virtual node-এর দখলে।",
      already_present: "এই virtual node আগে থেকেই ring-এ আছে।",
      not_found: "ring-এ এমন কোনো virtual node নেই।",
      empty: "ring খালি: key-এর যাওয়ার জায়গা নেই।",
      out_of_memory: "module-এর memory ফুরিয়ে গেছে।",
      invalid_type: "ভুল ধরনের মান।",
      disposed: "এটি আগেই ছেড়ে দেওয়া হয়েছে।",
      load_failed: "WebAssembly module লোড করা যায়নি।",
      internal: "ringlab-এর ভেতরে কিছু একটা ভুল হয়েছে।",
    },
  },
};

export default bn;
