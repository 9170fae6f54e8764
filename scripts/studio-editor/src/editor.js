// The studio's descriptor editor: CodeMirror 6 with YAML colours and indentation,
// completion and hover help from boardgen's descriptor schema, every problem marked at
// its line, find and replace, and a side-by-side comparison for a save conflict.
// Bundled by build.mjs into boardgen/studio/static/editor.js as the global BoardgenEditor.

import { EditorState, Compartment, StateEffect } from "@codemirror/state";
import {
  EditorView, keymap, lineNumbers, highlightActiveLine, highlightActiveLineGutter, drawSelection,
  dropCursor, highlightSpecialChars, rectangularSelection, crosshairCursor, hoverTooltip,
} from "@codemirror/view";
import {
  defaultKeymap, history, historyKeymap, indentWithTab, insertNewlineAndIndent,
} from "@codemirror/commands";
import {
  indentOnInput, bracketMatching, foldGutter, foldKeymap, syntaxHighlighting, defaultHighlightStyle,
  indentUnit,
} from "@codemirror/language";
import { searchKeymap, highlightSelectionMatches, openSearchPanel } from "@codemirror/search";
import { autocompletion, completionKeymap, closeBrackets, closeBracketsKeymap, startCompletion } from "@codemirror/autocomplete";
import { lintGutter, setDiagnostics, lintKeymap, forEachDiagnostic } from "@codemirror/lint";
import { yaml } from "@codemirror/lang-yaml";
import { MergeView } from "@codemirror/merge";
import { Schema, cursorContext, keyAt } from "./schema.js";

// -- schema help ------------------------------------------------------------------------------

function schemaCompletion(schema) {
  return (context) => {
    const line = context.state.doc.lineAt(context.pos);
    const text = context.state.doc.toString();
    const where = cursorContext(text, line.number - 1, context.pos - line.from);
    const word = context.matchBefore(/[A-Za-z0-9_-]*/);
    const from = word ? word.from : context.pos;
    if (!context.explicit && (!word || word.from === word.to) && where.where !== "value") return null;
    if (where.where === "key") {
      const here = keysWritten(text, line.number - 1, where);
      const options = schema.keys(where.path, where.values)
        .filter((k) => !here.has(k.name))
        .map((k) => ({
          label: k.name,
          type: "property",
          detail: k.type,
          info: k.description || undefined,
          apply: k.name + ": ",
        }));
      return options.length ? { from, options, validFor: /^[A-Za-z0-9_-]*$/ } : null;
    }
    if (where.where === "value") {
      const options = schema.values(where.path, where.values).map((v) => ({
        label: v.label,
        type: "enum",
        info: v.description || undefined,
      }));
      return options.length ? { from, options, validFor: /^[A-Za-z0-9_-]*$/ } : null;
    }
    return null;
  };
}

// Keys already written in the block mapping the cursor is in (not offered again).
function keysWritten(text, lineIndex, where) {
  const lines = text.split("\n");
  const found = new Set();
  const indent = (lines[lineIndex].match(/^ */) || [""])[0].length;
  for (const step of [-1, 1]) {
    for (let i = lineIndex + step; i >= 0 && i < lines.length; i += step) {
      const line = lines[i];
      if (!line.trim() || line.trim().startsWith("#")) continue;
      const own = (line.match(/^ */) || [""])[0].length;
      if (own < indent) break;
      if (own === indent) {
        const key = /^\s*([A-Za-z0-9_-]+)\s*:/.exec(line);
        if (key) found.add(key[1]);
        if (/^\s*- /.test(line)) break;
      }
    }
  }
  return found;
}

function schemaHover(schema) {
  return hoverTooltip((view, pos) => {
    const line = view.state.doc.lineAt(pos);
    const text = view.state.doc.toString();
    const key = keyAt(text, line.number - 1, pos - line.from);
    if (!key) return null;
    const where = cursorContext(text, line.number - 1, key.from);
    const help = schema.help(key.path, where.values);
    if (!help) return null;
    return {
      pos: line.from + key.from,
      end: line.from + key.to,
      above: true,
      create() {
        const dom = document.createElement("div");
        dom.className = "cm-schema-help";
        const title = document.createElement("strong");
        title.textContent = key.path.filter((p) => p !== "[]").join(".");
        dom.appendChild(title);
        if (help.type) {
          const type = document.createElement("span");
          type.className = "cm-schema-type";
          type.textContent = ` (${help.type})`;
          dom.appendChild(type);
        }
        for (const words of [help.text, help.ranges.length ? `from ${help.ranges.join(", ")}` : "",
          help.allowed.length ? `one of: ${help.allowed.join(", ")}` : ""]) {
          if (!words) continue;
          const p = document.createElement("div");
          p.textContent = words;
          dom.appendChild(p);
        }
        return { dom };
      },
    };
  }, { hoverTime: 250 });
}

// -- problems at their lines ------------------------------------------------------------------

