// The lesson maker's page. Everything a teacher or a file says is set as text
// (textContent, value), never as HTML; the pupil's preview is HTML that Python made
// from the lesson (escaped text, SVG) and is shown in a sandboxed frame with no script.
"use strict";

const LANGS = ["en", "ru", "bg"];
const token = new URLSearchParams(location.search).get("token") || "";
const app = {
  // the page's language: the teacher's last choice, else the one the command was given
  lang: localStorage.getItem("teachgames-author-language"),
  previewLang: null, words: {}, ours: [], theirs: [], files: [], folder: "",
  name: null, lesson: null, current: -1, saveTimer: null, saves: 0, moves: [], saving: false, again: false, edits: 0,
};
const $ = (id) => document.getElementById(id);

function el(tag, props = {}, children = []) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === "text") node.textContent = value;
    else if (key === "on") for (const [ev, fn] of Object.entries(value)) node.addEventListener(ev, fn);
    else if (key in node && !key.startsWith("aria") && !key.startsWith("data")) node[key] = value;
    else node.setAttribute(key, value);
  }
  for (const child of children) node.append(child);
  return node;
}

function w(key, values = {}) {
  const template = app.words[key] ?? key;
  return template.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

async function api(method, route, query, body) {
  const url = "/api/" + route + (query ? "?" + new URLSearchParams(query) : "");
  const headers = { "X-Teachgames-Token": token };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const res = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const data = await res.json();
  if (!res.ok) {
    const err = new Error(data.error ? data.error.message : res.statusText);
    err.where = data.error ? data.error.where : "";
    throw err;
  }
  return data;
}

function say(text, kind = "") {
  const status = $("status");
  status.textContent = text;
  status.className = kind;
}

function problem(err) {
  return err.where ? `${err.message} (${w("field", { where: err.where })})` : err.message;
}

// ------------------------------------------------------------------ texts
function textOf(value, lang) {
  if (typeof value === "string") return value;
  if (!value || typeof value !== "object") return "";
  if (value[lang]) return value[lang];
  // another language, marked: never passed off as the page's language
  const [other, words] = Object.entries(value)[0] ?? ["", ""];
  return other ? `(${w(other)}) ${words}` : "";
}

function setText(obj, field, lang, words) {
  let value = obj[field];
  if (typeof value === "string") value = { [app.lesson.language || "en"]: value };
  value = { ...(value || {}) };
  if (words.trim()) value[lang] = words;
  else delete value[lang];
  obj[field] = value;
}

function screenTitle(screen) {
  if (screen.ours) {
    const found = app.ours.find((s) => s.ours === screen.ours);
    return found ? `${found.group} · ${found.title}` : screen.ours;
  }
  return textOf(screen.title, app.lang) || screen.id || "?";
}

// ------------------------------------------------------------------ the page
async function load() {
  const state = await api("GET", "state", app.lang ? { lang: app.lang } : {});
  Object.assign(app, { lang: state.language, words: state.words, ours: state.ours, theirs: state.theirs, files: state.files, folder: state.folder });
  document.documentElement.lang = app.lang;
  app.previewLang = app.previewLang || app.lang;
  chrome();
  files();
  if (app.lesson) lesson();
}

function options(select, items, chosen) {
  select.replaceChildren(...items.map(([value, label]) => el("option", { value, text: label, selected: value === chosen })));
}

function chrome() {
  document.title = w("app_title");
  $("app-title").textContent = w("app_title");
  $("page-language-label").textContent = w("page_language");
  options($("page-language"), LANGS.map((l) => [l, w(l)]), app.lang);
  $("my-lessons").textContent = w("my_lessons");
  $("folder").textContent = w("folder", { folder: app.folder });
  $("new-title-label").textContent = w("new_title");
  $("create").textContent = w("create");
  $("tries-label").textContent = w("tries");
  options($("tries"), ["1", "2", "3", "4", "5"].map((n) => [n, n]), String(app.lesson ? app.lesson.tries ?? 2 : 2));
  $("screens-heading").textContent = w("screens");
  $("empty").textContent = w("empty");
  $("add-heading").textContent = w("add");
  $("ready-label").textContent = w("add_ready");
  $("add-ready").textContent = w("add_button");
  $("add-own").textContent = w("add_own");
  $("puzzle-heading").textContent = w("puzzle");
  $("code-label").textContent = w("code");
  $("kind-label").textContent = w("kind");
  options($("kind"), [["legal", w("kind_legal")], ["score", w("kind_score")]], $("kind").value || "legal");
  $("player-label").textContent = w("player");
  $("move-label").textContent = w("move");
  puzzleKind();
  $("make").textContent = w("make");
  $("preview-heading").textContent = w("preview");
  $("preview-language-label").textContent = w("preview_language");
  $("preview").title = w("preview");
  options($("preview-language"), LANGS.map((l) => [l, w(l)]), app.previewLang);
  readyList();
  if (!app.lesson) $("lesson-heading").textContent = w("none_open");
}

function readyList() {
  const ready = $("ready");
  const chosen = ready.value;
  const groups = new Map();
  for (const s of app.ours) {
    if (!groups.has(s.group)) groups.set(s.group, el("optgroup", { label: s.group }));
    groups.get(s.group).append(el("option", { value: "ours:" + s.ours, text: s.title }));
  }
  for (const s of app.theirs) {
    const label = `${s.group} (${s.name})`;
    if (!groups.has(label)) groups.set(label, el("optgroup", { label }));
    groups.get(label).append(el("option", { value: `theirs:${s.index}:${s.name}`, text: s.title }));
  }
  ready.replaceChildren(...groups.values());
  if (chosen) ready.value = chosen;
}

function files() {
  $("files").replaceChildren(...app.files.map((f) => {
    if (f.problem) return el("li", {}, [el("span", { class: "problem", text: `${f.name}: ${w("cannot_read", { reason: f.problem })}` })]);
    const open = el("button", { type: "button", text: w("open"), "aria-label": `${w("open")}: ${f.title}`, on: { click: () => openFile(f.name) } });
    return el("li", { class: "row" }, [el("span", { class: "name", text: `${f.title} (${f.count})` }), open]);
  }));
}

async function openFile(name) {
  try {
    const data = await api("GET", "lesson", { name });
    app.name = data.name;
    app.lesson = data.lesson;
    app.current = app.lesson.screens && app.lesson.screens.length ? 0 : -1;
    lesson();
    screen();
    say(w("file", { name: app.name }));
  } catch (err) {
    say(w("failed", { message: problem(err) }), "bad");
  }
}

function lesson() {
  const data = app.lesson;
  $("lesson").hidden = false;
  $("lesson-heading").textContent = textOf(data.title, app.lang);
  $("file-name").textContent = w("file", { name: app.name });
  $("tries").value = String(data.tries ?? 2);
  const titles = LANGS.map((lang) => {
    const id = "lesson-title-" + lang;
    const input = el("input", { id, value: typeof data.title === "object" ? data.title[lang] ?? "" : lang === data.language ? data.title : "",
      maxLength: 200, "data-testid": id, on: { input: (e) => { setText(data, "title", lang, e.target.value); $("lesson-heading").textContent = textOf(data.title, app.lang); changed(); } } });
    return el("div", { class: "stack" }, [el("label", { for: id, text: w("lesson_title", { language: w(lang) }) }), input]);
  });
  $("lesson-titles").replaceChildren(...titles);
  screens();
}

function screens(focus) {
  const list = app.lesson.screens;
  $("empty").hidden = list.length > 0;
  $("screens").replaceChildren(...list.map((s, i) => {
    const n = i + 1;
    const button = (key, action, disabled) => el("button", { type: "button", text: w(key), disabled,
      "aria-label": w(key + "_label", { n }), "data-testid": `${key}-${n}`, on: { click: action } });
    return el("li", { class: i === app.current ? "current" : "", "data-testid": "screen-item" }, [
      el("div", { class: "row" }, [
        el("span", { class: "name", text: screenTitle(s) }),
        el("span", { class: "badge", text: s.ours ? w("ours") : w("yours") }),
        button("up", () => move(i, -1, "up"), i === 0),
        button("down", () => move(i, 1, "down"), i === list.length - 1),
        button("edit", () => { app.current = i; screens(); screen(); $("screen-heading").focus(); }),
        button("remove", () => remove(i)),
      ]),
    ]);
  }));
  if (focus) {
    const target = document.querySelector(`[data-testid="${focus}"]`);
    if (target && !target.disabled) target.focus();
    else if (target) target.closest("li").querySelector("button:not([disabled])").focus();
  }
}

function move(i, step, key) {
  const list = app.lesson.screens;
  const j = i + step;
  if (j < 0 || j >= list.length) return;
  [list[i], list[j]] = [list[j], list[i]];
  if (app.current === i) app.current = j;
  else if (app.current === j) app.current = i;
  screens(`${key}-${j + 1}`);
  heading();
  changed();
}

function remove(i) {
  const list = app.lesson.screens;
  list.splice(i, 1);
  if (app.current >= list.length) app.current = list.length - 1;
  screens(list.length ? `remove-${Math.min(i, list.length - 1) + 1}` : null);
  if (!list.length) $("add-own").focus();
  screen();
  changed();
}

function freeId(base) {
  const ids = new Set(app.lesson.screens.map((s) => s.id).filter(Boolean));
  let id = base, n = 2;
  while (ids.has(id)) id = `${base}-${n++}`.slice(0, 40);
  return id;
}

function add(screenData) {
  if (!screenData.ours) screenData.id = freeId(screenData.id || "screen");
  app.lesson.screens.push(screenData);
  app.current = app.lesson.screens.length - 1;
  screens();
  screen();
  changed();
}

// ------------------------------------------------------------------ one screen
function screen() {
  const pane = $("screen-pane");
  const s = app.lesson && app.lesson.screens[app.current];
  pane.hidden = !s;
  if (!s) return;
  heading();
  $("screen-heading").tabIndex = -1;
  const fields = [];
  if (s.ours) {
    fields.push(el("p", { class: "note", text: w("ours_fixed") }));
  } else {
    for (const lang of LANGS) {
      for (const [field, key, tag] of [["title", "title_in", "input"], ["prompt", "prompt_in", "textarea"]]) {
        const id = `${field}-${lang}`;
        const value = typeof s[field] === "object" ? s[field][lang] ?? "" : lang === (app.lesson.language || "en") ? s[field] ?? "" : "";
        const missing = el("span", { class: "missing", id: id + "-missing", text: value ? "" : w("missing", { language: w(lang) }) });
        const input = el(tag, { id, value, "data-testid": id, "aria-describedby": id + "-missing", rows: 3,
          maxLength: field === "title" ? 200 : 2000, on: { input: (e) => {
            setText(s, field, lang, e.target.value);
            missing.textContent = e.target.value.trim() ? "" : w("missing", { language: w(lang) });
            if (field === "title") { screens(); heading(); }
            changed();
          } } });
        fields.push(el("label", { for: id, text: w(key, { language: w(lang) }) }), input, missing);
      }
    }
    if (!s.task || s.task.kind === "amount") {
      const input = el("input", { id: "answer", value: s.task ? s.task.answer ?? "" : "", "data-testid": "answer", maxLength: 40,
        on: { input: (e) => { const v = e.target.value.trim(); if (v) s.task = { ...(s.task || {}), kind: "amount", answer: v }; else delete s.task; changed(); } } });
      fields.push(el("label", { for: "answer", text: w("answer") }), input);
    } else {
      fields.push(el("p", { class: "note", text: s.task.kind === "legal" ? w("kind_legal") : w("kind_score") }));
    }
  }
  $("screen-fields").replaceChildren(...fields);
  preview();
}

function heading() {
  const s = app.lesson && app.lesson.screens[app.current];
  if (s) $("screen-heading").textContent = w("screen", { n: app.current + 1, title: screenTitle(s) });
}

async function preview() {
  const frame = $("preview");
  if (!app.lesson || app.current < 0) return;
  try {
    const data = await api("POST", "preview", undefined, { lesson: app.lesson, index: app.current, language: app.previewLang });
    frame.srcdoc = `<!doctype html><html lang="${app.previewLang}"><head><meta charset="utf-8"><style>body{margin:8px;font-family:system-ui,"Noto Sans",sans-serif;color:#1b1b1b;background:#fff}svg{max-width:100%;height:auto}</style></head><body>${data.html}</body></html>`;
  } catch (err) {
    const p = document.createElement("p");
    p.textContent = problem(err);
    frame.srcdoc = `<!doctype html><html><head><meta charset="utf-8"></head><body style="font-family:sans-serif;color:#a50e0e">${p.outerHTML}</body></html>`;
  }
}

// ------------------------------------------------------------------ saving
function changed() {
  app.edits += 1;
  clearTimeout(app.saveTimer);
  document.body.dataset.saved = "pending";
  app.saveTimer = setTimeout(save, 400);
}

async function save() {
  // one save at a time, in order: a change made while one is on its way saves after it
  if (app.saving) {
    app.again = true;
    return;
  }
  app.saving = true;
  try {
    await saveNow();
  } finally {
    app.saving = false;
  }
  if (app.again) {
    app.again = false;
    await save();
  }
}

async function saveNow() {
  if (!app.lesson.screens.length) {
    say(w("needs_screen"), "bad");
    document.body.dataset.saved = "refused";
    return;
  }
  say(w("saving"));
  const edits = app.edits;
  try {
    await api("POST", "save", undefined, { name: app.name, lesson: app.lesson });
    const time = new Date().toLocaleTimeString(app.lang, { hour: "2-digit", minute: "2-digit", second: "2-digit" });
    say(w("saved", { time }), "good");
    app.saves += 1;
    document.body.dataset.saved = app.edits === edits ? "saved" : "pending";
    document.body.dataset.saves = String(app.saves);
    // the lists only: the fields being typed in are left as they are (and keep the focus)
    const state = await api("GET", "state", { lang: app.lang });
    Object.assign(app, { files: state.files, theirs: state.theirs });
    files();
    readyList();
    preview();
  } catch (err) {
    say(w("not_saved", { problem: problem(err) }), "bad");
    document.body.dataset.saved = "refused";
    preview();
  }
}

// ------------------------------------------------------------------ puzzles
function puzzleKind() {
  const legal = $("kind").value === "legal";
  for (const id of ["move", "move-label"]) $(id).hidden = !legal;
  $("player").closest("label").hidden = legal;
}

async function listMoves() {
  const code = $("code").value.trim();
  app.moves = [];
  $("move").replaceChildren();
  if (!code) return;
  try {
    const data = await api("POST", "moves", undefined, { code, language: app.lang });
    app.moves = data.moves.map((m) => m.move);
    options($("move"), data.moves.map((m, i) => [String(i), m.text]), "0");
  } catch (err) {
    say(w("failed", { message: problem(err) }), "bad");
  }
}

// ------------------------------------------------------------------ wiring
function wire() {
  $("kind").addEventListener("change", puzzleKind);
  $("code").addEventListener("change", listMoves);
  $("page-language").addEventListener("change", (e) => {
    app.lang = e.target.value;
    localStorage.setItem("teachgames-author-language", app.lang);
    load().then(() => { if (app.lesson) screen(); });
  });
  $("preview-language").addEventListener("change", (e) => { app.previewLang = e.target.value; preview(); });
  $("tries").addEventListener("change", (e) => { app.lesson.tries = Number(e.target.value); changed(); });
  $("new-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    try {
      const data = await api("POST", "new", undefined, { title: $("new-title").value, language: app.lang });
      app.name = data.name;
      app.lesson = data.lesson;
      app.current = -1;
      $("new-title").value = "";
      lesson();
      screen();
      say(w("needs_screen"));
      $("ready").focus();
    } catch (err) {
      say(w("failed", { message: problem(err) }), "bad");
    }
  });
  $("add-ready").addEventListener("click", async () => {
    const value = $("ready").value;
    if (value.startsWith("ours:")) add({ ours: value.slice(5) });
    else if (value.startsWith("theirs:")) {
      const [, index, ...name] = value.split(":");
      try {
        const data = await api("POST", "theirs", undefined, { name: name.join(":"), index: Number(index) });
        add(data.screen);
      } catch (err) {
        say(w("failed", { message: problem(err) }), "bad");
      }
    }
  });
  $("add-own").addEventListener("click", () => {
    const lang = app.lang;
    add({ id: "screen", title: { [lang]: w("own_title") }, prompt: { [lang]: w("own_prompt") } });
  });
  $("puzzle-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    try {
      const kind = $("kind").value;
      const chosen = kind === "legal" && $("move").value !== "" ? app.moves[Number($("move").value)] : undefined;
      const data = await api("POST", "puzzle", undefined, { code: $("code").value, kind, player: Number($("player").value), move: chosen });
      add(data.screen);
    } catch (err) {
      say(w("failed", { message: problem(err) }), "bad");
    }
  });
}

document.addEventListener("DOMContentLoaded", () => {
  wire();
  load().catch((err) => say(w("failed", { message: problem(err) }), "bad"));
});
