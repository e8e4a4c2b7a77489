// The documented defaults are the core's. web/lib/src/main/types.ts documents each option's
// default with a TSDoc `@defaultValue`; rl.defaults() returns the values the core's parameter table
// holds (cpp/include/ringlab/params.hpp), which the wrapper uses for every option left out. Here
// the compiler reads types.ts, and:
//  - the Defaults interface lists exactly the parts and values rl.defaults() has;
//  - each value of Defaults names where it is documented: its part's {@link Options} (the option
//    of the same name), or its own {@link Interface.property} links; each of those has a
//    @defaultValue equal to the core's value;
//  - every @defaultValue in types.ts documents one of the core's values, or is one of the few
//    defaults that are JavaScript's alone (listed below, with why).
// So neither the TSDoc nor a copy in the wrapper can drift from the core.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { load } from "ringlab";
import ts from "typescript";
import { root } from "./helpers.mjs";

const typesTs = path.join(root, "web", "lib", "src", "main", "types.ts");
const source = ts.createSourceFile(typesTs, readFileSync(typesTs, "utf8"), ts.ScriptTarget.Latest, true);
const rl = await load();

// Defaults that only JavaScript has: nothing in the core takes or decides them.
const javascriptOnly = new Map([
  ["ServerSpec.zone", "a zone is a label the core stores as given; none means the empty zone"],
  ["CompareServerSpec.zone", "as ServerSpec.zone"],
  ["PreferenceListOptions.zones", "a flag of the call, not a value the core has a default for"],
  ["RingVsModOptions.onProgress", "a JavaScript callback"],
  ["VnodeSweepOptions.onProgress", "a JavaScript callback"],
  ["HrwJumpOptions.onProgress", "a JavaScript callback"],
]);

const interfaces = new Map(source.statements.filter(ts.isInterfaceDeclaration).map((node) => [node.name.text, node]));

/** The JSDoc tags of a node, as [name, text]. */
function tags(node) {
  return ts.getJSDocTags(node).map((t) => [t.tagName.text, ts.getTextOfJSDocComment(t.comment) ?? ""]);
}

/** The `{@link X}` / `{@link X.y}` targets in a node's documentation. */
function links(node) {
  const out = [];
  for (const doc of node.jsDoc ?? []) {
    const parts = typeof doc.comment === "string" ? [] : (doc.comment ?? []);
    for (const part of parts) if (ts.isJSDocLink(part) && part.name) out.push(part.name.getText(source));
  }
  return out;
}

// "Interface.property" -> the @defaultValue text, for every property of every interface.
const documented = new Map();
for (const [name, node] of interfaces) {
  for (const member of node.members) {
    for (const [tag, text] of tags(member)) {
      if (tag === "defaultValue") documented.set(`${name}.${member.name.getText(source)}`, text.trim());
    }
  }
}

// "part.value" -> the "Interface.property" places that document it, from the Defaults interface.
const sources = new Map();
const defaultsNode = interfaces.get("Defaults");
assert.ok(defaultsNode, "types.ts declares interface Defaults");
for (const part of defaultsNode.members) {
  const partName = part.name.getText(source);
  assert.ok(part.type && ts.isTypeLiteralNode(part.type), `Defaults.${partName} is an object type written out`);
  const partLinks = links(part);
  for (const value of part.type.members) {
    const valueName = value.name.getText(source);
    const own = links(value).filter((l) => l.includes("."));
    sources.set(`${partName}.${valueName}`, own.length > 0 ? own : partLinks.map((l) => `${l}.${valueName}`));
  }
}

/** The core's defaults flattened to "part.value" -> value. */
function flatten(defaults) {
  const out = new Map();
  for (const [part, values] of Object.entries(defaults)) {
    for (const [name, value] of Object.entries(values)) out.set(`${part}.${name}`, value);
  }
  return out;
}
const core = flatten(rl.defaults());

test("rl.defaults() has exactly the parts and values the Defaults interface declares", () => {
  assert.deepEqual([...core.keys()].sort(), [...sources.keys()].sort());
});

test("rl.defaults() is frozen and the same object on every call", () => {
  const d = rl.defaults();
  assert.equal(rl.defaults(), d);
  assert.ok(Object.isFrozen(d) && Object.isFrozen(d.compare) && Object.isFrozen(d.vnodeSweep.vnodes));
});

test("every default of the core is documented by a @defaultValue equal to it", () => {
  const wrong = [];
  for (const [key, places] of sources) {
    if (places.length === 0) wrong.push(`${key}: Defaults names no options it is the default of`);
    for (const place of places) {
      const text = documented.get(place);
      if (text === undefined) {
        wrong.push(`${key}: ${place} has no @defaultValue`);
        continue;
      }
      let value;
      try {
        value = JSON.parse(text);
      } catch {
        wrong.push(`${key}: ${place}'s @defaultValue ${text} is not a JSON value`);
        continue;
      }
      if (!isDeepEqual(value, core.get(key))) {
        wrong.push(`${key}: ${place} documents ${text}, the core's is ${JSON.stringify(core.get(key))}`);
      }
    }
  }
  assert.deepEqual(wrong, []);
});

test("every @defaultValue in types.ts is one of the core's defaults, or JavaScript's alone", () => {
  const covered = new Set([...sources.values()].flat());
  const stray = [...documented.keys()].filter((place) => !covered.has(place) && !javascriptOnly.has(place));
  assert.deepEqual(stray, [], "documented defaults that Defaults does not name (add them there, or to javascriptOnly)");
  const stale = [...javascriptOnly.keys()].filter((place) => !documented.has(place) || covered.has(place));
  assert.deepEqual(stale, [], "javascriptOnly entries that are not (only) JavaScript's");
});

function isDeepEqual(a, b) {
  try {
    assert.deepStrictEqual(a, b);
    return true;
  } catch {
    return false;
  }
}
