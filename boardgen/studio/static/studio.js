// boardgen studio: the page. Plain script, no library, nothing loaded from elsewhere.
"use strict";

const token = document.querySelector('meta[name="studio-token"]').content;
const $ = (id) => document.getElementById(id);
const PREVIEW_DELAY = 250;   // ms after the last keystroke
const POLL = 1000;           // ms between looks at the folder

const state = {
  where: null,        // "mine" or "builtin"
  name: null,         // file name (mine) or id (builtin)
  file: null,         // the descriptor's file name
  version: null,      // the version on disk the editor text started from
  editable: false,
  dirty: false,
  gameId: null,
  lang: "en",
  seq: 0,             // previews asked for
  shown: 0,           // the newest preview shown
  inFlight: false,
  again: false,
  timer: null,
  known: "",          // the folder listing last shown
  facts: null,
};

async function api(method, path, body) {
  const init = { method, headers: { "X-Studio-Token": token } };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const response = await fetch(path, init);
  let data = {};
  try { data = await response.json(); } catch (e) { data = { error: response.statusText }; }
  return { status: response.status, ok: response.ok, data };
}

function say(text, bad) {
  const status = $("status");
  status.textContent = text;
  status.classList.toggle("bad", Boolean(bad));
}

// -- the games lists -------------------------------------------------------------------------

function gameButton(label, where, name) {
  const li = document.createElement("li");
  const button = document.createElement("button");
  button.type = "button";
  button.textContent = label;
  button.dataset.where = where;
  button.dataset.name = name;
  button.addEventListener("click", () => open(where, name));
  li.appendChild(button);
  return li;
}

function markCurrent() {
  for (const button of document.querySelectorAll("nav li button")) {
    const current = button.dataset.where === state.where && button.dataset.name === state.name;
    button.setAttribute("aria-current", current ? "true" : "false");
  }
}

function showMine(names) {
  const key = names.join("\n");
  if (key === state.known) return;
  state.known = key;
  const list = $("mine");
  list.replaceChildren();
  for (const name of names) list.appendChild(gameButton(name, "mine", name));
  if (!names.length) {
    const li = document.createElement("li");
    li.className = "empty";
    li.textContent = "none yet: copy a built-in game";
    list.appendChild(li);
  }
  markCurrent();
}

async function loadGames() {
  const { ok, data } = await api("GET", "/api/games");
  if (!ok) { say(data.error, true); return; }
  $("folder").textContent = data.folder;
  showMine(data.mine.map((g) => g.name));
  const list = $("builtin");
  list.replaceChildren();
  for (const id of data.builtin) list.appendChild(gameButton(id, "builtin", id));
}

// -- the editor --------------------------------------------------------------------------------

function lines() { return $("text").value.split("\n").length; }

function drawGutter(bad) {
  const gutter = $("gutter");
  const count = lines();
  const rows = [];
  for (let i = 1; i <= count; i++) {
    const row = document.createElement("div");
    row.textContent = String(i);
    if (i === bad) row.className = "bad";
    rows.push(row);
  }
  gutter.replaceChildren(...rows);
  gutter.dataset.bad = bad ? String(bad) : "";
  syncScroll();
}

function lineHeight() {
  return parseFloat(getComputedStyle($("text")).lineHeight) || 18;
}

function syncScroll() {
  const text = $("text");
  $("gutter").scrollTop = text.scrollTop;
  const mark = $("mark");
  const bad = Number($("gutter").dataset.bad || 0);
  if (bad) {
    mark.hidden = false;
    mark.style.top = `${6 + (bad - 1) * lineHeight() - text.scrollTop}px`;
  } else {
    mark.hidden = true;
  }
}

function setDirty(dirty) {
  state.dirty = dirty;
  $("dirty").hidden = !dirty;
  $("save").disabled = !(state.editable && dirty);
}

function showProblem(error) {
  const box = $("problem");
  box.classList.remove("conflict");
  box.hidden = false;
  const where = error.line ? `line ${error.line}, column ${error.column}: ` : "";
  const key = error.key ? `${error.key}: ` : "";
  $("problem-text").textContent = `${where}${key}${error.message}`;
  $("goto").hidden = !error.line;
  $("goto").dataset.line = error.line || "";
  drawGutter(error.line || 0);
}

function showConflict(text) {
  const box = $("problem");
  box.hidden = false;
  box.classList.add("conflict");
  $("problem-text").textContent = text;
  $("goto").hidden = true;
}

function clearProblem() {
  $("problem").hidden = true;
  $("problem").classList.remove("conflict");
  if ($("gutter").dataset.bad) drawGutter(0);
}

