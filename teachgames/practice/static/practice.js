// teachgames: the practice front end (anywidget ESM, no CDN; its one import,
// the widgets' shared DOM helpers, is put in place by teachgames/widgets/frontend.py).
//
// Python is the source of truth: it sends the view-model of the open item (its question,
// picture and options, the feedback of the last answer, the hints asked for, and the
// worked solution only once the pupil has committed) and the pupil's skills. This file
// draws it with the lesson activity's classes (tga-*) and sends intents back:
//   {type: "intent", version, action: "answer" | "hint" | "solution" | "next", args}
//
// Keyboard: every control is a native button or the answer box (Enter checks); option
// buttons move with the arrow keys. A read-aloud button says the question with the
// browser's own voice in the item's language.
//
// Trust: "svg" fields are made by teachgames' Python drawing code, which escapes every
// text it places in them; they are inserted as markup. Every other string (the question,
// the options, the pupil's own echoed answer) goes in with textContent, never as HTML.

import { el } from "../../widgets/static/dom.js";
import { done, labelled, send, viewModel } from "../../widgets/static/intents.js";

const FALLBACK = {
  title: "Practice", skill: "Skill", skills: "Your skills", check: "Check", hint: "Hint",
  solution: "Show the solution", next: "Next item", read_aloud: "Read aloud", answer_box: "Your answer",
  clear: "Clear", tries_left: "Tries left: {n}", choose_hint: "Tap the answers in order; they go into the box.",
  item_of: "Item {n}",
};
const VOICES = { en: "en-GB", ru: "ru-RU", bg: "bg-BG" };

// A label in the item's language ({name} filled in), the English one if Python sent none.
function word(w, key, values) {
  return labelled(w, FALLBACK, key, values);
}

const button = (testid, cls) => el("button", { type: "button", class: cls || "tga-btn", "data-testid": testid });

// ---------------------------------------------------------------- the frame (built once)
function frame() {
  const p = {
    heading: el("p", { class: "tga-activity" }),
    progress: el("p", { class: "tga-progress" }),
    skillList: el("ul", { class: "tgp-skills", "data-testid": "tgp-skills" }),
    title: el("h3", { class: "tga-title", tabindex: "-1" }),
    prompt: el("p", { class: "tga-prompt", "data-testid": "tgp-prompt" }),
    speak: button("tgp-speak", "tga-btn tga-small tgp-speak"),
    picture: el("div", { class: "tga-picture" }),
    taskBox: el("div", { class: "tga-task" }),
    checkBtn: button("tgp-check", "tga-btn tga-primary"),
    hintBtn: button("tgp-hint"),
    tries: el("span", { class: "tga-tries" }),
    feedback: el("p", { class: "tga-feedback", role: "status", "aria-live": "polite", "data-testid": "tgp-feedback" }),
    echo: el("p", { class: "tga-echo" }),
    hints: el("ol", { class: "tgp-hints", "data-testid": "tgp-hints" }),
    solutionBtn: button("tgp-solution"),
    reveal: el("div", { class: "tga-reveal", "data-testid": "tgp-reveal" }),
    nextBtn: button("tgp-next", "tga-btn tga-primary"),
  };
  p.skillsBox = el("details", { class: "tgp-skills-box" }, el("summary", {}, ""), p.skillList);
  p.controls = el("div", { class: "tga-controls" }, p.checkBtn, p.hintBtn, p.tries);
  p.footer = el("div", { class: "tga-footer" }, p.solutionBtn, p.nextBtn);
  p.lead = el("div", { class: "tga-lead" }, el("div", { class: "tgp-question" }, p.prompt, p.speak), p.picture);
  return p;
}

function assemble(w, host) {
  const p = w.parts;
  w.root.append(p.heading, p.progress, p.skillsBox, p.title, p.lead, p.taskBox, p.controls, p.echo, p.feedback,
    p.hints, p.reveal, p.footer);
  host.append(w.root);
}

// ---------------------------------------------------------------- intents
const locked = (w) => Boolean((viewModel(w).tries || {}).done);

function check(w) {
  if (!w.state.current || locked(w)) return;
  send(w, "answer", { answer: w.state.current.answer() });
}

// The question read aloud with the browser's own voice in the item's language.
function say(w) {
  const synth = window.speechSynthesis;
  if (!synth || typeof SpeechSynthesisUtterance === "undefined") return;
  synth.cancel();
  const u = new SpeechSynthesisUtterance(w.parts.prompt.textContent);
  u.lang = VOICES[viewModel(w).language] || "en-GB";
  synth.speak(u);
}

function wire(w) {
  const p = w.parts;
  p.checkBtn.addEventListener("click", () => check(w));
  p.hintBtn.addEventListener("click", () => send(w, "hint"));
  p.solutionBtn.addEventListener("click", () => send(w, "solution"));
  p.nextBtn.addEventListener("click", () => { w.state.focusTitle = true; send(w, "next"); });
  p.speak.addEventListener("click", () => say(w));
}

