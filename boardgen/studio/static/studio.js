// boardgen studio: the page. Plain script over the editor bundle (editor.js, CodeMirror 6);
// nothing is loaded from elsewhere.
"use strict";

const meta = (name) => document.querySelector(`meta[name="${name}"]`).content;
const token = meta("studio-token");
const nonce = meta("studio-nonce");
const $ = (id) => document.getElementById(id);
const PREVIEW_DELAY = 30;     // ms of quiet after a keystroke before the text is sent
const DRAFT_DELAY = 400;      // ms after a change before the text is kept in the browser
const READ_DPI_MAX = 300;

const client = Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, "0")).join("");

const state = {
  instance: meta("studio-instance"),
  where: null,        // "mine" or "builtin"
  name: null,         // file name (mine) or id (builtin)
  file: null,         // the descriptor's file name
  version: null,      // the version on disk the editor's text started from (null: not on disk)
  editable: false,
  link: null,
  lineEnds: "lf",
  dirty: false,
  diskText: "",       // the text as last read from or written to disk
  lang: "en",
  seq: 0,             // previews asked for
  editAt: 0,          // when the text last changed (performance.now())
  timer: null,
  draftTimer: null,
  files: [],          // the folder's files as last heard
  builtin: [],
  gameId: null,
  gameFiles: null,
  plays: false,
  shown: {},          // slot -> {seq, digest}
  sheets: { pieces: null, rules: null },  // slot -> {digest, pages, seq}
  facts: null,
  connected: false,
  conflict: null,     // {current} when a save was refused over a newer file
  loading: false,     // the editor's text is being replaced by the page itself
};
window.studioTimings = [];   // {seq, editAt, board, start, sheets}: read by the tests and the benchmark

// -- talking to the studio -------------------------------------------------------------------

class Offline extends Error {}

async function api(method, path, body) {
  const init = { method, headers: { "X-Studio-Token": token } };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (error) {
    linkDown();
    throw new Offline("the studio is not answering");
  }
  let data = {};
  try { data = await response.json(); } catch (e) { data = { error: response.statusText }; }
  if (response.status === 403 && /token|address/.test(data.error || "")) restarted();
  return { status: response.status, ok: response.ok, data };
}

function say(text, bad) {
  const status = $("status");
  status.textContent = text;
  status.title = text;
  status.classList.toggle("bad", Boolean(bad));
}

function banner(text, buttons, bad) {
  const box = $("banner");
  if (!text) { box.hidden = true; return; }
  box.hidden = false;
  box.classList.toggle("bad", Boolean(bad));
  $("banner-text").textContent = text;
  $("banner-buttons").replaceChildren(...(buttons || []).map(([label, action]) => {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = label;
    button.addEventListener("click", action);
    return button;
  }));
}

// -- the connection: server-sent events ----------------------------------------------------------

let source = null;

function connect() {
  if (source) source.close();
  source = new EventSource(`/api/events?client=${client}`);
  source.addEventListener("hello", (event) => {
    const hello = JSON.parse(event.data);
    if (hello.instance !== state.instance) { restarted(); return; }
    linkUp();
    refreshButtons();
    $("folder").textContent = hello.folder;
    showFiles(hello);
    if (state.file && (state.seq || state.waiting)) previewSoon(0);  // parts may have been lost while away
  });
  source.addEventListener("files", (event) => showFiles(JSON.parse(event.data)));
  source.addEventListener("preview", (event) => onPreview(JSON.parse(event.data)));
  source.addEventListener("facts", (event) => onFacts(JSON.parse(event.data)));
  source.addEventListener("error", () => {
    linkDown();
    if (source.readyState === EventSource.CLOSED) setTimeout(probe, 1500);
  });
}

async function probe() {
  // The stream was refused: a studio with another token (restarted), or none at all.
  try {
    const response = await fetch("/api/hello", { headers: { "X-Studio-Token": token } });
    if (response.status === 403) { restarted(); return; }
    if (response.ok) {
      const hello = await response.json();
      if (hello.instance !== state.instance) { restarted(); return; }
      connect();
      return;
    }
  } catch (e) { /* still down */ }
  setTimeout(probe, 2000);
}

function linkUp() {
  state.connected = true;
  const link = $("link");
  link.textContent = "connected";
  link.className = "link up";
  if ($("banner").dataset.kind === "down") { banner(null); delete $("banner").dataset.kind; }
}

function linkDown() {
  if (!state.connected && $("link").classList.contains("down")) return;
  state.connected = false;
  const link = $("link");
  link.textContent = "studio not answering";
  link.className = "link down";
  if ($("banner").dataset.kind !== "restarted") {
    banner("The studio is not answering (stopped?). Your text stays in this page and in this browser;"
      + " the page reconnects by itself when the studio is back.", [], true);
    $("banner").dataset.kind = "down";
  }
  refreshButtons();
}

function restarted() {
  if (source) source.close();
  state.connected = false;
  keepDraft();
  const link = $("link");
  link.textContent = "studio restarted";
  link.className = "link down";
  banner("The studio was restarted: it has a new address (and token). Open the address it printed in the"
    + " terminal; your unsaved text is kept in this browser and offered when you open the file again.", [], true);
  $("banner").dataset.kind = "restarted";
  refreshButtons();
}

// -- the games lists ------------------------------------------------------------------------------

function gameButton(label, where, name, tag) {
  const li = document.createElement("li");
  const button = document.createElement("button");
  button.type = "button";
  button.className = "game";
  button.textContent = label;
  button.dataset.where = where;
  button.dataset.name = name;
  button.addEventListener("click", () => open(where, name));
  li.appendChild(button);
  if (tag) {
    const span = document.createElement("span");
    span.className = "tag";
    span.textContent = tag;
    span.title = `a link to ${tag.replace(/^→ /, "")}: read-only here`;
    li.appendChild(span);
  }
  return li;
}

function markCurrent() {
  for (const button of document.querySelectorAll("nav li button.game")) {
    const current = button.dataset.where === state.where && button.dataset.name === state.name;
    button.setAttribute("aria-current", current ? "true" : "false");
  }
}

