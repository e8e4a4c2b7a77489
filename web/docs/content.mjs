// The docs page's content, in English and Bengali: every widget with its attributes (name,
// default as the attribute is written, meaning) and the attributes of its live example. The
// build writes each example twice from the same data — once as the live element, once as the
// snippet beside it — so the code shown is the code that runs. tests/e2e/docs.test.mjs checks
// the attribute lists and defaults against the elements themselves.

import { readFileSync } from "node:fs";
import { load } from "ringlab";

// The cache what-if's choices: the algorithms compare runs, from the core's registry (the built
// package's rl.algorithms()), then the ideal.
const compared = (await load())
  .algorithms()
  .filter((a) => a.compare)
  .map((a) => a.name)
  .join(", ");

// The Bengali words the widgets use (web/widgets/i18n/terms.bn.json): the section labels are the
// playground's own ("১ · সমস্যা — …"), not a "§1" the widgets never show.
const termsBn = JSON.parse(readFileSync(new URL("../widgets/i18n/terms.bn.json", import.meta.url), "utf8"));
const section = (n) => ({ en: `§${n}`, bn: termsBn.sections[n - 1] });

/** Attributes every stepper has. */
const step = [
  "step",
  "0",
  {
    en: "the step shown, from 0 (clamped to the last step)",
    bn: "কোন ধাপ দেখানো হবে, ০ থেকে (শেষ ধাপের বেশি হলে শেষ ধাপ)",
  },
];

