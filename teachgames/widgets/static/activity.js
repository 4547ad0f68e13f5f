// teachgames: the lesson activity front end (anywidget ESM, no CDN; its two imports,
// the shared DOM helpers of ./dom.js and the intents of ./intents.js, are put in place by
// teachgames/widgets/frontend.py).
//
// Python is the source of truth: it sends the view-model of one screen (title, prompt,
// picture, the task's controls, the feedback of the last answer and, only once the pupil
// has committed, the reveal). This file draws it and sends intents back:
//   {type: "intent", version, action: "answer" | "go" | "solution" | "hint" | "restore" | "restart", args}
//
// Progress kept: the view-model's "progress" holds a storage key (lesson, part, pupil) and
// the pupil's work as a record. After every change the record is written to the browser's
// localStorage (removed when there is nothing to keep). When the widget is drawn the
// record kept there is sent back as a "restore" intent: Python checks it and marks its
// answers again, or ignores it; nothing kept here is ever shown without Python.
//
// Read aloud: the prompt, the hints and the reveal each have a button that reads them
// with the browser's own speech synthesis (offline, in the activity's language), the
// word being read highlighted where the browser reports word boundaries. Where the
// browser has no speech synthesis the buttons are not drawn.
//
// The page is built once; a new view-model updates the elements that changed. The task's
// controls are rebuilt only when the screen changes, so a pupil's half-made choice (the
// options pressed, the amount typed) survives a redraw. The feedback line is one
// persistent live region whose text changes, so a screen reader says each mark once.
//
// Trust: "svg" fields are made by teachgames' Python drawing code, which escapes every
// text it places in them; they are inserted as markup. Every other string (prompts,
// options, the pupil's own echoed answer) goes in with textContent, never as HTML.

import { el } from "./dom.js";
import { done, labelled, send, viewModel } from "./intents.js";

const FALLBACK = {
  check: "Check", next: "Next", back: "Back", solution: "Show the solution",
  screen_of: "Screen {n} of {count}", screens: "Screens", your_answer: "Your answer",
  answer_box: "Your answer", tries_left: "Tries left: {n}", teacher: "Teacher's view",
  teacher_answer: "Answer", teacher_wrongs: "Likely wrong answers", move_up: "Move up",
  move_down: "Move down", selected: "chosen", not_selected: "not chosen",
  status_right: "right", status_shown: "solution shown", status_tried: "tried",
  status_open: "to do", status_info: "to read", locked: "wait for your teacher", hint: "Hint",
  more_hint: "Another hint", hints_used: "hints: {n}", read_aloud: "Read aloud", stop_reading: "Stop reading",
  start_again: "Start again", start_again_confirm: "Clear every answer on these screens and start again?",
  start_again_yes: "Yes, start again", start_again_no: "No, keep my answers",
};

// ------------------------------------------------------------------ reading aloud
const HIGHLIGHT = "tga-reading";

function canSpeak() {
  return typeof window !== "undefined" && "speechSynthesis" in window && typeof window.SpeechSynthesisUtterance === "function";
}

// A voice for the language: one of the browser's own (local, so offline) when it has one.
function voiceFor(lang) {
  const voices = (window.speechSynthesis.getVoices && window.speechSynthesis.getVoices()) || [];
  const mine = voices.filter((v) => (v.lang || "").toLowerCase().split(/[-_]/)[0] === lang);
  return mine.find((v) => v.localService) || mine[0] || null;
}

// The text nodes under ``nodes`` (skipping what is hidden from the pupil) with where each
// starts in the words spoken, so a boundary's character index finds its word on screen.
function textPieces(nodes) {
  const pieces = [];
  let text = "";
  for (const node of nodes) {
    if (!node || node.hidden) continue;
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT, {
      acceptNode: (t) => (t.parentElement && t.parentElement.closest("[aria-hidden='true'], .tga-sr, button.tga-speak")
        ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
    });
    for (let t = walker.nextNode(); t; t = walker.nextNode()) {
      if (!t.data.trim()) continue;
      const block = t.parentElement ? t.parentElement.closest("p, li, button, h3") : null;
      if (text) text += pieces[pieces.length - 1].block === block ? " " : "\n";
      pieces.push({ node: t, start: text.length, block });
      text += t.data;
    }
  }
  return { text, pieces };
}