function showFiles(listing) {
  state.files = listing.mine;
  const list = $("mine");
  list.replaceChildren(...listing.mine.map((f) => gameButton(f.name, "mine", f.name, f.link ? `→ ${f.link}` : "")));
  if (!listing.mine.length) {
    const li = document.createElement("li");
    li.className = "empty";
    li.textContent = "none yet: New…, or copy a built-in game";
    list.appendChild(li);
  }
  const trash = listing.trash || [];
  $("trash-box").hidden = !trash.length;
  $("trash-count").textContent = trash.length ? `(${trash.length})` : "";
  $("trash").replaceChildren(...trash.map((t) => {
    const li = document.createElement("li");
    const label = document.createElement("span");
    label.textContent = t.name;
    label.title = `deleted ${new Date(t.when).toLocaleString()}`;
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = "Restore";
    button.dataset.kept = t.kept;
    button.addEventListener("click", () => restore(t.kept));
    li.append(label, button);
    return li;
  }));
  markCurrent();
  watchOpenFile();
}

async function loadGames() {
  const { ok, data } = await api("GET", "/api/games");
  if (!ok) { say(data.error, true); return; }
  $("folder").textContent = data.folder;
  state.builtin = data.builtin;
  showFiles(data);
  $("builtin").replaceChildren(...data.builtin.map((id) => gameButton(id, "builtin", id)));
}

// -- the editor -------------------------------------------------------------------------------------

let editor = null;

function makeEditor(schema) {
  editor = BoardgenEditor.create($("editor"), {
    schema,
    nonce,
    readOnly: true,
    onChange: () => {
      if (state.loading) return;
      state.editAt = performance.now();
      setDirty(editor.text() !== state.diskText);
      markStale();
      previewSoon();
      clearTimeout(state.draftTimer);
      state.draftTimer = setTimeout(keepDraft, DRAFT_DELAY);
    },
    onSave: () => save(),
  });
}

function setText(text, readOnly) {
  state.loading = true;
  try { editor.setText(text, readOnly); } finally { state.loading = false; }
}

function setDirty(dirty) {
  state.dirty = dirty;
  $("dirty").hidden = !dirty;
  refreshButtons();
}

// What can be done now: buttons follow the file open and the link to the studio.
function refreshButtons() {
  const up = state.connected;
  $("save").disabled = !(up && state.editable && (state.dirty || state.version === null));
  $("save-as").disabled = !(up && state.file);
  $("rename").disabled = $("delete").disabled = !(up && state.editable);
  $("find").disabled = !state.file;
  $("facts-run").disabled = !(up && state.file && !facts.none && !facts.key);
}

function showProblems(problems) {
  editor.setProblems(problems);
  const box = $("problems");
  box.hidden = !problems.length;
  const errors = problems.filter((p) => p.severity !== "warning").length;
  const warnings = problems.length - errors;
  const words = [];
  if (errors) words.push(`${errors} error${errors > 1 ? "s" : ""}`);
  if (warnings) words.push(`${warnings} warning${warnings > 1 ? "s" : ""}`);
  $("problems-count").textContent = words.join(", ");
  $("problems-list").replaceChildren(...problems.map((p) => {
    const li = document.createElement("li");
    li.className = p.severity === "warning" ? "warning" : "error";
    const where = p.line ? `line ${p.line}: ` : "";
    const key = p.key ? `${p.key}: ` : "";
    li.textContent = `${where}${key}${p.message}${p.source === "schema" ? " (schema)" : ""}`;
    li.dataset.line = p.line || "";
    if (p.line) li.addEventListener("click", () => editor.gotoLine(p.line, p.column));
    return li;
  }));
}

// -- files: open, save, save as, rename, delete, restore, new ---------------------------------------

function draftKey(name) { return `boardgen-studio:${$("folder").textContent}:${name}`; }

function keepDraft() {
  if (state.where !== "mine" || !state.name || !editor) return;
  try {
    if (state.dirty) {
      localStorage.setItem(draftKey(state.name), JSON.stringify({ text: editor.text(), base: state.version, at: Date.now() }));
    } else {
      localStorage.removeItem(draftKey(state.name));
    }
  } catch (e) { /* storage full or refused: the page still holds the text */ }
}

function dropDraft(name) {
  try { localStorage.removeItem(draftKey(name)); } catch (e) { /* nothing kept */ }
}

function offerDraft(name, diskText) {
  let draft = null;
  try { draft = JSON.parse(localStorage.getItem(draftKey(name)) || "null"); } catch (e) { draft = null; }
  if (!draft || draft.text === diskText) { dropDraft(name); return; }
  banner(`Unsaved text of ${name} from ${new Date(draft.at).toLocaleString()} is kept in this browser.`, [
    ["Restore it", () => { editor.replaceText(draft.text); banner(null); }],
    ["Discard it", () => { dropDraft(name); banner(null); }],
  ]);
}

async function open(where, name) {
  if (state.dirty && !confirm("Your changes are not saved. Open another game anyway? (They stay kept in this browser.)")) return;
  keepDraft();
  const { ok, data } = await api("GET", `/api/file/${where}/${encodeURIComponent(name)}`);
  if (!ok) { say(data.error, true); return; }
  Object.assign(state, {
    where, name, file: data.link || data.name, version: data.version, editable: data.editable, link: data.link,
    lineEnds: data.line_ends, diskText: data.text, conflict: null, gameId: null, gameFiles: null,
  });
  setText(data.text, !data.editable);
  $("name").textContent = data.name;
  $("readonly").hidden = data.editable;
  $("readonly").textContent = data.link ? `link to ${data.link}: read-only` : "read-only";
  $("copy").hidden = where !== "builtin";
  $("facts-result").replaceChildren();
  if ($("banner").dataset.kind !== "down") banner(null);
  setDirty(false);
  showProblems([]);
  resetViews();
  markCurrent();
  say(data.editable ? `opened ${data.name}` : data.link ? `${data.name} is a link to ${data.link}: open that file to edit`
    : `${data.name} is built in: read-only (Save as… or Copy to my folder to change it)`);
  if (where === "mine" && data.editable) offerDraft(name, data.text);
  history.replaceState(null, "", `/?open=${where}/${encodeURIComponent(name)}`);
  previewSoon(0);
}