export const widgets = [
  {
    tag: "ringlab-modn-stepper",
    section: section(1),
    title: { en: "hash mod N", bn: "hash mod N" },
    about: {
      en: "The tutorial's six keys, placed by hash mod N before and after a resize: going from 4 to 5 servers moves five of the six keys, and none of them to the new server.",
      bn: "টিউটোরিয়ালের ছয়টি key, সার্ভারের সংখ্যা বদলের আগে আর পরে hash mod N দিয়ে বসানো: ৪ থেকে ৫টি সার্ভারে ছয়টির পাঁচটি key সরে, আর একটিও নতুন সার্ভারে যায় না।",
    },
    attrs: [
      step,
      ["hashes", "5,20,38,50,77,95", { en: "the keys' hashes, comma-separated", bn: "key-গুলোর hash, কমা দিয়ে আলাদা" }],
      ["servers", "A,B,C,D,E", { en: "server names, by index", bn: "সার্ভারের নাম, নম্বর অনুযায়ী" }],
      ["from", "4", { en: "servers before", bn: "আগে সার্ভারের সংখ্যা" }],
      ["to", "5", { en: "servers after", bn: "পরে সার্ভারের সংখ্যা" }],
      [
        "before",
        "",
        {
          en: "the server list before the last change, when it differs from servers (a removal renumbers the rest)",
          bn: "শেষ বদলের আগের সার্ভার-তালিকা, servers থেকে আলাদা হলে (বাদ দিলে পরেরগুলোর নম্বর বদলায়)",
        },
      ],
      [
        "key",
        "",
        {
          en: "your own key: its h32 and its server mod N before and after",
          bn: "আপনার নিজের key: তার h32 আর আগে-পরে mod N-এ তার সার্ভার",
        },
      ],
    ],
    example: { from: "4", to: "5" },
  },
  {
    tag: "ringlab-ring-stepper",
    section: section(2),
    title: { en: "The hash ring", bn: "Hash ring" },
    about: {
      en: "Servers and keys on a small ring: each key walks clockwise to the first server at or after it. Key 50 lands on C itself; key 95 wraps past the top to A.",
      bn: "ছোট একটি ring-এ সার্ভার আর key: প্রতিটি key ঘড়ির কাঁটার দিকে হেঁটে নিজের অবস্থানে বা তার পরের প্রথম সার্ভারে যায়। Key ৫০ পড়ে ঠিক C-এর ওপর; key ৯৫ শেষ মান পেরিয়ে ঘুরে A-তে যায়।",
    },
    attrs: [
      step,
      ["span", "100", { en: "positions 0 … span − 1", bn: "অবস্থান ০ … span − ১" }],
      [
        "servers",
        "A:10,B:30,C:50,D:80",
        { en: "each server and its position(s): A:10 or A:10/60", bn: "প্রতিটি সার্ভার আর তার অবস্থান: A:10 বা A:10/60" },
      ],
      ["hashes", "5,20,38,50,77,95", { en: "the keys' positions", bn: "key-গুলোর অবস্থান" }],
      [
        "key",
        "",
        {
          en: "your own key: it joins the keys at h32(key) mod span",
          bn: "আপনার নিজের key: h32(key) mod span অবস্থানে অন্য key-দের সঙ্গে যোগ হয়",
        },
      ],
      [
        "before",
        "",
        {
          en: "the servers before the last change, as in servers (empty: no change shown); the keys that moved are marked",
          bn: "শেষ বদলের আগের সার্ভার, servers-এর মতো করে লেখা (ফাঁকা: কোনো বদল দেখানো হয় না); যে key-গুলো সরেছে সেগুলো চিহ্নিত",
        },
      ],
    ],
    example: { servers: "A:10,B:30,C:50,D:80", hashes: "5,20,38,50,77,95" },
  },
  {
    tag: "ringlab-membership-stepper",
    section: section(3),
    title: { en: "Adding and removing servers", bn: "সার্ভার যোগ আর বাদ" },
    about: {
      en: "A server joins and takes over one arc; a server leaves and its arc passes to its clockwise neighbour. Only the keys in that arc move: 38 from C to E, then 20 from B to E.",
      bn: "নতুন সার্ভার এসে একটি বৃত্তাংশ নেয়; কোনো সার্ভার চলে গেলে তার বৃত্তাংশ যায় ঘড়ির কাঁটার দিকের প্রতিবেশীর কাছে। শুধু সেই বৃত্তাংশের key সরে: প্রথমে ৩৮ (C থেকে E), তারপর ২০ (B থেকে E)।",
    },
    attrs: [
      step,
      ["span", "100", { en: "positions 0 … span − 1", bn: "অবস্থান ০ … span − ১" }],
      ["servers", "A:10,B:30,C:50,D:80", { en: "the servers at the start", bn: "শুরুর সার্ভারগুলো" }],
      ["hashes", "5,20,38,50,77,95", { en: "the keys' positions", bn: "key-গুলোর অবস্থান" }],
      [
        "key",
        "",
        {
          en: "your own key: it joins the keys at h32(key) mod span",
          bn: "আপনার নিজের key: h32(key) mod span অবস্থানে অন্য key-দের সঙ্গে যোগ হয়",
        },
      ],
      [
        "changes",
        "+E:40,-B",
        {
          en: "the changes in order: +NAME:POSITION adds, -NAME removes",
          bn: "পরপর পরিবর্তন: +NAME:POSITION যোগ করে, -NAME বাদ দেয়",
        },
      ],
    ],
    example: { changes: "+E:40,-B" },
  },
  {
    tag: "ringlab-vnodes-stepper",
    section: section(4),
    title: { en: "Virtual nodes", bn: "Virtual node" },
    about: {
      en: "The spread of load (sd/mean) for V points per server, measured on the course's keys against the theory √((N−1)/(N·V+1)); the last step gives one server weight 2.",
      bn: "প্রতি সার্ভারে V-টি বিন্দু হলে ভাগের ছড়ানো (sd/গড়) — কোর্সের key-তে মাপা, তত্ত্ব √((N−1)/(N·V+1))-এর পাশে; শেষ ধাপে একটি সার্ভারের weight ২।",
    },
    attrs: [
      step,
      ["servers", "10", { en: "number of servers", bn: "সার্ভারের সংখ্যা" }],
      [
        "names",
        "",
        {
          en: "server names, comma-separated (empty: S0 … S(N−1))",
          bn: "সার্ভারের নাম, কমা দিয়ে আলাদা (খালি: S0 … S(N−1))",
        },
      ],
      ["keys", "100000", { en: "number of keys", bn: "key-এর সংখ্যা" }],
      ["seed", "16", { en: "seed of the keys", bn: "key-এর seed" }],
      ["vnodes", "1,2,5,10,20,50,100,200,500,1000", { en: "the V of each step", bn: "প্রতিটি ধাপের V" }],
      ["weight", "2", { en: "weight of S0 in the last step", bn: "শেষ ধাপে S0-এর weight" }],
      ["weight-vnodes", "100", { en: "V of the weighted ring", bn: "weight-যুক্ত ring-এর V" }],
      [
        "key",
        "",
        {
          en: "your own key: its h32, the point it walks to on the step's ring, and that point's server",
          bn: "আপনার নিজের key: তার h32, ধাপের ring-এ সে যে বিন্দুতে পৌঁছায়, আর সেই বিন্দুর সার্ভার",
        },
      ],
      [
        "before",
        "",
        {
          en: "the servers before the last change (the keys that moved are counted against them); new keys, seed or V start afresh",
          bn: "শেষ বদলের আগের সার্ভারগুলো (কোন key সরল তা এদের সাথে তুলনা করে গোনা হয়); নতুন key, seed বা V দিলে আবার শুরু থেকে",
        },
      ],
      [
        "before-weight",
        "",
        {
          en: "the weight before the last change, if that change was the weight",
          bn: "শেষ বদল weight-এর হলে, তার আগের weight",
        },
      ],
    ],
    example: { keys: "20000", vnodes: "1,10,100,1000" },
  },
  {
    tag: "ringlab-search-stepper",
    section: section(5),
    title: { en: "Lookup by binary search, and the preference list", bn: "Binary search-এ lookup, আর preference list" },
    about: {
      en: "The ring in code is a sorted array of tokens. 700 is found in three probes (lo, hi, mid) at C's 845; 950 runs past the end and wraps to A; then the preference list for RF = 3 walks on to C, A, B, one copy per zone first.",
      bn: "কোডে ring একটি সাজানো token-array। ৭০০ তিনবার তুলনায় (lo, hi, mid) পাওয়া যায় C-এর ৮৪৫-এ; ৯৫০ শেষ পেরিয়ে ঘুরে A-তে যায়; তারপর RF = ৩-এর preference list এগিয়ে পায় C, A, B — আগে প্রতি zone-এ একটি কপি।",
    },
    attrs: [
      step,
      ["span", "1000", { en: "positions 0 … span − 1", bn: "অবস্থান ০ … span − ১" }],
      [
        "servers",
        "A:105/930,B:290/610,C:450/845",
        { en: "each server and its tokens", bn: "প্রতিটি সার্ভার আর তার token" },
      ],
      ["hashes", "700,950,450", { en: "the hashes looked up, in order", bn: "যে hash-গুলো খোঁজা হয়, পরপর" }],
      ["pref", "700", { en: "the hash whose preference list is walked", bn: "যে hash-এর preference list তৈরি হয়" }],
      ["rf", "3", { en: "replication factor", bn: "replication factor" }],
      [
        "key",
        "",
        {
          en: "your own key: looked up at h32(key) mod span",
          bn: "আপনার নিজের key: h32(key) mod span অবস্থানে খোঁজা হয়",
        },
      ],
      [
        "zones",
        "A:az-1,B:az-1,C:az-2",
        { en: "server:zone pairs (empty: zones are ignored)", bn: "সার্ভার:zone জোড়া (খালি থাকলে zone দেখা হয় না)" },
      ],
      [
        "before",
        "",
        {
          en: "the servers before the last change, as in servers (empty: no change shown); the keys that moved are marked",
          bn: "শেষ বদলের আগের সার্ভার, servers-এর মতো করে লেখা (ফাঁকা: কোনো বদল দেখানো হয় না); যে key-গুলো সরেছে সেগুলো চিহ্নিত",
        },
      ],
    ],
    example: { hashes: "700,950,450", pref: "700", rf: "3" },
  },
  {
    tag: "ringlab-rendezvous-stepper",
    section: section(6),
    title: { en: "Rendezvous (HRW) hashing", bn: "Rendezvous (HRW) hashing" },
    about: {
      en: 'Every server scores the key with h32(key + "|" + server) and the highest score wins: user:42 goes to S2 (0.892589 of 2³²). Servers can be added and removed in the widget.',
      bn: 'প্রতিটি সার্ভার key-টিকে score দেয় h32(key + "|" + server) দিয়ে, সর্বোচ্চ score জেতে: user:42 যায় S2-তে (2³²-এর ০.৮৯২৫৮৯)। Widget-এর ভেতরেই সার্ভার যোগ-বাদ করা যায়।',
    },
    attrs: [
      step,
      ["key", "user:42", { en: "the key", bn: "key" }],
      ["servers", "S0,S1,S2,S3", { en: "server names", bn: "সার্ভারের নাম" }],
      [
        "keys",
        "user:1,user:7,user:42,user:100,user:1000,user:2024,user:31337,user:65537",
        { en: "the keys whose moves are counted", bn: "যে key-গুলোর সরে যাওয়া গোনা হয়" },
      ],
      [
        "was",
        "",
        {
          en: "the server list before the last change (what moved is counted against it)",
          bn: "শেষ বদলের আগের সার্ভার-তালিকা (কী সরল তা এর সঙ্গে মিলিয়ে গোনা হয়)",
        },
      ],
    ],
    example: { key: "user:42", servers: "S0,S1,S2,S3" },
  },
  {
    tag: "ringlab-jump-stepper",
    section: section(7),
    title: { en: "Jump consistent hash", bn: "Jump consistent hash" },
    about: {
      en: "A key jumps forward through the buckets and stops at the last bucket before it would pass n; as the buckets grow, it moves only into the newest one.",
      bn: "Key bucket ধরে সামনে লাফায়, আর n পেরোনোর আগের শেষ bucket-এ থামে; bucket বাড়লে key সরে শুধু সবচেয়ে নতুন bucket-এ।",
    },
    attrs: [
      step,
      ["key", "user:42", { en: "the key (hashed with h32)", bn: "key (h32 দিয়ে hash করা)" }],
      ["buckets", "10", { en: "number of buckets", bn: "bucket-এর সংখ্যা" }],
      [
        "to",
        "",
        { en: "buckets after the change (empty: buckets + 1)", bn: "বদলের পরে bucket-এর সংখ্যা (খালি: buckets + ১)" },
      ],
      [
        "keys",
        "user:1,user:7,user:42,user:100,user:1000,user:2024,user:31337,user:65537",
        { en: "the keys whose moves are counted", bn: "যে key-গুলোর সরে যাওয়া গোনা হয়" },
      ],
    ],
    example: { key: "user:42", buckets: "10" },
  },
  {
    tag: "ringlab-bucket-stepper",
    section: section(7),
    title: { en: "Bucket hashers, step by step", bn: "Bucket-এ hashing, ধাপে ধাপে" },
    about: {
      en: "One key's lookup by any bucket hasher of ringlab/buckets (JumpBackHash, AnchorHash, MementoHash, FlipHash, BinomialHash, DxHash and the others its registry has), step by step as the module traces it: JumpBackHash's walk back through the power-of-two ranges, the replacement chains after the reader's own removals. It loads the buckets module (ringlab-buckets.js and its .wasm) when first shown.",
      bn: "ringlab/buckets-এর যেকোনো bucket hashing algorithm (JumpBackHash, AnchorHash, MementoHash, FlipHash, BinomialHash, DxHash আর তার registry-তে থাকা বাকিরা) দিয়ে একটি key-এর lookup, module যেমন চালায় তেমন ধাপে ধাপে: JumpBackHash-এর দুইয়ের ঘাতের পরিসর ধরে উল্টো হাঁটা, পাঠকের নিজের সরানো bucket-এর পরে বদলির শিকল। প্রথম দেখানোর সময় buckets module (ringlab-buckets.js আর তার .wasm) লোড করে।",
    },
    attrs: [
      step,
      ["algorithm", "jumpback", { en: "the algorithm, by its registry name", bn: "algorithm, registry-র নামে" }],
      [
        "key",
        "user:42",
        {
          en: "the key (its text, or its h32 for an integer input)",
          bn: "key (তার লেখা, বা ইনপুট integer হলে তার h32)",
        },
      ],
      ["buckets", "10", { en: "number of buckets (or nodes) at the start", bn: "শুরুতে bucket (বা node)-এর সংখ্যা" }],
      [
        "removed",
        "",
        { en: "the buckets removed, in order (comma-separated)", bn: "সরানো bucket, ক্রমানুসারে (কমা দিয়ে আলাদা)" },
      ],
    ],
    example: { algorithm: "anchor", removed: "2,7" },
  },
  {
    tag: "ringlab-maglev-stepper",
    section: section(7),
    title: { en: "Maglev's lookup table", bn: "Maglev-এর lookup table" },
    about: {
      en: "Backends take turns claiming their next preferred empty slot of a prime-sized table; a lookup is then hash mod M and one array read.",
      bn: "Backend-রা পালা করে prime মাপের table-এ নিজের পরের পছন্দের খালি ঘর নেয়; তারপর lookup মানে hash mod M আর একবার array পড়া।",
    },
    attrs: [
      step,
      ["backends", "B0,B1,B2", { en: "backend names", bn: "backend-এর নাম" }],
      ["table-size", "13", { en: "table size M, a prime", bn: "table-এর মাপ M, একটি prime" }],
      ["key", "user:42", { en: "the key looked up at the end", bn: "শেষে যে key খোঁজা হয়" }],
      [
        "before",
        "",
        {
          en: "the backend list before the last add or remove (its moved slots are marked)",
          bn: "শেষবার যোগ বা বাদ দেওয়ার আগের backend-তালিকা (যে ঘরগুলো বদলেছে সেগুলো চিহ্নিত হয়)",
        },
      ],
    ],
    example: { backends: "B0,B1,B2", "table-size": "13" },
  },
  {
    tag: "ringlab-bounded-stepper",
    section: section(7),
    title: { en: "Bounded loads", bn: "Bounded load" },
    about: {
      en: "Each server takes at most ⌈(1 + ε)·m/n⌉ keys; a key whose server is full walks on clockwise to the next server with room. The slider changes ε.",
      bn: "প্রতিটি সার্ভার সর্বোচ্চ ⌈(1 + ε)·m/n⌉টি key নেয়; key-এর সার্ভার ভরা থাকলে সে ঘড়ির কাঁটার দিকে এগিয়ে জায়গা আছে এমন পরের সার্ভারে যায়। Slider দিয়ে ε বদলানো যায়।",
    },
    attrs: [
      step,
      [
        "servers",
        "S0,S1,S2,S3",
        { en: "server names, or a count (4 means S0 … S3)", bn: "সার্ভারের নাম, বা একটি সংখ্যা (৪ মানে S0 … S3)" },
      ],
      ["vnodes", "3", { en: "virtual nodes per server", bn: "প্রতি সার্ভারে virtual node" }],
      ["keys", "16", { en: "number of keys", bn: "key-এর সংখ্যা" }],
      ["seed", "16", { en: "seed of the keys", bn: "key-এর seed" }],
      ["epsilon", "0.25", { en: "ε: the capacity is ⌈(1 + ε)·m/n⌉", bn: "ε: ধারণক্ষমতা ⌈(1 + ε)·m/n⌉" }],
      [
        "key",
        "",
        { en: "your own key: placed last, its walk shown", bn: "আপনার নিজের key: সবশেষে বসে, তার হাঁটা দেখানো হয়" },
      ],
      [
        "before",
        "",
        {
          en: "the server list before the last add or remove (its moved keys are marked)",
          bn: "শেষবার যোগ বা বাদ দেওয়ার আগের সার্ভার-তালিকা (যে key-গুলো সরেছে সেগুলো চিহ্নিত হয়)",
        },
      ],
    ],
    example: { servers: "4", keys: "16", epsilon: "0.25" },
  },
  {
    tag: "ringlab-hotkey-stepper",
    section: section(8),
    title: { en: "A hot key", bn: "Hot key" },
    about: {
      en: "Balanced keys are not balanced traffic: under Zipf requests the hottest key's server drowns, more virtual nodes do not help, and copies of the hot key do.",
      bn: "Key সমান ভাগ হলেই traffic সমান হয় না: Zipf অনুরোধে সবচেয়ে জনপ্রিয় key-এর সার্ভার ডোবে, বেশি virtual node-এ লাভ নেই, hot key-এর কপিতে লাভ আছে।",
    },
    attrs: [
      step,
      [
        "servers",
        "S0,S1,S2,S3,S4,S5,S6,S7,S8,S9",
        { en: "server names, or a count (10 means S0 … S9)", bn: "সার্ভারের নাম, বা একটি সংখ্যা (১০ মানে S0 … S9)" },
      ],
      ["keys", "1000", { en: "number of keys", bn: "key-এর সংখ্যা" }],
      ["requests", "100000", { en: "number of requests", bn: "অনুরোধের সংখ্যা" }],
      ["s", "1", { en: "Zipf exponent", bn: "Zipf-এর ঘাত" }],
      ["seed", "16", { en: "seed", bn: "seed" }],
      ["vnodes", "100", { en: "virtual nodes per server", bn: "প্রতি সার্ভারে virtual node" }],
      ["more-vnodes", "1000", { en: "V in the “more virtual nodes” step", bn: "“আরও virtual node” ধাপের V" }],
      ["copies", "4", { en: "copies of the hot key in the last step", bn: "শেষ ধাপে hot key-এর কপি" }],
      [
        "key",
        "",
        { en: "a key of your own (empty: the hottest key)", bn: "আপনার নিজের একটি key (খালি: সবচেয়ে hot key)" },
      ],
      [
        "before",
        "",
        {
          en: "the server list before the last add or remove (the keys that moved are counted)",
          bn: "শেষবার যোগ বা বাদ দেওয়ার আগের সার্ভার-তালিকা (যে key-গুলো সরেছে সেগুলো গোনা হয়)",
        },
      ],
    ],
    example: { requests: "100000", copies: "4" },
  },
  {
    tag: "ringlab-clients-stepper",
    section: section(8),
    title: { en: "Two clients, two server lists", bn: "দুই client, দুই সার্ভার-তালিকা" },
    about: {
      en: "Two clients that disagree on the servers send one key to two places; over the course's keys, the widget counts how many they disagree on.",
      bn: "সার্ভার-তালিকা নিয়ে একমত নয় এমন দুই client একই key পাঠায় দুই জায়গায়; কোর্সের key-গুলোর কতগুলোতে তারা একমত নয়, widget তা গোনে।",
    },
    attrs: [
      step,
      ["servers-a", "A,B,C", { en: "what client 1 knows", bn: "client ১ যা জানে" }],
      ["servers-b", "A,B,C,D", { en: "what client 2 knows", bn: "client ২ যা জানে" }],
      [
        "key",
        "",
        { en: "the key (empty: the first key they disagree on)", bn: "key (খালি থাকলে: প্রথম যে key-তে তারা একমত নয়)" },
      ],
      ["vnodes", "100", { en: "virtual nodes per server", bn: "প্রতি সার্ভারে virtual node" }],
      ["seed", "16", { en: "seed of the keys", bn: "key-এর seed" }],
    ],
    example: { "servers-a": "A,B,C", "servers-b": "A,B,C,D" },
  },
  {
    tag: "ringlab-experiment",
    section: { en: "programs", bn: "প্রকাশিত প্রোগ্রাম" },
    title: { en: "The published programs", bn: "প্রকাশিত প্রোগ্রাম" },
    about: {
      en: "ring-vs-mod, vnode-sweep or hrw-jump with editable flags. The output block is byte-identical to the published program with the same flags; charts plot the same run. A million keys or more run in background workers, one per core, with progress and Cancel.",
      bn: "ring-vs-mod, vnode-sweep বা hrw-jump, flag বদলানো যায়। আউটপুট একই flag-এ প্রকাশিত প্রোগ্রামের সঙ্গে byte-হুবহু এক; chart আঁকে সেই একই run। দশ লাখ বা তার বেশি key চলে পেছনের worker-গুলোতে, প্রতিটি core-এ একটি, অগ্রগতি আর বাতিলের বোতামসহ।",
    },
    attrs: [
      [
        "name",
        "vnode-sweep",
        { en: "ring-vs-mod, vnode-sweep or hrw-jump", bn: "ring-vs-mod, vnode-sweep বা hrw-jump" },
      ],
      [
        "seed",
        "",
        {
          en: "--seed (absent: the program's own default, as its field shows)",
          bn: "--seed (না থাকলে প্রোগ্রামের নিজের মান, ঘরে যেমন দেখায়)",
        },
      ],
      ["keys", "", { en: "--keys", bn: "--keys" }],
      ["servers", "", { en: "--servers", bn: "--servers" }],
      [
        "vnodes",
        "",
        { en: "--vnodes (vnode-sweep: a list such as 1,10,100)", bn: "--vnodes (vnode-sweep-এ তালিকা, যেমন 1,10,100)" },
      ],
      ["remove", "", { en: "--remove (hrw-jump)", bn: "--remove (hrw-jump)" }],
      ["buckets", "", { en: "--buckets (hrw-jump)", bn: "--buckets (hrw-jump)" }],
    ],
    example: { name: "vnode-sweep", keys: "20000" },
  },
  {
    tag: "ringlab-cache-whatif",
    section: { en: "tools", bn: "কী হলে কী হয়, আর তুলনা" },
    title: { en: "Cache stampede calculator", bn: "Cache stampede হিসাবযন্ত্র" },
    about: {
      en: "Hit ratio before, servers before and after, and the algorithm: how many hits survive a resize and how many times more load the database takes.",
      bn: "আগের hit ratio, আগে-পরে সার্ভারের সংখ্যা আর algorithm: সার্ভার বদলের পর কতটা hit টিকে থাকে, আর database-এর চাপ কত গুণ বাড়ে।",
    },
    attrs: [
      ["hit", "0.95", { en: "hit ratio before the change", bn: "পরিবর্তনের আগে hit ratio" }],
      ["from", "4", { en: "servers before", bn: "আগে সার্ভারের সংখ্যা" }],
      ["to", "5", { en: "servers after", bn: "পরে সার্ভারের সংখ্যা" }],
      [
        "algorithm",
        "mod-n",
        {
          en: `${compared} or ideal`,
          bn: `${compared} বা ideal`,
        },
      ],
      [
        "keys",
        "",
        { en: "keys measured (absent: the comparison's default)", bn: "যত key-তে মাপা হয় (না থাকলে তুলনার নিজের মান)" },
      ],
      [
        "vnodes",
        "",
        {
          en: "virtual nodes per server, ring and bounded (absent: the comparison's default)",
          bn: "প্রতি সার্ভারে virtual node, ring আর bounded (না থাকলে তুলনার নিজের মান)",
        },
      ],
    ],
    example: { hit: "0.95", from: "4", to: "5", algorithm: "ring" },
  },
  {
    tag: "ringlab-vnode-calculator",
    section: { en: "tools", bn: "কী হলে কী হয়, আর তুলনা" },
    title: { en: "Choosing V", bn: "V কত হবে" },
    about: {
      en: "From a target spread c (sd/mean of a server's share) to the virtual nodes per server: the chapter's V ≈ 1/c² beside the exact V of the sd/mean formula, and what the V in use costs — N·V ring points, memory at the chapter's 16 bytes a point beside ringlab's own ring, ⌈log₂(N·V)⌉ comparisons beside what the published binary search makes on the course's keys, and ten times the virtual nodes.",
      bn: "লক্ষ্য ছড়ানো c (একেকটি সার্ভারের ভাগের sd/গড়) থেকে প্রতি সার্ভারে virtual node: অধ্যায়ের V ≈ 1/c² আর sd/গড় সূত্রের হুবহু V পাশাপাশি, আর যে V ব্যবহার হচ্ছে তার খরচ — ring-এ N·V-টি বিন্দু, অধ্যায়ের প্রতি বিন্দু ১৬ byte-এর হিসাবের পাশে ringlab-এর নিজের ring-এর memory, ⌈log₂(N·V)⌉ তুলনার পাশে কোর্সের key-এ প্রকাশিত binary search আসলে যত তুলনা করে, আর দশ গুণ virtual node-এ কী হয়।",
    },
    attrs: [
      ["servers", "10", { en: "servers N", bn: "সার্ভারের সংখ্যা N" }],
      [
        "target",
        "0.05",
        {
          en: "target sd/mean c: a fraction (0.05) or a percentage (5, 5 %, 5%), Bengali digits too",
          bn: "লক্ষ্য sd/গড় c: ভগ্নাংশ (0.05) বা শতাংশ (5, 5 %, 5%), বাংলা অঙ্কেও (৫%)",
        },
      ],
      [
        "vnodes",
        "",
        {
          en: "virtual nodes per server to check (absent: the exact V for the target)",
          bn: "যাচাইয়ের জন্য প্রতি সার্ভারে virtual node (না থাকলে লক্ষ্যের হুবহু V)",
        },
      ],
    ],
    example: { servers: "100", vnodes: "256" },
  },
  {
    tag: "ringlab-compare",
    section: { en: "tools", bn: "কী হলে কী হয়, আর তুলনা" },
    title: { en: "Compare every algorithm", bn: "সব algorithm-এর তুলনা" },
    about: {
      en: "Ring, rendezvous, jump, Maglev, bounded loads and mod-N on one scenario, before and after a change: what moves and how even the load stays. Where an algorithm cannot express the change, its row says so.",
      bn: "Ring, rendezvous, jump, Maglev, bounded load আর mod-N — একই পরিস্থিতিতে, পরিবর্তনের আগে আর পরে: কী সরে, আর ভাগ কতটা সমান থাকে। কোনো algorithm পরিবর্তনটি প্রকাশ করতে না পারলে তার সারিতে তা লেখা থাকে।",
    },
    attrs: [
      [
        "servers",
        "",
        {
          en: "a count (S0 … S{n-1}) or names with optional weights: A,B,C:2 (absent, like every attribute here: the library's default, as its field shows)",
          bn: "সংখ্যা (S0 … S{n-1}) বা নাম, ইচ্ছা হলে weight-সহ: A,B,C:2 (না থাকলে, এখানকার সব attribute-এর মতো: library-র নিজের মান, ঘরে যেমন দেখায়)",
        },
      ],
      ["vnodes", "", { en: "virtual nodes per server", bn: "প্রতি সার্ভারে virtual node" }],
      ["keys", "", { en: "number of keys", bn: "key-এর সংখ্যা" }],
      ["seed", "", { en: "seed of the keys", bn: "key-এর seed" }],
      [
        "change",
        "",
        {
          en: "add, add:NAME, remove:NAME, fail:NAME or weight:NAME=W",
          bn: "add, add:NAME, remove:NAME, fail:NAME বা weight:NAME=W",
        },
      ],
      ["epsilon", "", { en: "ε of bounded loads", bn: "bounded load-এর ε" }],
      ["table-size", "", { en: "Maglev table size (a prime)", bn: "Maglev table-এর মাপ (prime)" }],
      [
        "newer",
        "",
        {
          en: "all, or a comma-separated list as ringlab compare --newer takes it: the newer bucket hashers' rows too, under the chapter's, from the lab's module (ringlab-lab.js and its .wasm), which the element then loads; its checkbox sets all",
          bn: "all, বা ringlab compare --newer যেমন নেয় তেমন কমা দিয়ে আলাদা করা তালিকা: নতুন bucket algorithm-গুলোর সারিও, অধ্যায়ের সারিগুলোর নিচে, ল্যাবের module (ringlab-lab.js আর তার .wasm) থেকে, যা element তখন লোড করে; এর checkbox বসায় all",
        },
      ],
    ],
    example: { servers: "10", keys: "20000", change: "remove:S3" },
  },
  {
    tag: "ringlab-lab",
    section: { en: "tools", bn: "কী হলে কী হয়, আর তুলনা" },
    title: { en: "The lab: every algorithm measured", bn: "ল্যাব: প্রতিটি algorithm মাপা" },
    about: {
      en: "ringlab lab in the page: every bucket hasher and every placement on named servers, on the same seeded keys, in a table — balance over the n buckets, the trace steps of a lookup, what moves when the last 10% are removed and added again — with a chosen metric plotted against the share of buckets removed (random, FIFO or LIFO) and, after Sweep n, against n = 10 … 100,000. It runs in a worker of its own (ringlab-lab-worker.js) with progress by algorithm and a cancel that stops the worker; the run downloads as CSV (the bytes of ringlab lab --csv) or JSON. It loads the lab's module (ringlab-lab.js and its .wasm) on first use.",
      bn: "পাতার ভেতরে ringlab lab: key-কে bucket-এ বসানোর প্রতিটি algorithm আর নাম-দেওয়া সার্ভারে প্রতিটি বিন্যাস, একই seed-এর একই key-গুলোতে, একটি সারণিতে — n-টি bucket-এ ভাগ কতটা সমান, একটি lookup-এর trace-এর ধাপ, শেষ ১০% সরিয়ে আবার যোগ করলে কী সরে — আর বেছে নেওয়া একটি মাপ, সরানো bucket-এর ভাগ অনুযায়ী (এলোমেলো, FIFO বা LIFO) আর ‘n বদলে চালান’-এর পরে n = ১০ … ১,০০,০০০ অনুযায়ী। এটি চলে পেছনের নিজস্ব একটি থ্রেডে (ringlab-lab-worker.js), প্রতিটি algorithm শেষ হলে অগ্রগতি দেখিয়ে, আর থামালে সেই থ্রেড বন্ধ হয়; ফল CSV (ringlab lab --csv-এর হুবহু byte) বা JSON ফাইলে নামানো যায়। প্রথম ব্যবহারে এটি ল্যাবের module (ringlab-lab.js আর তার .wasm) লোড করে।",
    },
    attrs: [
      [
        "buckets",
        "",
        {
          en: "buckets n (absent, like every number here: the core's default)",
          bn: "bucket-এর সংখ্যা n (না থাকলে, এখানকার সব সংখ্যার মতো: core-এর নিজের মান)",
        },
      ],
      ["keys", "", { en: "keys per bucket", bn: "প্রতি bucket-এ key" }],
      ["seed", "", { en: "seed of the keys", bn: "key-এর seed" }],
      [
        "metric",
        "maxPct",
        { en: "maxPct, minPct or var: the metric plotted", bn: "maxPct, minPct বা var: যে মাপ আঁকা হয়" },
      ],
      [
        "order",
        "random",
        { en: "random, fifo or lifo: the removal history plotted", bn: "random, fifo বা lifo: সরানোর যে ক্রম আঁকা হয়" },
      ],
    ],
    example: { buckets: "100", keys: "10" },
  },
  {
    tag: "ringlab-cluster",
    section: { en: "real systems", bn: "বাস্তব সিস্টেম" },
    title: { en: "Your cluster", bn: "আপনার cluster" },
    about: {
      en: "A real system configured as yours — nginx, libmemcached, libketama, Redis Cluster, Kafka, Cassandra, Guava, Erlang, Envoy ring_hash or Maglev — with each key's server (the real software's answer, bit for bit), the load per server as a bar chart, what adding, removing or marking down a server moves (how many keys, from where to where, which ones), and which npm packages agree with that system (the compatibility matrix). Errors appear beside the input that caused them. Keys can be pasted or loaded from a file (bytes as they are, one key a line as ringlab place --keys reads them); a list of more than 2,000 keys is placed in a worker of its own (ringlab-cluster-worker.js), its progress shown, and its field shows its first 2,000 lines. Each key's answer and the keys a change moves download as CSV or JSON or copy as a table to paste; the page shows the ringlab place command that gives the same answers; “Make it the cluster” can be undone; and a link keeps even a long key list, compressed (beyond about 100 KB the page says the keys are left out and offers their file). It loads the systems module (ringlab-systems.js and its .wasm) and the matrix (ringlab-compat.js) on first use.",
      bn: "আপনার মতো করে সাজানো একটি আসল সিস্টেম — nginx, libmemcached, libketama, Redis Cluster, Kafka, Cassandra, Guava, Erlang, Envoy ring_hash বা Maglev — প্রতিটি key-এর সার্ভার (আসল software-এর উত্তর, হুবহু), bar chart-এ প্রতি সার্ভারে চাপ, সার্ভার যোগ, বাদ বা বন্ধ করলে কী সরে (কতগুলো key, কোথা থেকে কোথায়, কোনগুলো), আর কোন npm package সেই সিস্টেমের সঙ্গে মেলে। ত্রুটি দেখায় যে ইনপুটে ভুল, তার পাশেই। key বসানো যায় লিখে বা ফাইল থেকে (byte যেমন আছে, প্রতি লাইনে একটি key, ringlab place --keys যেভাবে পড়ে); ২,০০০-এর বেশি key-এর তালিকা বসানো হয় নিজস্ব একটি worker-এ (ringlab-cluster-worker.js), অগ্রগতি দেখিয়ে, আর ঘরে দেখায় তার প্রথম ২,০০০ লাইন। প্রতিটি key-এর উত্তর আর বদলে যে key সরে, তা CSV বা JSON ফাইলে নামানো যায় বা সারণি হিসেবে কপি করা যায়; একই উত্তর দেয় এমন ringlab place command পাতায় দেখায়; “এটাই cluster হোক” ফিরিয়ে নেওয়া যায়; আর লম্বা key-তালিকাও link-এ থাকে, সংকুচিত হয়ে (প্রায় ১০০ KB-এর বেশি হলে পাতা জানায় যে key বাদ গেছে, আর তাদের ফাইল নামাতে দেয়)। প্রথম ব্যবহারে এটি systems module (ringlab-systems.js আর তার .wasm) আর তালিকাটি (ringlab-compat.js) লোড করে।",
    },
    attrs: [
      [
        "system",
        "nginx",
        {
          en: "nginx, memcached, libketama, redis, kafka, cassandra, guava, erlang, envoy-ring or envoy-maglev",
          bn: "nginx, memcached, libketama, redis, kafka, cassandra, guava, erlang, envoy-ring বা envoy-maglev",
        },
      ],
      [
        "servers",
        "",
        {
          en: "one server per line in the flag syntax of ringlab place (ADDR[=WEIGHT], nginx's ADDR down, libketama's ADDR=MEMORY, Cassandra's NODE=TOKEN); absent: the system's example cluster",
          bn: "প্রতি লাইনে একটি সার্ভার, ringlab place-এর flag-এর মতো করে (ADDR[=WEIGHT], nginx-এর ADDR down, libketama-র ADDR=MEMORY, Cassandra-র NODE=TOKEN); না থাকলে সিস্টেমের উদাহরণের cluster",
        },
      ],
      [
        "format",
        "list",
        {
          en: "list (servers) or text (config: the system's own configuration text)",
          bn: "list (servers) বা text (config: সিস্টেমের নিজের কনফিগারেশন-লেখা)",
        },
      ],
      [
        "config",
        "",
        {
          en: "an nginx upstream block, a libmemcached server string, Envoy endpoints or nodetool ring output",
          bn: "nginx-এর upstream block, libmemcached-এর server string, Envoy-র endpoint বা nodetool ring-এর আউটপুট",
        },
      ],
      [
        "options",
        "",
        {
          en: "the other options as a query string: mode=consistent, partitions=12&partitioner=fnv1a, …",
          bn: "বাকি option, query string হিসেবে: mode=consistent, partitions=12&partitioner=fnv1a, …",
        },
      ],
      [
        "keys",
        "user:1\nuser:2\nuser:3\nuser:42\nsession:9f2c\ncart:1001\n{user1000}.following\n{user1000}.followers\nphoto/2024/cat.jpg\ncafé\nঢাকা\n12345",
        {
          en: "one key per line; a blank line is the empty key",
          bn: "প্রতি লাইনে একটি key; ফাঁকা লাইন মানে খালি key",
        },
      ],
      [
        "zkeys",
        "",
        {
          en: "the keys as a link carries a long list: deflated (raw DEFLATE) and in base64url; set, it is read into keys (a value that cannot be read is an error, not the example keys)",
          bn: "লম্বা তালিকা হলে link যেভাবে key বহন করে: raw DEFLATE-এ সংকুচিত, base64url-এ লেখা; বসালে তা keys-এ পড়া হয় (পড়া না গেলে ত্রুটি দেখায়, উদাহরণের key নয়)",
        },
      ],
      ["change", "add", { en: "add, remove or down (nginx)", bn: "add, remove বা down (nginx)" }],
      [
        "target",
        "",
        {
          en: "the server added, removed or marked down (absent: a new one, or the last)",
          bn: "যে সার্ভার যোগ, বাদ বা বন্ধ হয় (না থাকলে নতুন একটি, বা শেষেরটি)",
        },
      ],
      [
        "weight",
        "",
        {
          en: "the weight of a server added, a whole number (absent: the system's own default)",
          bn: "যোগ করা সার্ভারের weight, একটি পূর্ণসংখ্যা (না থাকলে সিস্টেমের নিজের মান)",
        },
      ],
      [
        "find",
        "",
        {
          en: "a key searched for: its line, its server and the system's number (Redis slot, Kafka partition, Cassandra token, Guava bucket, phash2)",
          bn: "খোঁজা একটি key: তার লাইন, তার সার্ভার আর সিস্টেমের সংখ্যা (Redis slot, Kafka partition, Cassandra token, Guava bucket, phash2)",
        },
      ],
    ],
    example: {
      system: "memcached",
      servers: "10.0.0.1:11211=2\n10.0.0.2:11211\n10.0.0.3:11211",
      keys: "user:1\nuser:2\nuser:3\ncart:7\nsession:9f2c",
    },
  },
  {
    tag: "ringlab-plan",
    section: { en: "real systems", bn: "বাস্তব সিস্টেম" },
    title: { en: "Migration plans", bn: "স্থানান্তরের পরিকল্পনা" },
    about: {
      en: "ringlab plan in the page: what the real tool will move when the cluster changes, as ringlab/plan returns it — redis-cli's rebalance or reshard of a Redis Cluster's CLUSTER NODES (the 16384 slots as a strip before and after, the steps in redis-cli's order, each master's slots and ranges, the shortfall and stop warnings, the fewest-ranges alternative), a Kafka topic's new partition count (each key's partition before and after, the exact share of the hash that moves) or a Cassandra ring's join, leave or removenode (the ring before and after, the ranges whose replicas change, who streams which range to which new replica). The keys typed show their owners before and after; the plan downloads as JSON. It loads the plans module (ringlab-plan.js and its .wasm) on first use, and the systems module for Redis keys' slots.",
      bn: "পাতার ভেতরে ringlab plan: cluster বদলালে আসল টুল কী সরাবে, ringlab/plan যেমন ফেরত দেয় — Redis Cluster-এর CLUSTER NODES থেকে redis-cli-এর rebalance বা reshard (আগে ও পরে ১৬৩৮৪টি slot একটি ফিতায়, redis-cli-এর ক্রমে ধাপ, প্রতিটি master-এর slot আর range, ঘাটতি আর থেমে যাওয়ার সতর্কবার্তা, সবচেয়ে কম range-এর বিকল্প), Kafka-র টপিকের নতুন partition সংখ্যা (প্রতিটি key-এর partition আগে ও পরে, hash-এর কতটা হুবহু সরে) বা Cassandra ring-এ node যোগ, চলে যাওয়া বা removenode (আগে ও পরে ring, যে range-এর replica বদলায়, কে কাকে কোন range পাঠায়)। লেখা key-গুলোর মালিক আগে ও পরে দেখায়; পরিকল্পনাটি JSON ফাইলে নামানো যায়। প্রথম ব্যবহারে এটি plans module (ringlab-plan.js আর তার .wasm) লোড করে, আর Redis key-এর slot-এর জন্য systems module।",
    },
    attrs: [
      [
        "system",
        "redis",
        {
          en: "redis, kafka, cassandra, or a ring or table system: memcached, libketama, twemproxy, nginx, envoy-ring, envoy-maglev",
          bn: "redis, kafka, cassandra, কিংবা ring বা table-এর একটি সিস্টেম: memcached, libketama, twemproxy, nginx, envoy-ring, envoy-maglev",
        },
      ],
      ["op", "rebalance", { en: "Redis: rebalance or reshard", bn: "Redis: rebalance বা reshard" }],
      [
        "nodes",
        "",
        {
          en: "Redis: the CLUSTER NODES text of the node redis-cli is pointed at; absent: docs/examples/cluster-nodes.txt",
          bn: "Redis: redis-cli যে node-এ চালানো হয় তার CLUSTER NODES; না থাকলে: docs/examples/cluster-nodes.txt",
        },
      ],
      ["empty", "true", { en: "rebalance: --cluster-use-empty-masters", bn: "rebalance: --cluster-use-empty-masters" }],
      ["threshold", "", { en: "rebalance: --cluster-threshold", bn: "rebalance: --cluster-threshold" }],
      ["weights", "", { en: "rebalance: weights as ID=W, …", bn: "rebalance: weight, ID=W, … হিসেবে" }],
      ["from", "all", { en: "reshard: source ids, or all", bn: "reshard: উৎসের id, বা all" }],
      [
        "to",
        "",
        {
          en: "reshard: the target id; absent: the first master without slots",
          bn: "reshard: যার কাছে যাবে তার id; না থাকলে: slot-হীন প্রথম master",
        },
      ],
      ["slots", "1000", { en: "reshard: slots to move", bn: "reshard: কতগুলো slot সরবে" }],
      ["partitions", "6:12", { en: "Kafka: partitions before:after", bn: "Kafka: partition আগে:পরে" }],
      [
        "partitioner",
        "murmur2",
        { en: "Kafka: murmur2, consistent, fnv1a or all", bn: "Kafka: murmur2, consistent, fnv1a বা all" },
      ],
      [
        "ring",
        "",
        {
          en: "Cassandra: nodetool ring, or TOKEN NODE DC RACK a line; absent: docs/examples/cassandra-ring.txt",
          bn: "Cassandra: nodetool ring, বা প্রতি লাইনে TOKEN NODE DC RACK; না থাকলে: docs/examples/cassandra-ring.txt",
        },
      ],
      [
        "strategy",
        "nts:dc1=2",
        { en: "Cassandra: simple:RF or nts:DC=RF,…", bn: "Cassandra: simple:RF বা nts:DC=RF,…" },
      ],
      ["change", "join", { en: "Cassandra: join, leave or remove", bn: "Cassandra: join, leave বা remove" }],
      ["node", "10.0.0.5", { en: "Cassandra: the node that changes", bn: "Cassandra: যে node বদলায়" }],
      ["tokens", "2305843009213693952", { en: "join: the new node's tokens", bn: "join: নতুন node-এর token" }],
      ["rack", "rack1", { en: "join: the new node's rack", bn: "join: নতুন node-এর rack" }],
      ["dc", "", { en: "join: the new node's data centre", bn: "join: নতুন node-এর ডেটা সেন্টার" }],
      [
        "servers",
        "",
        {
          en: "a ring system: its servers (or Envoy's hosts) as place takes them; absent: the system's example",
          bn: "ring-এর সিস্টেম: তার server (বা Envoy-র host), place যেমন নেয়; না থাকলে: সিস্টেমের উদাহরণ",
        },
      ],
      [
        "mode",
        "",
        {
          en: "a ring system: its mode or distribution (empty: the system's own; absent: the system's example)",
          bn: "ring-এর সিস্টেম: তার mode বা distribution (ফাঁকা: সিস্টেমের নিজের; না থাকলে: সিস্টেমের উদাহরণ)",
        },
      ],
      [
        "hash",
        "",
        {
          en: "a ring system: its hash (empty: the system's own; absent: the system's example)",
          bn: "ring-এর সিস্টেম: তার hash (ফাঁকা: সিস্টেমের নিজের; না থাকলে: সিস্টেমের উদাহরণ)",
        },
      ],
      [
        "act",
        "",
        {
          en: "a ring system: add, remove, down or reweight (absent: the system's example)",
          bn: "ring-এর সিস্টেম: add, remove, down বা reweight (না থাকলে: সিস্টেমের উদাহরণ)",
        },
      ],
      ["server", "", { en: "a ring system: the server that changes", bn: "ring-এর সিস্টেম: যে server বদলায়" }],
      [
        "weight",
        "",
        {
          en: "a ring system: the weight of an added or reweighted server",
          bn: "ring-এর সিস্টেম: যোগ করা বা নতুন weight দেওয়া server-এর weight",
        },
      ],
      [
        "table",
        "",
        {
          en: "envoy-maglev: the table size, --table (empty: the system's default)",
          bn: "envoy-maglev: table-এর আকার, --table (ফাঁকা: সিস্টেমের নিজের মান)",
        },
      ],
      [
        "min-ring",
        "",
        {
          en: "envoy-ring: the minimum ring size, --min-ring (empty: the system's default)",
          bn: "envoy-ring: ring-এর ন্যূনতম আকার, --min-ring (ফাঁকা: সিস্টেমের নিজের মান)",
        },
      ],
      [
        "max-ring",
        "",
        {
          en: "envoy-ring: the maximum ring size, --max-ring (empty: the system's default)",
          bn: "envoy-ring: ring-এর সর্বোচ্চ আকার, --max-ring (ফাঁকা: সিস্টেমের নিজের মান)",
        },
      ],
      [
        "hash-tag",
        "",
        {
          en: "twemproxy: the hash tag, --hash-tag (two characters; empty: none)",
          bn: "twemproxy: hash ট্যাগ, --hash-tag (দুটি অক্ষর; ফাঁকা: নেই)",
        },
      ],
      ["sort-hosts", "false", { en: "memcached: --sort-hosts", bn: "memcached: --sort-hosts" }],
      [
        "use-hostname",
        "false",
        { en: "envoy-ring, envoy-maglev: --use-hostname", bn: "envoy-ring, envoy-maglev: --use-hostname" },
      ],
      [
        "keys",
        "",
        {
          en: "keys, one a line; absent: six example keys; empty: none",
          bn: "key, প্রতি লাইনে একটি; না থাকলে: ছয়টি উদাহরণ key; ফাঁকা: একটিও নয়",
        },
      ],
      [
        "znodes",
        "",
        {
          en: "nodes as a link carries a long text: deflated (raw DEFLATE) and in base64url; set, it is read into nodes",
          bn: "লম্বা nodes link-এ যেভাবে থাকে: সংকুচিত (raw DEFLATE), base64url-এ; দিলে তা nodes-এ পড়া হয়",
        },
      ],
      [
        "zring",
        "",
        {
          en: "ring as a link carries a long text, as znodes",
          bn: "লম্বা ring link-এ যেভাবে থাকে, znodes-এর মতো",
        },
      ],
      [
        "zkeys",
        "",
        {
          en: "keys as a link carries a long list, as znodes",
          bn: "লম্বা key-তালিকা link-এ যেভাবে থাকে, znodes-এর মতো",
        },
      ],
    ],
    example: { system: "cassandra" },
  },
  {
    tag: "ringlab-malachi-ring",
    section: { en: "real systems", bn: "বাস্তব সিস্টেম" },
    title: { en: "Malachi's ring", bn: "Malachi-এর ring" },
    about: {
      en: "Malachi's HashRing (Elixir), exactly: vnodes at the tokens you give (typed, or dragged on the ring), keys typed as Elixir terms, each routed to the first vnode whose token is ≥ :erlang.phash2(key, 2^ring_bits); each vnode's boundaries, the keys a change moves, and the module's own error beside the input that caused it. It loads the systems module (ringlab-systems.js and its .wasm) on first use.",
      bn: "Malachi-এর HashRing (Elixir), হুবহু: আপনার দেওয়া token-এ virtual node (লিখে, বা ring-এ টেনে), Elixir term হিসেবে লেখা key, প্রতিটি যায় প্রথম সেই virtual node-এ যার token :erlang.phash2(key, 2^ring_bits)-এর সমান বা বড়; প্রতিটি virtual node-এর বৃত্তাংশ, কোনো বদলে কোন key সরে, আর ভুল ইনপুটের পাশেই module-এর নিজের ত্রুটি-বার্তা। প্রথম ব্যবহারে এটি systems module (ringlab-systems.js আর তার .wasm) লোড করে।",
    },
    attrs: [
      [
        "bits",
        "8",
        { en: "ring_bits: the ring is 0 … 2^bits − 1 (1 … 32)", bn: "ring_bits: ring হলো ০ … 2^bits − ১ (১ … ৩২)" },
      ],
      [
        "vnodes",
        ':a=5\n{:b, 1}=100\n"c"=200',
        {
          en: "one vnode per line, ID=TOKEN, the id an Elixir term (split at the last =)",
          bn: "প্রতি লাইনে একটি virtual node, ID=TOKEN, id একটি Elixir term (শেষ = চিহ্নে ভাগ)",
        },
      ],
      [
        "keys",
        '"k"\n"abc"\n"user:42"\n""\n{:range, 7}\n42',
        {
          en: 'one key per line, an Elixir term ("topic-a" is a string); blank lines are skipped',
          bn: 'প্রতি লাইনে একটি key, একটি Elixir term ("topic-a" একটি string); ফাঁকা লাইন বাদ যায়',
        },
      ],
    ],
    example: { bits: "16", vnodes: ":a=1000\n:b=40000\n{:c, 1}=60000", keys: ":user\n{:range, 7}\n42\n[1, 2, 3]" },
  },
  {
    tag: "ringlab-claim",
    section: { en: "the chapter, checked", bn: "অধ্যায়, যাচাই করা" },
    title: { en: "One claim of the chapter", bn: "অধ্যায়ের একটি দাবি" },
    about: {
      en: "One of the chapter's numeric claims, to place beside the paragraph that makes it: the chapter's figure and ringlab's, computed now by the core, the verdict (matches, within its tolerance, or differs), the tolerance and why, the scenario, and a link to the playground page that shows it set up; for a published program's printed output, the two outputs side by side with a byte-for-byte comparison. The claims are computed once a page, in a worker (ringlab-claims-worker.js and ringlab-claims.wasm, about a second).",
      bn: "অধ্যায়ের সংখ্যার একটি দাবি, যে অনুচ্ছেদে দাবিটি আছে তার পাশে বসানোর জন্য: অধ্যায়ের সংখ্যা আর ringlab-এর কোর এখনই যা হিসাব করে, পাশাপাশি; রায় (মেলে, সহনসীমার মধ্যে, বা মেলে না), সহনসীমা আর তার কারণ, পরিস্থিতি, আর playground-এর যে পাতায় তা সাজানো অবস্থায় দেখা যায় তার লিংক; প্রকাশিত প্রোগ্রামের ছাপা আউটপুট হলে দুটি আউটপুট পাশাপাশি, প্রতিটি byte মিলিয়ে। দাবিগুলো পাতায় একবারই হিসাব হয়, একটি worker-এ (ringlab-claims-worker.js আর ringlab-claims.wasm, প্রায় এক সেকেন্ড)।",
    },
    attrs: [
      [
        "id",
        "",
        {
          en: "the claim: an id of ringlab claims --json (mod-n-moves-80, ring-moves-21.9, largest-arc-v1, hrw-jump-output, …)",
          bn: "দাবিটি: ringlab claims --json-এর একটি id (mod-n-moves-80, ring-moves-21.9, largest-arc-v1, hrw-jump-output, …)",
        },
      ],
      [
        "playground",
        "",
        {
          en: 'the playground\'s address, for the "See it live" link to the claim\'s page; playground="" links within the same page, as the playground itself does; absent: no link (a course page has no playground of its own)',
          bn: 'playground-এর ঠিকানা, দাবির পাতার "সরাসরি দেখুন" লিংকের জন্য; playground="" দিলে লিংক একই পাতার ভেতরে, playground নিজে যেমন করে; না থাকলে লিংক নেই (কোর্সের পাতার নিজের playground নেই)',
        },
      ],
    ],
    example: { id: "ring-moves-21.9" },
  },
  {
    tag: "ringlab-claims",
    section: { en: "the chapter, checked", bn: "অধ্যায়, যাচাই করা" },
    title: { en: "The chapter's claims", bn: "অধ্যায়ের দাবি" },
    about: {
      en: "Every claim of the chapter as ringlab-claim draws it, grouped by the chapter's sections, under a count of the verdicts and a choice of section (which sets section): the playground's claims page.",
      bn: "অধ্যায়ের প্রতিটি দাবি, ringlab-claim যেমন দেখায়, অধ্যায়ের অংশ অনুযায়ী ভাগ করা; ওপরে রায়গুলোর হিসাব আর অংশ বেছে নেওয়ার তালিকা (যা section বদলায়): playground-এর দাবির পাতা।",
    },
    attrs: [
      [
        "section",
        "",
        { en: "one section's claims only (4 or §4; empty: all)", bn: "শুধু একটি অংশের দাবি (4 বা §4; ফাঁকা: সব)" },
      ],
      [
        "playground",
        "",
        {
          en: "the playground's address, for the links to the claims' pages; playground=\"\" links within the same page; absent: no links",
          bn: 'playground-এর ঠিকানা, দাবির পাতাগুলোর লিংকের জন্য; playground="" দিলে একই পাতার ভেতরে; না থাকলে লিংক নেই',
        },
      ],
    ],
    example: { section: "7" },
  },
  {
    tag: "ringlab-lab-claims",
    section: { en: "the chapter, checked", bn: "অধ্যায়, যাচাই করা" },
    title: { en: "The papers' claims, checked", bn: "গবেষণাপত্রের দাবি, যাচাই করা" },
    about: {
      en: "ringlab lab --claims in the page: what the papers of the newer bucket hashers claim (JumpBackHash's draws at n = 1025, FlipHash's hash evaluations, multi-probe's peak-to-average with 21 probes, MementoHash's memory, AnchorHash's lookup cost as removals grow, DxHash's capacity doubling), each computed now beside the paper's own figure, with the check it is held to and whether it holds. They are computed in the lab's worker (ringlab/lab's claimsInWorker), so the page loads the lab's module on first use.",
      bn: "পাতার ভেতরে ringlab lab --claims: নতুন bucket algorithm-গুলোর গবেষণাপত্র যা দাবি করে (n = ১০২৫-এ JumpBackHash-এর ড্র, FlipHash-এর hash হিসাবের সংখ্যা, ২১টি probe-এ multi-probe-এর সর্বোচ্চ আর গড় ভারের অনুপাত, MementoHash-এর মেমরি, সরানো বাড়লে AnchorHash-এর lookup-এর খরচ, DxHash-এর ধারণক্ষমতা দ্বিগুণ করা), প্রতিটি এখনই হিসাব করা, গবেষণাপত্রের নিজের সংখ্যার পাশে, কোন যাচাইয়ে ধরা হলো আর দাবি টেকে কি না সহ। হিসাব হয় ল্যাবের পেছনের থ্রেডে (ringlab/lab-এর claimsInWorker), তাই প্রথম ব্যবহারে পাতাটি ল্যাবের module লোড করে।",
    },
    attrs: [
      [
        "seed",
        "",
        {
          en: "seed of the claims' keys (absent: the core's default, the seed of ringlab lab --claims)",
          bn: "দাবিগুলোর key-এর seed (না থাকলে: core-এর নিজের মান, ringlab lab --claims-এর seed)",
        },
      ],
    ],
    example: {},
  },
];

