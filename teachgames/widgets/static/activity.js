// teachgames: the lesson activity front end (anywidget ESM, no CDN; its one import,
// the shared DOM helpers of ./dom.js, is put in place by teachgames/widgets/frontend.py).
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

function render({ model, el: host }) {
  const vm0 = () => model.get("view_model") || {};
  const word = (key, values) => {
    const labels = vm0().labels || {};
    let text = typeof labels[key] === "string" ? labels[key] : FALLBACK[key];
    for (const [k, v] of Object.entries(values || {})) text = text.split("{" + k + "}").join(String(v));
    return text;
  };

  // ---------------------------------------------------------------- the frame (built once)
  const root = el("section", { class: "tga-root", "data-testid": "tga-activity", lang: vm0().language || "en" });
  const heading = el("p", { class: "tga-activity" });
  const progress = el("p", { class: "tga-progress" });
  const navList = el("ol", { class: "tga-nav" });
  const nav = el("nav", { class: "tga-navbox" }, navList);
  const title = el("h3", { class: "tga-title", tabindex: "-1" });
  const prompt = el("div", { class: "tga-prompt" });
  const picture = el("div", { class: "tga-picture" });
  const taskBox = el("div", { class: "tga-task" });
  const checkBtn = el("button", { type: "button", class: "tga-btn tga-primary", "data-testid": "tga-check" });
  const tries = el("span", { class: "tga-tries" });
  const controls = el("div", { class: "tga-controls" }, checkBtn, tries);
  const feedback = el("p", { class: "tga-feedback", role: "status", "aria-live": "polite", "data-testid": "tga-feedback" });
  const echo = el("p", { class: "tga-echo", "data-testid": "tga-echo" });
  const hintSteps = el("ol", { class: "tga-hint-steps", "aria-live": "polite", "data-testid": "tga-hints" });
  const hintBtn = el("button", { type: "button", class: "tga-btn", "data-testid": "tga-hint" });
  const hintTitle = el("p", { class: "tga-hint-title" });
  const hint = el("div", { class: "tga-hint" }, hintTitle, hintSteps, hintBtn);
  const solutionBtn = el("button", { type: "button", class: "tga-btn", "data-testid": "tga-solution" });
  const reveal = el("div", { class: "tga-reveal", "data-testid": "tga-reveal" });
  const teacherBox = el("aside", { class: "tga-teacher", "data-testid": "tga-teacher" });
  const backBtn = el("button", { type: "button", class: "tga-btn", "data-testid": "tga-back" });
  const nextBtn = el("button", { type: "button", class: "tga-btn tga-primary", "data-testid": "tga-next" });
  const againBtn = el("button", { type: "button", class: "tga-btn tga-again", "data-testid": "tga-start-again" });
  const againYes = el("button", { type: "button", class: "tga-btn", "data-testid": "tga-start-again-yes" });
  const againNo = el("button", { type: "button", class: "tga-btn", "data-testid": "tga-start-again-no" });
  const againText = el("p", { class: "tga-again-text" });
  const againAsk = el("div", { class: "tga-again-ask", role: "group" }, againText, againYes, againNo);
  againAsk.hidden = true;
  const footer = el("div", { class: "tga-footer" }, backBtn, againBtn, nextBtn);
  const speakers = [];
  function speakButton(targets) {
    if (!canSpeak()) return null;
    const b = el("button", { type: "button", class: "tga-btn tga-speak", "data-testid": "tga-read-aloud" });
    b.addEventListener("click", () => toggleSpeech(b, targets()));
    speakers.push(b);
    return b;
  }
  const promptSpeak = speakButton(() => [title, prompt, taskBox]);
  const revealSpeak = speakButton(() => [reveal]);
  const hintSpeak = speakButton(() => [hintSteps]);
  if (hintSpeak) hint.insertBefore(hintSpeak, hintBtn);
  const promptBox = el("div", { class: "tga-prompt-box" }, prompt, promptSpeak);
  const lead = el("div", { class: "tga-lead" }, promptBox, picture);
  const revealBox = el("div", { class: "tga-reveal-box" }, revealSpeak, reveal);
  const main = el("div", { class: "tga-main" }, title, lead, taskBox, controls, echo, feedback, hint,
    solutionBtn, revealBox, teacherBox, footer, againAsk);
  // What the teacher says to the whole class (a pause, an answer or a screen shown):
  // while the class is paused the screen takes no input.
  const classNote = el("p", { class: "tga-class-note", role: "status", "data-testid": "tga-class-note" });
  classNote.hidden = true;
  root.append(heading, progress, classNote, nav, main);
  host.append(root);

  // ---------------------------------------------------------------- intents
  let inFlight = false;
  let busyTimer = null;
  function send(action, args) {
    if (inFlight) return;
    inFlight = true;
    root.setAttribute("aria-busy", "true");
    clearTimeout(busyTimer);
    busyTimer = setTimeout(done, 4000);
    model.send({ type: "intent", version: vm0().version, action, args: args || {} });
  }
  function done() {
    inFlight = false;
    root.removeAttribute("aria-busy");
    clearTimeout(busyTimer);
  }

  // ---------------------------------------------------------------- the task's controls
  let shownScreen = null; // "<index>:<id>": the controls belong to this screen
  let current = null; // {answer(): value | null} for the open task
  let focusTitle = false;

  function optionButton(opt, pressed, onToggle) {
    const b = el("button", { type: "button", class: "tga-option", "aria-pressed": String(pressed),
      "data-id": opt.id, "data-testid": "tga-option" });
    if (opt.svg) {
      const pic = el("span", { class: "tga-option-pic", "aria-hidden": "true" });
      pic.innerHTML = opt.svg;
      b.append(pic);
    }
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

  function chooseControls(task, locked) {
    const chosen = new Set();
    const groups = task.groups || [{ label: "", options: task.options }];
    const boxes = groups.map((g) => {
      const group = el("div", { class: "tga-options", role: "group", "aria-label": g.label || title.textContent });
      for (const opt of g.options) {
        const b = optionButton(opt, false, (button) => {
          if (locked()) return;
          if (!task.several) {
            chosen.clear();
            for (const other of root.querySelectorAll("button.tga-option")) other.setAttribute("aria-pressed", "false");
          }
          if (chosen.has(opt.id)) chosen.delete(opt.id);
          else chosen.add(opt.id);
          button.setAttribute("aria-pressed", String(chosen.has(opt.id)));
        });
        group.append(b);
      }
      arrows(group);
      const box = el("div", { class: "tga-group" });
      if (g.label) box.append(el("p", { class: "tga-group-label" }, g.label));
      box.append(group);
      return box;
    });
    taskBox.replaceChildren(...boxes);
    return { answer: () => (chosen.size ? (task.several ? [...chosen] : [...chosen][0]) : null) };
  }

  function amountControls(task, locked) {
    const id = "tga-amount-" + Math.random().toString(36).slice(2);
    const input = el("input", { id, type: "text", class: "tga-input", autocomplete: "off", spellcheck: "false",
      inputmode: task.inputmode || "text", "data-testid": "tga-input", maxlength: "80" });
    const labelEl = el("label", { for: id, class: "tga-input-label" }, word("answer_box"));
    input.addEventListener("keydown", (event) => {
      if (event.key === "Enter" && !locked()) { event.preventDefault(); check(); }
    });
    const row = el("div", { class: "tga-amount" }, labelEl, input);
    if (task.unit) row.append(el("span", { class: "tga-unit" }, task.unit));
    taskBox.replaceChildren(row);
    return { answer: () => input.value, input };
  }

  function orderControls(task, locked) {
    let order = task.options.map((o) => o.id);
    const byId = Object.fromEntries(task.options.map((o) => [o.id, o]));
    const list = el("ol", { class: "tga-order" });
    function draw(focusId, dir) {
      const items = order.map((oid, i) => {
        const opt = byId[oid];
        const up = el("button", { type: "button", class: "tga-btn tga-small", "aria-label": word("move_up") + ": " + opt.label,
          disabled: i === 0 }, "▲");
        const down = el("button", { type: "button", class: "tga-btn tga-small",
          "aria-label": word("move_down") + ": " + opt.label, disabled: i === order.length - 1 }, "▼");
        up.addEventListener("click", () => move(i, -1));
        down.addEventListener("click", () => move(i, 1));
        const li = el("li", { class: "tga-order-item", "data-id": oid });
        if (opt.svg) { const pic = el("span", { class: "tga-option-pic", "aria-hidden": "true" }); pic.innerHTML = opt.svg; li.append(pic); }
        li.append(el("span", { class: "tga-option-label" }, opt.label), up, down);
        return li;
      });
      list.replaceChildren(...items);
      if (focusId) {
        const li = list.querySelector(`[data-id="${CSS.escape(focusId)}"]`);
        const btns = li ? li.querySelectorAll("button") : [];
        const target = dir < 0 ? btns[0] : btns[1];
        if (target && !target.disabled) target.focus(); else if (btns.length) (btns[0].disabled ? btns[1] : btns[0]).focus();
      }
    }
    function move(i, d) {
      if (locked()) return;
      const j = i + d;
      if (j < 0 || j >= order.length) return;
      const moved = order[i];
      [order[i], order[j]] = [order[j], order[i]];
      draw(moved, d);
    }
    draw();
    taskBox.replaceChildren(list);
    return { answer: () => order.slice() };
  }

  function buildTask(screen) {
    const locked = () => Boolean((vm0().screen || {}).tries && vm0().screen.tries.done);
    const task = screen.task;
    if (!task) { taskBox.replaceChildren(); current = null; return; }
    if (task.kind === "amount") current = amountControls(task, locked);
    else if (task.kind === "order") current = orderControls(task, locked);
    else current = chooseControls(task, locked);
  }

  function check() {
    if (!current) return;
    const answer = current.answer();
    if (answer === null || answer === "" || (Array.isArray(answer) && !answer.length)) {
      send("answer", { answer: answer === null ? [] : answer });
      return;
    }
    send("answer", { answer });
  }

  checkBtn.addEventListener("click", check);
  solutionBtn.addEventListener("click", () => send("solution"));
  hintBtn.addEventListener("click", () => send("hint"));
  againBtn.addEventListener("click", () => {
    againAsk.hidden = false;
    againNo.focus();
  });
  againNo.addEventListener("click", () => { againAsk.hidden = true; againBtn.focus(); });
  againYes.addEventListener("click", () => {
    againAsk.hidden = true;
    focusTitle = true;
    send("restart");
  });

  // ---------------------------------------------------------------- reading aloud
  let speaking = null; // the button whose words are being read
  function clearHighlight() {
    if (typeof CSS !== "undefined" && CSS.highlights) CSS.highlights.delete(HIGHLIGHT);
  }
  function stopSpeech() {
    if (!canSpeak()) return;
    window.speechSynthesis.cancel();
    clearHighlight();
    if (speaking) speaking.setAttribute("aria-pressed", "false");
    speaking = null;
    drawSpeakers();
  }
  function toggleSpeech(button, targets) {
    if (speaking === button) { stopSpeech(); return; }
    stopSpeech();
    const { text, pieces } = textPieces(targets);
    if (!text.trim()) return;
    const lang = vm0().language || "en";
    const utterance = new window.SpeechSynthesisUtterance(text);
    utterance.lang = lang;
    const voice = voiceFor(lang);
    if (voice) utterance.voice = voice;
    utterance.rate = 0.9;
    utterance.onboundary = (event) => {
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
    const finished = () => { if (speaking === button) { speaking = null; clearHighlight(); button.setAttribute("aria-pressed", "false"); drawSpeakers(); } };
    utterance.onend = finished;
    utterance.onerror = finished;
    speaking = button;
    button.setAttribute("aria-pressed", "true");
    drawSpeakers();
    window.speechSynthesis.speak(utterance);
  }
  function drawSpeakers() {
    for (const b of speakers) {
      const on = speaking === b;
      b.replaceChildren(el("span", { "aria-hidden": "true" }, on ? "■ " : "🔊 "), word(on ? "stop_reading" : "read_aloud"));
    }
  }

  // ---------------------------------------------------------------- progress kept
  const store = (() => { try { return window.localStorage; } catch { return null; } })();
  let awaitingRestore = false;
  function keep(progress) {
    if (!store || !progress || !progress.key || awaitingRestore) return;
    try {
      if (progress.fresh) store.removeItem(progress.key);
      else store.setItem(progress.key, JSON.stringify(progress.record));
    } catch { /* storage full or refused: the lesson goes on */ }
  }
  function restoreKept() {
    const progress = vm0().progress;
    if (!store || !progress || !progress.key || !progress.restore || !progress.fresh) return;
    let record = null;
    try { record = JSON.parse(store.getItem(progress.key) || "null"); } catch { record = null; }
    if (!record || typeof record !== "object") return;
    awaitingRestore = true;
    send("restore", { record });
  }
  backBtn.addEventListener("click", () => { focusTitle = true; send("go", { index: vm0().index - 1 }); });
  nextBtn.addEventListener("click", () => { focusTitle = true; send("go", { index: vm0().index + 1 }); });

  // ---------------------------------------------------------------- drawing
  function paragraphsInto(node, paras) {
    node.replaceChildren(...(paras || []).map((p) => el("p", {}, p)));
  }

  function drawReveal(screen) {
    const r = screen.reveal;
    reveal.hidden = !r;
    if (!r) { reveal.replaceChildren(); return; }
    const parts = [];
    if (r.answer) parts.push(el("p", { class: "tga-answer" }, el("strong", {}, word("teacher_answer") + ": "), r.answer));
    for (const part of r.parts || []) {
      const box = el("div", { class: "tga-reveal-part" });
      paragraphsInto(box, part.paragraphs);
      if (part.svg) { const pic = el("div", { class: "tga-reveal-svg" }); pic.innerHTML = part.svg; box.append(pic); }
      parts.push(box);
    }
    reveal.replaceChildren(...parts);
  }

  function drawTeacher(screen, vm) {
    const a = screen.answers;
    teacherBox.hidden = !(vm.teacher && a);
    if (!vm.teacher || !a) { teacherBox.replaceChildren(); return; }
    const items = [el("p", { class: "tga-teacher-title" }, word("teacher"))];
    if (a.answer) items.push(el("p", {}, el("strong", {}, word("teacher_answer") + ": "), a.answer));
    if (a.wrongs && a.wrongs.length) {
      items.push(el("p", {}, el("strong", {}, word("teacher_wrongs") + ":")));
      items.push(el("ul", {}, ...a.wrongs.map((w) => el("li", {}, el("span", { class: "tga-wrong" }, w.answer), " — ", w.line))));
    }
    if (a.hints && a.hints.length) {
      items.push(el("p", {}, el("strong", {}, word("hint") + ":")));
      items.push(el("ol", {}, ...a.hints.map((step) => el("li", {}, step))));
    }
    teacherBox.replaceChildren(...items);
  }

  function drawNav(vm) {
    const items = (vm.nav || []).map((n) => {
      const status = word("status_" + n.status) + (n.locked ? ", " + word("locked") : "")
        + (vm.teacher && n.hints ? ", " + word("hints_used", { n: n.hints }) : "");
      // the name is the words shown ("2 Half a pizza"), then the status for screen readers
      // only: a name that starts with what is shown (WCAG 2.5.3), so "click 2 Half..." works
      const b = el("button", { type: "button", class: "tga-nav-btn tga-" + n.status, "aria-current": n.index === vm.index ? "step" : false,
        disabled: n.locked, "data-testid": "tga-nav" },
        el("span", { class: "tga-nav-num" }, String(n.index + 1)), " ", el("span", { class: "tga-nav-title" }, n.title),
        el("span", { class: "tga-sr" }, ` (${status})`));
      b.addEventListener("click", () => { if (n.index !== vm0().index) { focusTitle = true; send("go", { index: n.index }); } });
      return el("li", {}, b);
    });
    navList.replaceChildren(...items);
    nav.setAttribute("aria-label", word("screens"));
  }

  function draw() {
    const vm = vm0();
    const screen = vm.screen || {};
    root.setAttribute("lang", vm.language || "en");
    root.setAttribute("aria-label", vm.title || "");
    heading.textContent = vm.title || "";
    progress.textContent = word("screen_of", { n: (vm.index || 0) + 1, count: vm.count || 1 });
    drawNav(vm);
    const room = vm.classroom || {};
    classNote.textContent = room.note || "";
    classNote.hidden = !room.note;
    classNote.classList.toggle("tga-paused", !!room.paused);
    nav.inert = main.inert = !!room.paused;
    const key = `${vm.index}:${screen.id}`;
    if (key !== shownScreen) {
      shownScreen = key;
      title.textContent = screen.title || "";
      paragraphsInto(prompt, screen.prompt);
      picture.innerHTML = screen.svg || "";
      picture.hidden = !screen.svg;
      buildTask(screen);
      echo.textContent = "";
      feedback.textContent = "";
      if (focusTitle) { title.focus(); focusTitle = false; }
    }
    const t = screen.tries || { used: 0, max: 0, done: true };
    const asks = Boolean(screen.task);
    controls.hidden = !asks || t.done;
    checkBtn.textContent = word("check");
    tries.textContent = asks && !t.done ? word("tries_left", { n: Math.max(0, t.max - t.used) }) : "";
    if (t.done) for (const b of taskBox.querySelectorAll("button, input")) b.disabled = true;
    const f = screen.feedback;
    const message = vm.message && vm.message.text;
    feedback.className = "tga-feedback" + (f ? " tga-" + f.outcome : "") + (message ? " tga-error" : "");
    feedback.textContent = message || (f ? (f.outcome === "right" ? "✓ " : f.outcome === "wrong" ? "✗ " : "") + f.text : "");
    echo.textContent = f && f.echo ? word("your_answer") + ": " + f.echo : "";
    echo.hidden = !(f && f.echo);
    const h = screen.hints;
    hint.hidden = !h || (!h.more && !(h.shown || []).length);
    if (h) {
      hintTitle.textContent = word("hint");
      const shown = h.shown || [];
      if (hintSteps.children.length !== shown.length || [...hintSteps.children].some((li, i) => li.textContent !== shown[i])) {
        hintSteps.replaceChildren(...shown.map((step) => el("li", {}, step)));
      }
      hintSteps.hidden = !shown.length;
      if (hintSpeak) hintSpeak.hidden = !shown.length;
      hintBtn.hidden = !h.more;
      hintBtn.textContent = (shown.length ? word("more_hint") : word("hint")) + (h.total ? ` (${shown.length + 1}/${h.total})` : "");
      if (!h.more && shown.length) hintBtn.hidden = true;
    } else {
      hintSteps.replaceChildren();
    }
    solutionBtn.hidden = !t.can_ask_solution;
    solutionBtn.textContent = word("solution");
    drawReveal(screen);
    if (revealSpeak) revealSpeak.hidden = reveal.hidden;
    drawSpeakers();
    drawTeacher(screen, vm);
    backBtn.textContent = "◀ " + word("back");
    nextBtn.textContent = word("next") + " ▶";
    backBtn.disabled = !vm.index;
    const nextLocked = (vm.nav || [])[(vm.index || 0) + 1];
    nextBtn.disabled = (vm.index || 0) >= (vm.count || 1) - 1 || Boolean(nextLocked && nextLocked.locked);
    const kept = vm.progress;
    againBtn.textContent = "↺ " + word("start_again");
    againBtn.hidden = !kept || kept.fresh;
    againText.textContent = word("start_again_confirm");
    againYes.textContent = word("start_again_yes");
    againNo.textContent = word("start_again_no");
    againAsk.setAttribute("aria-label", word("start_again"));
    if (againBtn.hidden) againAsk.hidden = true;
    keep(kept);
  }

  function onChange() {
    done();
    awaitingRestore = false;
    draw();
  }
  function onCustom(msg) {
    if (!msg || msg.type !== "refused") return;
    done();
    if (awaitingRestore) {
      awaitingRestore = false; // Python did not take the kept record: what it holds wins
      keep(vm0().progress);
    }
    if (!msg.quiet) {
      feedback.className = "tga-feedback tga-error";
      feedback.textContent = String(msg.reason || "");
    }
  }
  model.on("change:view_model", onChange);
  model.on("msg:custom", onCustom);
  restoreKept(); // first: drawing a fresh activity would drop what the browser kept
  draw();
  return () => {
    clearTimeout(busyTimer);
    if (speaking) stopSpeech();
    model.off("change:view_model", onChange);
    model.off("msg:custom", onCustom);
    root.remove();
  };
}

export default { render };