async function save(overwrite) {
  if (!state.editable || !state.connected) {
    if (!state.connected) say("not saved: the studio is not answering (your text is kept here)", true);
    return;
  }
  const text = editor.text();
  const version = overwrite !== undefined ? overwrite : state.version;
  let result;
  try {
    result = await api("PUT", `/api/file/mine/${encodeURIComponent(state.name)}`, { text, version });
  } catch (e) {
    say("not saved: the studio is not answering (your text is kept here)", true);
    return;
  }
  const { status, ok, data } = result;
  if (ok) {
    state.version = data.version;
    state.diskText = text;
    state.conflict = null;
    setDirty(editor.text() !== text);
    dropDraft(state.name);
    if ($("banner").dataset.kind === "conflict" || $("banner").dataset.kind === "deleted") { banner(null); delete $("banner").dataset.kind; }
    say(`saved ${data.name}`);
    refreshDownloads();
  } else if (status === 409 && data.current === null && version !== null) {
    // deleted on disk since it was opened: saving writes it anew
    state.version = null;
    await save(null);
  } else if (status === 409) {
    showConflict(data.current, data.error);
  } else {
    say(`not saved: ${data.error}`, true);
  }
}

function showConflict(current, message) {
  state.conflict = { current };
  banner(message || `${state.name} changed on disk since you opened it.`, [
    ["Compare", compare],
    ["Keep mine", () => save(current)],
    ["Take the file's", reload],
  ]);
  $("banner").dataset.kind = "conflict";
  say("not saved: the file changed since you opened it", true);
}

async function compare() {
  const { ok, data } = await api("GET", `/api/file/mine/${encodeURIComponent(state.name)}`);
  if (!ok) { say(data.error, true); return; }
  const body = $("compare-body");
  body.replaceChildren();
  const view = BoardgenEditor.compare(body, data.text, editor.text());
  const dialog = $("compare");
  const close = () => { view.destroy(); dialog.close(); };
  $("compare-mine").onclick = () => { close(); save(data.version); };
  $("compare-theirs").onclick = () => { close(); reload(); };
  $("compare-close").onclick = close;
  dialog.showModal();
}

async function reload() {
  const { ok, data } = await api("GET", `/api/file/mine/${encodeURIComponent(state.name)}`);
  if (!ok) { say(data.error, true); return; }
  state.loading = true;
  try { editor.replaceText(data.text); } finally { state.loading = false; }  // undo brings the old text back
  Object.assign(state, { version: data.version, diskText: data.text, conflict: null, lineEnds: data.line_ends });
  setDirty(false);
  dropDraft(state.name);
  if (["conflict", "deleted", "changed"].includes($("banner").dataset.kind)) { banner(null); delete $("banner").dataset.kind; }
  say(`reloaded ${state.name} from disk (Ctrl+Z brings your text back)`);
  previewSoon(0);
}

// The open file as the folder now has it: changed or deleted on disk by another program.
function watchOpenFile() {
  if (state.where !== "mine" || !state.name) return;
  const here = state.files.find((f) => f.name === state.name);
  if (!here) {
    if (state.version !== null) {
      state.version = null;
      setDirty(true);
      banner(`${state.name} was deleted on disk. Your text is still here: Save writes it anew.`, [["Save", () => save()]]);
      $("banner").dataset.kind = "deleted";
    }
    return;
  }
  if (here.version === state.version || state.conflict) return;
  if (state.version === null) {  // it came back
    state.version = here.version;
    if ($("banner").dataset.kind === "deleted") { banner(null); delete $("banner").dataset.kind; }
    return;
  }
  if (state.dirty) {
    showConflict(here.version, `${state.name} changed on disk. Your edits are kept here: compare, keep yours, or take the file's.`);
  } else {
    reload().then(() => say(`${state.name} changed on disk: reloaded`));
  }
}

function ask({ title, hint, value, from }) {
  const dialog = $("ask");
  $("ask-title").textContent = title;
  $("ask-hint").textContent = hint || "";
  $("ask-error").textContent = "";
  const input = $("ask-name");
  input.value = value || "";
  $("ask-from-label").hidden = !from;
  if (from) $("ask-from").replaceChildren(...state.builtin.map((id) => new Option(id, id)));
  return new Promise((resolve) => {
    const done = (result) => { dialog.close(); resolve(result); };
    $("ask-cancel").onclick = () => done(null);
    $("ask-form").onsubmit = (event) => {
      event.preventDefault();
      const name = input.value.trim().replace(/\.ya?ml$/, "");
      if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(name) || name.length > 40) {
        $("ask-error").textContent = "lowercase letters, digits and single dashes (my-go), at most 40";
        return;
      }
      done({ name: `${name}.yaml`, from: $("ask-from").value });
    };
    dialog.onclose = () => resolve(null);
    dialog.showModal();
    input.focus();
    input.select();
  });
}

async function newGame() {
  const answer = await ask({ title: "New game", hint: "A copy of a built-in game under a name of yours; its id follows the name.", from: true });
  if (!answer) return;
  const { ok, data } = await api("POST", "/api/new", { name: answer.name, from: answer.from });
  if (!ok) { say(data.error, true); return; }
  say(`made ${data.name} from ${answer.from}`);
  await loadGames();
  await open("mine", data.name);
}

async function saveAs() {
  const base = (state.file || "game.yaml").replace(/\.ya?ml$/, "");
  const answer = await ask({ title: "Save as", hint: "The editor's text under a new name; the id inside follows the name.", value: `${base}-copy` });
  if (!answer) return;
  const { ok, data } = await api("POST", "/api/new", { name: answer.name, text: editor.text(), line_ends: state.lineEnds });
  if (!ok) { say(data.error, true); return; }
  if (state.where === "mine") dropDraft(state.name);
  setDirty(false);
  say(`saved as ${data.name}`);
  await loadGames();
  await open("mine", data.name);
}

async function renameFile() {
  if (state.dirty) await save();
  if (state.dirty) return;
  const base = state.name.replace(/\.ya?ml$/, "");
  const answer = await ask({ title: `Rename ${state.name}`, hint: "The id inside the file follows the new name.", value: base });
  if (!answer || answer.name === state.name) return;
  const { ok, data } = await api("POST", "/api/rename", { from: state.name, to: answer.name, version: state.version });
  if (!ok) { say(data.error, true); return; }
  say(`renamed ${state.name} to ${data.name}`);
  dropDraft(state.name);
  state.dirty = false;
  await loadGames();
  await open("mine", data.name);
}

