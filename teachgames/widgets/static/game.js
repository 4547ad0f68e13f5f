// teachgames: the one front-end every game widget shares (anywidget ESM; its one import,
// the DOM helpers of ./dom.js, is put in place by teachgames/widgets/frontend.py).
//
// Python is the source of truth. This file only lays out the view-model Python sends
// (the "view_model" trait), handles clicks and keys, and sends intents back:
//   {type: "intent", version: <view-model version the click was made on>, action, args}
// (the log's explanations name pictures too, so a growing list re-sends no SVG)
// Python decides whether an intent is stale (a turn-based game: any older version; a
// real-time game: the engine judges) and refuses it with {type: "refused", reason}.
//
// Clicks are queued: while one intent is in flight the next click waits its turn and is
// sent when Python has answered, so no click is silently dropped (it is applied, or
// refused with a reason the pupil sees). Timer intents ("tick", "bot_step") are never
// queued twice.
//
// An intent that changed nothing the pupil sees (a tick with no move) is answered with
// {type: "ack"} instead of a new view-model, so the page is not redrawn under the pointer.
//
// Pictures: a card may name a picture ("picture") instead of carrying its SVG; the
// view-model's "pictures" brings each picture once and this file keeps them. A view
// that lacks one (it joined late) asks Python with {type: "pictures", names}.
//
// Words: every word comes from Python in the pupil's language (vm.labels for the few
// labels this file writes itself); FALLBACK only covers an old or partial view-model.
//
// Drawing: each view-model is laid out into a detached tree that is then patched into the
// page by dom.js's patchChildren() (keyed by data-testid / an internal key): a card, button or zone that is still
// there stays the same DOM node, so a press that spans a redraw (bots playing on their
// timers) lands on the node it started on. Handlers live on the nodes as properties and
// are called by delegated listeners on the root, so a kept node gets the new handler.
// The live region is one persistent element whose text changes only on an event
// (vm.announce, a refusal): a clock ticking in the status line is never read out.
//
// Trust: the "svg" fields and pictures are made by teachgames' Python drawing code, which
// escapes every text it places in them, so they are inserted as markup. Everything else
// (names, words, numbers) is put in with textContent, never as HTML.
//
// Focus: a control the pupil used that a redraw disables or removes (End turn while the
// bots play, a card that went to the table) hands the focus on instead of dropping it on
// the page: to the widget itself while bots are to act, then to the same control when it
// is enabled again, else to the first control that can be played; at the end of a game,
// to the result (the message box). See keepFocus().

import { delegate, el, on, patchChildren, setSvg } from "./dom.js";

const BUSY_TIMEOUT_MS = 4000;
const QUEUE_MAX = 20;
const TIMER_ACTIONS = new Set(["tick", "bot_step"]);
// Navigation icons drawn here (constant markup): the ⏮ ⏭ glyphs are missing from
// many fonts, so a host without them would show empty boxes.
const ICONS = {
  first: '<path d="M3 2h2v12H3zM14 2v12L6 8z"/>',
  prev: '<path d="M12 2v12L4 8z"/>',
  next: '<path d="M4 2v12l8-6z"/>',
  last: '<path d="M11 2h2v12h-2zM2 2v12l8-6z"/>',
};
const REFUSAL_SHOW_MS = 6000;
// Technical fallbacks only: Python sends these words, translated, in vm.labels.
const FALLBACK = {
  scores: "Scores",
  in_words: "In words",
  explanation: "Explanation",
  step_through: "Step through the game",
  slider: "Move",
  actions: "Actions",
  turn: "to play",
  no_cards: "no cards",
  refused: "That was not accepted.",
  language: "Language",
  bot_moves: "Moves",
};
// What the focus goes to when the control it was on is gone (first match in page order).
const PLAYABLE = ".tg-card.tg-selectable, .tg-cell, .tg-extra, .tg-controls .tg-btn";

function label(vm, key) {
  const labels = (vm && vm.labels) || {};
  return typeof labels[key] === "string" ? labels[key] : FALLBACK[key];
}