// ------------------------------------------------------------------ the widget's state
// One object `w` a widget's functions share: the model, the frame's parts (built once)
// and what changes while the pupil works (`w.state`).

// A label in the activity's language ({name} filled in), the English one if Python sent none.
function word(w, key, values) {
  return labelled(w, FALLBACK, key, values);
}

const button = (testid, cls) => el("button", { type: "button", class: cls || "tga-btn", "data-testid": testid });

// ------------------------------------------------------------------ the frame (built once)
function frame() {
  const p = {
    heading: el("p", { class: "tga-activity" }),
    progress: el("p", { class: "tga-progress" }),
    navList: el("ol", { class: "tga-nav" }),
    title: el("h3", { class: "tga-title", tabindex: "-1" }),
    prompt: el("div", { class: "tga-prompt" }),
    picture: el("div", { class: "tga-picture" }),
    taskBox: el("div", { class: "tga-task" }),
    checkBtn: button("tga-check", "tga-btn tga-primary"),
    tries: el("span", { class: "tga-tries" }),
    feedback: el("p", { class: "tga-feedback", role: "status", "aria-live": "polite", "data-testid": "tga-feedback" }),
    echo: el("p", { class: "tga-echo", "data-testid": "tga-echo" }),
    hintSteps: el("ol", { class: "tga-hint-steps", "aria-live": "polite", "data-testid": "tga-hints" }),
    hintBtn: button("tga-hint"),
    hintTitle: el("p", { class: "tga-hint-title" }),
    solutionBtn: button("tga-solution"),
    reveal: el("div", { class: "tga-reveal", "data-testid": "tga-reveal" }),
    teacherBox: el("aside", { class: "tga-teacher", "data-testid": "tga-teacher" }),
    backBtn: button("tga-back"),
    nextBtn: button("tga-next", "tga-btn tga-primary"),
    againBtn: button("tga-start-again", "tga-btn tga-again"),
    againYes: button("tga-start-again-yes"),
    againNo: button("tga-start-again-no"),
    againText: el("p", { class: "tga-again-text" }),
  };
  p.nav = el("nav", { class: "tga-navbox" }, p.navList);
  p.controls = el("div", { class: "tga-controls" }, p.checkBtn, p.tries);
  p.hint = el("div", { class: "tga-hint" }, p.hintTitle, p.hintSteps, p.hintBtn);
  p.againAsk = el("div", { class: "tga-again-ask", role: "group" }, p.againText, p.againYes, p.againNo);
  p.againAsk.hidden = true;
  p.footer = el("div", { class: "tga-footer" }, p.backBtn, p.againBtn, p.nextBtn);
  // What the teacher says to the whole class (a pause, an answer or a screen shown):
  // while the class is paused the screen takes no input.
  p.classNote = el("p", { class: "tga-class-note", role: "status", "data-testid": "tga-class-note" });
  p.classNote.hidden = true;
  return p;
}

// The frame's parts in their places, with a read-aloud button by the prompt, the hints
// and the reveal (where the browser can speak).
function assemble(w, host) {
  const p = w.parts;
  p.promptSpeak = speakButton(w, () => [p.title, p.prompt, p.taskBox]);
  p.revealSpeak = speakButton(w, () => [p.reveal]);
  p.hintSpeak = speakButton(w, () => [p.hintSteps]);
  if (p.hintSpeak) p.hint.insertBefore(p.hintSpeak, p.hintBtn);
  const promptBox = el("div", { class: "tga-prompt-box" }, p.prompt, p.promptSpeak);
  const lead = el("div", { class: "tga-lead" }, promptBox, p.picture);
  const revealBox = el("div", { class: "tga-reveal-box" }, p.revealSpeak, p.reveal);
  p.main = el("div", { class: "tga-main" }, p.title, lead, p.taskBox, p.controls, p.echo, p.feedback, p.hint,
    p.solutionBtn, revealBox, p.teacherBox, p.footer, p.againAsk);
  w.root.append(p.heading, p.progress, p.classNote, p.nav, p.main);
  host.append(w.root);
}