async function deleteFile() {
  if (!confirm(`Delete ${state.name}? It goes to the folder's trash (.trash), from where it can be restored.`)) return;
  if (state.dirty) await save();
  const { ok, data } = await api("POST", "/api/delete", { name: state.name, version: state.version });
  if (!ok) { say(data.error, true); return; }
  const gone = state.name;
  dropDraft(gone);
  Object.assign(state, { where: null, name: null, file: null, version: null, editable: false, dirty: false });
  setText("", true);
  $("name").textContent = "no game open";
  refreshButtons();
  resetViews();
  await loadGames();
  banner(`${gone} is in the trash.`, [["Undo", () => restore(data.kept)]]);
  say(`deleted ${gone} (kept in .trash)`);
}

async function restore(kept) {
  const { ok, data } = await api("POST", "/api/restore", { kept });
  if (!ok) { say(data.error, true); return; }
  banner(null);
  say(`restored ${data.name}`);
  await loadGames();
  await open("mine", data.name);
}

async function copyToFolder() {
  const { ok, data } = await api("POST", "/api/copy", { id: state.name });
  if (!ok) {
    if (data.error && /already exists/.test(data.error)) {
      say(`${state.name}.yaml is already in your folder: Save as… gives the copy another name`, true);
    } else say(data.error, true);
    return;
  }
  await loadGames();
  await open("mine", data.name);
}

// -- the preview --------------------------------------------------------------------------------------

function previewSoon(delay) {
  clearTimeout(state.timer);
  state.timer = setTimeout(preview, delay === undefined ? PREVIEW_DELAY : delay);
}

async function preview() {
  if (!state.file || !editor) return;
  if (!state.connected) { state.waiting = true; return; }  // asked again when the stream opens
  state.waiting = false;
  const seq = ++state.seq;
  window.studioTimings.push({ seq, editAt: state.editAt || performance.now() });
  if (window.studioTimings.length > 200) window.studioTimings.shift();
  $("freshness").textContent = "updating…";
  $("freshness").classList.remove("stale");
  try {
    const known = {};
    for (const slot of ["board", "start"]) if (pictures[slot].cellsDigest) known[slot] = pictures[slot].cellsDigest;
    const body = { client, seq, text: editor.text(), name: state.file, lang: state.lang, known };
    const { ok, data } = await api("POST", "/api/preview", body);
    if (!ok && seq === state.seq) {
      if (/event stream/.test(data.error || "")) { connect(); return; }
      say(data.error, true);
    }
  } catch (e) { /* offline: said by the link */ }
}

function timing(seq) { return window.studioTimings.find((t) => t.seq === seq); }

function markStale() {
  for (const id of ["board-view", "start-view", "pieces-view", "rules-view"]) $(id).classList.add("stale");
}

function resetViews() {
  state.seq += 1;  // parts still coming for the text before are not this one's
  state.shown = {};
  state.sheets = { pieces: null, rules: null };
  pictures.board.clear();
  pictures.start.clear();
  for (const slot of ["pieces", "rules"]) {
    $(slot).replaceChildren();
    $(`${slot}-count`).textContent = "";
    $(`${slot}-pdf`).hidden = true;
  }
  play.reset();
  $("play").hidden = true;
  $("downloads").replaceChildren();
  $("downloads-button").disabled = true;
  markStale();
  $("freshness").textContent = "";
}

function onPreview(part) {
  if (part.seq !== state.seq) return;  // an older text's: a newer preview is on its way
  const view = { board: "board-view", start: "start-view", pieces: "pieces-view", rules: "rules-view" };
  switch (part.kind) {
    case "game": {
      if (!part.ok) {
        showProblems(part.problems);
        for (const id of Object.values(view)) { $(id).classList.remove("stale"); $(id).classList.add("failed"); }
        $("freshness").textContent = pictures.board.digest ? "errors: showing the last good preview" : "errors: no preview yet";
        $("freshness").classList.add("stale");
        document.body.dataset.previewSeq = String(part.seq);
        return;
      }
      for (const id of Object.values(view)) $(id).classList.remove("failed");
      state.gameId = part.id;
      state.gameFiles = part.files;
      state.plays = part.plays;
      languagesOf(part);
      facts.game(part);
      refreshDownloads();
      break;
    }
    case "picture": {
      const picture = pictures[part.slot];
      if (part.cells) picture.cellsDigest = part.cells_digest;
      picture.show(part.digest, part.cells).then(() => {
        if (part.seq !== state.seq) return;
        $(view[part.slot]).classList.remove("stale");
        const t = timing(part.seq);
        if (t && !t[part.slot]) t[part.slot] = performance.now() - t.editAt;
      });
      if (part.slot === "start") play.started(part);
      break;
    }
    case "checks":
      showProblems(part.problems);
      if (part.problems.some((p) => p.severity !== "warning")) {
        for (const id of ["pieces-view", "rules-view"]) { $(id).classList.remove("stale"); $(id).classList.add("failed"); }
        $("freshness").textContent = "errors: the sheets wait for them to be fixed";
        $("freshness").classList.add("stale");
      }
      break;
    case "sheet":
      sheets.sheet(part);
      break;
    case "page":
      sheets.page(part);
      break;
    case "end": {
      document.body.dataset.previewSeq = String(part.seq);
      if (part.error) {
        showProblems([{ ...part.error, severity: "error" }]);
        $("freshness").textContent = "error: showing the last good preview";
        $("freshness").classList.add("stale");
        for (const id of Object.values(view)) { $(id).classList.remove("stale"); $(id).classList.add("failed"); }
        return;
      }
      for (const slot of ["pieces", "rules"]) sheets.finish(slot);
      if (!$("freshness").classList.contains("stale")) $("freshness").textContent = "up to date";
      const t = timing(part.seq);
      if (t) t.sheets = performance.now() - t.editAt;
      break;
    }
    default:
      break;
  }
}

function languagesOf(part) {
  const select = $("lang");
  const wanted = part.languages.join(",");
  if (select.dataset.options !== wanted) {
    select.replaceChildren(...part.languages.map((code) => new Option(code, code)));
    select.dataset.options = wanted;
  }
  select.value = part.lang;
  state.lang = part.lang;
}

