// teachgames: the one front-end every game widget shares (anywidget ESM, no imports).
//
// Python is the source of truth. This file only lays out the view-model Python sends
// (the "view_model" trait), handles clicks and keys, and sends intents back:
//   {type: "intent", version: <view-model version>, action: "...", ...}
// Python refuses a stale version with {type: "refused", reason}.
//
// Words: every word comes from Python in the pupil's language (vm.labels for the few
// labels this file writes itself); FALLBACK only covers an old or partial view-model.
//
// Trust: the "svg" fields are made by teachgames' Python drawing code, which escapes
// every text it places in them, so they are inserted as markup. Everything else
// (names, words, numbers) is put in with textContent, never as HTML.

const BUSY_TIMEOUT_MS = 4000;
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

function testid(kind, key) {
  return `tg-${kind}-${String(key).toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
}

function svgBox(svg, label, id, cls) {
  const box = el("div", { class: cls || "tg-svg", role: "img", "aria-label": label || "", "data-testid": id });
  box.innerHTML = svg || "";
  for (const s of box.querySelectorAll("svg")) s.setAttribute("aria-hidden", "true");
  return box;
}

function render({ model, el: host }) {
  const root = el("div", {
    class: "tg-root",
    tabindex: "0",
    "data-testid": "tg-widget",
    // keep Enter, Space and the arrow keys for the widget, not the notebook's shortcuts
    "data-lm-suppress-shortcuts": "true",
  });
  host.appendChild(root);

  let pending = false;
  let busyTimer = null;
  let botTimer = null;
  let refusal = null; // {text, until}
  let refusalTimer = null;

  function setBusy(on) {
    pending = on;
    root.classList.toggle("tg-busy", on);
    if (on) root.setAttribute("aria-busy", "true");
    else root.removeAttribute("aria-busy");
    clearTimeout(busyTimer);
    if (on) busyTimer = setTimeout(() => setBusy(false), BUSY_TIMEOUT_MS);
  }

  function send(action, extra) {
    if (pending) return false; // one intent in flight at a time; the next view decides
    const vm = model.get("view_model") || {};
    setBusy(true);
    model.send(Object.assign({}, extra || {}, { type: "intent", version: vm.version, action }));
    return true;
  }

  function button(spec) {
    const b = el(
      "button",
      {
        type: "button",
        class: "tg-btn" + (spec.primary ? " tg-primary" : ""),
        "data-testid": testid("btn", spec.action),
        "aria-label": spec.label,
        title: spec.label,
        disabled: spec.enabled === false,
      },
      spec.text || spec.label,
    );
    if (spec.icon && ICONS[spec.icon]) {
      b.textContent = "";
      b.innerHTML = `<svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" fill="currentColor">${ICONS[spec.icon]}</svg>`;
    }
    b.addEventListener("click", () => send(spec.action, spec.args));
    return b;
  }

  function card(spec) {
    const id = testid("card", spec.key);
    let node;
    if (spec.selectable) {
      node = el("button", {
        type: "button",
        class: "tg-card tg-selectable",
        "data-testid": id,
        "data-key": spec.key,
        "aria-pressed": spec.selected ? "true" : "false",
        "aria-label": spec.alt,
        title: spec.alt,
      });
      node.addEventListener("click", () => send("select", { card: spec.key }));
    } else {
      node = el("div", { class: "tg-card", role: "img", "data-testid": id, "aria-label": spec.alt, title: spec.alt });
    }
    if (spec.name) node.setAttribute("data-card", spec.name);
    if (spec.selected) node.classList.add("tg-selected");
    if (spec.highlight) node.classList.add("tg-highlight");
    const pic = el("div", { class: "tg-card-pic", "aria-hidden": "true" });
    pic.innerHTML = spec.svg || "";
    node.appendChild(pic);
    const wrap = el("div", { class: "tg-card-wrap" });
    wrap.appendChild(node);
    if (spec.caption) wrap.appendChild(el("div", { class: "tg-card-caption" }, spec.caption));
    return wrap;
  }

  function zone(spec, vm) {
    const sec = el("section", {
      class: "tg-zone" + (spec.current ? " tg-current" : ""),
      "data-testid": testid("zone", spec.id),
      "aria-label": spec.label,
    });
    const head = el("div", { class: "tg-zone-head" });
    head.appendChild(el("span", { class: "tg-zone-label" }, spec.label));
    if (spec.current) head.appendChild(el("span", { class: "tg-turn" }, label(vm, "turn")));
    if (spec.caption) head.appendChild(el("span", { class: "tg-zone-caption" }, spec.caption));
    sec.appendChild(head);
    const row = el("div", { class: "tg-cards" });
    for (const c of spec.cards || []) row.appendChild(card(c));
    if (!(spec.cards || []).length) row.appendChild(el("span", { class: "tg-empty" }, spec.empty || label(vm, "no_cards")));
    sec.appendChild(row);
    return sec;
  }

  function draw() {
    const vm = model.get("view_model") || {};
    const active = document.activeElement;
    const focusId = active && root.contains(active) ? active.getAttribute("data-testid") : null;
    clearTimeout(botTimer);
    botTimer = null;

    const frag = document.createDocumentFragment();
    const head = el("header", { class: "tg-head" });
    head.appendChild(el("div", { class: "tg-title", "data-testid": "tg-title" }, vm.title || ""));
    head.appendChild(el("div", { class: "tg-status", role: "status", "aria-live": "polite", "data-testid": "tg-status" }, vm.status || ""));
    frag.appendChild(head);

    const buttons = vm.buttons || [];
    const nav = buttons.filter((b) => b.group === "nav");
    if (vm.step) {
      const bar = el("div", { class: "tg-nav", role: "group", "aria-label": label(vm, "step_through") });
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
      slider.addEventListener("change", () => {
        if (!send("goto", { step: Number(slider.value) })) slider.value = String(vm.step.value);
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
    for (const z of vm.zones || []) zones.appendChild(zone(z, vm));
    frag.appendChild(zones);

    const controls = buttons.filter((b) => b.group !== "nav");
    if (controls.length || (vm.moves || []).length) {
      const bar = el("div", { class: "tg-controls", role: "group", "aria-label": label(vm, "actions"), "data-testid": "tg-controls" });
      controls.forEach((b) => bar.appendChild(button(b)));
      for (const m of vm.moves || []) {
        const b = el("button", { type: "button", class: "tg-btn tg-extra", "data-testid": testid("move", m.index) }, m.label);
        b.addEventListener("click", () => send("move", { index: m.index }));
        bar.appendChild(b);
      }
      frag.appendChild(bar);
    }

    const refusedBox = el("div", { class: "tg-refused", role: "alert", "data-testid": "tg-refused" });
    if (refusal && refusal.until > Date.now()) refusedBox.textContent = refusal.text;
    else refusedBox.hidden = true;
    frag.appendChild(refusedBox);

    if (vm.message && (vm.message.text || vm.message.svg)) {
      const kind = vm.message.kind || "info";
      const box = el("div", { class: `tg-message tg-${kind}`, "data-testid": "tg-message", "data-kind": kind, role: kind === "error" ? "alert" : "status" });
      box.appendChild(el("div", { class: "tg-message-text", "data-testid": "tg-message-text" }, vm.message.text || ""));
      if (vm.message.svg) box.appendChild(svgBox(vm.message.svg, vm.message.text, "tg-message-svg", "tg-svg tg-maths"));
      frag.appendChild(box);
    }

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

    root.replaceChildren(frag);
    root.setAttribute("data-version", String(vm.version ?? ""));
    root.setAttribute("data-mode", String(vm.mode ?? ""));
    if (vm.language) root.setAttribute("lang", String(vm.language));

    if (focusId) {
      const again = root.querySelector(`[data-testid="${focusId}"]`);
      if (again && !again.disabled) again.focus({ preventScroll: true });
      else root.focus({ preventScroll: true });
    }

    if (vm.bot && !vm.bot.paused) {
      botTimer = setTimeout(() => {
        botTimer = null;
        if (!send("bot_step")) draw(); // busy: try again after the next view
      }, Math.max(0, Number(vm.bot.delay_ms) || 0));
    }
  }

  function onChange() {
    setBusy(false);
    draw();
  }

  function onCustom(msg) {
    if (!msg || msg.type !== "refused") return;
    setBusy(false);
    if (!msg.quiet) {
      const vm = model.get("view_model") || {};
      refusal = { text: String(msg.reason || label(vm, "refused")), until: Date.now() + REFUSAL_SHOW_MS };
      clearTimeout(refusalTimer);
      refusalTimer = setTimeout(draw, REFUSAL_SHOW_MS + 50);
    }
    draw();
  }

  function onKey(event) {
    const vm = model.get("view_model") || {};
    const t = event.target;
    if (t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.tagName === "SELECT")) return;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const keys = vm.keys || {};
    const action = keys[event.key];
    if (!action) return;
    event.preventDefault();
    event.stopPropagation();
    send(action);
  }

  model.on("change:view_model", onChange);
  model.on("msg:custom", onCustom);
  root.addEventListener("keydown", onKey);
  draw();

  return () => {
    clearTimeout(botTimer);
    clearTimeout(busyTimer);
    clearTimeout(refusalTimer);
    model.off("change:view_model", onChange);
    model.off("msg:custom", onCustom);
    root.removeEventListener("keydown", onKey);
    root.remove();
  };
}

export default { render };