function speakButton(w, targets) {
  if (!canSpeak()) return null;
  const b = el("button", { type: "button", class: "tga-btn tga-speak", "data-testid": "tga-read-aloud" });
  b.addEventListener("click", () => toggleSpeech(w, b, targets()));
  w.speakers.push(b);
  return b;
}

// ------------------------------------------------------------------ intents
// Go to another screen, the focus then on its title.
function go(w, index) {
  w.state.focusTitle = true;
  send(w, "go", { index });
}

function check(w) {
  const current = w.state.current;
  if (!current) return;
  const answer = current.answer();
  if (answer === null || answer === "" || (Array.isArray(answer) && !answer.length)) {
    send(w, "answer", { answer: answer === null ? [] : answer });
    return;
  }
  send(w, "answer", { answer });
}

function wire(w) {
  const p = w.parts;
  p.checkBtn.addEventListener("click", () => check(w));
  p.solutionBtn.addEventListener("click", () => send(w, "solution"));
  p.hintBtn.addEventListener("click", () => send(w, "hint"));
  p.againBtn.addEventListener("click", () => {
    p.againAsk.hidden = false;
    p.againNo.focus();
  });
  p.againNo.addEventListener("click", () => { p.againAsk.hidden = true; p.againBtn.focus(); });
  p.againYes.addEventListener("click", () => {
    p.againAsk.hidden = true;
    w.state.focusTitle = true;
    send(w, "restart");
  });
  p.backBtn.addEventListener("click", () => go(w, viewModel(w).index - 1));
  p.nextBtn.addEventListener("click", () => go(w, viewModel(w).index + 1));
}

// ------------------------------------------------------------------ the task's controls
function optionPicture(svg) {
  const pic = el("span", { class: "tga-option-pic", "aria-hidden": "true" });
  pic.innerHTML = svg;
  return pic;
}

function optionButton(opt, pressed, onToggle) {
  const b = el("button", { type: "button", class: "tga-option", "aria-pressed": String(pressed),
    "data-id": opt.id, "data-testid": "tga-option" });
  if (opt.svg) b.append(optionPicture(opt.svg));
  b.append(el("span", { class: "tga-option-label" }, opt.label));
  b.addEventListener("click", () => onToggle(b));
  return b;
}

// Arrow keys move between the options of one group (Tab reaches the group's buttons too).
function arrows(group) {
  group.addEventListener("keydown", (event) => {
    if (!["ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"].includes(event.key)) return;
    const items = [...group.querySelectorAll("button.tga-option")];
    const at = items.indexOf(document.activeElement);
    if (at < 0) return;
    event.preventDefault();
    const step = event.key === "ArrowRight" || event.key === "ArrowDown" ? 1 : -1;
    items[(at + step + items.length) % items.length].focus();
  });
}

function chooseControls(w, task, locked) {
  const chosen = new Set();
  const toggle = (opt, pressed) => {
    if (locked()) return;
    if (!task.several) {
      chosen.clear();
      for (const other of w.root.querySelectorAll("button.tga-option")) other.setAttribute("aria-pressed", "false");
    }
    if (chosen.has(opt.id)) chosen.delete(opt.id);
    else chosen.add(opt.id);
    pressed.setAttribute("aria-pressed", String(chosen.has(opt.id)));
  };
  const groups = task.groups || [{ label: "", options: task.options }];
  const boxes = groups.map((g) => {
    const group = el("div", { class: "tga-options", role: "group", "aria-label": g.label || w.parts.title.textContent });
    for (const opt of g.options) group.append(optionButton(opt, false, (b) => toggle(opt, b)));
    arrows(group);
    const box = el("div", { class: "tga-group" });
    if (g.label) box.append(el("p", { class: "tga-group-label" }, g.label));
    box.append(group);
    return box;
  });
  w.parts.taskBox.replaceChildren(...boxes);
  return { answer: () => (chosen.size ? (task.several ? [...chosen] : [...chosen][0]) : null) };
}