function testid(kind, key) {
  return `tg-${kind}-${String(key).toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
}

function svgBox(svg, text, id, cls) {
  const box = el("div", { class: cls || "tg-svg", role: "img", "aria-label": text || "", "data-testid": id });
  setSvg(box, svg);
  for (const s of box.querySelectorAll("svg")) s.setAttribute("aria-hidden", "true");
  return box;
}

// ------------------------------------------------------------------ intents

// The queue of intents: one in flight at a time, the next sent when Python has answered.
function createSender(model, root) {
  let inFlight = false;
  let busyTimer = null;
  const queue = [];

  function setBusy(busy, shown) {
    inFlight = busy;
    // a timer's intent (tick, bot_step) in flight is not the pupil waiting: no busy cursor
    const visible = busy && shown !== false;
    root.classList.toggle("tg-busy", visible);
    if (visible) root.setAttribute("aria-busy", "true");
    else root.removeAttribute("aria-busy");
    clearTimeout(busyTimer);
    if (busy) busyTimer = setTimeout(answered, BUSY_TIMEOUT_MS);
  }

  function flush() {
    if (inFlight || !queue.length) return;
    const msg = queue.shift();
    setBusy(true, !TIMER_ACTIONS.has(msg.action));
    model.send(msg);
  }

  function answered() {
    setBusy(false);
    flush();
  }

  // Queue an intent made on the view-model shown now (its version travels with it).
  function send(action, args) {
    const vm = model.get("view_model") || {};
    if (TIMER_ACTIONS.has(action) && queue.some((m) => m.action === action)) return false;
    if (queue.length >= QUEUE_MAX) return false;
    queue.push({ type: "intent", version: vm.version, action, args: args || {} });
    flush();
    return true;
  }

  return { send, answered, dispose: () => clearTimeout(busyTimer) };
}

// ------------------------------------------------------------------ drawing
// Each function lays out one part of the view-model `ui.vm` as new nodes; `ui` also
// holds what the parts act with: send(action, args), showRefusal(text), picture(spec)
// (the SVG of a card or explanation, noting the pictures still missing) and refusal.

function button(ui, spec) {
  const b = el(
    "button",
    {
      type: "button",
      class: "tg-btn" + (spec.primary ? " tg-primary" : ""),
      "data-testid": testid("btn", spec.action),
      // the name starts with the words shown (WCAG 2.5.3); an icon's name is its label
      "aria-label": spec.text && spec.text !== spec.label && !String(spec.label).startsWith(spec.text) ? `${spec.text}: ${spec.label}` : spec.label,
      title: spec.label,
      disabled: spec.enabled === false,
    },
    spec.text || spec.label,
  );
  if (spec.icon && ICONS[spec.icon]) {
    b.textContent = "";
    setSvg(b, `<svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" fill="currentColor">${ICONS[spec.icon]}</svg>`);
  }
  on(b, "click", () => ui.send(spec.action, spec.args));
  return b;
}

// A card the pupil may choose: a button lying over the picture.
function choosableCard(ui, spec, cls) {
  const node = el("button", {
    type: "button",
    class: cls + " tg-selectable",
    "data-testid": testid("card", spec.key),
    "data-key": spec.key,
    "aria-pressed": spec.selected ? "true" : "false",
    "aria-label": spec.alt,
    title: spec.alt,
  });
  const action = spec.action || "select";
  const args = spec.args || { card: spec.key };
  // A card is chosen when the pointer goes down, not when it comes up: a real-time
  // table redraws every few hundred milliseconds, and a press that spans a redraw
  // would lose its "click" (the node under the pointer is replaced). The keyboard
  // (Enter, Space) still chooses through "click", which a pointer press then skips.
  // The node is kept across redraws (patchChildren()), so the press and its click meet on it.
  on(node, "pointerdown", (ev, n) => {
    if (ev.button !== 0) return;
    n.__tgPressed = true;
    ui.send(action, args);
  });
  on(node, "click", (ev, n) => {
    if (n.__tgPressed) {
      n.__tgPressed = false;
      return;
    }
    ui.send(action, args);
  });
  return node;
}

