// client.d.ts declares what client.js exports, no more and no less: every runtime export of the module is a value
// the declarations export (a function or a class), every function or class they export is one the module has,
// and each class's methods are declared. Read from the files themselves; needs no server.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { test } from "node:test";
import { declarationsPath, loadClient } from "./server.mjs";

const client = await loadClient();
const declarations = await readFile(declarationsPath, "utf8");

/** Every top-level `export` of the declarations, by kind; a form this reader does not know fails the test. */
function exportsOf(text) {
  const values = new Map(); // name → "function" | "class" | "const"
  const types = new Set();
  for (const [number, line] of text.split("\n").entries()) {
    if (!line.startsWith("export")) continue;
    const match = /^export (?:declare )?(function|class|const|let|var|interface|type|enum) ([A-Za-z_$][\w$]*)/
      .exec(line);
    assert.ok(match, `client.d.ts:${number + 1}: an export this test cannot read: ${line}`);
    const [, kind, name] = match;
    if (kind === "interface" || kind === "type") types.add(name);
    else values.set(name, kind === "let" || kind === "var" ? "const" : kind);
  }
  return { values, types };
}

/** The members a class declares in client.d.ts: `name(` or `name:` at its first indentation. */
function declaredMembers(text, className) {
  const start = text.search(new RegExp(`^export (?:declare )?class ${className}\\b`, "m"));
  assert.ok(start >= 0, `client.d.ts declares no class ${className}`);
  const body = text.slice(start, text.indexOf("\n}", start));
  return new Set([...body.matchAll(/^ {2}(?:readonly )?([A-Za-z_$][\w$]*)\??[(<:]/gm)].map(([, name]) => name));
}

const { values, types } = exportsOf(declarations);

test("every export of client.js is declared in client.d.ts as a value of the same kind", () => {
  const exported = Object.keys(client).sort();
  assert.ok(exported.length >= 13, `client.js exports ${exported}`);
  for (const name of exported) {
    assert.ok(values.has(name), `client.js exports ${name}, which client.d.ts does not declare`);
    const isClass = /^class\b/.test(Function.prototype.toString.call(client[name]));
    assert.equal(typeof client[name], "function", `${name} is a function or a class`);
    assert.equal(values.get(name), isClass ? "class" : "function", `${name}'s kind`);
  }
});

test("every function and class client.d.ts declares is exported by client.js", () => {
  const missing = [...values.keys()].filter((name) => !(name in client));
  assert.deepEqual(missing, [], "declared in client.d.ts but not exported by client.js");
  assert.deepEqual([...values.keys()].sort(), Object.keys(client).sort());
  for (const name of types) assert.equal(name in client, false, `${name} is a type only, and no value`);
});

test("each exported class's methods are declared", () => {
  for (const [name, kind] of values) {
    if (kind !== "class") continue;
    const declared = declaredMembers(declarations, name);
    const methods = Object.getOwnPropertyNames(client[name].prototype).filter((member) => member !== "constructor");
    for (const method of methods) {
      assert.ok(declared.has(method), `${name}.prototype.${method} is not declared in client.d.ts`);
    }
    assert.ok(declared.has("constructor"), `client.d.ts declares no constructor for ${name}`);
  }
  const properties = ["id", "state", "options", "lastTimestamp", "constructor"];
  assert.deepEqual(
    [...declaredMembers(declarations, "Session")].filter((member) => !properties.includes(member)).sort(),
    Object.getOwnPropertyNames(client.Session.prototype).filter((member) => member !== "constructor").sort(),
    "Session declares exactly its methods",
  );
});