function amountControls(w, task, locked) {
  const id = "tga-amount-" + Math.random().toString(36).slice(2);
  const input = el("input", { id, type: "text", class: "tga-input", autocomplete: "off", spellcheck: "false",
    inputmode: task.inputmode || "text", "data-testid": "tga-input", maxlength: "80" });
  const labelEl = el("label", { for: id, class: "tga-input-label" }, word(w, "answer_box"));
  input.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && !locked()) { event.preventDefault(); check(w); }
  });
  const row = el("div", { class: "tga-amount" }, labelEl, input);
  if (task.unit) row.append(el("span", { class: "tga-unit" }, task.unit));
  w.parts.taskBox.replaceChildren(row);
  return { answer: () => input.value, input };
}

// One item of an order task: its picture and words, and the buttons that move it.
function orderItem(w, opt, at, move) {
  const up = el("button", { type: "button", class: "tga-btn tga-small", "aria-label": word(w, "move_up") + ": " + opt.label,
    disabled: at.first }, "▲");
  const down = el("button", { type: "button", class: "tga-btn tga-small",
    "aria-label": word(w, "move_down") + ": " + opt.label, disabled: at.last }, "▼");
  up.addEventListener("click", () => move(-1));
  down.addEventListener("click", () => move(1));
  const li = el("li", { class: "tga-order-item", "data-id": opt.id });
  if (opt.svg) li.append(optionPicture(opt.svg));
  li.append(el("span", { class: "tga-option-label" }, opt.label), up, down);
  return li;
}

// After a move the focus follows the item moved: on the button that moves it the same
// way again, or its other button when that one is at the end.
function focusMoved(list, focusId, dir) {
  const li = list.querySelector(`[data-id="${CSS.escape(focusId)}"]`);
  const btns = li ? li.querySelectorAll("button") : [];
  const target = dir < 0 ? btns[0] : btns[1];
  if (target && !target.disabled) target.focus();
  else if (btns.length) (btns[0].disabled ? btns[1] : btns[0]).focus();
}

function orderControls(w, task, locked) {
  const order = task.options.map((o) => o.id);
  const byId = Object.fromEntries(task.options.map((o) => [o.id, o]));
  const list = el("ol", { class: "tga-order" });
  function redraw(focusId, dir) {
    list.replaceChildren(...order.map((oid, i) => orderItem(w, byId[oid],
      { first: i === 0, last: i === order.length - 1 }, (d) => move(i, d))));
    if (focusId) focusMoved(list, focusId, dir);
  }
  function move(i, d) {
    if (locked()) return;
    const j = i + d;
    if (j < 0 || j >= order.length) return;
    const moved = order[i];
    [order[i], order[j]] = [order[j], order[i]];
    redraw(moved, d);
  }
  redraw();
  w.parts.taskBox.replaceChildren(list);
  return { answer: () => order.slice() };
}

function buildTask(w, screen) {
  const locked = () => Boolean((viewModel(w).screen || {}).tries && viewModel(w).screen.tries.done);
  const task = screen.task;
  if (!task) { w.parts.taskBox.replaceChildren(); w.state.current = null; return; }
  if (task.kind === "amount") w.state.current = amountControls(w, task, locked);
  else if (task.kind === "order") w.state.current = orderControls(w, task, locked);
  else w.state.current = chooseControls(w, task, locked);
}

// ------------------------------------------------------------------ reading aloud
function clearHighlight() {
  if (typeof CSS !== "undefined" && CSS.highlights) CSS.highlights.delete(HIGHLIGHT);
}

function stopSpeech(w) {
  if (!canSpeak()) return;
  window.speechSynthesis.cancel();
  clearHighlight();
  if (w.state.speaking) w.state.speaking.setAttribute("aria-pressed", "false");
  w.state.speaking = null;
  drawSpeakers(w);
}

// The word a boundary event of the speech reaches, highlighted on screen.
function highlightWord(pieces) {
  return (event) => {
    if (event.name && event.name !== "word") return;
    if (typeof CSS === "undefined" || !CSS.highlights || typeof Highlight !== "function") return;
    const at = event.charIndex;
    let piece = null;
    for (const p of pieces) if (p.start <= at) piece = p;
    if (!piece || !piece.node.isConnected) return;
    const from = at - piece.start;
    if (from < 0 || from >= piece.node.data.length) return;
    const rest = piece.node.data.slice(from);
    const length = event.charLength || (rest.match(/^[^\s]+/) || [""])[0].length;
    const range = document.createRange();
    range.setStart(piece.node, from);
    range.setEnd(piece.node, Math.min(piece.node.data.length, from + Math.max(1, length)));
    CSS.highlights.set(HIGHLIGHT, new Highlight(range));
  };
}