// A card that is only a picture (a replay's cards are reached by Tab and the arrows).
function pictureCard(ui, spec, cls) {
  const browse = ui.vm.mode === "replay";
  const node = el("div", { class: cls, role: "img", "data-testid": testid("card", spec.key), "aria-label": spec.alt, title: spec.alt, tabindex: browse ? "-1" : null });
  if (browse) node.classList.add("tg-browse");
  // a card that is no move may say why a click on it does nothing (a taken field, a
  // full one): shown and said like a refusal, while the card stays a picture, no button
  // and no Tab stop (the keyboard reaches only what can be played)
  if (spec.why) {
    node.setAttribute("data-why", spec.why_key || "");
    on(node, "click", () => ui.showRefusal(spec.why));
  }
  return node;
}

function card(ui, spec) {
  const cls = "tg-card" + (spec.slot ? " tg-slot" : "");
  const node = spec.selectable ? choosableCard(ui, spec, cls) : pictureCard(ui, spec, cls);
  if (spec.name) node.setAttribute("data-card", spec.name);
  if (spec.selected) node.classList.add("tg-selected");
  if (spec.highlight) node.classList.add("tg-highlight");
  const pic = el("div", { class: "tg-card-pic", "aria-hidden": "true" });
  const svg = ui.picture(spec);
  if (svg) setSvg(pic, svg);
  else pic.appendChild(el("span", { class: "tg-slot-text" }, spec.slot ? spec.alt || "" : spec.alt || spec.name || ""));
  const wrap = el("div", { class: "tg-card-wrap" });
  wrap.__k = `wrap:${spec.key}`;
  if (spec.selectable) {
    // The button lies over the picture instead of holding it: its name is the card in
    // words, and the letters drawn on the card are not text inside the control (WCAG
    // 2.5.3 compares a control's name with the text it contains).
    const face = el("div", { class: "tg-card-face" + (spec.slot ? " tg-slot-face" : "") }, pic, node);
    face.__k = "face";
    wrap.appendChild(face);
  } else {
    node.appendChild(pic);
    wrap.appendChild(node);
  }
  if (spec.caption) wrap.appendChild(el("div", { class: "tg-card-caption" }, spec.caption));
  return wrap;
}

function gridCell(ui, cell) {
  const td = el("td", { class: cell.marked ? "tg-marked" : null, "data-marked": cell.marked ? "true" : null });
  if (cell.selectable && cell.key) {
    const b = el("button", { type: "button", class: "tg-btn tg-cell", "aria-label": cell.alt || cell.text, "data-testid": testid("cell", cell.key) }, cell.text);
    on(b, "click", () => ui.send(cell.action || "select", cell.args || { cell: cell.key }));
    td.appendChild(b);
  } else {
    td.textContent = cell.text === undefined || cell.text === null ? "" : String(cell.text);
    if (cell.alt) td.setAttribute("aria-label", cell.alt);
  }
  return td;
}

function grid(ui, spec, zoneId) {
  const table = el("table", { class: "tg-grid", "data-testid": testid("grid", zoneId) });
  if ((spec.columns || []).length) {
    table.appendChild(el("tr", null, el("th"), ...spec.columns.map((c) => el("th", { scope: "col" }, c))));
  }
  for (const row of spec.rows || []) {
    table.appendChild(el("tr", null, el("th", { scope: "row" }, row.label || ""), ...(row.cells || []).map((cell) => gridCell(ui, cell))));
  }
  return table;
}

// a zone, or one of its own "zones", that is the pupil's ("mine": the controls follow it)
function holdsMine(spec) {
  return !!spec.mine || (spec.zones || []).some(holdsMine);
}

function zoneHead(ui, spec) {
  const head = el("div", { class: "tg-zone-head" }, el("span", { class: "tg-zone-label" }, spec.compact && spec.summary ? spec.summary : spec.label));
  head.__k = "head";
  if (spec.current) head.appendChild(el("span", { class: "tg-turn" }, label(ui.vm, "turn")));
  if (spec.caption) head.appendChild(el("span", { class: "tg-zone-caption" }, spec.caption));
  return head;
}

