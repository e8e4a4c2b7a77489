// The cluster page's own styles (beside the widgets' shared ones).
export const STYLES = `
.cl-grid { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 0.75rem 1.25rem; align-items: start; }
@media (max-width: 760px) { .cl-grid { grid-template-columns: minmax(0, 1fr); } }
:host([layout="stack"]) .cl-grid { grid-template-columns: minmax(0, 1fr); }
textarea { width: 100%; min-height: 8rem; font-family: var(--ringlab-mono, ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace); font-size: 0.875rem; line-height: 1.45; resize: vertical; }
code, .mono { font-family: var(--ringlab-mono, ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace); font-size: 0.85rem; }
td code { white-space: pre; }
.field-error { color: var(--_bad); font-size: 0.875rem; margin: 0.25rem 0; }
.field-error code { white-space: pre-wrap; word-break: break-word; color: inherit; }
td .field-error { margin: 0; white-space: normal; min-width: 12rem; }
tr.bad td { background: color-mix(in srgb, var(--_bad) 8%, transparent); }
input[aria-invalid="true"], select[aria-invalid="true"], textarea[aria-invalid="true"] { border-color: var(--_bad); }
.fields { display: flex; flex-wrap: wrap; gap: 0.5rem 1rem; align-items: start; margin: 0.5rem 0; }
.fields > div { display: flex; flex-direction: column; min-width: 0; max-width: 100%; }
.fields label { display: flex; flex-direction: column; font-size: 0.875rem; color: var(--_muted); gap: 0.15rem; }
.fields label.inline { flex-direction: row; align-items: center; gap: 0.4rem; min-height: 2.25rem; margin-top: 1.3rem; }
.fields select { max-width: 100%; }
.format { display: flex; flex-wrap: wrap; gap: 0.25rem 1rem; margin: 0.25rem 0; font-size: 0.9rem; }
.format label { display: flex; align-items: center; gap: 0.3rem; }
.sysrow { display: flex; flex-wrap: wrap; gap: 0.5rem 1rem; align-items: end; }
.sysrow select { max-width: 100%; }
.buttons { display: flex; flex-wrap: wrap; gap: 0.4rem; margin: 0.3rem 0; }
.change { display: flex; flex-wrap: wrap; gap: 0.4rem 0.75rem; align-items: end; }
.change label { display: flex; flex-direction: column; font-size: 0.875rem; color: var(--_muted); gap: 0.15rem; max-width: 100%; }
.change input { width: 16rem; max-width: 100%; }
.change select { max-width: 100%; }
td.to { color: var(--_bad); font-weight: 600; }
tr.needless td { background: color-mix(in srgb, var(--_bad) 10%, transparent); }
.needless-mark, .down-mark { font-weight: 400; color: var(--_muted); white-space: nowrap; }
.change input.num { width: 6rem; }
/* Keys and names in any script: an Arabic or Hebrew key does not reorder the text around it. */
code { unicode-bidi: isolate; }
td.move { white-space: normal; }
td.move .to { white-space: nowrap; color: var(--_bad); font-weight: 600; }
/* Long keys are cut with an ellipsis (the whole key is the cell's title). */
code.kc { display: inline-block; max-width: 16rem; overflow: hidden; text-overflow: ellipsis; vertical-align: top; }
@media (max-width: 760px) { code.kc { max-width: 7.5rem; } td code { font-size: 0.8rem; } }
.cap { font-size: 0.875rem; color: var(--_muted); margin: 0.3rem 0; }
/* Column heads may wrap (the load table's "share by weight" on a phone); the figures below them do not. */
thead th { white-space: normal; vertical-align: bottom; }
.compat td, .compat th { white-space: normal; vertical-align: top; }
.compat th { vertical-align: bottom; }
.compat td.pkg, .compat td.share { white-space: nowrap; }
.compat td.call { min-width: 12rem; }
.compat td.against { min-width: 8rem; }
.compat td.ex { min-width: 9rem; }
.compat td code { white-space: pre-wrap; overflow-wrap: anywhere; }
.compat td.pkg code { white-space: nowrap; }
@media (max-width: 760px) { .compat table, .compat tbody, .compat tr, .compat td { display: block; width: 100%; } .compat thead { display: none; } .compat tr { border-bottom: 1px solid var(--_border); padding: 0.3rem 0; } .compat td { border: 0; text-align: left; padding: 0.1rem 0.2rem; min-width: 0; } .compat td[data-label]::before { content: attr(data-label) ": "; color: var(--_muted); } }
.sub { font-weight: 600; margin: 0.75rem 0 0.25rem; }
/* The keys' placing, and a key found: its line, server and number side by side (stacked on a phone). */
.progress { display: flex; flex-wrap: wrap; align-items: center; gap: 0.2rem 0.6rem; font-size: 0.875rem; margin: 0.3rem 0; }
.progress progress { flex: 1 1 10rem; }
.find { margin: 0.5rem 0; }
.find input { width: 24rem; max-width: 100%; }
.found { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 0.2rem 0.8rem; margin: 0.4rem 0; font-size: 0.9rem; }
.found dt { color: var(--_muted); }
.found dd { margin: 0; overflow-wrap: anywhere; }
`;
