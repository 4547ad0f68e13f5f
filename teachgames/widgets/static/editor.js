// teachgames: the position editor's front end (teachgames/lesson/editor_widget.py).
//
// Python holds the position and judges every edit; this file draws the view-model (the
// places with their cards, the card box, whose turn, undo/redo, the code, the puzzle
// form) and sends intents. Every control is a native button, select or text box, so the
// whole editor works from the keyboard; Ctrl+Z / Ctrl+Y undo and redo, Delete takes the
// selected card away. Every word comes from the view-model; text goes in as text only.

import { el, on, delegate, patchChildren } from "./dom.js";

function fill(template, values) {
  return String(template || "").replace(/\{(\w+)\}/g, (m, k) => (k in values ? String(values[k]) : m));
}

function field(label, control) {
  return el("label", { class: "tg-ed-field" }, el("span", { class: "tg-ed-label" }, label), control);
}

function select(name, options, extra) {
  const node = el("select", { "data-field": name, class: "tg-ed-select", ...(extra || {}) },
    ...options.map((o) => el("option", { value: String(o.value) }, o.label)));
  return node;
}

function button(text, handler, attrs) {
  return on(el("button", { type: "button", class: "tg-ed-btn", ...(attrs || {}) }, text), "click", handler);
}

function textBox(name, value, attrs) {
  const node = el("input", { type: "text", "data-field": name, class: "tg-ed-text", autocomplete: "off",
    spellcheck: "false", ...(attrs || {}) });
  node.value = value;
  return node;
}

// ------------------------------------------------------------------ the editor's state
// One object `ed` the editor's functions share: the model, its box, what the teacher
// has typed or chosen in the form (kept across redraws) and the card selected.

function viewModel(ed) {
  return ed.model.get("view_model") || {};
}

function wordFor(ed, key) {
  return (viewModel(ed).labels || {})[key] || key;
}

function send(ed, action, args) {
  ed.ui.refusal = null;
  ed.model.send({ type: "intent", version: viewModel(ed).version, action, args: args || {} });
}

// What the teacher types or chooses goes into `form`, so a redraw keeps it.
function remember(ed, event) {
  const name = event.target.getAttribute && event.target.getAttribute("data-field");
  if (name) ed.form[name] = event.target.value;
}

function put(ed) {
  send(ed, "put", { card: ed.form.card, zone: ed.form.where });
}

// A text box whose Enter does `act`.
function onEnter(node, act) {
  return on(node, "keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      act();
    }
  });
}

// ------------------------------------------------------------------ the parts drawn
function cardButton(ed, zone, card) {
  const ui = ed.ui;
  const chosen = ui.selected && ui.selected.zone === zone.id && ui.selected.index === card.index;
  const node = el("button", { type: "button", class: "tg-ed-card", "aria-pressed": chosen ? "true" : "false",
    "aria-label": `${card.name} (${zone.label})`, "data-testid": `card-${zone.id}-${card.index}` }, card.name);
  on(node, "click", () => {
    ui.selected = chosen ? null : { zone: zone.id, index: card.index, name: card.name, label: zone.label };
    draw(ed);
  });
  return on(node, "keydown", (event) => {
    if (event.key === "Delete" || event.key === "Backspace") {
      event.preventDefault();
      ui.selected = null;
      send(ed, "take", { zone: zone.id, index: card.index });
    }
  });
}

function zoneView(ed, zone) {
  const L = (key) => wordFor(ed, key);
  const heading = el("h4", { class: "tg-ed-zone-name" }, zone.label, " ",
    el("span", { class: "tg-ed-count" }, `(${zone.count})`));
  const cards = el("div", { class: "tg-ed-cards", role: "group", "aria-label": zone.label },
    ...zone.cards.map((card) => cardButton(ed, zone, card)));
  const body = zone.folded ? el("details", { "data-testid": `fold-${zone.id}` },
    el("summary", { "data-testid": `fold-${zone.id}-summary` }, zone.count), cards) : cards;
  const empty = zone.cards.length ? button(L("empty"), () => send(ed, "clear", { zone: zone.id }),
    { "aria-label": `${L("empty")}: ${zone.label}`, class: "tg-ed-btn tg-ed-small" }) : null;
  return el("section", { class: "tg-ed-zone", "data-testid": `zone-${zone.id}` }, heading, body, empty);
}