// -- pictures: an image, and an overlay that knows where the cells are --------------------------------

const SVG = "http://www.w3.org/2000/svg";

class Picture {
  constructor(box, options) {
    this.box = box;
    this.options = options || {};
    this.digest = null;
    this.cells = null;
    this.img = document.createElement("img");
    this.img.alt = this.options.alt || "";
    this.overlay = document.createElementNS(SVG, "svg");
    this.overlay.setAttribute("class", "overlay");
    this.overlay.setAttribute("preserveAspectRatio", "none");
    this.label = document.createElement("div");
    this.label.className = "cellname";
    this.label.hidden = true;
    this.marks = document.createElementNS(SVG, "g");
    this.overlay.appendChild(this.marks);
    this.overlay.addEventListener("pointermove", (event) => this.hover(event));
    this.overlay.addEventListener("pointerleave", () => { this.label.hidden = true; this.hovered = null; });
    this.overlay.addEventListener("click", (event) => {
      const cell = this.cellAt(event);
      if (cell && this.options.onCell) this.options.onCell(cell.name);
    });
  }

  clear() {
    this.digest = null;
    this.cells = null;
    this.cellsDigest = null;
    this.img.removeAttribute("src");
    const placeholder = document.createElement("p");
    placeholder.className = "placeholder";
    placeholder.textContent = "no preview yet";
    this.box.replaceChildren(placeholder);
  }

  // Show the picture `digest` (fetched only when it changed) with its cells.
  show(digest, cells) {
    if (cells) this.setCells(cells);
    if (!this.box.contains(this.img)) this.box.replaceChildren(this.img, this.overlay, this.label);
    if (digest === this.digest) return Promise.resolve();
    this.digest = digest;
    const img = new Image();
    img.src = `/api/blob/${digest}`;
    return img.decode().then(() => {
      if (this.digest !== digest) return;
      this.img.src = img.src;
      this.size();
    }, () => {});
  }

  setCells(cells) {
    this.cells = cells;
    this.overlay.setAttribute("viewBox", `0 0 ${cells.w} ${cells.h}`);
    this.size();
  }

  // The picture at `scale` (css px per mm), or filling its box's width when null.
  size(scale) {
    if (scale !== undefined) this.scale = scale;
    if (this.scale && this.cells) {
      this.box.style.width = `${this.cells.w * this.scale}px`;
    } else {
      this.box.style.width = "";
    }
  }

  point(event) {
    const matrix = this.overlay.getScreenCTM();
    if (!matrix) return null;
    const p = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    return p;
  }

  cellAt(event) {
    if (!this.cells) return null;
    const p = this.point(event);
    if (!p) return null;
    let best = null;
    let distance = Infinity;
    for (const [name, x, y] of this.cells.at) {
      const d = (x - p.x) ** 2 + (y - p.y) ** 2;
      if (d < distance) { distance = d; best = { name, x, y }; }
    }
    return best && Math.sqrt(distance) <= this.cells.r * 1.05 ? best : null;
  }

  hover(event) {
    const cell = this.cellAt(event);
    this.hovered = cell ? cell.name : null;
    if (!cell) { this.label.hidden = true; return; }
    const box = this.box.getBoundingClientRect();
    this.label.hidden = false;
    this.label.textContent = cell.name;
    this.label.style.left = `${event.clientX - box.left}px`;
    this.label.style.top = `${event.clientY - box.top}px`;
    this.box.dataset.hovered = cell.name;
  }

  where(name) {
    if (!this.cells) return null;
    const found = this.cells.at.find((c) => c[0] === name);
    return found ? { x: found[1], y: found[2] } : null;
  }

  // Marks on cells: [{cell, kind}] with kind chosen | target | origin.
  mark(list) {
    const r = this.cells ? this.cells.r : 1;
    this.marks.replaceChildren(...list.map(({ cell, kind }) => {
      const at = this.where(cell);
      if (!at) return document.createComment(cell);
      const circle = document.createElementNS(SVG, "circle");
      circle.setAttribute("cx", at.x);
      circle.setAttribute("cy", at.y);
      circle.setAttribute("r", kind === "target" ? r * 0.28 : r * 0.9);
      circle.setAttribute("class", kind);
      circle.dataset.cell = cell;
      return circle;
    }));
  }
}

const pictures = {
  board: new Picture($("board-picture"), { alt: "The board at true scale" }),
  start: new Picture($("start-picture"), { alt: "The position", onCell: (cell) => play.click(cell) }),
};

// -- playing on the preview -------------------------------------------------------------------------

