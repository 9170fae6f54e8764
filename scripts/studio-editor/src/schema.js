// Where the cursor is in a descriptor, and what the descriptor schema says about it.
//
// A descriptor is block YAML with a few flow mappings ({en: ..., fr: ...}): the path of
// keys to a position is read from the lines above it by their indentation (a text being
// typed is seldom valid YAML, so this does not wait for a parser to agree), then inside
// the line through its braces and brackets. The schema (boardgen's
// descriptor.schema.json, draft 2020-12) is walked along that path: $ref, allOf (with
// if/then decided by the values written beside), anyOf and oneOf are followed, so a
// key's completions and its help are the union of what its possible shapes allow.

const ITEM = "[]";

// -- the text -----------------------------------------------------------------------------

function indentOf(line) {
  const found = /^ */.exec(line);
  return found[0].length;
}

function stripComment(text) {
  // a # starts a comment at the line start or after a space, outside quotes
  let quote = null;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quote) {
      if (ch === quote) quote = null;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
    } else if (ch === "#" && (i === 0 || /\s/.test(text[i - 1]))) {
      return text.slice(0, i);
    }
  }
  return text;
}

const KEY = /^([A-Za-z0-9_][A-Za-z0-9_-]*|"[^"]*"|'[^']*')\s*:(\s|$)/;