function zoneCards(ui, spec, inner) {
  const cards = spec.cards || [];
  const row = el("div", { class: "tg-cards" }, ...cards.map((c) => card(ui, c)));
  row.__k = "cards";
  const first = row.querySelector(".tg-browse");
  if (first) first.setAttribute("tabindex", "0");
  if (!cards.length && !inner.length) row.appendChild(el("span", { class: "tg-empty" }, spec.empty || label(ui.vm, "no_cards")));
  return row;
}

// a wide score pad scrolls inside its own box (reached by Tab, named like its zone)
// instead of pushing the page sideways at 200 % zoom
function gridBox(ui, spec) {
  const box = el("div", { class: "tg-grid-box", tabindex: "0", role: "region", "aria-label": spec.label || null }, grid(ui, spec.grid, spec.id));
  box.__k = "grid-box";
  return box;
}

function zoneClass(spec, bare) {
  const flags = [["tg-current", spec.current], ["tg-compact", spec.compact], ["tg-mine", spec.mine]];
  return [bare ? "tg-group" : "tg-zone", ...flags.filter(([, set]) => set).map(([cls]) => cls)].join(" ");
}

function zone(ui, spec) {
  const inner = spec.zones || [];
  const hasCards = (spec.cards || []).length > 0;
  // "row": the zone's own zones side by side (wrapping); with no label and no cards of
  // its own, the row is only a grouping: no frame, no heading
  const bare = !!spec.row && !spec.label && !hasCards && !spec.grid && !spec.compact;
  const sec = el(bare ? "div" : "section", { class: zoneClass(spec, bare), "data-testid": testid("zone", spec.id), "aria-label": bare ? null : spec.label });
  if (bare) return zoneInner(ui, sec, spec, inner);
  sec.appendChild(zoneHead(ui, spec));
  if (spec.compact) return sec;
  if ((hasCards || !spec.grid) && (hasCards || !inner.length)) sec.appendChild(zoneCards(ui, spec, inner));
  if (spec.grid) sec.appendChild(gridBox(ui, spec));
  return zoneInner(ui, sec, spec, inner);
}

// a zone's own zones: in a row box when it is a row, else straight in the zone
function zoneInner(ui, sec, spec, inner) {
  const box = spec.row && inner.length ? el("div", { class: "tg-zone-row" }) : sec;
  for (const z of inner) box.appendChild(zone(ui, z));
  if (box !== sec) sec.appendChild(box);
  return sec;
}

function controlsBar(ui, controls) {
  const moves = ui.vm.moves || [];
  if (!controls.length && !moves.length) return null;
  const bar = el("div", { class: "tg-controls", role: "group", "aria-label": label(ui.vm, "actions"), "data-testid": "tg-controls" });
  controls.forEach((b) => bar.appendChild(button(ui, b)));
  for (const m of moves) {
    const b = el("button", { type: "button", class: "tg-btn tg-extra", "data-testid": testid("move", m.index) }, m.label);
    on(b, "click", () => ui.send("move", { index: m.index }));
    bar.appendChild(b);
  }
  return bar;
}

// shown here, said by the live region (one place that speaks)
function refusalBox(ui) {
  const box = el("div", { class: "tg-refused", "data-testid": "tg-refused" });
  if (ui.refusal && ui.refusal.until > Date.now()) box.textContent = ui.refusal.text;
  else box.hidden = true;
  return box;
}

// the message; at the end of a game it is the result, where the focus goes (tabindex -1)
function messageBox(vm) {
  const msg = vm.message;
  if (!msg || !(msg.text || msg.svg)) return null;
  const kind = msg.kind || "info";
  const box = el("div", { class: `tg-message tg-${kind}`, "data-testid": "tg-message", "data-kind": kind, tabindex: vm.result ? "-1" : null },
    el("div", { class: "tg-message-text", "data-testid": "tg-message-text" }, msg.text || ""));
  if (msg.svg) box.appendChild(svgBox(msg.svg, msg.text, "tg-message-svg", "tg-svg tg-maths"));
  return box;
}