const play = {
  history: [],      // positions shown: {position, digest, cells, moves, more, ending, turn_name, played}
  chosen: [],       // cells clicked towards a move

  reset() { this.history = []; this.chosen = []; this.refresh(); },

  current() { return this.history[this.history.length - 1]; },

  // The start of a new preview: the first position, and the one played to, again.
  started(part) {
    const start = part.play ? { ...part.play, digest: part.digest, cells: pictures.start.cells, played: null } : null;
    $("play").hidden = !start || !state.plays;
    if (!start) { this.history = []; this.refresh(); return; }
    if (this.history.length <= 1) {
      this.history = [start];
      this.chosen = [];
      this.refresh(false);
      return;
    }
    const here = this.current();
    this.history = [start];
    this.request(here.position, null, true);
  },

  async request(position, move, rebase) {
    let result;
    try {
      result = await api("POST", "/api/play", { client, text: editor.text(), name: state.file, position, move });
    } catch (e) { return; }
    const { ok, data } = result;
    if (!ok) {
      if (data.error === "replaced by a newer request") return;
      if (rebase) { say("the position played no longer fits the game: back to the start", true); this.refresh(); return; }
      say(data.error, true);
      $("play-status").textContent = data.error;
      return;
    }
    this.history.push(data);
    this.chosen = [];
    this.refresh();
  },

  refresh(draw = true) {
    const here = this.current();
    $("undo").disabled = this.history.length <= 1;
    $("restart").disabled = this.history.length <= 1;
    $("play-title").textContent = this.history.length > 1 ? "Position" : "Start";
    if (!here) { pictures.start.mark([]); return; }
    if (draw) pictures.start.show(here.digest, here.cells);
    $("position").value = here.position;
    $("move").placeholder = here.moves.length ? here.moves[0].t : "";
    const turn = here.ending ? here.ending : `${here.turn_name} to move: ${here.moves.length + here.more} legal move${here.moves.length + here.more === 1 ? "" : "s"}`;
    $("play-status").textContent = turn;
    $("play-hint").textContent = here.ending ? "" : "click a piece, then its target";
    $("moves-played").textContent = this.history.slice(1).map((h) => h.played).filter(Boolean).join(" ");
    document.body.dataset.position = here.position;
    this.highlight();
  },

  // The moves the cells clicked so far lead to, and whether each is complete.
  candidates(chosen) {
    const here = this.current();
    if (!here) return [];
    const out = [];
    for (const move of here.moves) {
      const path = move.p.length ? move.p : null;
      if (path) {
        if (chosen[0] !== path[0]) continue;
        let at = 0;
        let fits = true;
        for (const cell of chosen.slice(1)) {
          const next = path.indexOf(cell, at + 1);
          if (next < 0) { fits = false; break; }
          at = next;
        }
        if (!fits) continue;
        out.push({ move, complete: chosen.length > 1 && chosen[chosen.length - 1] === path[path.length - 1] });
      } else if (move.l.length) {
        if (!chosen.every((c) => move.l.includes(c))) continue;
        out.push({ move, complete: chosen.length === move.l.length });
      }
    }
    return out;
  },

  click(cell) {
    const here = this.current();
    if (!here || here.ending) return;
    let chosen = [...this.chosen, cell];
    let found = this.candidates(chosen);
    if (!found.length) {
      chosen = [cell];  // start again from this cell
      found = this.candidates(chosen);
      if (!found.length) { this.chosen = []; this.highlight(); return; }
    }
    const complete = found.filter((f) => f.complete);
    if (complete.length === 1 && found.length === 1) {
      this.playMove(complete[0].move.t);
      return;
    }
    this.chosen = chosen;
    this.highlight(found);
  },

  highlight(found) {
    const marks = this.chosen.map((cell) => ({ cell, kind: "chosen" }));
    const choices = $("choices");
    if (!this.chosen.length) {
      pictures.start.mark([]);
      choices.hidden = true;
      return;
    }
    found = found || this.candidates(this.chosen);
    const next = new Set();
    for (const { move } of found) {
      const path = move.p.length ? move.p : move.l;
      for (const cell of path) if (!this.chosen.includes(cell)) next.add(cell);
    }
    for (const cell of next) marks.push({ cell, kind: "target" });
    pictures.start.mark(marks);
    const complete = found.filter((f) => f.complete);
    choices.hidden = !(complete.length && found.length > 1);
    choices.replaceChildren(...complete.map(({ move }) => {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = move.t;
      button.addEventListener("click", () => this.playMove(move.t));
      return button;
    }));
  },

  playMove(text) {
    const here = this.current();
    this.chosen = [];
    $("choices").hidden = true;
    pictures.start.mark([]);
    this.request(this.history.length > 1 ? here.position : null, text);
  },

  undo() {
    if (this.history.length <= 1) return;
    this.history.pop();
    this.chosen = [];
    this.refresh();
  },

  restart() {
    this.history = this.history.slice(0, 1);
    this.chosen = [];
    this.refresh();
  },
};

// -- sheets: thumbnails, and the viewer to read them page by page ------------------------------------

const sheets = {
  sheet(part) {
    const known = state.sheets[part.slot];
    state.sheets[part.slot] = { digest: part.digest, pages: part.pages, seq: part.seq, shown: new Set() };
    $(`${part.slot}-count`).textContent = `${part.pages} page${part.pages === 1 ? "" : "s"}`;
    const link = $(`${part.slot}-pdf`);
    link.hidden = false;
    link.href = `/api/blob/${part.digest}?download=${part.slot}-${state.lang}.pdf`;
    link.title = "The sheet made from the text in the editor (not the saved file)";
    if (known && known.digest === part.digest) { state.sheets[part.slot].shown = known.shown; }
  },

  page(part) {
    const box = $(part.slot);
    let button = box.querySelector(`button[data-index="${part.index}"]`);
    if (!button) {
      button = document.createElement("button");
      button.type = "button";
      button.dataset.index = String(part.index);
      const img = document.createElement("img");
      button.appendChild(img);
      button.addEventListener("click", () => viewer.open(part.slot, Number(button.dataset.index)));
      const after = [...box.querySelectorAll("button[data-index]")].find((b) => Number(b.dataset.index) > part.index);
      box.insertBefore(button, after || box.querySelector(".more"));
    }
    const img = button.querySelector("img");
    const sheet = state.sheets[part.slot];
    img.alt = `${part.slot === "rules" ? "Rule" : "Pieces"} sheet, page ${part.index + 1} of ${sheet ? sheet.pages : "?"}`;
    if (button.dataset.digest !== part.digest) {
      button.dataset.digest = part.digest;
      const next = new Image();
      next.src = `/api/blob/${part.digest}`;
      next.decode().then(() => { if (button.dataset.digest === part.digest) img.src = next.src; }, () => {});
    }
    if (sheet) sheet.shown.add(part.index);
  },

  finish(slot) {
    const sheet = state.sheets[slot];
    const box = $(slot);
    if (!sheet) return;
    for (const button of box.querySelectorAll("button[data-index]")) {
      if (Number(button.dataset.index) >= sheet.pages) button.remove();
    }
    let more = box.querySelector(".more");
    const drawn = box.querySelectorAll("button[data-index]").length;
    if (sheet.pages > drawn) {
      if (!more) {
        more = document.createElement("button");
        more.type = "button";
        more.className = "more";
        more.addEventListener("click", () => viewer.open(slot, drawn));
        box.appendChild(more);
      }
      more.textContent = `and ${sheet.pages - drawn} more page${sheet.pages - drawn === 1 ? "" : "s"}: open to read`;
    } else if (more) {
      more.remove();
    }
    $(`${slot}-view`).classList.remove("stale");
  },
};