// ---------------------------------------------------------------- the answer controls
function amountControls(w, item) {
  const id = "tgp-amount-" + Math.random().toString(36).slice(2);
  const input = el("input", { id, type: "text", class: "tga-input", autocomplete: "off", spellcheck: "false",
    "data-testid": "tgp-input", maxlength: "80" });
  input.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && !locked(w)) { event.preventDefault(); check(w); }
  });
  const row = el("div", { class: "tga-amount" }, el("label", { for: id, class: "tga-input-label" }, word(w, "answer_box")), input);
  if (item.unit) row.append(el("span", { class: "tga-unit" }, item.unit));
  w.parts.taskBox.replaceChildren(row);
  return { answer: () => input.value, clear: () => { input.value = ""; } };
}

function choiceButton(c, onPress) {
  const b = el("button", { type: "button", class: "tga-option", "aria-pressed": "false", "data-id": c.id,
    "data-testid": "tgp-option" });
  if (c.svg) { const pic = el("span", { class: "tga-option-pic", "aria-hidden": "true" }); pic.innerHTML = c.svg; b.append(pic); }
  b.append(el("span", { class: "tga-option-label" }, c.label));
  b.addEventListener("click", onPress);
  return b;
}

// Arrow keys move between the options (Tab reaches each of them too).
function arrows(group, buttons) {
  group.addEventListener("keydown", (event) => {
    if (!["ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"].includes(event.key)) return;
    const at = buttons.indexOf(document.activeElement);
    if (at < 0) return;
    event.preventDefault();
    const step = event.key === "ArrowRight" || event.key === "ArrowDown" ? 1 : -1;
    buttons[(at + step + buttons.length) % buttons.length].focus();
  });
}

// The picks after a press on `id`: in a row of picks (ordered or repeated) it is added
// at the end (an ordered row without repeats takes a pick back instead); otherwise each
// option toggles on and off.
function afterPress(picked, id, item) {
  const sequence = item.ordered || item.repeat;
  if (picked.includes(id) && !(sequence && item.repeat)) return picked.filter((p) => p !== id);
  return [...picked, id];
}

function showPicks(w, view, picked) {
  const { buttons, shown, byId, sequence } = view;
  for (const b of buttons) {
    b.setAttribute("aria-pressed", String(picked.includes(b.dataset.id)));
    // in a row of picks each pressed option shows its place (1, 2, 3 ...)
    const places = picked.map((p, i) => (p === b.dataset.id ? i + 1 : 0)).filter(Boolean);
    b.querySelector(".tga-option-label").dataset.place = sequence ? places.join(" ") : "";
  }
  shown.textContent = picked.length ? word(w, "answer_box") + ": " + picked.map((p) => byId[p].label).join(", ") : "";
}

function pickControls(w, item) {
  const sequence = item.ordered || item.repeat;
  let picked = [];
  const view = {
    sequence, byId: Object.fromEntries(item.choices.map((c) => [c.id, c])),
    shown: el("p", { class: "tgp-picked", "aria-live": "polite", "data-testid": "tgp-picked" }),
  };
  const update = () => showPicks(w, view, picked);
  view.buttons = item.choices.map((c) => choiceButton(c, () => {
    if (locked(w)) return;
    picked = afterPress(picked, c.id, item);
    update();
  }));
  const group = el("div", { class: "tga-options", role: "group", "aria-label": w.parts.prompt.textContent }, ...view.buttons);
  arrows(group, view.buttons);
  const clearBtn = el("button", { type: "button", class: "tga-btn tga-small", "data-testid": "tgp-clear" }, word(w, "clear"));
  clearBtn.addEventListener("click", () => { if (!locked(w)) { picked = []; update(); } });
  const parts = [group, el("div", { class: "tga-amount" }, view.shown, clearBtn)];
  if (sequence) parts.unshift(el("p", { class: "tgp-note" }, word(w, "choose_hint")));
  w.parts.taskBox.replaceChildren(...parts);
  return { answer: () => picked.slice(), clear: () => { picked = []; update(); } };
}

// ---------------------------------------------------------------- drawing
function skillItem(s) {
  const meter = el("progress", { class: "tgp-meter", max: "100", value: String(s.percent), "aria-label": s.title });
  const li = el("li", { class: "tgp-skill tgp-" + s.status + (s.current ? " tgp-current" : "") },
    el("span", { class: "tgp-skill-title" }, s.title), meter,
    el("span", { class: "tgp-status" }, s.status_text + " · " + s.known_text));
  if (s.held) li.append(el("span", { class: "tgp-held" }, s.held));
  return li;
}