function toggleSpeech(w, b, targets) {
  if (w.state.speaking === b) { stopSpeech(w); return; }
  stopSpeech(w);
  const { text, pieces } = textPieces(targets);
  if (!text.trim()) return;
  const lang = viewModel(w).language || "en";
  const utterance = new window.SpeechSynthesisUtterance(text);
  utterance.lang = lang;
  const voice = voiceFor(lang);
  if (voice) utterance.voice = voice;
  utterance.rate = 0.9;
  utterance.onboundary = highlightWord(pieces);
  const finished = () => {
    if (w.state.speaking !== b) return;
    w.state.speaking = null;
    clearHighlight();
    b.setAttribute("aria-pressed", "false");
    drawSpeakers(w);
  };
  utterance.onend = finished;
  utterance.onerror = finished;
  w.state.speaking = b;
  b.setAttribute("aria-pressed", "true");
  drawSpeakers(w);
  window.speechSynthesis.speak(utterance);
}

function drawSpeakers(w) {
  for (const b of w.speakers) {
    const reading = w.state.speaking === b;
    b.replaceChildren(el("span", { "aria-hidden": "true" }, reading ? "■ " : "🔊 "), word(w, reading ? "stop_reading" : "read_aloud"));
  }
}

// ------------------------------------------------------------------ progress kept
function openStore() {
  try { return window.localStorage; } catch { return null; }
}

function keep(w, progress) {
  if (!w.store || !progress || !progress.key || w.state.awaitingRestore) return;
  try {
    if (progress.fresh) w.store.removeItem(progress.key);
    else w.store.setItem(progress.key, JSON.stringify(progress.record));
  } catch { /* storage full or refused: the lesson goes on */ }
}

function restoreKept(w) {
  const progress = viewModel(w).progress;
  if (!w.store || !progress || !progress.key || !progress.restore || !progress.fresh) return;
  let record = null;
  try { record = JSON.parse(w.store.getItem(progress.key) || "null"); } catch { record = null; }
  if (!record || typeof record !== "object") return;
  w.state.awaitingRestore = true;
  send(w, "restore", { record });
}

// ------------------------------------------------------------------ drawing
function paragraphsInto(node, paras) {
  node.replaceChildren(...(paras || []).map((p) => el("p", {}, p)));
}

function revealPart(part) {
  const box = el("div", { class: "tga-reveal-part" });
  paragraphsInto(box, part.paragraphs);
  if (part.svg) { const pic = el("div", { class: "tga-reveal-svg" }); pic.innerHTML = part.svg; box.append(pic); }
  return box;
}

function drawReveal(w, screen) {
  const reveal = w.parts.reveal;
  const r = screen.reveal;
  reveal.hidden = !r;
  if (!r) { reveal.replaceChildren(); return; }
  const parts = [];
  if (r.answer) parts.push(el("p", { class: "tga-answer" }, el("strong", {}, word(w, "teacher_answer") + ": "), r.answer));
  for (const part of r.parts || []) parts.push(revealPart(part));
  reveal.replaceChildren(...parts);
}

function drawTeacher(w, screen, vm) {
  const box = w.parts.teacherBox;
  const a = screen.answers;
  box.hidden = !(vm.teacher && a);
  if (!vm.teacher || !a) { box.replaceChildren(); return; }
  const items = [el("p", { class: "tga-teacher-title" }, word(w, "teacher"))];
  if (a.answer) items.push(el("p", {}, el("strong", {}, word(w, "teacher_answer") + ": "), a.answer));
  if (a.wrongs && a.wrongs.length) {
    items.push(el("p", {}, el("strong", {}, word(w, "teacher_wrongs") + ":")));
    items.push(el("ul", {}, ...a.wrongs.map((x) => el("li", {}, el("span", { class: "tga-wrong" }, x.answer), " — ", x.line))));
  }
  if (a.hints && a.hints.length) {
    items.push(el("p", {}, el("strong", {}, word(w, "hint") + ":")));
    items.push(el("ol", {}, ...a.hints.map((step) => el("li", {}, step))));
  }
  box.replaceChildren(...items);
}