const viewer = {
  kind: null,
  index: 0,
  zoom: null,           // css px per mm; null: fit the width
  picture: null,

  open(kind, index) {
    this.kind = kind;
    this.index = index || 0;
    this.zoom = null;
    const dialog = $("viewer");
    if (!dialog.open) dialog.showModal();
    this.draw();
  },

  pages() {
    const sheet = state.sheets[this.kind];
    return sheet ? sheet.pages : 1;
  },

  // css px per mm that fits a picture's width (and its height, when given) in the viewer
  fitScale(widthMm, heightMm) {
    const body = $("viewer-body");
    const across = (body.clientWidth - 40) / widthMm;
    return heightMm ? Math.min(across, (body.clientHeight - 40) / heightMm) : across;
  },

  async draw() {
    const canvas = $("viewer-canvas");
    const sheet = state.sheets[this.kind];
    const isSheet = this.kind === "pieces" || this.kind === "rules";
    $("viewer-prev").hidden = $("viewer-next").hidden = $("viewer-page").hidden = !isSheet;
    $("viewer-title").textContent = { board: "Board", start: $("play-title").textContent, pieces: "Pieces sheet", rules: "Rule sheet" }[this.kind];
    const pdf = $("viewer-pdf");
    pdf.hidden = !isSheet;
    if (isSheet && sheet) {
      pdf.href = `/api/blob/${sheet.digest}?download=${this.kind}-${state.lang}.pdf`;
      $("viewer-page").textContent = `page ${this.index + 1} of ${sheet.pages}`;
      $("viewer-prev").disabled = this.index <= 0;
      $("viewer-next").disabled = this.index >= sheet.pages - 1;
    }
    if (!isSheet) {
      const source = pictures[this.kind];
      if (!source.cells) return;
      if (!this.picture || this.picture.source !== source) {
        this.picture = new Picture(canvas, {
          alt: source.img.alt,
          onCell: this.kind === "start" ? (cell) => { play.click(cell); this.sync(); } : null,
        });
        this.picture.source = source;
      }
      const scale = this.zoom || this.fitScale(source.cells.w, source.cells.h);
      this.picture.setCells(source.cells);
      this.picture.size(scale);
      await this.picture.show(source.digest, null);
      this.picture.marks.replaceChildren(...[...source.marks.childNodes].map((n) => n.cloneNode(true)));
      canvas.classList.toggle("interactive", this.kind === "start");
      $("viewer-zoom").textContent = `${Math.round((scale / (96 / 25.4)) * 100)} %`;
      return;
    }
    // a sheet's page, drawn sharp enough for the zoom asked
    this.picture = null;
    const widthMm = 210;
    const scale = this.zoom || this.fitScale(widthMm);
    const dpi = Math.min(READ_DPI_MAX, Math.max(60, Math.round(scale * 25.4 * (window.devicePixelRatio || 1))));
    $("viewer-zoom").textContent = `${Math.round((scale / (96 / 25.4)) * 100)} %`;
    if (!sheet) return;
    let result;
    try {
      result = await api("POST", "/api/page", { client, pdf: sheet.digest, index: this.index, dpi });
    } catch (e) { return; }
    if (!result.ok) {
      if (result.status !== 409) say(result.data.error, true);  // 409: a newer zoom replaced it
      return;
    }
    const img = new Image();
    img.src = `/api/blob/${result.data.digest}`;
    img.alt = `${this.kind === "rules" ? "Rule" : "Pieces"} sheet, page ${this.index + 1} of ${sheet.pages}`;
    await img.decode().catch(() => {});
    img.style.width = `${(img.naturalWidth / result.data.dpi) * 25.4 * scale}px`;
    img.style.display = "block";
    canvas.style.width = "";
    canvas.replaceChildren(img);
    canvas.dataset.page = String(this.index + 1);
    canvas.dataset.dpi = String(result.data.dpi);
  },

  sync() {
    if (this.picture && this.picture.source) {
      setTimeout(() => this.draw(), 0);
    }
  },

  step(by) {
    const count = this.pages();
    const next = Math.max(0, Math.min(count - 1, this.index + by));
    if (next !== this.index) { this.index = next; this.draw(); }
  },

  zoomBy(factor) {
    const base = this.zoom || (this.picture && this.picture.scale) || this.fitScale(this.picture && this.picture.cells ? this.picture.cells.w : 210);
    this.zoom = Math.max(0.5, Math.min(40, base * factor));
    this.draw();
  },
};

// -- downloads -------------------------------------------------------------------------------------

function refreshDownloads() {
  const list = $("downloads");
  list.replaceChildren();
  $("downloads-button").disabled = !state.gameId || !state.gameFiles;
  if (!state.gameId || !state.gameFiles) return;
  const base = `/download/${state.where}/${encodeURIComponent(state.name)}/`;
  for (const file of [...state.gameFiles, `${state.gameId}.zip`]) {
    const li = document.createElement("li");
    const a = document.createElement("a");
    a.href = base + encodeURIComponent(file);
    a.download = file;
    a.textContent = file.endsWith(".zip") ? `${file} (the game's folder)` : file;
    li.appendChild(a);
    list.appendChild(li);
  }
}

// -- game facts --------------------------------------------------------------------------------------

function percent(x) { return `${(100 * x).toFixed(1)} %`; }

function factsTable(result) {
  const names = Object.keys(result.policies);
  const table = document.createElement("table");
  const head = table.insertRow();
  for (const label of ["", ...names]) {
    const th = document.createElement("th");
    th.textContent = label;
    head.appendChild(th);
  }
  const row = (label, cells) => {
    const tr = table.insertRow();
    tr.insertCell().textContent = label;
    for (const cell of cells) tr.insertCell().textContent = cell;
  };
  const p = names.map((n) => result.policies[n]);
  row("games", p.map((x) => x.games.toLocaleString("en")));
  row(`first player (${result.first_player}) wins`, p.map((x) =>
    `${percent(x.first_player_win_rate)} (${percent(x.first_player_win_rate_95[0])} to ${percent(x.first_player_win_rate_95[1])})`));
  row("draws", p.map((x) => percent(x.draw_rate)));
  row("unfinished", p.map((x) => String(x.unfinished)));
  row("average length (plies)", p.map((x) => x.mean_length.toFixed(1)));
  row("longest game (plies)", p.map((x) => String(x.longest)));
  row("average branching factor", p.map((x) => x.mean_branching.toFixed(2)));
  const rules = [...new Set(p.flatMap((x) => Object.keys(x.endings)))];
  for (const rule of rules) row(`ended by: ${rule}`, p.map((x) => percent((x.endings[rule] || 0) / Math.max(1, x.games))));
  return table;
}