function logEntry(ui, entry, i) {
  const li = el("li", { "data-testid": testid("log", i) });
  const ex = entry.explanation;
  if (!ex || !(ex.svg || ex.picture || ex.text)) {
    li.textContent = entry.text;
    return li;
  }
  const det = el("details", { class: "tg-log-entry" }, el("summary", null, entry.text));
  const svg = ui.picture(ex);
  det.appendChild(svg ? svgBox(svg, ex.text || entry.text, testid("log-svg", i), "tg-svg tg-maths") : el("pre", null, ex.text));
  li.appendChild(det);
  return li;
}

function botLog(ui) {
  const log = ui.vm.log || [];
  if (!log.length) return null;
  const words = label(ui.vm, "bot_moves");
  const list = el("ol", { class: "tg-log", "data-testid": "tg-log", "aria-label": words }, ...log.map((entry, i) => logEntry(ui, entry, i)));
  return el("section", { class: "tg-log-box", "aria-label": words }, el("div", { class: "tg-log-title" }, words), list);
}

// the controls, the refusal, the message and the bots' moves: right after the pupil's zone
function bottom(ui) {
  const frag = document.createDocumentFragment();
  const controls = (ui.vm.buttons || []).filter((b) => b.group !== "nav");
  for (const part of [controlsBar(ui, controls), refusalBox(ui), messageBox(ui.vm), botLog(ui)]) {
    if (part) frag.appendChild(part);
  }
  return frag;
}

function languageSwitch(ui) {
  const vm = ui.vm;
  const langs = vm.languages || [];
  if (langs.length < 2) return null;
  const group = el("div", { class: "tg-langs", role: "group", "aria-label": label(vm, "language"), "data-testid": "tg-languages" });
  for (const l of langs) {
    const isOn = l.code === vm.language;
    const shown = l.code.toUpperCase();
    // the name starts with the letters shown (WCAG 2.5.3): "EN — English"
    const b = el("button", { type: "button", class: "tg-btn tg-lang", lang: l.code, "aria-pressed": isOn ? "true" : "false", "data-testid": testid("lang", l.code), title: l.label, "aria-label": `${shown} — ${l.label}` }, shown);
    on(b, "click", () => {
      if (!isOn) ui.send("language", { language: l.code });
    });
    group.appendChild(b);
  }
  return group;
}

function header(vm) {
  const head = el("header", { class: "tg-head" },
    el("div", { class: "tg-title", "data-testid": "tg-title" }, vm.title || ""),
    // not live: a real-time game's clock is in it (the events are said by the live region)
    el("div", { class: "tg-status", "data-testid": "tg-status" }, vm.status || ""));
  head.__k = "head";
  return head;
}

// a replay's step bar: first/prev, the slider, next/last and the step in words
function stepBar(ui) {
  const vm = ui.vm;
  const nav = (vm.buttons || []).filter((b) => b.group === "nav");
  const bar = el("div", { class: "tg-nav", role: "group", "aria-label": label(vm, "step_through") });
  bar.__k = "nav";
  const slider = el("input", {
    type: "range",
    class: "tg-slider",
    min: 0,
    max: vm.step.max,
    step: 1,
    value: vm.step.value,
    "data-testid": "tg-slider",
    "aria-label": label(vm, "slider"),
    "aria-valuetext": vm.step.label || "",
  });
  slider.value = String(vm.step.value);
  on(slider, "change", (ev, s) => {
    if (!ui.send("goto", { step: Number(s.value) })) s.value = String(vm.step.value);
  });
  const half = Math.ceil(nav.length / 2);
  nav.slice(0, half).forEach((b) => bar.appendChild(button(ui, b)));
  bar.appendChild(slider);
  nav.slice(half).forEach((b) => bar.appendChild(button(ui, b)));
  bar.appendChild(el("span", { class: "tg-step-label", "data-testid": "tg-step-label" }, vm.step.label || ""));
  return bar;
}

// The zones, with the controls right after the zone marked "controls" (the table the
// pupil acts on), else the one holding the pupil's own zone ("mine"); `placed` says
// whether they found a place among the zones.
function zonesAndControls(ui) {
  const all = ui.vm.zones || [];
  const zones = el("div", { class: "tg-zones" });
  zones.__k = "zones";
  let anchor = all.findIndex((z) => z.controls);
  if (anchor < 0) anchor = all.findIndex(holdsMine);
  all.forEach((z, i) => {
    zones.appendChild(zone(ui, z));
    if (i !== anchor) return;
    const box = el("div", { class: "tg-mine-controls" }, bottom(ui));
    box.__k = "mine-controls";
    zones.appendChild(box);
  });
  return { zones, placed: anchor >= 0 };
}