/** The page's own words. */
export const pages = {
  en: {
    lang: "en",
    file: "index.html",
    other: { file: "bn.html", lang: "bn", label: "বাংলা" },
    title: "ringlab widgets",
    lede: "Custom elements for the course on consistent hashing: a stepper for every idea, the three published programs with their flags, a cache-stampede calculator and a comparison of every algorithm. Every number comes from ringlab's WebAssembly module.",
    contents: "Widgets",
    start: {
      title: "Getting started",
      // What to copy, as the test of this page copies it (tests/e2e/docs-embed.test.mjs).
      copy: "dist/widgets/",
      body: [
        "Copy the whole folder dist/widgets/, every file in it as it is, into one folder of your site (here /assets/ringlab/). Load the script once; every <ringlab-…> element on the page then works. The files load one another when first needed — the worker, ringlab.wasm or ringlab-simd.wasm with its glue, the real-systems module for <ringlab-malachi-ring> and <ringlab-cluster>, the claims module, its worker and its texts for <ringlab-claim> and <ringlab-claims>, and chunks whose names carry a hash of their content and change from build to build — so copy the folder, not a list of files: a page downloads only the files its elements use. They are found next to the script, so any folder and any sub-path will do.",
      ],
      snippet:
        '<script type="module" src="/assets/ringlab/ringlab-widgets.js"></script>\n\n<ringlab-ring-stepper></ringlab-ring-stepper>',
    },
    state: {
      title: "Attributes are the state",
      body: [
        "Each widget is configured by its attributes and keeps its state in them: the same attributes draw the same picture, and a stepper's step attribute is the step shown. An absent attribute takes its default.",
        "From JavaScript: el.state (every parameter, typed; assigning a partial object changes those), el.params (the attributes that differ from the defaults), el.ready (a promise: the first render is done), and on steppers el.steps, el.stepCount and el.go(i). A widget fires ringlab-statechange when the user changes its state (detail: widget, state, params, and navigation: true for a step the reader may go back from, such as the cluster's “Make it the cluster”) and ringlab-render after every render. A page that keeps the state in its address answers ringlab-link (detail: widget, params) by setting detail.href to the address of those params: the cluster's “Copy link” copies it, and is shown only on such a page.",
      ],
      snippet:
        'const ring = document.querySelector("ringlab-ring-stepper");\nawait ring.ready;\nring.go(ring.stepCount - 1);\nring.addEventListener("ringlab-statechange", (e) => console.log(e.detail.params));',
    },
    language: {
      title: "Language and theme",
      body: [
        "A widget speaks the language of the closest lang attribute around it — English (en) or Bengali (bn), with Bengali digits in every number it formats. The output of a published program stays the program's own text.",
        'Colours follow the reader\'s light or dark preference; theme="light" or theme="dark" on an element fixes them.',
      ],
      snippet:
        '<section lang="bn">\n  <ringlab-search-stepper></ringlab-search-stepper>\n</section>\n\n<ringlab-jump-stepper theme="dark"></ringlab-jump-stepper>',
    },
    keyboard: {
      title: "Keyboard",
      body: [
        "Focus a stepper (Tab, or click it): → or n goes to the next step, ← or p to the previous one, Home to the first, End to the last, k (or space) plays and pauses. The narration under the picture is read out by screen readers as the step changes.",
      ],
    },
    csp: {
      title: "Content-Security-Policy",
      body: [
        "The widgets use no eval, no inline script and no blob: or data: URLs; WebAssembly itself needs 'wasm-unsafe-eval'. The styles they set on their own elements need 'unsafe-inline' for styles. This policy is enough:",
      ],
      snippet:
        "Content-Security-Policy: default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'",
    },
    attrsTitle: "Attributes",
    headers: ["attribute", "default", "meaning"],
    none: "(none)",
    example: "Live example",
    snippet: "The code",
    copy: "Copy",
    copied: "Copied",
  },
  bn: {
    lang: "bn",
    file: "bn.html",
    other: { file: "index.html", lang: "en", label: "English" },
    title: "ringlab widget",
    lede: "Consistent hashing কোর্সের জন্য custom element: প্রতিটি ধারণার জন্য একটি stepper, প্রকাশিত তিনটি প্রোগ্রাম তাদের flag-সহ, একটি cache stampede হিসাবযন্ত্র আর সব algorithm-এর তুলনা। প্রতিটি সংখ্যা আসে ringlab-এর WebAssembly module থেকে।",
    contents: "Widget-গুলো",
    start: {
      title: "শুরু করা",
      copy: "dist/widgets/",
      body: [
        "dist/widgets/ ফোল্ডারটি পুরোটাই, ভেতরের প্রতিটি ফাইল যেমন আছে তেমন, আপনার সাইটের একটি ফোল্ডারে কপি করুন (এখানে /assets/ringlab/)। Script একবার লোড করলেই পাতার সব <ringlab-…> element কাজ করে। ফাইলগুলো দরকার হলে একে অন্যকে লোড করে — worker, glue-সহ ringlab.wasm বা ringlab-simd.wasm, <ringlab-malachi-ring> আর <ringlab-cluster>-এর জন্য বাস্তব সিস্টেমের module, <ringlab-claim> আর <ringlab-claims>-এর জন্য দাবির module, তার worker আর লেখা, আর এমন কিছু অংশ যাদের নামে থাকে তাদের বিষয়বস্তুর hash, যা প্রতি build-এ বদলায় — তাই ফাইলের তালিকা নয়, পুরো ফোল্ডারটিই কপি করুন: পাতা শুধু তার element-গুলোর দরকারি ফাইলই নামায়। সব ফাইল খোঁজা হয় script-এর পাশেই, তাই যেকোনো ফোল্ডার বা sub-path চলে।",
      ],
      snippet:
        '<script type="module" src="/assets/ringlab/ringlab-widgets.js"></script>\n\n<ringlab-ring-stepper></ringlab-ring-stepper>',
    },
    state: {
      title: "Attribute-ই অবস্থা",
      body: [
        "প্রতিটি widget তার attribute দিয়ে ঠিক হয় আর অবস্থাও রাখে সেখানেই: একই attribute মানে একই ছবি, আর stepper-এর step attribute হলো দেখানো ধাপ। Attribute না থাকলে তার ডিফল্ট মান ধরা হয়।",
        "JavaScript থেকে: el.state (সব parameter, টাইপসহ; আংশিক object দিলে শুধু সেগুলো বদলায়), el.params (যে attribute ডিফল্ট থেকে আলাদা), el.ready (promise: প্রথম render শেষ), আর stepper-এ el.steps, el.stepCount ও el.go(i)। ব্যবহারকারী অবস্থা বদলালে widget ringlab-statechange পাঠায় (detail: widget, state, params, আর navigation: true এমন ধাপে যেখান থেকে পাঠক ফিরে যেতে চাইতে পারেন, যেমন cluster-এর “এটাই cluster হোক”), আর প্রতিটি render-এর পরে ringlab-render। যে পাতা অবস্থা তার ঠিকানায় রাখে, সে ringlab-link-এর (detail: widget, params) উত্তরে detail.href-এ সেই params-এর ঠিকানা বসায়: cluster-এর “লিংক কপি করুন” সেটিই কপি করে, আর শুধু এমন পাতাতেই দেখা যায়।",
      ],
      snippet:
        'const ring = document.querySelector("ringlab-ring-stepper");\nawait ring.ready;\nring.go(ring.stepCount - 1);\nring.addEventListener("ringlab-statechange", (e) => console.log(e.detail.params));',
    },
    language: {
      title: "ভাষা আর রং",
      body: [
        "Widget কথা বলে তার চারপাশের সবচেয়ে কাছের lang attribute-এর ভাষায় — ইংরেজি (en) বা বাংলা (bn); বাংলায় প্রতিটি সংখ্যা বাংলা অঙ্কে। প্রকাশিত প্রোগ্রামের আউটপুট থাকে প্রোগ্রামের নিজের লেখাতেই।",
        'রং পাঠকের হালকা বা গাঢ় পছন্দ মেনে চলে; element-এ theme="light" বা theme="dark" দিলে তা স্থির হয়।',
      ],
      snippet:
        '<section lang="bn">\n  <ringlab-search-stepper></ringlab-search-stepper>\n</section>\n\n<ringlab-jump-stepper theme="dark"></ringlab-jump-stepper>',
    },
    keyboard: {
      title: "কিবোর্ড",
      body: [
        "Stepper-এ focus দিন (Tab, বা ক্লিক): → বা n পরের ধাপ, ← বা p আগের ধাপ, Home প্রথম, End শেষ ধাপ, k (বা space) চালায় ও থামায়। ছবির নিচের বর্ণনা ধাপ বদলালেই screen reader পড়ে শোনায়।",
      ],
    },
    csp: {
      title: "Content-Security-Policy",
      body: [
        "Widget-গুলো eval, inline script বা blob:/data: URL ব্যবহার করে না; WebAssembly-র নিজের দরকার 'wasm-unsafe-eval'। নিজের element-এ বসানো style-এর জন্য style-এ 'unsafe-inline' লাগে। এই policy-ই যথেষ্ট:",
      ],
      snippet:
        "Content-Security-Policy: default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'",
    },
    attrsTitle: "Attribute",
    headers: ["attribute", "ডিফল্ট", "অর্থ"],
    none: "(নেই)",
    example: "চালু উদাহরণ",
    snippet: "কোড",
    copy: "কপি",
    copied: "কপি হয়েছে",
  },
};
