#!/usr/bin/env node
// Builds the widgets' docs page into dist/docs/: index.html (English) and bn.html (Bengali), each
// with every widget live beside its snippet and its attributes, plus page.css (web/shared),
// docs.css and docs.js (copy buttons). Plain files, no bundler: the pages load the widgets bundle
// from ../widgets/ (a relative URL, so dist/ works from any sub-path of any static server) and
// contain no inline script, so they run under the same strict Content-Security-Policy as any page
// embedding the widgets.
//
//   node web/docs/build.mjs [--out DIR]     (default DIR: dist/docs)
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { pages, widgets } from "./content.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "..", "..");
const at = process.argv.indexOf("--out");
const out = at > 0 ? path.resolve(process.argv[at + 1] ?? "") : path.join(root, "dist", "docs");

const esc = (s) => String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const inLang = (x, lang) => (typeof x === "string" ? x : x[lang]);

/** An element's markup from its attributes: written once, used as the live element and as its snippet. */
const markup = (tag, attrs) =>
  `<${tag}${Object.entries(attrs)
    .map(([k, v]) => ` ${k}="${esc(v)}"`)
    .join("")}></${tag}>`;

const code = (text) => `<div class="code"><pre data-copy data-testid="snippet"><code>${esc(text)}</code></pre></div>`;
const paras = (list) => list.map((p) => `<p>${esc(p)}</p>`).join("\n");

function widgetSection(w, t) {
  const lang = t.lang;
  const html = markup(w.tag, w.example);
  const rows = w.attrs
    .map(
      ([name, def, meaning]) =>
        `<tr data-attr="${esc(name)}" data-default="${esc(def)}"><th scope="row"><code>${esc(name)}</code></th><td class="def">${def === "" ? `<span class="none">${esc(t.none)}</span>` : `<code>${esc(def)}</code>`}</td><td>${esc(meaning[lang])}</td></tr>`,
    )
    .join("\n");
  return `<section class="widget" id="${w.tag}" data-tag="${w.tag}" aria-labelledby="${w.tag}-title">
<h2 id="${w.tag}-title"><span class="sec">${esc(inLang(w.section, lang))}</span> ${esc(w.title[lang])} <code>&lt;${w.tag}&gt;</code></h2>
<p>${esc(w.about[lang])}</p>
<h3>${esc(t.example)}</h3>
<div class="example" data-testid="example">
${html}
</div>
<h3>${esc(t.snippet)}</h3>
${code(html)}
<table class="attrs" data-testid="attributes">
<caption>${esc(t.attrsTitle)}</caption>
<thead><tr>${t.headers.map((x) => `<th scope="col">${esc(x)}</th>`).join("")}</tr></thead>
<tbody>
${rows}
</tbody>
</table>
</section>`;
}

function page(t) {
  const topic = (id, part) => `<section id="${id}" aria-labelledby="${id}-title">
<h2 id="${id}-title">${esc(part.title)}</h2>
${paras(part.body)}
${part.snippet ? code(part.snippet) : ""}
</section>`;
  const toc = widgets
    .map((w) => `<li><a href="#${w.tag}"><code>&lt;${w.tag}&gt;</code> ${esc(w.title[t.lang])}</a></li>`)
    .join("\n");
  return `<!doctype html>
<html lang="${t.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${esc(t.title)}</title>
<link rel="alternate" hreflang="${t.other.lang}" href="${t.other.file}">
<link rel="stylesheet" href="page.css">
<link rel="stylesheet" href="docs.css">
<script type="module" src="../widgets/ringlab-widgets.js"></script>
<script type="module" src="docs.js"></script>
</head>
<body data-copy-label="${esc(t.copy)}" data-copied-label="${esc(t.copied)}">
<header class="top">
<a class="brand" href="${t.file}">ringlab</a>
<a class="other" href="${t.other.file}" hreflang="${t.other.lang}" lang="${t.other.lang}" data-testid="other-language">${esc(t.other.label)}</a>
</header>
<main>
<h1>${esc(t.title)}</h1>
<p class="lede">${esc(t.lede)}</p>
<nav aria-labelledby="toc-title" data-testid="toc">
<h2 id="toc-title">${esc(t.contents)}</h2>
<ol>
${toc}
</ol>
</nav>
${topic("start", t.start)}
${topic("state", t.state)}
${topic("language", t.language)}
${topic("keyboard", t.keyboard)}
${topic("csp", t.csp)}
${widgets.map((w) => widgetSection(w, t)).join("\n")}
</main>
</body>
</html>
`;
}

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
for (const t of Object.values(pages)) writeFileSync(path.join(out, t.file), page(t));
// The stylesheet the docs page shares with the playground, then its own.
copyFileSync(path.join(here, "..", "shared", "page.css"), path.join(out, "page.css"));
for (const f of ["docs.css", "docs.js"]) copyFileSync(path.join(here, f), path.join(out, f));
console.log(
  `docs: ${path.relative(root, out) || "."}/ (${Object.values(pages)
    .map((t) => t.file)
    .join(", ")}, ${widgets.length} widgets)`,
);