function explanationBox(vm) {
  const ex = vm.explanation;
  if (!ex) return null;
  const box = el("section", { class: "tg-explanation", "data-testid": "tg-explanation", "aria-label": ex.title || label(vm, "explanation") });
  if (ex.title) box.appendChild(el("div", { class: "tg-explanation-title" }, ex.title));
  if (ex.svg) box.appendChild(svgBox(ex.svg, ex.text || ex.title, "tg-explanation-svg", "tg-svg tg-maths"));
  if (ex.text) {
    box.appendChild(el("details", { class: "tg-words" }, el("summary", null, label(vm, "in_words")), el("pre", { "data-testid": "tg-explanation-text" }, ex.text)));
  }
  return box;
}

function scoresTable(vm) {
  if (!(vm.scores || []).length) return null;
  const rows = vm.scores.map((s) =>
    el("tr", { "data-testid": testid("score", s.player), class: s.current ? "tg-current" : null }, el("th", { scope: "row" }, s.name), el("td", null, s.score)));
  return el("table", { class: "tg-scores", "data-testid": "tg-scores" }, el("caption", null, label(vm, "scores")), ...rows);
}

// The whole view of `ui.vm`, as a detached tree (patched into the page by draw()).
function layout(ui) {
  const vm = ui.vm;
  const view = el("div", null, header(vm));
  if (vm.step) view.appendChild(stepBar(ui));
  if (vm.move_text !== undefined && vm.move_text !== null) view.appendChild(el("div", { class: "tg-move", "data-testid": "tg-move" }, vm.move_text));
  const { zones, placed } = zonesAndControls(ui);
  view.appendChild(zones);
  if (!placed) view.appendChild(bottom(ui));
  // the language switch comes last in the tab order: the game's controls first
  for (const part of [explanationBox(vm), scoresTable(vm), languageSwitch(ui)]) {
    if (part) view.appendChild(part);
  }
  return view;
}

// ------------------------------------------------------------------ focus

// a control the focus may go to: enabled, a Tab stop (a card that became a picture is
// none), and shown
function usable(node) {
  return !!node && !node.disabled && node.tabIndex >= 0 && node.getClientRects().length > 0;
}

// Where the focus goes when the control `id` it was on is disabled or gone: nowhere yet
// while bots are to act; the result once the game is over; else the same control, or
// the first one that can be played (a replay: the first step control still on).
function nextUseful(root, vm, id) {
  if (vm.result) return root.querySelector('[data-testid="tg-message"]');
  if (vm.bot && !vm.bot.paused) return null;
  const same = id ? root.querySelector(`[data-testid="${CSS.escape(id)}"]`) : null;
  if (usable(same)) return same;
  const first = (selector) => Array.from(root.querySelectorAll(selector)).find(usable);
  return first(PLAYABLE) || first(".tg-nav .tg-btn, .tg-slider") || null;
}

// Where the focus is before a redraw: in this widget or not, and on which control.
function focusSnapshot(root) {
  const active = document.activeElement;
  const inside = !!active && active !== root && root.contains(active);
  return { inside, id: inside ? active.getAttribute("data-testid") : null };
}

// After a redraw: a focus the redraw took away (its control disabled or gone) waits on
// the widget itself (`state.waiting`: the control it was on) until nextUseful() finds a
// place; a pupil who moved the focus elsewhere meanwhile keeps it there.
function keepFocus(root, before, vm, state) {
  const active = document.activeElement;
  const lost = before.inside && (!root.contains(active) || active.disabled);
  if (!lost && active !== root) {
    state.waiting = null;
    return;
  }
  if (!lost && state.waiting === null) return;
  const id = lost ? before.id : state.waiting;
  const target = nextUseful(root, vm, id);
  if (target) {
    state.waiting = null;
    target.focus();
  } else {
    state.waiting = id || "";
    if (active !== root) root.focus({ preventScroll: true });
  }
}