function diagnosticsFor(doc, problems) {
  const out = [];
  for (const problem of problems) {
    const severity = problem.severity === "warning" ? "warning" : "error";
    const message = (problem.key ? `${problem.key}: ` : "") + problem.message
      + (problem.source === "schema" ? " (schema)" : "");
    if (!problem.line || problem.line > doc.lines) {
      out.push({ from: 0, to: 0, severity, message });
      continue;
    }
    const line = doc.line(problem.line);
    const from = Math.min(line.to, line.from + Math.max(0, (problem.column || 1) - 1));
    const rest = doc.sliceString(from, line.to);
    const token = /^("[^"]*"|'[^']*'|[^\s,}\]#]+)/.exec(rest);
    const to = token ? from + token[0].length : line.to;
    out.push({ from, to: Math.max(to, from), severity, message });
  }
  return out;
}

// -- the editor ------------------------------------------------------------------------------

const theme = EditorView.theme({
  "&": { height: "100%", fontSize: "13px", backgroundColor: "#fff" },
  ".cm-scroller": { fontFamily: 'ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace', lineHeight: "1.45" },
  ".cm-schema-help": { maxWidth: "420px", padding: "4px 8px", fontSize: "12.5px", lineHeight: "1.4" },
  ".cm-schema-type": { color: "#66666c" },
  ".cm-tooltip.cm-tooltip-autocomplete > ul": { fontFamily: 'ui-monospace, "DejaVu Sans Mono", monospace' },
});

export function create(parent, options = {}) {
  const schema = options.schema ? new Schema(options.schema) : null;
  const editable = new Compartment();
  const listeners = {
    change: options.onChange || (() => {}),
    save: options.onSave || (() => {}),
  };
  const extensions = [
    lineNumbers(),
    highlightActiveLineGutter(),
    highlightSpecialChars(),
    history(),
    foldGutter(),
    drawSelection(),
    dropCursor(),
    EditorState.allowMultipleSelections.of(true),
    indentOnInput(),
    indentUnit.of("  "),
    EditorState.tabSize.of(2),
    syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
    bracketMatching(),
    closeBrackets(),
    rectangularSelection(),
    crosshairCursor(),
    highlightActiveLine(),
    highlightSelectionMatches(),
    yaml(),
    lintGutter(),
    theme,
    keymap.of([
      { key: "Mod-s", preventDefault: true, run: () => { listeners.save(); return true; } },
      { key: "Enter", run: insertNewlineAndIndent },
      { key: "Ctrl-Space", run: startCompletion },
      ...closeBracketsKeymap,
      ...defaultKeymap,
      ...searchKeymap,
      ...historyKeymap,
      ...foldKeymap,
      ...completionKeymap,
      ...lintKeymap,
      indentWithTab,
    ]),
    editable.of([EditorState.readOnly.of(Boolean(options.readOnly)), EditorView.editable.of(!options.readOnly)]),
    EditorView.updateListener.of((update) => {
      if (update.docChanged) listeners.change(update);
    }),
  ];
  if (options.nonce) extensions.push(EditorView.cspNonce.of(options.nonce));
  if (schema) {
    extensions.push(autocompletion({ override: [schemaCompletion(schema)], activateOnTyping: true }));
    extensions.push(schemaHover(schema));
  }
  const view = new EditorView({
    state: EditorState.create({ doc: options.text || "", extensions }),
    parent,
  });
  let problems = [];

  return {
    view,
    text: () => view.state.doc.toString(),
    // Replace the whole text (opening a file): a fresh history, the cursor at the top.
    setText(text, readOnly) {
      view.setState(EditorState.create({ doc: text, extensions }));
      view.dispatch({
        effects: editable.reconfigure([EditorState.readOnly.of(Boolean(readOnly)), EditorView.editable.of(!readOnly)]),
      });
      problems = [];
    },
    // Replace the text keeping the history (a reload the user can undo).
    replaceText(text) {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
    },
    setReadOnly(readOnly) {
      view.dispatch({
        effects: editable.reconfigure([EditorState.readOnly.of(Boolean(readOnly)), EditorView.editable.of(!readOnly)]),
      });
    },
    // Mark every problem ({line, column, key, message, severity}) at its line.
    setProblems(list) {
      problems = list || [];
      view.dispatch(setDiagnostics(view.state, diagnosticsFor(view.state.doc, problems)));
    },
    // The problems marked now, as the editor holds them (for the tests).
    marked() {
      const found = [];
      forEachDiagnostic(view.state, (d, from) => {
        found.push({ line: view.state.doc.lineAt(from).number, severity: d.severity, message: d.message });
      });
      return found;
    },
    gotoLine(number, column) {
      const line = view.state.doc.line(Math.max(1, Math.min(number, view.state.doc.lines)));
      const at = Math.min(line.to, line.from + Math.max(0, (column || 1) - 1));
      view.dispatch({ selection: { anchor: at, head: line.to > at ? line.to : at }, scrollIntoView: true });
      view.focus();
    },
    focus: () => view.focus(),
    find: () => openSearchPanel(view),
  };
}

// A side-by-side comparison of the file on disk and the editor's text (a save conflict).
export function compare(parent, theirs, mine) {
  const common = [
    lineNumbers(),
    syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
    yaml(),
    theme,
    EditorState.readOnly.of(true),
    EditorView.editable.of(false),
  ];
  const merge = new MergeView({
    a: { doc: theirs, extensions: common },
    b: { doc: mine, extensions: common },
    parent,
    gutter: true,
    highlightChanges: true,
  });
  return { destroy: () => merge.destroy(), changes: () => merge.chunks.length };
}

export { StateEffect };