function unquote(key) {
  return /^["']/.test(key) ? key.slice(1, -1) : key;
}

// The path of the block mapping a line at `indent` (after a possible "- ") belongs to,
// given the lines before it; and the scalar values written on the way (for if/then).
export function blockPath(lines, lineIndex, indent) {
  const stack = []; // {indent, key}
  const values = new Map();
  const pathOf = (n) => stack.slice(0, n).map((s) => s.key);
  for (let i = 0; i < lineIndex; i++) {
    const raw = stripComment(lines[i]).replace(/\s+$/, "");
    if (!raw.trim() || raw.trim() === "---") continue;
    let col = indentOf(raw);
    let rest = raw.slice(col);
    while (stack.length && stack[stack.length - 1].indent >= col) stack.pop();
    while (rest.startsWith("- ") || rest === "-") {
      stack.push({ indent: col, key: ITEM });
      const more = rest.slice(2);
      col += 2 + indentOf(more);
      rest = more.trimStart();
    }
    const key = KEY.exec(rest);
    if (!key) continue;
    const name = unquote(key[1]);
    const value = rest.slice(key[0].length).trim();
    const here = [...pathOf(stack.length), name];
    if (value && !value.startsWith("{") && !value.startsWith("[") && !value.startsWith("|") && !value.startsWith(">")) {
      values.set(here.join("\u0000"), unquote(value));
    }
    stack.push({ indent: col, key: name, open: !value });
  }
  while (stack.length && stack[stack.length - 1].indent >= indent) stack.pop();
  return { path: stack.map((s) => s.key), values };
}

// What the cursor at `column` of line `lineIndex` is on: the path to the mapping (or
// sequence) it is in, and whether it is a key being written or a value (of `key`).
export function cursorContext(text, lineIndex, column) {
  const lines = text.split("\n");
  const line = lines[lineIndex] || "";
  const before = line.slice(0, column);
  let col = indentOf(before);
  let rest = before.slice(col);
  const items = [];
  while (rest.startsWith("- ")) {
    items.push(ITEM);
    const more = rest.slice(2);
    col += 2 + indentOf(more);
    rest = more.trimStart();
  }
  const { path: outer, values } = blockPath(lines, lineIndex, indentOf(line));
  let path = [...outer, ...items];
  // a key on this line, then possibly flow collections
  const key = KEY.exec(rest);
  if (!key) {
    // a key being typed (or nothing yet) at the start of an entry
    const word = /^[A-Za-z0-9_-]*$/.exec(rest);
    if (word) return { path, where: "key", word: rest, values };
    return { path, where: "none", values };
  }
  path = [...path, unquote(key[1])];
  const after = rest.slice(key[0].length);
  // walk the flow part: { key: value, ... } and [ ... ]
  const stack = [];
  let current = { kind: "value", key: null, start: 0 };
  let token = "";
  let quote = null;
  for (let i = 0; i < after.length; i++) {
    const ch = after[i];
    if (quote) {
      if (ch === quote) quote = null;
      token += ch;
      continue;
    }
    if (ch === '"' || ch === "'") { quote = ch; token += ch; continue; }
    if (ch === "{") { stack.push({ kind: "map", key: null }); token = ""; continue; }
    if (ch === "[") { stack.push({ kind: "seq" }); token = ""; continue; }
    if (ch === "}" || ch === "]") { stack.pop(); token = ""; continue; }
    if (ch === ",") {
      const top = stack[stack.length - 1];
      if (top && top.kind === "map") top.key = null;
      token = "";
      continue;
    }
    if (ch === ":" && (i + 1 === after.length || /\s/.test(after[i + 1]))) {
      const top = stack[stack.length - 1];
      if (top && top.kind === "map") top.key = unquote(token.trim());
      token = "";
      continue;
    }
    token += ch;
  }
  for (const level of stack) {
    if (level.kind === "seq") path.push(ITEM);
    else if (level.key !== null && level !== stack[stack.length - 1]) path.push(level.key);
  }
  const top = stack[stack.length - 1];
  if (top && top.kind === "map") {
    if (top.key === null) return { path, where: "key", word: token.trim(), values };
    return { path: [...path, top.key], where: "value", word: token.trim(), values };
  }
  return { path, where: "value", word: token.trim(), values };
}

// The path to the key under `column` of line `lineIndex`, or null (for hover help).
export function keyAt(text, lineIndex, column) {
  const lines = text.split("\n");
  const line = lines[lineIndex] || "";
  // the word under the pointer
  let start = column;
  let end = column;
  while (start > 0 && /[A-Za-z0-9_-]/.test(line[start - 1])) start--;
  while (end < line.length && /[A-Za-z0-9_-]/.test(line[end])) end++;
  if (start === end) return null;
  const word = line.slice(start, end);
  if (!/^\s*:/.test(line.slice(end))) return null; // not a key
  const context = cursorContext(text, lineIndex, start);
  if (context.where !== "key") return null;
  return { path: [...context.path, word], from: start, to: end };
}

// -- the schema ------------------------------------------------------------------------------

export class Schema {
  constructor(root) {
    this.root = root;
  }

  resolve(node) {
    let guard = 0;
    while (node && node.$ref && guard++ < 20) {
      const parts = node.$ref.replace(/^#\//, "").split("/");
      let found = this.root;
      for (const part of parts) found = found ? found[part] : undefined;
      node = found;
    }
    return node;
  }

  // Every shape `node` may take (its $ref, allOf, anyOf and oneOf followed); `values`
  // and `here` decide allOf's if/then by what the document says beside.
  expand(node, here, values, depth = 0) {
    node = this.resolve(node);
    if (!node || typeof node !== "object" || depth > 12) return [];
    const out = [node];
    for (const key of ["anyOf", "oneOf"]) {
      for (const sub of node[key] || []) out.push(...this.expand(sub, here, values, depth + 1));
    }
    for (const sub of node.allOf || []) {
      if (sub.if && sub.then) {
        if (this.holds(sub.if, here, values)) out.push(...this.expand(sub.then, here, values, depth + 1));
      } else {
        out.push(...this.expand(sub, here, values, depth + 1));
      }
    }
    return out;
  }

  holds(condition, here, values) {
    const props = condition.properties || {};
    for (const [key, rule] of Object.entries(props)) {
      const written = values.get([...here, key].join("\u0000"));
      if (rule.const !== undefined && written !== String(rule.const)) return false;
      if (rule.enum && !rule.enum.map(String).includes(written)) return false;
    }
    return true;
  }

  // The shapes at `path` (keys and "[]" for list items).
  at(path, values = new Map()) {
    let shapes = this.expand(this.root, [], values);
    const here = [];
    for (const step of path) {
      const next = [];
      for (const shape of shapes) {
        if (step === ITEM) {
          if (shape.items) next.push(...this.expand(shape.items, [...here, step], values));
          for (const item of shape.prefixItems || []) next.push(...this.expand(item, [...here, step], values));
        } else if (shape.properties && shape.properties[step]) {
          next.push(...this.expand(shape.properties[step], [...here, step], values));
        } else if (shape.patternProperties) {
          for (const [pattern, sub] of Object.entries(shape.patternProperties)) {
            if (new RegExp(pattern).test(step)) next.push(...this.expand(sub, [...here, step], values));
          }
        } else if (shape.additionalProperties && typeof shape.additionalProperties === "object") {
          next.push(...this.expand(shape.additionalProperties, [...here, step], values));
        }
      }
      here.push(step);
      shapes = next;
      if (!shapes.length) break;
    }
    return shapes;
  }

  // The keys a mapping at `path` may hold: [{name, description, type}].
  keys(path, values) {
    const seen = new Map();
    for (const shape of this.at(path, values)) {
      for (const [name, sub] of Object.entries(shape.properties || {})) {
        if (seen.has(name)) continue;
        const shapes = this.expand(sub, [...path, name], values);
        seen.set(name, { name, description: describe(shapes), type: typeOf(shapes) });
      }
    }
    return [...seen.values()];
  }

  // The values a key at `path` may take, where the schema lists them.
  values(path, values) {
    const found = new Map();
    for (const shape of this.at(path, values)) {
      for (const value of shape.enum || []) found.set(String(value), shape.description || "");
      if (shape.const !== undefined) found.set(String(shape.const), shape.description || "");
      if (shape.type === "boolean") { found.set("true", ""); found.set("false", ""); }
    }
    return [...found].map(([label, description]) => ({ label, description }));
  }

  // What to say about the key at `path`: its description, type and allowed values.
  help(path, values) {
    const shapes = this.at(path, values);
    if (!shapes.length) return null;
    const text = describe(shapes);
    const type = typeOf(shapes);
    const allowed = this.values(path, values).map((v) => v.label);
    const ranges = shapes
      .filter((s) => s.minimum !== undefined || s.maximum !== undefined)
      .map((s) => `${s.minimum ?? "…"} to ${s.maximum ?? "…"}`);
    return { path, text, type, allowed, ranges: [...new Set(ranges)] };
  }
}

function describe(shapes) {
  for (const shape of shapes) if (shape.description) return shape.description;
  return "";
}

function typeOf(shapes) {
  const types = new Set();
  for (const shape of shapes) {
    if (Array.isArray(shape.type)) shape.type.forEach((t) => types.add(t));
    else if (shape.type) types.add(shape.type);
    else if (shape.enum) types.add("one of a list");
  }
  return [...types].join(" or ");
}