const facts = {
  key: null,
  none: false,

  game(part) {
    const none = $("facts-none");
    this.none = Boolean(part.no_facts);
    none.hidden = !part.no_facts;
    none.textContent = part.no_facts || "";
    refreshButtons();
  },

  async run() {
    const games = Number($("facts-games").value);
    const seed = Number($("facts-seed").value);
    let result;
    try {
      result = await api("POST", "/api/facts", { client, text: editor.text(), name: state.file, games, seed });
    } catch (e) { return; }
    if (!result.ok) { say(result.data.error, true); return; }
    this.key = result.data.key;
    const bar = $("facts-progress");
    bar.hidden = false;
    bar.value = 0;
    refreshButtons();
    $("facts-stop").hidden = false;
    $("facts-result").replaceChildren();
  },

  async stop() {
    if (!this.key) return;
    try { await api("DELETE", `/api/facts/${this.key}`); } catch (e) { /* offline */ }
  },

  update(run) {
    if (run.key !== this.key) return;
    const bar = $("facts-progress");
    bar.value = run.asked ? run.done / run.asked : 0;
    if (run.state === "running") return;
    this.key = null;
    refreshButtons();
    $("facts-stop").hidden = true;
    bar.hidden = true;
    const out = $("facts-result");
    if (run.state === "done") {
      const note = document.createElement("p");
      note.className = "note";
      const r = run.result;
      note.textContent = `${r.games_played.toLocaleString("en")} games, seed ${r.seed}` +
        (r.games_played < r.games_asked ? `: the time limit stopped the run after ${r.games_played} of ${r.games_asked}` : "") +
        `; 95 % Wilson intervals; a game with no result after ${r.max_plies} plies counts as unfinished.`;
      out.replaceChildren(factsTable(r), note);
    } else if (run.state === "stopped") {
      const p = document.createElement("p");
      p.className = "note";
      p.textContent = `stopped after ${run.done.toLocaleString("en")} of ${run.asked.toLocaleString("en")} games`;
      out.replaceChildren(p);
    } else if (run.error) {
      const p = document.createElement("p");
      p.textContent = run.error.text || run.error.message;
      out.replaceChildren(p);
    }
  },
};

function onFacts(run) { facts.update(run); }

// -- wiring ----------------------------------------------------------------------------------------

async function start() {
  // the token came in the address: the cookie carries it from now on, so it leaves the address bar
  const wanted = new URLSearchParams(location.search);
  const opening = wanted.get("open");
  history.replaceState(null, "", opening ? `/?open=${opening}` : "/");
  let schema = null;
  try {
    const response = await fetch("/static/descriptor.schema.json");
    if (response.ok) schema = await response.json();
  } catch (e) { schema = null; }
  makeEditor(schema);
  const languages = meta("studio-languages").split(",");
  $("lang").replaceChildren(...languages.map((code) => new Option(code, code)));
  $("save").addEventListener("click", () => save());
  $("save-as").addEventListener("click", saveAs);
  $("rename").addEventListener("click", renameFile);
  $("delete").addEventListener("click", deleteFile);
  $("new").addEventListener("click", newGame);
  $("copy").addEventListener("click", copyToFolder);
  $("find").addEventListener("click", () => editor.find());
  $("lang").addEventListener("change", () => { state.lang = $("lang").value; markStale(); previewSoon(0); });
  $("facts-run").addEventListener("click", () => facts.run());
  $("facts-stop").addEventListener("click", () => facts.stop());
  $("undo").addEventListener("click", () => play.undo());
  $("restart").addEventListener("click", () => play.restart());
  $("move-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("move").value.trim();
    if (!text) return;
    $("move").value = "";
    const here = play.current();
    play.request(play.history.length > 1 ? here.position : null, text);
  });
  $("position-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("position").value.trim();
    if (text) play.request(text, null);
  });
  const menu = $("downloads-button");
  menu.addEventListener("click", () => {
    const box = $("downloads-box");
    box.hidden = !box.hidden;
    menu.setAttribute("aria-expanded", String(!box.hidden));
  });
  document.addEventListener("click", (event) => {
    if (!event.target.closest(".menu")) { $("downloads-box").hidden = true; menu.setAttribute("aria-expanded", "false"); }
  });
  for (const button of document.querySelectorAll("button.zoom")) {
    button.addEventListener("click", () => { if (pictures[button.dataset.view].cells) viewer.open(button.dataset.view); });
  }
  $("viewer-prev").addEventListener("click", () => viewer.step(-1));
  $("viewer-next").addEventListener("click", () => viewer.step(1));
  $("viewer-in").addEventListener("click", () => viewer.zoomBy(1.4));
  $("viewer-out").addEventListener("click", () => viewer.zoomBy(1 / 1.4));
  $("viewer-fit").addEventListener("click", () => { viewer.zoom = null; viewer.draw(); });
  $("viewer-close").addEventListener("click", () => $("viewer").close());
  $("viewer").addEventListener("keydown", (event) => {
    if (event.key === "PageDown" || event.key === "ArrowRight") { event.preventDefault(); viewer.step(1); }
    if (event.key === "PageUp" || event.key === "ArrowLeft") { event.preventDefault(); viewer.step(-1); }
    if (event.key === "+" || event.key === "=") viewer.zoomBy(1.4);
    if (event.key === "-") viewer.zoomBy(1 / 1.4);
    if (event.key === "0") { viewer.zoom = null; viewer.draw(); }
  });
  document.addEventListener("keydown", (event) => {
    if ((event.ctrlKey || event.metaKey) && event.key === "s") { event.preventDefault(); save(); }
  });
  window.addEventListener("beforeunload", (event) => {
    keepDraft();
    if (state.dirty) event.preventDefault();
  });
  connect();
  await loadGames().catch(() => {});
  if (opening) {
    const [where, name] = opening.split("/");
    await open(where, decodeURIComponent(name));
  }
}

start();
