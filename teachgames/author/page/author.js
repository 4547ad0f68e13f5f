// The lesson maker's page. Everything a teacher or a file says is set as text
// (textContent, value), never as HTML; the pupil's preview is HTML that Python made
// from the lesson (escaped text, SVG) and is shown in a sandboxed frame with no script.
"use strict";

const LANGS = ["en", "ru", "bg"];
const MAX_WRONGS = 8; // a task's likely wrong answers (lesson files: MAX_WRONGS)
// The tasks the engine answers from a position: the page offers each as a puzzle.
const ENGINE_KINDS = ["legal", "score", "best"];
const token = new URLSearchParams(location.search).get("token") || "";
const app = {
  // the page's language: the teacher's last choice, else the one the command was given
  lang: localStorage.getItem("teachgames-author-language"),
  previewLang: null, words: {}, ours: [], theirs: [], files: [], folder: "", misconceptions: [],
  name: null, lesson: null, current: -1, saveTimer: null, saves: 0, moves: [], saving: false, again: false, edits: 0,
  previews: 0,
  // the part of what the pupil meets later whose fields have the focus (shown first)
  part: null,
  // what an edit took out of the file, kept for this visit in case it is put back: a task
  // whose answer was cleared (with its wrong answers), a wrong answer's own words
  kept: new WeakMap(),
  // the wrong answers explained in the teacher's own words (even before a word is written)
  ownWords: new WeakSet(),
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
  if (!err.where) return err.message;
  // a JSON pointer names a field; "line 3, column 5" (a file that is not JSON) is a place as it is
  return `${err.message} (${err.where.startsWith("/") ? w("field", { where: err.where }) : err.where})`;
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

// the words of obj[field] in lang as its field shows them (bare text is in the lesson's language)
function valueOf(obj, field, lang) {
  const value = obj[field];
  if (value && typeof value === "object") return value[lang] ?? "";
  return typeof value === "string" && lang === (app.lesson.language || "en") ? value : "";
}

// a text left empty in every language is no text: an optional one leaves the file
function setText(obj, field, lang, words, optional = false) {
  let value = obj[field];
  if (typeof value === "string") value = { [app.lesson.language || "en"]: value };
  value = { ...(value || {}) };
  if (words.trim()) value[lang] = words;
  else delete value[lang];
  if (optional && !Object.keys(value).length) delete obj[field];
  else obj[field] = value;
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
  Object.assign(app, { lang: state.language, words: state.words, ours: state.ours, theirs: state.theirs, files: state.files, folder: state.folder,
    misconceptions: state.misconceptions });
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
  options($("kind"), [["legal", w("kind_legal")], ["score", w("kind_score")], ["best", w("kind_best")]],
    $("kind").value || "legal");
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
  app.part = null;
  const fields = [];
  if (s.ours) {
    fields.push(el("p", { class: "note", text: w("ours_fixed") }));
  } else {
    for (const lang of LANGS) {
      for (const [field, key, tag] of [["title", "title_in", "input"], ["prompt", "prompt_in", "textarea"]]) {
        const id = `${field}-${lang}`;
        const value = valueOf(s, field, lang);
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
    const wrongs = el("fieldset", { class: "group", id: "wrongs", "data-testid": "wrongs", "data-part": "wrongs" });
    if (!s.task || s.task.kind === "amount") {
      const input = el("input", { id: "answer", value: s.task ? s.task.answer ?? "" : "", "data-testid": "answer", maxLength: 40,
        on: { input: (e) => {
          const v = e.target.value.trim();
          if (v) s.task = { ...(s.task || app.kept.get(s) || {}), kind: "amount", answer: v };
          else if (s.task) { app.kept.set(s, s.task); delete s.task; }
          wrongRows(s, wrongs);
          changed();
        } } });
      fields.push(el("label", { for: "answer", text: w("answer") }), input, wrongs);
      wrongRows(s, wrongs);
    } else if (ENGINE_KINDS.includes(s.task.kind)) {
      fields.push(el("p", { class: "note", text: w(`kind_${s.task.kind}`) }));
    }
    const engine = Boolean(s.position && s.task && ENGINE_KINDS.includes(s.task.kind));
    fields.push(
      group("hint", [w("hint_note")], textFields(s, "hint", "hint_in", { note: "hint-note" })),
      group("reveal", [w("reveal_note")], textFields(s, "reveal", "reveal_in", { note: "reveal-note" })),
      group("worked", [w("worked_note"), ...(engine ? [w("worked_engine")] : [])],
        textFields(s, "worked", "worked_in", { note: engine ? "worked-note worked-note-2" : "worked-note" })),
    );
  }
  $("screen-fields").replaceChildren(...fields);
  preview();
}

// a group of fields under its heading (a legend) and the notes that say when the pupil sees it
function group(name, notes, children) {
  const said = notes.map((text, i) => el("p", { class: "note", id: i ? `${name}-note-${i + 1}` : `${name}-note`, text }));
  return el("fieldset", { class: "group", "data-testid": name + "-group", "data-part": name }, [el("legend", { text: w(name + "_heading") }), ...said, ...children]);
}

// one text of obj (an optional one: empty in every language, it is not in the file) as a
// field a language; a language left empty while another is written is marked, as the
// prompt's are: a pupil reading it would see another language
function textFields(obj, field, key, { id = field, values = {}, note = "", tag = "textarea", max = 2000 } = {}) {
  const marks = [];
  const mark = () => {
    const written = LANGS.some((l) => valueOf(obj, field, l).trim());
    LANGS.forEach((l, i) => { marks[i].textContent = written && !valueOf(obj, field, l).trim() ? w("missing", { language: w(l) }) : ""; });
  };
  const out = LANGS.flatMap((lang) => {
    const fid = `${id}-${lang}`;
    const missing = el("span", { class: "missing", id: fid + "-missing" });
    marks.push(missing);
    const input = el(tag, { id: fid, value: valueOf(obj, field, lang), "data-testid": fid, maxLength: max,
      "aria-describedby": [note, fid + "-missing"].filter(Boolean).join(" "),
      on: { input: (e) => { setText(obj, field, lang, e.target.value, true); mark(); changed(); } } });
    if (tag === "textarea") input.rows = 3;
    return [el("label", { for: fid, text: w(key, { ...values, language: w(lang) }) }), input, missing];
  });
  mark();
  return out;
}

// the likely wrong answers of an amount task, each with the misconception it shows: one
// teachgames names (its line is listed) or the teacher's own words in each language
function wrongRows(s, box, focus) {
  const amount = Boolean(s.task && s.task.kind === "amount");
  box.hidden = !amount;
  if (!amount) { box.replaceChildren(); return; }
  const list = s.task.wrong || [];
  const rows = list.map((entry, i) => wrongRow(s, box, list, entry, i));
  const add = el("button", { type: "button", text: w("wrong_add"), "data-testid": "wrong-add", disabled: list.length >= MAX_WRONGS,
    on: { click: () => {
      // nothing to save until it is written: the row alone is no wrong answer yet
      s.task.wrong = [...list, { answer: "" }];
      wrongRows(s, box, `wrong-${list.length + 1}-answer`);
    } } });
  box.replaceChildren(el("legend", { text: w("wrongs_heading") }), el("p", { class: "note", id: "wrongs-note", text: w("wrongs_note") }), ...rows, add);
  if (focus) box.querySelector(`[data-testid="${focus}"]`)?.focus();
}

function wrongRow(s, box, list, entry, i) {
  const n = i + 1, base = `wrong-${n}`;
  const answer = el("input", { id: base + "-answer", "data-testid": base + "-answer", value: entry.answer ?? "", maxLength: 40, autocomplete: "off",
    "aria-describedby": "wrongs-note", on: { input: (e) => { entry.answer = e.target.value.trim(); changed(); } } });
  const own = app.ownWords.has(entry) || "line" in entry;
  if (own) app.ownWords.add(entry);
  const known = app.misconceptions.map((m) => [m.id, m.line]);
  if (entry.misconception && !known.some(([id]) => id === entry.misconception)) known.push([entry.misconception, entry.misconception]);
  const shows = el("select", { id: base + "-shows", "data-testid": base + "-shows" });
  options(shows, [["", w("wrong_choose")], ...known, [":own", w("wrong_own")]], own ? ":own" : entry.misconception || "");
  const lines = el("div", { class: "stack", hidden: !own }, textFields(entry, "line", "wrong_line_in", { id: base + "-line", values: { n } }));
  shows.addEventListener("change", (e) => {
    const value = e.target.value;
    if (value === ":own") {
      app.ownWords.add(entry);
      delete entry.misconception;
      if (app.kept.has(entry)) entry.line = app.kept.get(entry);
    } else {
      app.ownWords.delete(entry);
      if (entry.line) app.kept.set(entry, entry.line);
      delete entry.line;
      if (value) entry.misconception = value;
      else delete entry.misconception;
    }
    lines.hidden = value !== ":own";
    changed();
  });
  const remove = el("button", { type: "button", text: w("remove"), "aria-label": w("wrong_remove_label", { n }), "data-testid": base + "-remove",
    on: { click: () => {
      list.splice(i, 1);
      if (!list.length) delete s.task.wrong;
      const next = list.length ? `wrong-${Math.min(i, list.length - 1) + 1}-remove` : "wrong-add";
      wrongRows(s, box, next);
      changed();
    } } });
  return el("div", { class: "wrong", "data-testid": base }, [
    el("label", { for: base + "-answer", text: w("wrong_answer", { n }) }), answer,
    el("label", { for: base + "-shows", text: w("wrong_shows", { n }) }), shows,
    lines, el("div", { class: "row" }, [remove]),
  ]);
}

function heading() {
  const s = app.lesson && app.lesson.screens[app.current];
  if (s) $("screen-heading").textContent = w("screen", { n: app.current + 1, title: screenTitle(s) });
}

// The preview's own style: light or dark as the page is (the frame follows the computer's
// setting as the page does), the pupil's screen first, then what the pupil meets later.
const PREVIEW_STYLE = `:root{color-scheme:light dark;--fg:#1b1b1b;--bg:#fff;--muted:#4a4a4a;--line:#8a8a8a;--panel:#f3f4f6;--accent:#0b57d0;--bad:#a50e0e}
@media (prefers-color-scheme:dark){:root{--fg:#ececec;--bg:#17191c;--muted:#c4c4c4;--line:#8f96a0;--panel:#23262b;--accent:#8ab4f8;--bad:#ff9e9e}}
body{margin:8px;font-family:system-ui,"Noto Sans",sans-serif;color:var(--fg);background:var(--bg)}
svg{max-width:100%;height:auto}
.problem{color:var(--bad)}
.later{margin:12px 0;border:2px dashed var(--line);border-radius:8px;padding:4px 14px 10px;font-size:17px;line-height:1.45}
.later h3{margin:.5em 0;font-size:1.05em}
.later .label{margin:.7em 0 .2em;font-weight:700}
.later .said{background:var(--panel);border-left:4px solid var(--accent);border-radius:4px;padding:1px 10px}
.later .said p,.later .said li{margin:.35em 0}
.later ol.said{padding:1px 10px 1px 2.2em}
.later .unused{color:var(--muted);font-style:italic}`;

function previewPage(lang, body) {
  const title = el("title", { text: w("preview") }).outerHTML;
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="color-scheme" content="light dark">${title}<style>${PREVIEW_STYLE}</style></head><body>${body}</body></html>`;
}

async function preview() {
  const frame = $("preview");
  if (!app.lesson || app.current < 0) return;
  const asked = ++app.previews; // an older answer arriving late is not shown over a newer one
  try {
    const data = await api("POST", "preview", undefined,
      { lesson: app.lesson, index: app.current, language: app.previewLang, page: app.lang, first: app.part ?? undefined });
    // while the teacher writes a hint, a wrong answer, a reveal or a worked solution, that
    // part comes first, in sight in the frame; the pupil's first look follows
    const body = app.part && data.later ? data.later + data.html : data.html + data.later;
    if (asked === app.previews) frame.srcdoc = previewPage(app.previewLang, body);
  } catch (err) {
    const p = el("p", { class: "problem", text: problem(err) });
    if (asked === app.previews) frame.srcdoc = previewPage(app.lang, p.outerHTML);
  }
}

// Where the preview stays in sight above the fields (a tall enough window), a field the
// focus moves to, with its label, is scrolled out from under it.
function clearOfPreview(field) {
  const box = $("preview-box");
  if (window.getComputedStyle(box).position !== "sticky" || field !== document.activeElement) return;
  const label = field.id ? document.querySelector(`label[for="${CSS.escape(field.id)}"]`) : null;
  const top = Math.min(field.getBoundingClientRect().top, label ? label.getBoundingClientRect().top : Infinity);
  const below = box.getBoundingClientRect().bottom + 8;
  const over = field.getBoundingClientRect().bottom + 8 - window.innerHeight; // cut at the window's foot
  if (top < below) window.scrollBy(0, top - below);
  else if (over > 0) window.scrollBy(0, Math.min(over, top - below));
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
  const kind = $("kind").value;
  for (const id of ["move", "move-label"]) $(id).hidden = kind !== "legal";
  // "best" asks about the player to act: no player to choose
  $("player").closest("label").hidden = kind !== "score";
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
  $("screen-fields").addEventListener("focusin", (e) => requestAnimationFrame(() => clearOfPreview(e.target)));
  // the part of what the pupil meets later whose field has the focus is previewed first;
  // looking into the preview (or its language) keeps it so, any other field does not
  document.addEventListener("focusin", (e) => {
    if ($("preview-box").contains(e.target)) return;
    const inFields = $("screen-fields").contains(e.target);
    const part = (inFields && e.target.closest("[data-part]")?.dataset.part) || null;
    if (part !== app.part) { app.part = part; preview(); }
  });
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