function gotoLine(line) {
  const text = $("text");
  const starts = text.value.split("\n");
  let offset = 0;
  for (let i = 0; i < line - 1 && i < starts.length; i++) offset += starts[i].length + 1;
  text.focus();
  text.setSelectionRange(offset, offset + (starts[line - 1] || "").length);
  text.scrollTop = Math.max(0, (line - 5) * lineHeight());
  syncScroll();
}

async function open(where, name) {
  if (state.dirty && !confirm("Your changes are not saved. Open another game anyway?")) return;
  const { ok, data } = await api("GET", `/api/file/${where}/${encodeURIComponent(name)}`);
  if (!ok) { say(data.error, true); return; }
  Object.assign(state, { where, name, file: data.name, version: data.version, editable: data.editable });
  const text = $("text");
  text.value = data.text;
  text.readOnly = !data.editable;
  text.scrollTop = 0;
  $("name").textContent = data.name;
  $("readonly").hidden = data.editable;
  $("copy").hidden = data.editable;
  $("reload").hidden = true;
  $("facts-run").disabled = false;
  $("facts-result").replaceChildren();
  setDirty(false);
  clearProblem();
  drawGutter(0);
  markCurrent();
  say(data.editable ? `opened ${data.name}` : `${data.name} is built in: read-only`);
  previewSoon(0);
}

async function save() {
  if (!state.editable || !state.dirty) return;
  const text = $("text").value;
  const { status, ok, data } = await api("PUT", `/api/file/mine/${encodeURIComponent(state.name)}`,
    { text, version: state.version });
  if (ok) {
    state.version = data.version;
    setDirty($("text").value !== text);
    $("reload").hidden = true;
    if (!$("problem").classList.contains("conflict")) { /* keep a located error */ } else clearProblem();
    say(`saved ${data.name}`);
    refreshDownloads();
  } else if (status === 409) {
    showConflict(data.error);
    $("reload").hidden = false;
    say("not saved: the file changed since you opened it", true);
  } else {
    say(`not saved: ${data.error}`, true);
  }
}

async function reload() {
  const { ok, data } = await api("GET", `/api/file/mine/${encodeURIComponent(state.name)}`);
  if (!ok) { say(data.error, true); return; }
  $("text").value = data.text;
  state.version = data.version;
  setDirty(false);
  clearProblem();
  $("reload").hidden = true;
  drawGutter(0);
  say(`reloaded ${state.name} from disk`);
  previewSoon(0);
}

async function copyToFolder() {
  const { ok, data } = await api("POST", "/api/copy", { id: state.name });
  if (!ok) { say(data.error, true); return; }
  await loadGames();
  state.known = "";
  await poll();
  open("mine", data.name);
}

// -- the preview -------------------------------------------------------------------------------

function previewSoon(delay) {
  clearTimeout(state.timer);
  state.timer = setTimeout(preview, delay === undefined ? PREVIEW_DELAY : delay);
}

async function preview() {
  if (!state.file) return;
  if (state.inFlight) { state.again = true; return; }
  state.inFlight = true;
  const seq = ++state.seq;
  $("preview").classList.add("updating");
  $("freshness").textContent = "updating…";
  try {
    const { ok, data } = await api("POST", "/api/preview",
      { text: $("text").value, name: state.file, lang: state.lang });
    if (seq < state.shown) return;
    state.shown = seq;
    if (!ok) {
      showProblem({ message: data.error });
      markStale();
    } else if (data.ok) {
      showPreview(data);
      if (!$("problem").classList.contains("conflict")) clearProblem();
      $("freshness").textContent = "up to date";
      $("freshness").classList.remove("stale");
      document.body.dataset.previewSeq = String(seq);
    } else {
      showProblem(data.error);
      markStale();
    }
  } finally {
    state.inFlight = false;
    $("preview").classList.remove("updating");
    if (state.again) { state.again = false; previewSoon(0); }
  }
}

function markStale() {
  const freshness = $("freshness");
  freshness.textContent = $("board").src ? "error: showing the last good preview" : "error: no preview yet";
  freshness.classList.add("stale");
}

function pages(id, urls, what) {
  const box = $(id);
  box.replaceChildren(...urls.map((url, i) => {
    const img = document.createElement("img");
    img.src = url;
    img.alt = `${what}, page ${i + 1} of ${urls.length}`;
    return img;
  }));
}