// ------------------------------------------------------------------ keys

const ARROW_STEPS = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1, Home: -Infinity, End: Infinity };

// The cards of the row (or the buttons of the table row) the arrow keys move along from
// `t`, or null when `t` is no such card or button.
function arrowItems(t) {
  const isCard = t.classList.contains("tg-card") && (t.classList.contains("tg-selectable") || t.classList.contains("tg-browse"));
  const isCell = t.classList.contains("tg-cell");
  const box = isCard ? t.closest(".tg-cards") : isCell ? t.closest("tr") : null;
  if (!box) return null;
  return Array.from(box.querySelectorAll(isCard ? ".tg-card.tg-selectable:not(:disabled), .tg-card.tg-browse" : ".tg-cell:not(:disabled)"));
}

// Arrow keys move between the cards of one hand or row (or the buttons of one table
// row); the row a replay shows is one Tab stop (the card reached last keeps it).
function arrow(event) {
  const step = ARROW_STEPS[event.key];
  const t = event.target;
  if (step === undefined || !t || !t.closest) return false;
  const items = arrowItems(t);
  const i = items ? items.indexOf(t) : -1;
  if (i < 0 || items.length < 2) return false;
  const j = Math.max(0, Math.min(items.length - 1, i + step));
  if (j === i) return true;
  if (t.classList.contains("tg-browse")) {
    t.setAttribute("tabindex", "-1");
    items[j].setAttribute("tabindex", "0");
  }
  items[j].focus();
  return true;
}

// The arrows, then the game's own keys (vm.keys: a key's action), never in a text field.
function keyHandler(model, send) {
  return (event) => {
    const t = event.target;
    if (t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.tagName === "SELECT")) return;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const vm = model.get("view_model") || {};
    const action = arrow(event) ? true : (vm.keys || {})[event.key];
    if (!action) return;
    event.preventDefault();
    event.stopPropagation();
    if (action !== true) send(action);
  };
}

// ------------------------------------------------------------------ the widget
// One widget's view `w`: its nodes (root, view, live), its sender and what it keeps
// between view-models (pictures, the focus waiting for a place, the timers).

function createRoot(host) {
  const root = el("div", {
    class: "tg-root",
    tabindex: "0",
    role: "region",
    "data-testid": "tg-widget",
    // keep Enter, Space and the arrow keys for the widget, not the notebook's shortcuts
    "data-lm-suppress-shortcuts": "true",
  });
  const view = el("div", { class: "tg-view" });
  // the one live region: its text changes on events only (a move, a refusal, a bot's
  // move, a replay step), never with a clock
  const live = el("div", { class: "tg-live", role: "status", "aria-live": "polite", "aria-atomic": "true", "data-testid": "tg-live" });
  root.append(view, live);
  host.appendChild(root);
  return { root, view, live };
}

function announce(w, text) {
  if (!text) return;
  // the same words twice in a row are still a new event: clear, then say them
  if (w.live.textContent === text) w.live.textContent = "";
  w.live.textContent = text;
}

// a refusal is shown for a while under the controls and said once by the live region
function showRefusal(w, text, redraw = true) {
  w.refusal = { text: String(text), until: Date.now() + REFUSAL_SHOW_MS };
  announce(w, w.refusal.text);
  clearTimeout(w.refusalTimer);
  w.refusalTimer = setTimeout(() => draw(w), REFUSAL_SHOW_MS + 50);
  if (redraw) draw(w);
}

// the SVG a card or explanation names (missing ones are asked for after the draw)
function pictureFor(w, missing) {
  return (spec) => {
    if (spec.svg) return spec.svg;
    if (!spec.picture) return "";
    if (w.pictures[spec.picture] !== undefined) return w.pictures[spec.picture];
    missing.add(spec.picture);
    return "";
  };
}

function askForPictures(w, missing) {
  const need = [...missing].filter((n) => !w.asked.has(n));
  if (!need.length) return;
  need.forEach((n) => w.asked.add(n));
  w.model.send({ type: "pictures", names: need });
}