function drawSkills(w, vm) {
  w.parts.skillList.replaceChildren(...(vm.skills || []).map(skillItem));
  w.parts.skillsBox.querySelector("summary").textContent = word(w, "skills");
}

function drawSolution(w, vm) {
  const reveal = w.parts.reveal;
  const s = vm.solution;
  reveal.hidden = !s;
  if (!s) { reveal.replaceChildren(); return; }
  const parts = [el("p", { class: "tga-answer" }, el("strong", {}, s.title || ""))];
  if (s.svg) { const pic = el("div", { class: "tga-reveal-svg" }); pic.innerHTML = s.svg; parts.push(pic); }
  else if (s.text) parts.push(el("pre", { class: "tgp-text" }, s.text));
  reveal.replaceChildren(...parts);
}

// A new item: its question, picture and fresh controls (the same item keeps them, so a
// half-made answer survives a redraw).
function drawItem(w, vm, item) {
  const p = w.parts;
  if (item.n === w.state.shownItem) return;
  w.state.shownItem = item.n;
  p.title.textContent = (vm.skill || {}).title || "";
  p.prompt.textContent = item.prompt || "";
  p.picture.innerHTML = item.svg || "";
  p.picture.hidden = !item.svg;
  w.state.current = item.kind === "pick" ? pickControls(w, item) : amountControls(w, item);
  if (w.state.focusTitle) { p.title.focus(); w.state.focusTitle = false; }
}

function drawControls(w, vm, t) {
  const p = w.parts;
  p.speak.textContent = "🔊 " + word(w, "read_aloud");
  p.speak.hidden = typeof window.speechSynthesis === "undefined";
  p.checkBtn.textContent = word(w, "check");
  p.hintBtn.textContent = word(w, "hint");
  p.hintBtn.hidden = !vm.more_hints;
  p.controls.hidden = t.done;
  p.tries.textContent = t.done ? "" : word(w, "tries_left", { n: Math.max(0, t.max - t.used) });
  for (const b of p.taskBox.querySelectorAll("button, input")) b.disabled = t.done;
  for (const line of p.taskBox.querySelectorAll(".tgp-picked")) line.hidden = t.done;  // the echo says it
}

function drawFeedback(w, vm) {
  const p = w.parts;
  const f = vm.feedback;
  const message = vm.message && vm.message.text;
  p.feedback.className = "tga-feedback" + (f ? " tga-" + f.outcome : "") + (message ? " tga-error" : "");
  const mark = f && f.outcome === "right" ? "✓ " : f && f.outcome === "wrong" ? "✗ " : "";
  p.feedback.textContent = message || (f ? mark + f.text : "");
  p.echo.textContent = f && f.echo ? word(w, "answer_box") + ": " + f.echo : "";
  p.echo.hidden = !(f && f.echo);
  p.hints.replaceChildren(...(vm.hints || []).map((h) => el("li", { class: "tga-hint" }, h)));
  p.hints.hidden = !(vm.hints || []).length;
}

function draw(w) {
  const p = w.parts;
  const vm = viewModel(w);
  const item = vm.item || {};
  w.root.setAttribute("lang", vm.language || "en");
  w.root.setAttribute("aria-label", vm.title || "");
  p.heading.textContent = (vm.title || "") + " · " + ((vm.skill || {}).title || "");
  p.progress.textContent = word(w, "item_of", { n: item.n || 1 });
  drawSkills(w, vm);
  drawItem(w, vm, item);
  const t = vm.tries || { used: 0, max: 2, done: false };
  drawControls(w, vm, t);
  drawFeedback(w, vm);
  p.solutionBtn.textContent = word(w, "solution");
  p.solutionBtn.hidden = t.done || !t.used;
  drawSolution(w, vm);
  p.nextBtn.textContent = word(w, "next") + " ▶";
}

function onRefused(w, msg) {
  if (!msg || msg.type !== "refused") return;
  done(w);
  if (!msg.quiet) {
    w.parts.feedback.className = "tga-feedback tga-error";
    w.parts.feedback.textContent = String(msg.reason || "");
  }
}

function render({ model, el: host }) {
  const w = {
    model,
    root: el("section", { class: "tga-root tgp-root", "data-testid": "tgp-practice" }),
    parts: frame(),
    state: { inFlight: false, busyTimer: null, shownItem: null, current: null, focusTitle: false },
  };
  assemble(w, host);
  wire(w);
  const onChange = () => { done(w); draw(w); };
  const onCustom = (msg) => onRefused(w, msg);
  model.on("change:view_model", onChange);
  model.on("msg:custom", onCustom);
  draw(w);
  return () => {
    clearTimeout(w.state.busyTimer);
    if (window.speechSynthesis) window.speechSynthesis.cancel();
    model.off("change:view_model", onChange);
    model.off("msg:custom", onCustom);
    w.root.remove();
  };
}

export default { render };
