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

function render({ model, el: host }) {
  // keep Enter, Delete, the arrows and Ctrl+Z for the editor, not the notebook's shortcuts
  const box = el("div", { class: "tg-editor", role: "region", "data-testid": "editor", "data-lm-suppress-shortcuts": "true" });
  host.append(box);
  const form = { card: "", where: "", code: "", claim: "", kind: "legal", move: "0", player: "1", file: "", to: "" };
  const ui = { selected: null, refusal: null, listId: `tg-ed-cards-${Math.random().toString(36).slice(2)}` };
  const vm = () => model.get("view_model") || {};
  const L = (key) => (vm().labels || {})[key] || key;

  function send(action, args) {
    ui.refusal = null;
    model.send({ type: "intent", version: vm().version, action, args: args || {} });
  }

  function remember(event) {
    const name = event.target.getAttribute && event.target.getAttribute("data-field");
    if (name) form[name] = event.target.value;
  }

  function put() {
    send("put", { card: form.card, zone: form.where });
  }

  function cardButton(zone, card) {
    const chosen = ui.selected && ui.selected.zone === zone.id && ui.selected.index === card.index;
    const node = el("button", { type: "button", class: "tg-ed-card", "aria-pressed": chosen ? "true" : "false",
      "aria-label": `${card.name} (${zone.label})`, "data-testid": `card-${zone.id}-${card.index}` }, card.name);
    on(node, "click", () => {
      ui.selected = chosen ? null : { zone: zone.id, index: card.index, name: card.name, label: zone.label };
      draw();
    });
    return on(node, "keydown", (event) => {
      if (event.key === "Delete" || event.key === "Backspace") {
        event.preventDefault();
        ui.selected = null;
        send("take", { zone: zone.id, index: card.index });
      }
    });
  }

  function zoneView(zone) {
    const heading = el("h4", { class: "tg-ed-zone-name" }, zone.label, " ",
      el("span", { class: "tg-ed-count" }, `(${zone.count})`));
    const cards = el("div", { class: "tg-ed-cards", role: "group", "aria-label": zone.label },
      ...zone.cards.map((card) => cardButton(zone, card)));
    const body = zone.folded ? el("details", { "data-testid": `fold-${zone.id}` },
      el("summary", { "data-testid": `fold-${zone.id}-summary` }, zone.count), cards) : cards;
    const empty = zone.cards.length ? button(L("empty"), () => send("clear", { zone: zone.id }),
      { "aria-label": `${L("empty")}: ${zone.label}`, class: "tg-ed-btn tg-ed-small" }) : null;
    return el("section", { class: "tg-ed-zone", "data-testid": `zone-${zone.id}` }, heading, body, empty);
  }

  function selectedBar(v) {
    const s = ui.selected;
    if (!s) return null;
    const others = (v.zones || []).filter((z) => z.id !== s.zone).map((z) => ({ value: z.id, label: z.label }));
    if (!others.some((o) => o.value === form.to)) form.to = others.length ? others[0].value : "";
    return el("div", { class: "tg-ed-row tg-ed-selected", role: "group", "aria-label": L("move_card") },
      el("span", {}, fill(L("selected"), { card: s.name, zone: s.label })),
      button(L("take"), () => { ui.selected = null; send("take", { zone: s.zone, index: s.index }); }),
      field(L("move_to"), select("to", others)),
      button(L("move_card"), () => { ui.selected = null; send("move", { zone: s.zone, index: s.index, to: form.to }); }));
  }

  function cardBox(v) {
    const zones = v.zones || [];
    if (!zones.some((z) => z.id === form.where)) form.where = zones.length ? zones[0].id : "";
    const input = textBox("card", form.card, { list: ui.listId, "data-testid": "card-input" });
    on(input, "keydown", (event) => {
      if (event.key === "Enter") {
        event.preventDefault();
        put();
      }
    });
    return el("div", { class: "tg-ed-row", role: "group", "aria-label": L("put") },
      field(L("card"), input),
      el("datalist", { id: ui.listId }, ...(v.cards || []).map((c) => el("option", { value: c }))),
      field(L("where"), select("where", zones.map((z) => ({ value: z.id, label: z.label })), { "data-testid": "where" })),
      button(L("put"), put, { "data-testid": "put" }));
  }

  function turnAndHistory(v) {
    const turn = v.turn ? field(L("turn"), on(select("turn", v.turn.players, { "data-testid": "turn" }), "change",
      (event) => send("turn", { player: Number(event.target.value) }))) : null;
    return el("div", { class: "tg-ed-row" }, turn,
      button(L("undo"), () => send("undo"), { disabled: !v.undo, "aria-keyshortcuts": "Control+Z", "data-testid": "undo" }),
      button(L("redo"), () => send("redo"), { disabled: !v.redo, "aria-keyshortcuts": "Control+Y", "data-testid": "redo" }));
  }

  function codeBox(v) {
    const shown = textBox("shown-code", v.code || "", { readonly: true, "data-testid": "code", title: L("copy") });
    const paste = textBox("code", form.code, { "data-testid": "code-input" });
    const load = () => send("load", { code: form.code });
    on(paste, "keydown", (event) => {
      if (event.key === "Enter") {
        event.preventDefault();
        load();
      }
    });
    return el("div", { class: "tg-ed-rows" },
      el("div", { class: "tg-ed-row" }, field(L("code"), shown)),
      el("div", { class: "tg-ed-row" }, field(L("load_code"), paste), button(L("load"), load, { "data-testid": "load" }),
        button(L("open"), () => send("open"), { "data-testid": "open" })));
  }

  function puzzleBox(v) {
    if (!form.file) form.file = v.file || "my-puzzles.json";
    const ask = form.kind === "legal"
      ? field(L("move"), select("move", v.moves || [], { "data-testid": "puzzle-move" }))
      : field(L("player"), select("player", v.players || [], { "data-testid": "puzzle-player" }));
    const make = () => send("puzzle", { kind: form.kind, move: Number(form.move), player: Number(form.player), file: form.file });
    return el("fieldset", { class: "tg-ed-puzzle" }, el("legend", {}, L("puzzle")),
      el("div", { class: "tg-ed-row" },
        field(L("kind"), on(select("kind", v.kinds || [], { "data-testid": "puzzle-kind" }), "change", (event) => {
          form.kind = event.target.value;
          draw();
        })),
        ask,
        field(L("file"), textBox("file", form.file, { "data-testid": "puzzle-file" })),
        button(L("make"), make, { class: "tg-ed-btn tg-ed-primary", "data-testid": "make-puzzle" })));
  }

  function refereeBox(v) {
    const claim = textBox("claim", form.claim, { "data-testid": "claim" });
    const judge = () => send("judge", { claim: form.claim });
    on(claim, "keydown", (event) => {
      if (event.key === "Enter") {
        event.preventDefault();
        judge();
      }
    });
    const verdict = v.verdict
      ? el("pre", { class: `tg-ed-verdict tg-ed-${v.verdict.legal ? "success" : "error"}`, "data-testid": "verdict" }, v.verdict.text)
      : null;
    return el("fieldset", { class: "tg-ed-puzzle" }, el("legend", {}, L("referee")),
      el("div", { class: "tg-ed-row" }, field(L("claim"), claim), button(L("judge"), judge, { "data-testid": "judge" })),
      v.example ? el("div", { class: "tg-ed-example" }, fill(L("example"), { move: v.example })) : null,
      verdict);
  }

  function message(v) {
    const m = ui.refusal ? { kind: "error", text: ui.refusal } : v.message;
    return el("div", { class: `tg-ed-message${m ? ` tg-ed-${m.kind}` : ""}`, role: "status", "aria-live": "polite",
      "data-testid": "message" }, m ? m.text : "");
  }

  function build(v) {
    const next = el("div");
    next.append(
      el("h3", { class: "tg-ed-title" }, v.title || ""),
      cardBox(v), turnAndHistory(v), message(v),
      el("div", { class: "tg-ed-zones" }, ...(v.zones || []).map(zoneView)),
      selectedBar(v) || el("div", { class: "tg-ed-row tg-ed-selected", hidden: true }),
      codeBox(v), refereeBox(v), puzzleBox(v));
    return next;
  }

  function draw() {
    const v = vm();
    box.setAttribute("lang", v.language || "en");
    box.setAttribute("aria-label", v.title || "");
    if (ui.selected && !(v.zones || []).some((z) => z.id === ui.selected.zone)) ui.selected = null;
    patchChildren(box, build(v));
    for (const node of box.querySelectorAll("select[data-field]")) {
      const name = node.getAttribute("data-field");
      if (name === "turn" && v.turn) node.value = String(v.turn.value);
      else if (name in form && Array.from(node.options).some((o) => o.value === form[name])) node.value = form[name];
      else if (name in form) form[name] = node.value;
    }
  }

  function shortcut(event) {
    const typing = event.target.tagName === "INPUT" || event.target.tagName === "TEXTAREA";
    if (!(event.ctrlKey || event.metaKey) || typing) return;
    const key = event.key.toLowerCase();
    if (key === "z" && !event.shiftKey) send("undo");
    else if (key === "y" || (key === "z" && event.shiftKey)) send("redo");
    else return;
    event.preventDefault();
  }

  function onCustom(msg) {
    const shown = vm().message;
    if (msg && msg.type === "refused" && !msg.quiet && !(shown && shown.text === msg.reason)) {
      ui.refusal = msg.reason;
      draw();
    }
  }

  const off = delegate(box, ["click", "keydown", "change"]);
  box.addEventListener("input", remember);
  box.addEventListener("change", remember, true);
  box.addEventListener("keydown", shortcut);
  // the notebook's own key handling (arrows move between cells) stays out of the editor
  box.addEventListener("keydown", (event) => event.stopPropagation());
  model.on("change:view_model", draw);
  model.on("msg:custom", onCustom);
  draw();
  return () => {
    off();
    model.off("change:view_model", draw);
    model.off("msg:custom", onCustom);
  };
}

export default { render };