// the view-model's event (vm.announce), said once however often it is drawn
function sayEvent(w, vm) {
  const said = vm.announce && vm.announce.text ? vm.announce : null;
  const sayKey = said ? `${said.id}:${said.text}` : null;
  if (said && sayKey !== w.lastAnnounce) announce(w, String(said.text));
  w.lastAnnounce = sayKey;
}

function setRootAttributes(root, vm) {
  if (vm.title) root.setAttribute("aria-label", String(vm.title));
  root.setAttribute("data-version", String(vm.version ?? ""));
  root.setAttribute("data-mode", String(vm.mode ?? ""));
  root.classList.toggle("tg-size-large", vm.size === "large");
  // bots are to act: the pupil's controls wait (and a test knows the table is not settled)
  root.toggleAttribute("data-bots-playing", !!(vm.bot && !vm.bot.paused));
  if (vm.language) root.setAttribute("lang", String(vm.language));
}

// the bots' next move and the real-time clock: timers the view-model asks for
function setTimers(w, vm) {
  if (vm.bot && !vm.bot.paused) {
    w.botTimer = setTimeout(() => {
      w.botTimer = null;
      w.send("bot_step");
    }, Math.max(0, Number(vm.bot.delay_ms) || 0));
  }
  const period = vm.tick && Number(vm.tick.period_ms) > 0 ? Math.max(50, Number(vm.tick.period_ms)) : null;
  if (period === w.tickPeriod) return;
  clearInterval(w.tickTimer);
  w.tickTimer = period ? setInterval(() => w.send("tick"), period) : null;
  w.tickPeriod = period;
}

function draw(w) {
  const vm = w.model.get("view_model") || {};
  Object.assign(w.pictures, vm.pictures || {});
  clearTimeout(w.botTimer);
  w.botTimer = null;
  const missing = new Set();
  const ui = { vm, send: w.send, showRefusal: (text) => showRefusal(w, text), refusal: w.refusal, picture: pictureFor(w, missing) };
  const before = focusSnapshot(w.root);
  patchChildren(w.view, layout(ui));
  setRootAttributes(w.root, vm);
  keepFocus(w.root, before, vm, w.focus);
  sayEvent(w, vm);
  askForPictures(w, missing);
  setTimers(w, vm);
}

// Python's other messages: pictures asked for, an intent accepted with nothing to
// show (no redraw under the pointer), or refused (shown and said, unless quiet).
function onCustom(w, msg) {
  if (!msg) return;
  if (msg.type === "pictures") {
    Object.assign(w.pictures, msg.pictures || {});
    draw(w);
  } else if (msg.type === "ack") {
    w.sender.answered();
  } else if (msg.type === "refused") {
    if (!msg.quiet) showRefusal(w, msg.reason || label(w.model.get("view_model") || {}, "refused"), false);
    draw(w);
    w.sender.answered();
  }
}

function render({ model, el: host }) {
  const nodes = createRoot(host);
  const sender = createSender(model, nodes.root);
  const w = {
    ...nodes, model, sender, send: sender.send,
    pictures: {}, // name -> svg, kept across view-models
    asked: new Set(), // picture names already asked for
    focus: { waiting: null },
    lastAnnounce: null, refusal: null, refusalTimer: null,
    botTimer: null, tickTimer: null, tickPeriod: null,
  };
  const onChange = () => {
    sender.answered();
    draw(w);
  };
  const onMessage = (msg) => onCustom(w, msg);
  const onKey = keyHandler(model, w.send);
  model.on("change:view_model", onChange);
  model.on("msg:custom", onMessage);
  w.root.addEventListener("keydown", onKey);
  const undelegate = delegate(w.root, ["click", "pointerdown", "change"]);
  draw(w);

  return () => {
    clearTimeout(w.botTimer);
    clearTimeout(w.refusalTimer);
    clearInterval(w.tickTimer);
    sender.dispose();
    model.off("change:view_model", onChange);
    model.off("msg:custom", onMessage);
    w.root.removeEventListener("keydown", onKey);
    undelegate();
    w.root.remove();
  };
}

export default { render };