function selectedBar(ed, v) {
  const { form, ui } = ed;
  const L = (key) => wordFor(ed, key);
  const s = ui.selected;
  if (!s) return null;
  const others = (v.zones || []).filter((z) => z.id !== s.zone).map((z) => ({ value: z.id, label: z.label }));
  if (!others.some((o) => o.value === form.to)) form.to = others.length ? others[0].value : "";
  return el("div", { class: "tg-ed-row tg-ed-selected", role: "group", "aria-label": L("move_card") },
    el("span", {}, fill(L("selected"), { card: s.name, zone: s.label })),
    button(L("take"), () => { ui.selected = null; send(ed, "take", { zone: s.zone, index: s.index }); }),
    field(L("move_to"), select("to", others)),
    button(L("move_card"), () => { ui.selected = null; send(ed, "move", { zone: s.zone, index: s.index, to: form.to }); }));
}

function cardBox(ed, v) {
  const { form, ui } = ed;
  const L = (key) => wordFor(ed, key);
  const zones = v.zones || [];
  if (!zones.some((z) => z.id === form.where)) form.where = zones.length ? zones[0].id : "";
  const input = onEnter(textBox("card", form.card, { list: ui.listId, "data-testid": "card-input" }), () => put(ed));
  return el("div", { class: "tg-ed-row", role: "group", "aria-label": L("put") },
    field(L("card"), input),
    el("datalist", { id: ui.listId }, ...(v.cards || []).map((c) => el("option", { value: c }))),
    field(L("where"), select("where", zones.map((z) => ({ value: z.id, label: z.label })), { "data-testid": "where" })),
    button(L("put"), () => put(ed), { "data-testid": "put" }));
}

function turnAndHistory(ed, v) {
  const L = (key) => wordFor(ed, key);
  const turn = v.turn ? field(L("turn"), on(select("turn", v.turn.players, { "data-testid": "turn" }), "change",
    (event) => send(ed, "turn", { player: Number(event.target.value) }))) : null;
  return el("div", { class: "tg-ed-row" }, turn,
    button(L("undo"), () => send(ed, "undo"), { disabled: !v.undo, "aria-keyshortcuts": "Control+Z", "data-testid": "undo" }),
    button(L("redo"), () => send(ed, "redo"), { disabled: !v.redo, "aria-keyshortcuts": "Control+Y", "data-testid": "redo" }));
}

function codeBox(ed, v) {
  const L = (key) => wordFor(ed, key);
  const shown = textBox("shown-code", v.code || "", { readonly: true, "data-testid": "code", title: L("copy") });
  const load = () => send(ed, "load", { code: ed.form.code });
  const paste = onEnter(textBox("code", ed.form.code, { "data-testid": "code-input" }), load);
  return el("div", { class: "tg-ed-rows" },
    el("div", { class: "tg-ed-row" }, field(L("code"), shown)),
    el("div", { class: "tg-ed-row" }, field(L("load_code"), paste), button(L("load"), load, { "data-testid": "load" }),
      button(L("open"), () => send(ed, "open"), { "data-testid": "open" })));
}

function puzzleBox(ed, v) {
  const form = ed.form;
  const L = (key) => wordFor(ed, key);
  if (!form.file) form.file = v.file || "my-puzzles.json";
  // "legal" asks about one move, "score" about one player; "best" about the player to act
  const ask = form.kind === "legal"
    ? field(L("move"), select("move", v.moves || [], { "data-testid": "puzzle-move" }))
    : form.kind === "score"
      ? field(L("player"), select("player", v.players || [], { "data-testid": "puzzle-player" }))
      : null;
  const make = () => send(ed, "puzzle", { kind: form.kind, move: Number(form.move), player: Number(form.player), file: form.file });
  return el("fieldset", { class: "tg-ed-puzzle" }, el("legend", {}, L("puzzle")),
    el("div", { class: "tg-ed-row" },
      field(L("kind"), on(select("kind", v.kinds || [], { "data-testid": "puzzle-kind" }), "change", (event) => {
        form.kind = event.target.value;
        draw(ed);
      })),
      ask,
      field(L("file"), textBox("file", form.file, { "data-testid": "puzzle-file" })),
      button(L("make"), make, { class: "tg-ed-btn tg-ed-primary", "data-testid": "make-puzzle" })));
}