function navButton(w, n, vm) {
  const status = word(w, "status_" + n.status) + (n.locked ? ", " + word(w, "locked") : "")
    + (vm.teacher && n.hints ? ", " + word(w, "hints_used", { n: n.hints }) : "");
  // the name is the words shown ("2 Half a pizza"), then the status for screen readers
  // only: a name that starts with what is shown (WCAG 2.5.3), so "click 2 Half..." works
  const b = el("button", { type: "button", class: "tga-nav-btn tga-" + n.status, "aria-current": n.index === vm.index ? "step" : false,
    disabled: n.locked, "data-testid": "tga-nav" },
    el("span", { class: "tga-nav-num" }, String(n.index + 1)), " ", el("span", { class: "tga-nav-title" }, n.title),
    el("span", { class: "tga-sr" }, ` (${status})`));
  b.addEventListener("click", () => { if (n.index !== viewModel(w).index) go(w, n.index); });
  return el("li", {}, b);
}

function drawNav(w, vm) {
  w.parts.navList.replaceChildren(...(vm.nav || []).map((n) => navButton(w, n, vm)));
  w.parts.nav.setAttribute("aria-label", word(w, "screens"));
}

function drawClassroom(w, vm) {
  const p = w.parts;
  const room = vm.classroom || {};
  p.classNote.textContent = room.note || "";
  p.classNote.hidden = !room.note;
  p.classNote.classList.toggle("tga-paused", !!room.paused);
  p.nav.inert = p.main.inert = !!room.paused;
}

// A new screen: its title, prompt, picture and fresh controls (on the same screen the
// controls stay, so a pupil's half-made choice survives a redraw).
function drawScreen(w, vm, screen) {
  const p = w.parts;
  const key = `${vm.index}:${screen.id}`;
  if (key === w.state.shownScreen) return;
  w.state.shownScreen = key;
  p.title.textContent = screen.title || "";
  paragraphsInto(p.prompt, screen.prompt);
  p.picture.innerHTML = screen.svg || "";
  p.picture.hidden = !screen.svg;
  buildTask(w, screen);
  p.echo.textContent = "";
  p.feedback.textContent = "";
  if (w.state.focusTitle) { p.title.focus(); w.state.focusTitle = false; }
}

function drawTries(w, screen, t) {
  const p = w.parts;
  const asks = Boolean(screen.task);
  p.controls.hidden = !asks || t.done;
  p.checkBtn.textContent = word(w, "check");
  p.tries.textContent = asks && !t.done ? word(w, "tries_left", { n: Math.max(0, t.max - t.used) }) : "";
  if (t.done) for (const b of p.taskBox.querySelectorAll("button, input")) b.disabled = true;
}

function drawFeedback(w, vm, screen) {
  const p = w.parts;
  const f = screen.feedback;
  const message = vm.message && vm.message.text;
  p.feedback.className = "tga-feedback" + (f ? " tga-" + f.outcome : "") + (message ? " tga-error" : "");
  const mark = f && f.outcome === "right" ? "✓ " : f && f.outcome === "wrong" ? "✗ " : "";
  p.feedback.textContent = message || (f ? mark + f.text : "");
  p.echo.textContent = f && f.echo ? word(w, "your_answer") + ": " + f.echo : "";
  p.echo.hidden = !(f && f.echo);
}

function drawHints(w, screen) {
  const p = w.parts;
  const h = screen.hints;
  p.hint.hidden = !h || (!h.more && !(h.shown || []).length);
  if (!h) { p.hintSteps.replaceChildren(); return; }
  p.hintTitle.textContent = word(w, "hint");
  const shown = h.shown || [];
  const steps = p.hintSteps;
  if (steps.children.length !== shown.length || [...steps.children].some((li, i) => li.textContent !== shown[i])) {
    steps.replaceChildren(...shown.map((step) => el("li", {}, step)));
  }
  steps.hidden = !shown.length;
  if (p.hintSpeak) p.hintSpeak.hidden = !shown.length;
  p.hintBtn.hidden = !h.more;
  p.hintBtn.textContent = (shown.length ? word(w, "more_hint") : word(w, "hint")) + (h.total ? ` (${shown.length + 1}/${h.total})` : "");
  if (!h.more && shown.length) p.hintBtn.hidden = true;
}

