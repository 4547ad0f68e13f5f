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

const FALLBACK = {
  title: "Practice", skill: "Skill", skills: "Your skills", check: "Check", hint: "Hint",
  solution: "Show the solution", next: "Next item", read_aloud: "Read aloud", answer_box: "Your answer",
  clear: "Clear", tries_left: "Tries left: {n}", choose_hint: "Tap the answers in order; they go into the box.",
  item_of: "Item {n}",
};
const VOICES = { en: "en-GB", ru: "ru-RU", bg: "bg-BG" };

function render({ model, el: host }) {
  const vm0 = () => model.get("view_model") || {};
  const word = (key, values) => {
    const labels = vm0().labels || {};
    let text = typeof labels[key] === "string" ? labels[key] : FALLBACK[key];
    for (const [k, v] of Object.entries(values || {})) text = text.split("{" + k + "}").join(String(v));
    return text;
  };

  // ---------------------------------------------------------------- the frame (built once)
  const root = el("section", { class: "tga-root tgp-root", "data-testid": "tgp-practice" });
  const heading = el("p", { class: "tga-activity" });
  const progress = el("p", { class: "tga-progress" });
  const skillList = el("ul", { class: "tgp-skills", "data-testid": "tgp-skills" });
  const skillsBox = el("details", { class: "tgp-skills-box" }, el("summary", {}, ""), skillList);
  const title = el("h3", { class: "tga-title", tabindex: "-1" });
  const prompt = el("p", { class: "tga-prompt", "data-testid": "tgp-prompt" });
  const speak = el("button", { type: "button", class: "tga-btn tga-small tgp-speak", "data-testid": "tgp-speak" });
  const picture = el("div", { class: "tga-picture" });
  const taskBox = el("div", { class: "tga-task" });
  const checkBtn = el("button", { type: "button", class: "tga-btn tga-primary", "data-testid": "tgp-check" });
  const hintBtn = el("button", { type: "button", class: "tga-btn", "data-testid": "tgp-hint" });
  const tries = el("span", { class: "tga-tries" });
  const controls = el("div", { class: "tga-controls" }, checkBtn, hintBtn, tries);
  const feedback = el("p", { class: "tga-feedback", role: "status", "aria-live": "polite", "data-testid": "tgp-feedback" });
  const echo = el("p", { class: "tga-echo" });
  const hints = el("ol", { class: "tgp-hints", "data-testid": "tgp-hints" });
  const solutionBtn = el("button", { type: "button", class: "tga-btn", "data-testid": "tgp-solution" });
  const reveal = el("div", { class: "tga-reveal", "data-testid": "tgp-reveal" });
  const nextBtn = el("button", { type: "button", class: "tga-btn tga-primary", "data-testid": "tgp-next" });
  const footer = el("div", { class: "tga-footer" }, solutionBtn, nextBtn);
  const lead = el("div", { class: "tga-lead" }, el("div", { class: "tgp-question" }, prompt, speak), picture);
  root.append(heading, progress, skillsBox, title, lead, taskBox, controls, echo, feedback, hints, reveal, footer);
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

  // ---------------------------------------------------------------- the answer controls
  let shownItem = null;
  let current = null;
  let focusTitle = false;
  const locked = () => Boolean((vm0().tries || {}).done);

  function amountControls(item) {
    const id = "tgp-amount-" + Math.random().toString(36).slice(2);
    const input = el("input", { id, type: "text", class: "tga-input", autocomplete: "off", spellcheck: "false",
      "data-testid": "tgp-input", maxlength: "80" });
    input.addEventListener("keydown", (event) => {
      if (event.key === "Enter" && !locked()) { event.preventDefault(); check(); }
    });
    const row = el("div", { class: "tga-amount" }, el("label", { for: id, class: "tga-input-label" }, word("answer_box")), input);
    if (item.unit) row.append(el("span", { class: "tga-unit" }, item.unit));
    taskBox.replaceChildren(row);
    return { answer: () => input.value, clear: () => { input.value = ""; } };
  }

  function pickControls(item) {
    // ordered or repeated picks build a row in the order tapped; otherwise each option
    // toggles on and off
    const sequence = item.ordered || item.repeat;
    let picked = [];
    const byId = Object.fromEntries(item.choices.map((c) => [c.id, c]));
    const shown = el("p", { class: "tgp-picked", "aria-live": "polite", "data-testid": "tgp-picked" });
    const group = el("div", { class: "tga-options", role: "group", "aria-label": prompt.textContent });
    const buttons = item.choices.map((c) => {
      const b = el("button", { type: "button", class: "tga-option", "aria-pressed": "false", "data-id": c.id,
        "data-testid": "tgp-option" });
      if (c.svg) { const pic = el("span", { class: "tga-option-pic", "aria-hidden": "true" }); pic.innerHTML = c.svg; b.append(pic); }
      b.append(el("span", { class: "tga-option-label" }, c.label));
      b.addEventListener("click", () => {
        if (locked()) return;
        if (sequence) {
          if (!item.repeat && picked.includes(c.id)) picked = picked.filter((p) => p !== c.id);
          else picked.push(c.id);
        } else if (picked.includes(c.id)) picked = picked.filter((p) => p !== c.id);
        else picked.push(c.id);
        update();
      });
      return b;
    });
    group.append(...buttons);
    group.addEventListener("keydown", (event) => {
      if (!["ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"].includes(event.key)) return;
      const at = buttons.indexOf(document.activeElement);
      if (at < 0) return;
      event.preventDefault();
      const step = event.key === "ArrowRight" || event.key === "ArrowDown" ? 1 : -1;
      buttons[(at + step + buttons.length) % buttons.length].focus();
    });
    const clearBtn = el("button", { type: "button", class: "tga-btn tga-small", "data-testid": "tgp-clear" }, word("clear"));
    clearBtn.addEventListener("click", () => { if (!locked()) { picked = []; update(); } });
    function update() {
      for (const b of buttons) {
        b.setAttribute("aria-pressed", String(picked.includes(b.dataset.id)));
        // in a row of picks each pressed option shows its place (1, 2, 3 ...)
        const places = picked.map((p, i) => (p === b.dataset.id ? i + 1 : 0)).filter(Boolean);
        b.querySelector(".tga-option-label").dataset.place = sequence ? places.join(" ") : "";
      }
      shown.textContent = picked.length ? word("answer_box") + ": " + picked.map((p) => byId[p].label).join(", ") : "";
    }
    const parts = [group, el("div", { class: "tga-amount" }, shown, clearBtn)];
    if (sequence) parts.unshift(el("p", { class: "tgp-note" }, word("choose_hint")));
    taskBox.replaceChildren(...parts);
    return { answer: () => picked.slice(), clear: () => { picked = []; update(); } };
  }

  function check() {
    if (!current || locked()) return;
    send("answer", { answer: current.answer() });
  }

  function say() {
    const synth = window.speechSynthesis;
    if (!synth || typeof SpeechSynthesisUtterance === "undefined") return;
    synth.cancel();
    const u = new SpeechSynthesisUtterance(prompt.textContent);
    u.lang = VOICES[vm0().language] || "en-GB";
    synth.speak(u);
  }

  checkBtn.addEventListener("click", check);
  hintBtn.addEventListener("click", () => send("hint"));
  solutionBtn.addEventListener("click", () => send("solution"));
  nextBtn.addEventListener("click", () => { focusTitle = true; send("next"); });
  speak.addEventListener("click", say);

  // ---------------------------------------------------------------- drawing
  function drawSkills(vm) {
    const items = (vm.skills || []).map((s) => {
      const meter = el("progress", { class: "tgp-meter", max: "100", value: String(s.percent), "aria-label": s.title });
      const li = el("li", { class: "tgp-skill tgp-" + s.status + (s.current ? " tgp-current" : "") },
        el("span", { class: "tgp-skill-title" }, s.title), meter,
        el("span", { class: "tgp-status" }, s.status_text + " · " + s.known_text));
      if (s.held) li.append(el("span", { class: "tgp-held" }, s.held));
      return li;
    });
    skillList.replaceChildren(...items);
    skillsBox.querySelector("summary").textContent = word("skills");
  }

  function drawSolution(vm) {
    const s = vm.solution;
    reveal.hidden = !s;
    if (!s) { reveal.replaceChildren(); return; }
    const parts = [el("p", { class: "tga-answer" }, el("strong", {}, s.title || ""))];
    if (s.svg) { const pic = el("div", { class: "tga-reveal-svg" }); pic.innerHTML = s.svg; parts.push(pic); }
    else if (s.text) parts.push(el("pre", { class: "tgp-text" }, s.text));
    reveal.replaceChildren(...parts);
  }

  function draw() {
    const vm = vm0();
    const item = vm.item || {};
    root.setAttribute("lang", vm.language || "en");
    root.setAttribute("aria-label", vm.title || "");
    heading.textContent = (vm.title || "") + " · " + ((vm.skill || {}).title || "");
    progress.textContent = word("item_of", { n: item.n || 1 });
    drawSkills(vm);
    if (item.n !== shownItem) {
      shownItem = item.n;
      title.textContent = (vm.skill || {}).title || "";
      prompt.textContent = item.prompt || "";
      picture.innerHTML = item.svg || "";
      picture.hidden = !item.svg;
      current = item.kind === "pick" ? pickControls(item) : amountControls(item);
      if (focusTitle) { title.focus(); focusTitle = false; }
    }
    const t = vm.tries || { used: 0, max: 2, done: false };
    speak.textContent = "🔊 " + word("read_aloud");
    speak.hidden = typeof window.speechSynthesis === "undefined";
    checkBtn.textContent = word("check");
    hintBtn.textContent = word("hint");
    hintBtn.hidden = !vm.more_hints;
    controls.hidden = t.done;
    tries.textContent = t.done ? "" : word("tries_left", { n: Math.max(0, t.max - t.used) });
    for (const b of taskBox.querySelectorAll("button, input")) b.disabled = t.done;
    for (const line of taskBox.querySelectorAll(".tgp-picked")) line.hidden = t.done;  // the echo says it
    const f = vm.feedback;
    const message = vm.message && vm.message.text;
    feedback.className = "tga-feedback" + (f ? " tga-" + f.outcome : "") + (message ? " tga-error" : "");
    feedback.textContent = message || (f ? (f.outcome === "right" ? "✓ " : f.outcome === "wrong" ? "✗ " : "") + f.text : "");
    echo.textContent = f && f.echo ? word("answer_box") + ": " + f.echo : "";
    echo.hidden = !(f && f.echo);
    hints.replaceChildren(...(vm.hints || []).map((h) => el("li", { class: "tga-hint" }, h)));
    hints.hidden = !(vm.hints || []).length;
    solutionBtn.textContent = word("solution");
    solutionBtn.hidden = t.done || !t.used;
    drawSolution(vm);
    nextBtn.textContent = word("next") + " ▶";
  }

  function onChange() { done(); draw(); }
  function onCustom(msg) {
    if (!msg || msg.type !== "refused") return;
    done();
    if (!msg.quiet) {
      feedback.className = "tga-feedback tga-error";
      feedback.textContent = String(msg.reason || "");
    }
  }
  model.on("change:view_model", onChange);
  model.on("msg:custom", onCustom);
  draw();
  return () => {
    clearTimeout(busyTimer);
    if (window.speechSynthesis) window.speechSynthesis.cancel();
    model.off("change:view_model", onChange);
    model.off("msg:custom", onCustom);
    root.remove();
  };
}

export default { render };
