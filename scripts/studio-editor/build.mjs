// Bundles the studio's editor (src/editor.js: CodeMirror 6 and boardgen's schema help)
// into one file, boardgen/studio/static/editor.js, a global `BoardgenEditor`, and writes
// the licences of every package bundled beside it (editor-licences.txt). Run by
// `make studio-assets` after `npm ci`; the output is committed, so neither installing nor
// running boardgen needs Node.
import { build } from "esbuild";
import { readFileSync, writeFileSync, existsSync, readdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const out = resolve(here, "../../boardgen/studio/static");

const result = await build({
  entryPoints: [join(here, "src/editor.js")],
  bundle: true,
  format: "iife",
  globalName: "BoardgenEditor",
  minify: true,
  legalComments: "none",
  target: ["chrome100", "firefox100", "safari15"],
  outfile: join(out, "editor.js"),
  metafile: true,
  banner: { js: "/* boardgen studio editor: CodeMirror 6 (MIT) and boardgen (MIT); licences in editor-licences.txt */" },
});

// Every package the bundle holds, with its licence text.
const packages = new Map();
for (const input of Object.keys(result.metafile.inputs)) {
  const found = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input);
  if (!found) continue;
  const dir = join(here, "node_modules", found[1]);
  if (packages.has(found[1])) continue;
  const meta = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
  const file = readdirSync(dir).find((name) => /^(LICEN[SC]E|COPYING)(\.md|\.txt)?$/i.test(name));
  const text = file ? readFileSync(join(dir, file), "utf8").trim() : `${meta.license} (no licence file shipped)`;
  packages.set(found[1], { version: meta.version, license: meta.license, text });
}
const names = [...packages.keys()].sort();
const parts = [
  "The studio's editor (editor.js) bundles these packages, each under the licence below.",
  "Its own code (scripts/studio-editor/src) is boardgen's, MIT (see LICENSE).",
  "",
];
for (const name of names) {
  const p = packages.get(name);
  parts.push("=".repeat(78), `${name} ${p.version} (${p.license})`, "=".repeat(78), p.text, "");
}
writeFileSync(join(out, "editor-licences.txt"), parts.join("\n"));
const size = readFileSync(join(out, "editor.js")).length;
console.log(`editor.js: ${(size / 1024).toFixed(0)} KiB, ${names.length} packages: ${names.join(", ")}`);