function refereeBox(ed, v) {
  const L = (key) => wordFor(ed, key);
  const judge = () => send(ed, "judge", { claim: ed.form.claim });
  const claim = onEnter(textBox("claim", ed.form.claim, { "data-testid": "claim" }), judge);
  const verdict = v.verdict
    ? el("pre", { class: `tg-ed-verdict tg-ed-${v.verdict.legal ? "success" : "error"}`, "data-testid": "verdict" }, v.verdict.text)
    : null;
  return el("fieldset", { class: "tg-ed-puzzle" }, el("legend", {}, L("referee")),
    el("div", { class: "tg-ed-row" }, field(L("claim"), claim), button(L("judge"), judge, { "data-testid": "judge" })),
    v.example ? el("div", { class: "tg-ed-example" }, fill(L("example"), { move: v.example })) : null,
    verdict);
}

function message(ed, v) {
  const m = ed.ui.refusal ? { kind: "error", text: ed.ui.refusal } : v.message;
  return el("div", { class: `tg-ed-message${m ? ` tg-ed-${m.kind}` : ""}`, role: "status", "aria-live": "polite",
    "data-testid": "message" }, m ? m.text : "");
}

function build(ed, v) {
  const next = el("div");
  next.append(
    el("h3", { class: "tg-ed-title" }, v.title || ""),
    cardBox(ed, v), turnAndHistory(ed, v), message(ed, v),
    el("div", { class: "tg-ed-zones" }, ...(v.zones || []).map((zone) => zoneView(ed, zone))),
    selectedBar(ed, v) || el("div", { class: "tg-ed-row tg-ed-selected", hidden: true }),
    codeBox(ed, v), refereeBox(ed, v), puzzleBox(ed, v));
  return next;
}

// Each <select> shows what the form holds (the turn: whose turn it is), or the form
// takes what the select shows when its choice is gone.
function syncSelects(ed, v) {
  const form = ed.form;
  for (const node of ed.box.querySelectorAll("select[data-field]")) {
    const name = node.getAttribute("data-field");
    if (name === "turn" && v.turn) node.value = String(v.turn.value);
    else if (name in form && Array.from(node.options).some((o) => o.value === form[name])) node.value = form[name];
    else if (name in form) form[name] = node.value;
  }
}

function draw(ed) {
  const v = viewModel(ed);
  const ui = ed.ui;
  ed.box.setAttribute("lang", v.language || "en");
  ed.box.setAttribute("aria-label", v.title || "");
  if (ui.selected && !(v.zones || []).some((z) => z.id === ui.selected.zone)) ui.selected = null;
  patchChildren(ed.box, build(ed, v));
  syncSelects(ed, v);
}

function shortcut(ed, event) {
  const typing = event.target.tagName === "INPUT" || event.target.tagName === "TEXTAREA";
  if (!(event.ctrlKey || event.metaKey) || typing) return;
  const key = event.key.toLowerCase();
  if (key === "z" && !event.shiftKey) send(ed, "undo");
  else if (key === "y" || (key === "z" && event.shiftKey)) send(ed, "redo");
  else return;
  event.preventDefault();
}

function onRefused(ed, msg) {
  const shown = viewModel(ed).message;
  if (msg && msg.type === "refused" && !msg.quiet && !(shown && shown.text === msg.reason)) {
    ed.ui.refusal = msg.reason;
    draw(ed);
  }
}

function render({ model, el: host }) {
  // keep Enter, Delete, the arrows and Ctrl+Z for the editor, not the notebook's shortcuts
  const box = el("div", { class: "tg-editor", role: "region", "data-testid": "editor", "data-lm-suppress-shortcuts": "true" });
  host.append(box);
  const ed = {
    model,
    box,
    form: { card: "", where: "", code: "", claim: "", kind: "legal", move: "0", player: "1", file: "", to: "" },
    ui: { selected: null, refusal: null, listId: `tg-ed-cards-${Math.random().toString(36).slice(2)}` },
  };
  const off = delegate(box, ["click", "keydown", "change"]);
  const remembered = (event) => remember(ed, event);
  box.addEventListener("input", remembered);
  box.addEventListener("change", remembered, true);
  box.addEventListener("keydown", (event) => shortcut(ed, event));
  // the notebook's own key handling (arrows move between cells) stays out of the editor
  box.addEventListener("keydown", (event) => event.stopPropagation());
  const onChange = () => draw(ed);
  const onCustom = (msg) => onRefused(ed, msg);
  model.on("change:view_model", onChange);
  model.on("msg:custom", onCustom);
  draw(ed);
  return () => {
    off();
    model.off("change:view_model", onChange);
    model.off("msg:custom", onCustom);
  };
}

export default { render };