function showPreview(data) {
  $("board").src = data.board;
  $("start").src = data.start;
  pages("pieces", data.pieces, "Pieces sheet");
  pages("rules", data.rules, "Rule sheet");
  state.gameId = data.id;
  state.files = data.files;
  const select = $("lang");
  const wanted = data.languages.join(",");
  if (select.dataset.options !== wanted) {
    select.replaceChildren(...data.languages.map((code) => new Option(code, code)));
    select.dataset.options = wanted;
  }
  select.value = data.lang;
  state.lang = data.lang;
  refreshDownloads();
}

function refreshDownloads() {
  const list = $("downloads");
  list.replaceChildren();
  if (!state.gameId || !state.files) return;
  const base = `/download/${state.where}/${encodeURIComponent(state.name)}/`;
  const entries = [...state.files, `${state.gameId}.zip`];
  for (const file of entries) {
    const li = document.createElement("li");
    const a = document.createElement("a");
    a.href = base + encodeURIComponent(file);
    a.download = file;
    a.textContent = file.endsWith(".zip") ? `${file} (the game's folder)` : file;
    li.appendChild(a);
    list.appendChild(li);
  }
}

// -- changes on disk -----------------------------------------------------------------------------

async function poll() {
  try {
    const { ok, data } = await api("GET", "/api/versions");
    if (!ok) return;
    showMine(Object.keys(data.mine));
    if (state.where !== "mine" || !state.name) return;
    const onDisk = data.mine[state.name];
    if (onDisk === undefined || onDisk === state.version) return;
    if (state.dirty) {
      showConflict(`${state.name} changed on disk. Your edits are kept here; saving them is refused `
        + "until you reload (copy your text first if you need it).");
      $("reload").hidden = false;
    } else {
      await reload();
      say(`${state.name} changed on disk: reloaded`);
    }
  } finally {
    setTimeout(poll, POLL);
  }
}

// -- game facts ----------------------------------------------------------------------------------

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

async function runFacts() {
  const games = Number($("facts-games").value);
  const seed = Number($("facts-seed").value);
  const { ok, data } = await api("POST", "/api/facts",
    { text: $("text").value, name: state.file, games, seed });
  if (!ok) { say(data.error, true); return; }
  const key = data.key;
  state.facts = key;
  const bar = $("facts-progress");
  bar.hidden = false;
  bar.value = 0;
  $("facts-run").disabled = true;
  $("facts-result").replaceChildren();
  const step = async () => {
    if (state.facts !== key) return;
    const { ok: fine, data: run } = await api("GET", `/api/facts/${key}`);
    if (!fine) { say(run.error, true); $("facts-run").disabled = false; return; }
    bar.value = run.asked ? run.done / run.asked : 0;
    if (run.state === "running") { setTimeout(step, 400); return; }
    $("facts-run").disabled = false;
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
    } else if (run.error) {
      const p = document.createElement("p");
      p.textContent = run.error.text || run.error.message;
      out.replaceChildren(p);
    }
  };
  setTimeout(step, 300);
}

// -- wiring ----------------------------------------------------------------------------------

function start() {
  const text = $("text");
  text.addEventListener("input", () => {
    setDirty(true);
    if (lines() !== $("gutter").childElementCount) drawGutter(Number($("gutter").dataset.bad || 0));
    previewSoon();
  });
  text.addEventListener("scroll", syncScroll);
  text.addEventListener("keydown", (event) => {
    if (event.key === "Tab" && !text.readOnly) {
      event.preventDefault();
      document.execCommand("insertText", false, "  ");
    }
  });
  document.addEventListener("keydown", (event) => {
    if ((event.ctrlKey || event.metaKey) && event.key === "s") { event.preventDefault(); save(); }
  });
  $("save").addEventListener("click", save);
  $("reload").addEventListener("click", reload);
  $("copy").addEventListener("click", copyToFolder);
  $("goto").addEventListener("click", () => gotoLine(Number($("goto").dataset.line)));
  $("lang").addEventListener("change", () => { state.lang = $("lang").value; previewSoon(0); });
  $("facts-run").addEventListener("click", runFacts);
  window.addEventListener("beforeunload", (event) => { if (state.dirty) event.preventDefault(); });
  const languages = document.querySelector('meta[name="studio-languages"]').content.split(",");
  $("lang").replaceChildren(...languages.map((code) => new Option(code, code)));
  drawGutter(0);
  loadGames().then(() => {
    const wanted = new URLSearchParams(location.search);
    if (wanted.get("open")) {
      const [where, name] = wanted.get("open").split("/");
      open(where, name);
    }
  });
  setTimeout(poll, POLL);
}

start();