function drawFooter(w, vm) {
  const p = w.parts;
  p.backBtn.textContent = "◀ " + word(w, "back");
  p.nextBtn.textContent = word(w, "next") + " ▶";
  p.backBtn.disabled = !vm.index;
  const nextLocked = (vm.nav || [])[(vm.index || 0) + 1];
  p.nextBtn.disabled = (vm.index || 0) >= (vm.count || 1) - 1 || Boolean(nextLocked && nextLocked.locked);
  const kept = vm.progress;
  p.againBtn.textContent = "↺ " + word(w, "start_again");
  p.againBtn.hidden = !kept || kept.fresh;
  p.againText.textContent = word(w, "start_again_confirm");
  p.againYes.textContent = word(w, "start_again_yes");
  p.againNo.textContent = word(w, "start_again_no");
  p.againAsk.setAttribute("aria-label", word(w, "start_again"));
  if (p.againBtn.hidden) p.againAsk.hidden = true;
}

function draw(w) {
  const p = w.parts;
  const vm = viewModel(w);
  const screen = vm.screen || {};
  w.root.setAttribute("lang", vm.language || "en");
  w.root.setAttribute("aria-label", vm.title || "");
  p.heading.textContent = vm.title || "";
  p.progress.textContent = word(w, "screen_of", { n: (vm.index || 0) + 1, count: vm.count || 1 });
  drawNav(w, vm);
  drawClassroom(w, vm);
  drawScreen(w, vm, screen);
  const t = screen.tries || { used: 0, max: 0, done: true };
  drawTries(w, screen, t);
  drawFeedback(w, vm, screen);
  drawHints(w, screen);
  p.solutionBtn.hidden = !t.can_ask_solution;
  p.solutionBtn.textContent = word(w, "solution");
  drawReveal(w, screen);
  if (p.revealSpeak) p.revealSpeak.hidden = p.reveal.hidden;
  drawSpeakers(w);
  drawTeacher(w, screen, vm);
  drawFooter(w, vm);
  keep(w, vm.progress);
}

// ------------------------------------------------------------------ messages from Python
function onRefused(w, msg) {
  if (!msg || msg.type !== "refused") return;
  done(w);
  if (w.state.awaitingRestore) {
    w.state.awaitingRestore = false; // Python did not take the kept record: what it holds wins
    keep(w, viewModel(w).progress);
  }
  if (!msg.quiet) {
    w.parts.feedback.className = "tga-feedback tga-error";
    w.parts.feedback.textContent = String(msg.reason || "");
  }
}

function render({ model, el: host }) {
  const w = {
    model,
    root: el("section", { class: "tga-root", "data-testid": "tga-activity", lang: (model.get("view_model") || {}).language || "en" }),
    speakers: [],
    store: openStore(),
    state: {
      inFlight: false, busyTimer: null,
      shownScreen: null, // "<index>:<id>": the controls belong to this screen
      current: null, // {answer(): value | null} for the open task
      focusTitle: false,
      speaking: null, // the button whose words are being read
      awaitingRestore: false,
    },
  };
  w.parts = frame();
  assemble(w, host);
  wire(w);
  const onChange = () => {
    done(w);
    w.state.awaitingRestore = false;
    draw(w);
  };
  const onCustom = (msg) => onRefused(w, msg);
  model.on("change:view_model", onChange);
  model.on("msg:custom", onCustom);
  restoreKept(w); // first: drawing a fresh activity would drop what the browser kept
  draw(w);
  return () => {
    clearTimeout(w.state.busyTimer);
    if (w.state.speaking) stopSpeech(w);
    model.off("change:view_model", onChange);
    model.off("msg:custom", onCustom);
    w.root.remove();
  };
}

export default { render };
