// teachgames: the one front-end every game widget shares (anywidget ESM, no imports).
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
// page (keyed by data-testid / an internal key): a card, button or zone that is still
// there stays the same DOM node, so a press that spans a redraw (bots playing on their
// timers) lands on the node it started on. Handlers live on the nodes as properties and
// are called by delegated listeners on the root, so a kept node gets the new handler.
// The live region is one persistent element whose text changes only on an event
// (vm.announce, a refusal): a clock ticking in the status line is never read out.
//
// Trust: the "svg" fields and pictures are made by teachgames' Python drawing code, which
// escapes every text it places in them, so they are inserted as markup. Everything else
// (names, words, numbers) is put in with textContent, never as HTML.

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

function label(vm, key) {
  const labels = (vm && vm.labels) || {};
  return typeof labels[key] === "string" ? labels[key] : FALLBACK[key];
}

function el(tag, attrs, text) {
  const node = document.createElement(tag);
  if (attrs) {
    for (const [k, v] of Object.entries(attrs)) {
      if (v === false || v === null || v === undefined) continue;
      node.setAttribute(k, v === true ? "" : String(v));
    }
  }
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

// a handler on a node, called by the root's delegated listener (see patch())
function on(node, type, fn) {
  (node.__tg || (node.__tg = {}))[type] = fn;
  return node;
}

// markup kept as it came (an SVG): patch() replaces it only when the source changed
function setSvg(node, svg) {
  node.innerHTML = svg || "";
  node.__tgSvg = svg || "";
  return node;
}

function keyOf(n) {
  if (n.nodeType !== 1) return null;
  const k = n.__k || n.getAttribute("data-testid");
  return k ? `${n.tagName}#${k}` : null;
}

// Make the children of `old` what the children of `next` are, keeping every node whose
// key (or, for unkeyed nodes, tag and order) matches; `next`'s nodes are used up.
function patchChildren(old, next) {
  const keyed = new Map();
  const loose = [];
  for (const c of Array.from(old.childNodes)) {
    const k = keyOf(c);
    if (k) {
      if (!keyed.has(k)) keyed.set(k, []);
      keyed.get(k).push(c);
    } else loose.push(c);
  }
  let li = 0;
  let pos = 0;
  for (const n of Array.from(next.childNodes)) {
    const k = keyOf(n);
    let match = null;
    if (k) {
      const list = keyed.get(k);
      if (list && list.length) match = list.shift();
    } else {
      while (li < loose.length && !match) {
        const c = loose[li++];
        if (c.nodeType === n.nodeType && (c.nodeType !== 1 || c.tagName === n.tagName)) match = c;
      }
    }
    const at = old.childNodes[pos] || null;
    if (match) {
      patchNode(match, n);
      if (at !== match) old.insertBefore(match, at);
    } else old.insertBefore(n, at);
    pos++;
  }
  while (old.childNodes.length > pos) old.removeChild(old.lastChild);
}

function patchNode(old, next) {
  if (old.nodeType !== 1) {
    if (old.nodeValue !== next.nodeValue) old.nodeValue = next.nodeValue;
    return;
  }
  // a <details> keeps whether the pupil opened it
  const keep = old.tagName === "DETAILS" ? "open" : null;
  for (const a of Array.from(old.attributes)) {
    if (a.name !== keep && !next.hasAttribute(a.name)) old.removeAttribute(a.name);
  }
  for (const a of Array.from(next.attributes)) {
    if (a.name !== keep && old.getAttribute(a.name) !== a.value) old.setAttribute(a.name, a.value);
  }
  old.__tg = next.__tg;
  if (old.tagName === "INPUT" && old.value !== next.value) old.value = next.value;
  if (old.tagName === "BUTTON" || old.tagName === "INPUT") old.disabled = next.disabled;
  if (next.__tgSvg !== undefined) {
    if (old.__tgSvg !== next.__tgSvg) {
      old.replaceChildren(...Array.from(next.childNodes));
      old.__tgSvg = next.__tgSvg;
    }
    return;
  }
  old.__tgSvg = undefined;
  patchChildren(old, next);
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

function render({ model, el: host }) {
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
  let lastAnnounce = null;

  function announce(text) {
    if (!text) return;
    // the same words twice in a row are still a new event: clear, then say them
    if (live.textContent === text) live.textContent = "";
    live.textContent = text;
  }

  let inFlight = false;
  const queue = []; // intents waiting while one is in flight
  let busyTimer = null;
  let botTimer = null;
  let tickTimer = null;
  let tickPeriod = null;
  let refusal = null; // {text, until}
  let refusalTimer = null;
  const pictures = {}; // name -> svg, kept across view-models
  const asked = new Set(); // picture names already asked for

  function setBusy(on, shown) {
    inFlight = on;
    // a timer's intent (tick, bot_step) in flight is not the pupil waiting: no busy cursor
    const visible = on && shown !== false;
    root.classList.toggle("tg-busy", visible);
    if (visible) root.setAttribute("aria-busy", "true");
    else root.removeAttribute("aria-busy");
    clearTimeout(busyTimer);
    if (on) busyTimer = setTimeout(answered, BUSY_TIMEOUT_MS);
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

  function button(spec) {
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
    on(b, "click", () => send(spec.action, spec.args));
    return b;
  }

  function pictureOf(spec, missing) {
    if (spec.svg) return spec.svg;
    if (spec.picture) {
      if (pictures[spec.picture] !== undefined) return pictures[spec.picture];
      missing.add(spec.picture);
    }
    return "";
  }

  function card(spec, missing, vm) {
    const id = testid("card", spec.key);
    const cls = "tg-card" + (spec.slot ? " tg-slot" : "");
    let node;
    if (spec.selectable) {
      node = el("button", {
        type: "button",
        class: cls + " tg-selectable",
        "data-testid": id,
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
      // The node is kept across redraws (patch()), so the press and its click meet on it.
      on(node, "pointerdown", (ev, n) => {
        if (ev.button !== 0) return;
        n.__tgPressed = true;
        send(action, args);
      });
      on(node, "click", (ev, n) => {
        if (n.__tgPressed) { n.__tgPressed = false; return; }
        send(action, args);
      });
    } else {
      // a replay's cards are reached by Tab (one stop a row) and the arrow keys
      const browse = vm && vm.mode === "replay";
      node = el("div", { class: cls, role: "img", "data-testid": id, "aria-label": spec.alt, title: spec.alt, tabindex: browse ? "-1" : null });
      if (browse) node.classList.add("tg-browse");
      // a card that is no move may say why a click on it does nothing (a taken field, a
      // full one): shown and said like a refusal, while the card stays a picture, no button
      // and no Tab stop (the keyboard reaches only what can be played)
      if (spec.why) {
        node.setAttribute("data-why", spec.why_key || "");
        on(node, "click", () => showRefusal(spec.why));
      }
    }
    if (spec.name) node.setAttribute("data-card", spec.name);
    if (spec.selected) node.classList.add("tg-selected");
    if (spec.highlight) node.classList.add("tg-highlight");
    const pic = el("div", { class: "tg-card-pic", "aria-hidden": "true" });
    const svg = pictureOf(spec, missing);
    if (svg) setSvg(pic, svg);
    else pic.appendChild(el("span", { class: "tg-slot-text" }, spec.slot ? spec.alt || "" : spec.alt || spec.name || ""));
    const wrap = el("div", { class: "tg-card-wrap" });
    wrap.__k = `wrap:${spec.key}`;
    if (spec.selectable) {
      // The button lies over the picture instead of holding it: its name is the card in
      // words, and the letters drawn on the card are not text inside the control (WCAG
      // 2.5.3 compares a control's name with the text it contains).
      const face = el("div", { class: "tg-card-face" + (spec.slot ? " tg-slot-face" : "") });
      face.__k = "face";
      face.append(pic, node);
      wrap.appendChild(face);
    } else {
      node.appendChild(pic);
      wrap.appendChild(node);
    }
    if (spec.caption) wrap.appendChild(el("div", { class: "tg-card-caption" }, spec.caption));
    return wrap;
  }

  function grid(spec, zoneId) {
    const table = el("table", { class: "tg-grid", "data-testid": testid("grid", zoneId) });
    if ((spec.columns || []).length) {
      const head = el("tr");
      head.appendChild(el("th", null, ""));
      for (const c of spec.columns) head.appendChild(el("th", { scope: "col" }, c));
      table.appendChild(head);
    }
    for (const row of spec.rows || []) {
      const tr = el("tr");
      tr.appendChild(el("th", { scope: "row" }, row.label || ""));
      for (const cell of row.cells || []) {
        const td = el("td", { class: cell.marked ? "tg-marked" : null, "data-marked": cell.marked ? "true" : null });
        if (cell.selectable && cell.key) {
          const b = el("button", { type: "button", class: "tg-btn tg-cell", "aria-label": cell.alt || cell.text, "data-testid": testid("cell", cell.key) }, cell.text);
          on(b, "click", () => send(cell.action || "select", cell.args || { cell: cell.key }));
          td.appendChild(b);
        } else {
          td.textContent = cell.text === undefined || cell.text === null ? "" : String(cell.text);
          if (cell.alt) td.setAttribute("aria-label", cell.alt);
        }
        tr.appendChild(td);
      }
      table.appendChild(tr);
    }
    return table;
  }

  // a zone, or one of its own "zones", that is the pupil's ("mine": the controls follow it)
  function holdsMine(spec) {
    return !!spec.mine || (spec.zones || []).some(holdsMine);
  }

  function zone(spec, vm, missing, after) {
    const inner = spec.zones || [];
    // "row": the zone's own zones side by side (wrapping); with no label and no cards of
    // its own, the row is only a grouping: no frame, no heading
    const bare = !!spec.row && !spec.label && !(spec.cards || []).length && !spec.grid && !spec.compact;
    const sec = el(bare ? "div" : "section", {
      class: (bare ? "tg-group" : "tg-zone") + (spec.current ? " tg-current" : "") + (spec.compact ? " tg-compact" : "") + (spec.mine ? " tg-mine" : ""),
      "data-testid": testid("zone", spec.id),
      "aria-label": bare ? null : spec.label,
    });
    if (!bare) {
      const head = el("div", { class: "tg-zone-head" });
      head.__k = "head";
      head.appendChild(el("span", { class: "tg-zone-label" }, spec.compact && spec.summary ? spec.summary : spec.label));
      if (spec.current) head.appendChild(el("span", { class: "tg-turn" }, label(vm, "turn")));
      if (spec.caption) head.appendChild(el("span", { class: "tg-zone-caption" }, spec.caption));
      sec.appendChild(head);
    }
    if (!spec.compact) {
      const cards = spec.cards || [];
      if ((cards.length || !spec.grid) && !bare) {
        const row = el("div", { class: "tg-cards" });
        row.__k = "cards";
        for (const c of cards) row.appendChild(card(c, missing, vm));
        const first = row.querySelector(".tg-browse");
        if (first) first.setAttribute("tabindex", "0");
        if (!cards.length && !inner.length) row.appendChild(el("span", { class: "tg-empty" }, spec.empty || label(vm, "no_cards")));
        if (cards.length || !inner.length) sec.appendChild(row);
      }
      if (spec.grid) {
        // a wide score pad scrolls inside its own box (reached by Tab, named like its zone)
        // instead of pushing the page sideways at 200 % zoom
        const box = el("div", { class: "tg-grid-box", tabindex: "0", role: "region", "aria-label": spec.label || null });
        box.__k = "grid-box";
        box.appendChild(grid(spec.grid, spec.id));
        sec.appendChild(box);
      }
      const box = spec.row && inner.length ? el("div", { class: "tg-zone-row" }) : sec;
      for (const z of inner) box.appendChild(zone(z, vm, missing, null));
      if (box !== sec) sec.appendChild(box);
    }
    if (after) after(sec);
    return sec;
  }

  function bottom(vm, buttons, missing) {
    // the controls, the refusal and the message: drawn right after the pupil's own zone
    const frag = document.createDocumentFragment();
    const controls = buttons.filter((b) => b.group !== "nav");
    if (controls.length || (vm.moves || []).length) {
      const bar = el("div", { class: "tg-controls", role: "group", "aria-label": label(vm, "actions"), "data-testid": "tg-controls" });
      controls.forEach((b) => bar.appendChild(button(b)));
      for (const m of vm.moves || []) {
        const b = el("button", { type: "button", class: "tg-btn tg-extra", "data-testid": testid("move", m.index) }, m.label);
        on(b, "click", () => send("move", { index: m.index }));
        bar.appendChild(b);
      }
      frag.appendChild(bar);
    }

    // shown here, said by the live region (one place that speaks)
    const refusedBox = el("div", { class: "tg-refused", "data-testid": "tg-refused" });
    if (refusal && refusal.until > Date.now()) refusedBox.textContent = refusal.text;
    else refusedBox.hidden = true;
    frag.appendChild(refusedBox);

    if (vm.message && (vm.message.text || vm.message.svg)) {
      const kind = vm.message.kind || "info";
      const box = el("div", { class: `tg-message tg-${kind}`, "data-testid": "tg-message", "data-kind": kind });
      box.appendChild(el("div", { class: "tg-message-text", "data-testid": "tg-message-text" }, vm.message.text || ""));
      if (vm.message.svg) box.appendChild(svgBox(vm.message.svg, vm.message.text, "tg-message-svg", "tg-svg tg-maths"));
      frag.appendChild(box);
    }

    const log = vm.log || [];
    if (log.length) {
      const list = el("ol", { class: "tg-log", "data-testid": "tg-log", "aria-label": label(vm, "bot_moves") });
      log.forEach((entry, i) => {
        const li = el("li", { "data-testid": testid("log", i) });
        if (entry.explanation && (entry.explanation.svg || entry.explanation.picture || entry.explanation.text)) {
          const det = el("details", { class: "tg-log-entry" });
          det.appendChild(el("summary", null, entry.text));
          const ex = entry.explanation;
          const svg = pictureOf(ex, missing);
          if (svg) det.appendChild(svgBox(svg, ex.text || entry.text, testid("log-svg", i), "tg-svg tg-maths"));
          else det.appendChild(el("pre", null, ex.text));
          li.appendChild(det);
        } else {
          li.textContent = entry.text;
        }
        list.appendChild(li);
      });
      const box = el("section", { class: "tg-log-box", "aria-label": label(vm, "bot_moves") });
      box.appendChild(el("div", { class: "tg-log-title" }, label(vm, "bot_moves")));
      box.appendChild(list);
      frag.appendChild(box);
    }
    return frag;
  }

  function languageSwitch(vm) {
    const langs = vm.languages || [];
    if (langs.length < 2) return null;
    const group = el("div", { class: "tg-langs", role: "group", "aria-label": label(vm, "language"), "data-testid": "tg-languages" });
    for (const l of langs) {
      const isOn = l.code === vm.language;
      const shown = l.code.toUpperCase();
      const b = el("button", { type: "button", class: "tg-btn tg-lang", lang: l.code, "aria-pressed": isOn ? "true" : "false", "data-testid": testid("lang", l.code), title: l.label }, shown);
      // the name starts with the letters shown (WCAG 2.5.3): "EN — English"
      b.setAttribute("aria-label", `${shown} — ${l.label}`);
      on(b, "click", () => { if (!isOn) send("language", { language: l.code }); });
      group.appendChild(b);
    }
    return group;
  }

  function draw() {
    const vm = model.get("view_model") || {};
    Object.assign(pictures, vm.pictures || {});
    const active = document.activeElement;
    const focusId = active && root.contains(active) ? active.getAttribute("data-testid") : null;
    clearTimeout(botTimer);
    botTimer = null;
    const missing = new Set();

    const frag = document.createDocumentFragment();
    const head = el("header", { class: "tg-head" });
    head.__k = "head";
    head.appendChild(el("div", { class: "tg-title", "data-testid": "tg-title" }, vm.title || ""));
    // not live: a real-time game's clock is in it (the events are said by `live`)
    head.appendChild(el("div", { class: "tg-status", "data-testid": "tg-status" }, vm.status || ""));
    frag.appendChild(head);

    const buttons = vm.buttons || [];
    const nav = buttons.filter((b) => b.group === "nav");
    if (vm.step) {
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
        if (!send("goto", { step: Number(s.value) })) s.value = String(vm.step.value);
      });
      const half = Math.ceil(nav.length / 2);
      nav.slice(0, half).forEach((b) => bar.appendChild(button(b)));
      bar.appendChild(slider);
      nav.slice(half).forEach((b) => bar.appendChild(button(b)));
      bar.appendChild(el("span", { class: "tg-step-label", "data-testid": "tg-step-label" }, vm.step.label || ""));
      frag.appendChild(bar);
    }
    if (vm.move_text !== undefined && vm.move_text !== null) {
      frag.appendChild(el("div", { class: "tg-move", "data-testid": "tg-move" }, vm.move_text));
    }

    const zones = el("div", { class: "tg-zones" });
    zones.__k = "zones";
    const all = vm.zones || [];
    // the controls follow the zone marked "controls" (the table the pupil acts on), else
    // the one holding the pupil's own zone ("mine"), else they come after every zone
    let anchor = all.findIndex((z) => z.controls);
    if (anchor < 0) anchor = all.findIndex(holdsMine);
    all.forEach((z, i) => {
      const sec = zone(z, vm, missing, null);
      zones.appendChild(sec);
      if (i === anchor) {
        const box = el("div", { class: "tg-mine-controls" });
        box.__k = "mine-controls";
        box.appendChild(bottom(vm, buttons, missing));
        zones.appendChild(box);
      }
    });
    frag.appendChild(zones);
    if (anchor < 0) frag.appendChild(bottom(vm, buttons, missing));

    if (vm.explanation) {
      const ex = vm.explanation;
      const box = el("section", { class: "tg-explanation", "data-testid": "tg-explanation", "aria-label": ex.title || label(vm, "explanation") });
      if (ex.title) box.appendChild(el("div", { class: "tg-explanation-title" }, ex.title));
      if (ex.svg) box.appendChild(svgBox(ex.svg, ex.text || ex.title, "tg-explanation-svg", "tg-svg tg-maths"));
      if (ex.text) {
        const det = el("details", { class: "tg-words" });
        det.appendChild(el("summary", null, label(vm, "in_words")));
        det.appendChild(el("pre", { "data-testid": "tg-explanation-text" }, ex.text));
        box.appendChild(det);
      }
      frag.appendChild(box);
    }

    if ((vm.scores || []).length) {
      const table = el("table", { class: "tg-scores", "data-testid": "tg-scores" });
      const cap = el("caption", null, label(vm, "scores"));
      table.appendChild(cap);
      for (const s of vm.scores) {
        const tr = el("tr", { "data-testid": testid("score", s.player), class: s.current ? "tg-current" : null });
        tr.appendChild(el("th", { scope: "row" }, s.name));
        tr.appendChild(el("td", null, s.score));
        table.appendChild(tr);
      }
      frag.appendChild(table);
    }
    // the language switch comes last in the tab order: the game's controls first
    const langs = languageSwitch(vm);
    if (langs) frag.appendChild(langs);

    const next = document.createElement("div");
    next.appendChild(frag);
    patchChildren(view, next);
    if (vm.title) root.setAttribute("aria-label", String(vm.title));
    root.setAttribute("data-version", String(vm.version ?? ""));
    root.setAttribute("data-mode", String(vm.mode ?? ""));
    root.classList.toggle("tg-size-large", vm.size === "large");
    if (vm.language) root.setAttribute("lang", String(vm.language));

    // a kept node keeps the focus; one that went away hands it to its successor
    if (focusId && !root.contains(document.activeElement)) {
      const again = root.querySelector(`[data-testid="${focusId}"]`);
      if (again && !again.disabled) again.focus({ preventScroll: true });
      else root.focus({ preventScroll: true });
    }
    const said = vm.announce && vm.announce.text ? vm.announce : null;
    const sayKey = said ? `${said.id}:${said.text}` : null;
    if (said && sayKey !== lastAnnounce) announce(String(said.text));
    lastAnnounce = sayKey;

    const need = [...missing].filter((n) => !asked.has(n));
    if (need.length) {
      need.forEach((n) => asked.add(n));
      model.send({ type: "pictures", names: need });
    }

    if (vm.bot && !vm.bot.paused) {
      botTimer = setTimeout(() => {
        botTimer = null;
        send("bot_step");
      }, Math.max(0, Number(vm.bot.delay_ms) || 0));
    }

    const period = vm.tick && Number(vm.tick.period_ms) > 0 ? Math.max(50, Number(vm.tick.period_ms)) : null;
    if (period !== tickPeriod) {
      clearInterval(tickTimer);
      tickTimer = period ? setInterval(() => send("tick"), period) : null;
      tickPeriod = period;
    }
  }

  function onChange() {
    answered();
    draw();
  }

  function onCustom(msg) {
    if (!msg) return;
    if (msg.type === "pictures") {
      Object.assign(pictures, msg.pictures || {});
      draw();
      return;
    }
    if (msg.type === "ack") {  // accepted, nothing to show: no redraw
      answered();
      return;
    }
    if (msg.type !== "refused") return;
    if (!msg.quiet) showRefusal(msg.reason || label(model.get("view_model") || {}, "refused"), false);
    draw();
    answered();
  }

  // a refusal is shown for a while under the controls and said once by the live region
  function showRefusal(text, redraw = true) {
    refusal = { text: String(text), until: Date.now() + REFUSAL_SHOW_MS };
    announce(refusal.text);
    clearTimeout(refusalTimer);
    refusalTimer = setTimeout(draw, REFUSAL_SHOW_MS + 50);
    if (redraw) draw();
  }

  // Arrow keys move between the cards of one hand or row (or the buttons of one table
  // row); the row a replay shows is one Tab stop (the card reached last keeps it).
  function arrow(event) {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1, Home: -Infinity, End: Infinity }[event.key];
    const t = event.target;
    if (step === undefined || !t || !t.closest) return false;
    const isCard = t.classList.contains("tg-card") && (t.classList.contains("tg-selectable") || t.classList.contains("tg-browse"));
    const isCell = t.classList.contains("tg-cell");
    if (!isCard && !isCell) return false;
    const box = isCard ? t.closest(".tg-cards") : t.closest("tr");
    if (!box) return false;
    const items = Array.from(box.querySelectorAll(isCard ? ".tg-card.tg-selectable:not(:disabled), .tg-card.tg-browse" : ".tg-cell:not(:disabled)"));
    const i = items.indexOf(t);
    if (i < 0 || items.length < 2) return false;
    const j = Math.max(0, Math.min(items.length - 1, step === Infinity ? items.length - 1 : step === -Infinity ? 0 : i + step));
    if (j === i) return true;
    if (t.classList.contains("tg-browse")) {
      t.setAttribute("tabindex", "-1");
      items[j].setAttribute("tabindex", "0");
    }
    items[j].focus();
    return true;
  }

  function onKey(event) {
    const vm = model.get("view_model") || {};
    const t = event.target;
    if (t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.tagName === "SELECT")) return;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (arrow(event)) {
      event.preventDefault();
      event.stopPropagation();
      return;
    }
    const keys = vm.keys || {};
    const action = keys[event.key];
    if (!action) return;
    event.preventDefault();
    event.stopPropagation();
    send(action);
  }

  // one listener a kind for the whole widget: it calls the handler the node holds now
  function delegate(event) {
    for (let n = event.target; n && n !== root; n = n.parentNode) {
      const fn = n.__tg && n.__tg[event.type];
      if (fn) {
        fn(event, n);
        return;
      }
    }
  }
  const DELEGATED = ["click", "pointerdown", "change"];

  model.on("change:view_model", onChange);
  model.on("msg:custom", onCustom);
  root.addEventListener("keydown", onKey);
  DELEGATED.forEach((type) => root.addEventListener(type, delegate));
  draw();

  return () => {
    clearTimeout(botTimer);
    clearTimeout(busyTimer);
    clearTimeout(refusalTimer);
    clearInterval(tickTimer);
    model.off("change:view_model", onChange);
    model.off("msg:custom", onCustom);
    root.removeEventListener("keydown", onKey);
    DELEGATED.forEach((type) => root.removeEventListener(type, delegate));
    root.remove();
  };
}

export default { render };
