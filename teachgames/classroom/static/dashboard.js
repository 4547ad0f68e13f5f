// The teacher's dashboard: one renderer for the notebook widget (anywidget) and the
// projector page (page.js gives it a model with the same get/set/on/send).
// Every name and answer is put in the page with textContent: a pupil's text is text.

function h(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children) if (c) node.append(c);
  return node;
}

function fill(template, values) {
  // "{n} {n|time|times}": the plural form is chosen on the Python side; here only {name}.
  return String(template).replace(/\{(\w+)\}/g, (_, k) => (k in values ? String(values[k]) : ""));
}

// ------------------------------------------------------------------ the board's state
// One object `d` the board's functions share: the model, the frame's parts (made once)
// and what the board keeps between redraws (`d.state`: when the state came, the screen
// the teacher picked for the summary).

function boardState(d) {
  return d.model.get("state") || {};
}

function say(d, key, values) {
  return fill((boardState(d).words || {})[key] || key, values || {});
}

function control(d, action, extra) {
  d.model.send({ type: "control", action, ...(extra || {}) });
}

function timerWords(d, state) {
  const t = state.timer;
  if (!t) return say(d, "no_timer");
  const left = Math.max(0, t.left - Math.floor((Date.now() - d.state.received) / 1000));
  if (left === 0) return say(d, "over");
  const m = Math.floor(left / 60), s = String(left % 60).padStart(2, "0");
  return say(d, "left", { m, s });
}

// Names hidden is kept with the session on the server: a reload keeps them hidden.
function namesHidden(d) {
  return !!d.model.get("hide_names") || !!(boardState(d).session || {}).anonymous;
}

// The screen the summary shows: the one the teacher picked, else where the class is.
function shownIndex(d) {
  const state = boardState(d);
  const count = (state.tasks || []).length;
  return d.state.chosen !== null && d.state.chosen < count ? d.state.chosen : (state.current || 0);
}

function pick(d, i) {
  d.state.chosen = Math.max(0, Math.min((boardState(d).tasks || []).length - 1, i));
  draw(d);
}

// ------------------------------------------------------------------ the frame (made once)
// The frame and the controls are made once and only relabelled, so a button under the
// teacher's finger is still there when a pupil's answer redraws the board.
function toolbarButtons(d) {
  const send = (message) => d.model.send(message);
  return [
    // "Hold here" holds the class on the screen the summary shows (the teacher picks it)
    ["hold", () => control(d, "hold", { screen: shownIndex(d) })],
    ["release", () => control(d, "release")],
    ["let_go", () => control(d, "free")],
    ["start", () => control(d, "timer", { minutes: 5 })],
    ["stop_timer", () => control(d, "stop_timer")],
    ["end", () => { if (window.confirm(say(d, "end_confirm"))) control(d, "close"); }],
    ["export_csv", () => send({ type: "export", format: "csv" })],
    ["export_table", () => send({ type: "export", format: "json" })],
    ["export_practice", () => send({ type: "export", format: "practice" })],
    ["new_key", () => { if (window.confirm(say(d, "new_key_confirm"))) send({ type: "new_key" }); }],
  ].map(([key, act]) => [key, h("button", { type: "button", "data-key": key, onclick: act })]);
}

function frame(d) {
  const p = {
    title: h("h2"),
    code: h("span", { class: "tg-class-code" }),
    timer: h("span", { class: "tg-class-timer", "aria-live": "polite" }),
    offline: h("span", { class: "tg-class-offline", role: "status" }),
    hideButton: h("button", { type: "button", "data-key": "hide", onclick: () => {
      const on = !namesHidden(d);
      d.model.set("hide_names", on);
      d.model.save_changes();
      control(d, "anonymize", { on });
    } }),
    pauseButton: h("button", { type: "button", "data-key": "pause",
      onclick: () => control(d, (boardState(d).session || {}).paused ? "unpause" : "pause") }),
    // The teacher's sessions of this class (past and open): pick one to see or resume.
    picker: h("select", { class: "tg-class-sessions", "data-key": "sessions",
      onchange: () => d.model.send({ type: "session", id: Number(p.picker.value) }) }),
    reopenButton: h("button", { type: "button", "data-key": "reopen", onclick: () => control(d, "reopen", { hours: 3 }) }),
    pacingText: h("span", { class: "tg-class-pacing" }),
    buttons: toolbarButtons(d),
    // The top of the board is the current screen's summary (what the teacher teaches
    // from); the controls and the pupils x screens grid follow and scroll below it.
    summary: h("section", { class: "tg-class-summary", "aria-live": "polite" }),
    body: h("div", { class: "tg-class-body" }),
    note: h("p", { class: "tg-class-note" }),
  };
  p.head = h("header", { class: "tg-class-head" }, p.title, p.code, p.timer, p.offline);
  p.pickerLabel = h("label", { class: "tg-class-picker" }, h("span"), p.picker);
  p.controls = h("div", { class: "tg-class-controls", role: "toolbar" },
    p.pauseButton, p.hideButton, p.pacingText, ...p.buttons.map(([, b]) => b), p.pickerLabel, p.reopenButton);
  return p;
}

// A file the teacher asked for (CSV, the pandas table) arrives as text: saved by the browser.
function download(filename, text, mime) {
  const url = URL.createObjectURL(new Blob([text], { type: mime }));
  const a = h("a", { href: url, download: filename });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

function onMessage(message) {
  if (message && message.type === "download") download(message.filename, message.text, message.mime);
}

// ------------------------------------------------------------------ drawing the head and controls
function drawHead(d, state, s) {
  const p = d.parts;
  const hide = namesHidden(d);
  p.title.textContent = `${say(d, "title")} · ${s.class} · ${s.lesson}`;
  p.code.textContent = say(d, "code", { code: s.code });
  p.timer.textContent = timerWords(d, state);
  p.hideButton.textContent = say(d, "hide_names");
  p.hideButton.setAttribute("aria-pressed", hide ? "true" : "false");
  p.hideButton.className = hide ? "on" : "";
  const pacing = state.pacing;
  p.pacingText.textContent = (s.paused ? `${say(d, "paused")} · ` : "") + `${say(d, "pacing")}: ` +
    (pacing === null || pacing === undefined ? say(d, "free") : say(d, "held", { n: pacing + 1 }));
  p.pacingText.classList.toggle("paused", !!s.paused);
  p.pauseButton.textContent = s.paused ? say(d, "unpause") : say(d, "pause");
  p.pauseButton.setAttribute("aria-pressed", s.paused ? "true" : "false");
  for (const [key, b] of p.buttons) {
    b.textContent = key === "start" ? say(d, "start", { n: 5 }) : say(d, key);
    b.hidden = (key === "new_key" && !state.sessions)  // a projector link has no key to change
      || (key === "export_practice" && !((state.practice || {}).skills || []).length);
  }
}

function sessionOption(d, o, state) {
  const date = o.started
    ? new Date(o.started).toLocaleString(state.language || "en", { dateStyle: "short", timeStyle: "short" }) : "";
  return h("option", { value: o.id, selected: o.id === state.session.id,
    text: say(d, "session_item", { lesson: o.lesson, pupils: o.pupils, date,
      state: o.open ? say(d, "session_open") : say(d, "session_ended") }) });
}

function drawSessions(d, state, s) {
  const p = d.parts;
  const sessions = state.sessions || [];
  p.pickerLabel.hidden = sessions.length < 2;
  p.pickerLabel.firstChild.textContent = `${say(d, "sessions")}: `;
  p.picker.replaceChildren(...sessions.slice().reverse().map((o) => sessionOption(d, o, state)));
  p.reopenButton.textContent = say(d, "reopen");
  p.reopenButton.hidden = s.open || !state.sessions;
}

// ------------------------------------------------------------------ drawing the body
// What the class is being shown (a screen, an answer), with the button that stops it.
function showing(d, what, ...quoted) {
  return h("div", { class: "tg-class-reveal", role: "status" },
    h("strong", { text: `${say(d, "showing")}: ` }),
    h("span", { class: "tg-class-task", text: what.task }), " ", ...quoted,
    h("button", { type: "button", "data-key": what.key, onclick: () => control(d, "hide"), text: say(d, "stop_showing") }));
}

function shownNotes(d, state, view) {
  const s = state.session;
  const tasks = view.tasks;
  const parts = [];
  if (s.shown_screen !== null && s.shown_screen !== undefined && tasks[s.shown_screen]) {
    parts.push(showing(d, { task: view.taskName(tasks[s.shown_screen]), key: "hide_screen" }));
  }
  if (state.reveal) {
    parts.push(showing(d, { task: view.taskName(state.reveal.task), key: "hide_reveal" }, h("q", { text: state.reveal.answer }), " "));
  }
  return parts;
}

function answerCell(d, p, t) {
  const c = (p.cells || {})[t];
  if (!c) return h("td", { class: "none" }, h("span", { class: "mark", "aria-hidden": "true", text: "·" }),
    h("span", { class: "tg-sr", text: say(d, "not_yet") }));
  const hints = c.hints_text ? ` (${c.hints_text})` : "";
  const label = (c.state === "right" ? say(d, "right") : `${say(d, "wrong")}: ${c.answer} — ${c.diagnosis}`) + hints;
  const b = h("button", { type: "button", class: `cell ${c.state}`, "data-key": `cell-${p.id}-${t}`,
    title: `${c.answer}${c.state === "wrong" ? " — " + c.diagnosis : ""}${hints}`, "aria-label": label,
    onclick: () => control(d, "reveal", { answer: c.answer_id }) },
    h("span", { class: "mark", "aria-hidden": "true", text: c.state === "right" ? "✓" : "✗" }),
    c.state === "wrong" ? h("span", { class: "ans", text: c.answer }) : null);
  return h("td", { class: c.state }, b);
}

// A pupil's name as the board shows it: "Pupil 3" while names are hidden.
function shownName(d, p, i, hide) {
  return hide ? say(d, "pupil_n", { n: i + 1 }) : p.name;
}

function pupilRow(d, p, i, view) {
  const hide = view.hide;
  const shown = shownName(d, p, i, hide);
  const remove = view.canRemove ? h("button", { type: "button", class: "remove", "data-key": `remove-${p.id}`,
    "aria-label": say(d, "remove", { name: shown }), title: say(d, "remove", { name: shown }),
    onclick: () => { if (window.confirm(say(d, "remove_confirm", { name: shown }))) d.model.send({ type: "remove", pupil: p.id }); },
  }) : null;
  return h("tr", {}, h("th", { scope: "row", class: "name", title: hide ? null : p.name },
    h("span", { text: shown }), remove), ...view.tasks.map((t) => answerCell(d, p, t)));
}

// Pupils x tasks, with each screen's totals (right / answered) above the pupils' rows.
function grid(d, state, view) {
  const { tasks, current } = view;
  const screens = state.screens || [];
  const headRow = h("tr", {}, h("th", { scope: "col", text: say(d, "pupil") }),
    ...tasks.map((t, i) => h("th", { scope: "col", title: t, class: i === current ? "current" : null },
      h("button", { type: "button", class: "head", "data-key": `head-${i}`,
        "aria-pressed": i === current ? "true" : "false", onclick: () => pick(d, i), text: view.taskName(t) }))));
  const totalsRow = h("tr", { class: "totals" }, h("th", { scope: "row", text: say(d, "totals") }),
    ...tasks.map((t, i) => {
      const sc = screens[i] || { right: 0, answered: 0 };
      return h("td", { class: i === current ? "current" : null, text: `${sc.right} / ${sc.answered}` });
    }));
  const rows = (state.pupils || []).map((p, i) => pupilRow(d, p, i, view));
  return h("div", { class: "tg-class-gridwrap" },
    h("table", { class: "tg-class-grid", "aria-label": say(d, "grid") },
      h("thead", {}, headRow, totalsRow), h("tbody", {}, ...rows)));
}

// Practice: pupils x skills, how sure the server is that each pupil knows each skill
// and the misconception their answers show (who needs help with what).
function practiceCell(d, s, c, pupilId) {
  if (!c) return h("td", { class: "none", "data-skill": s.id },
    h("span", { class: "mark", "aria-hidden": "true", text: "·" }), h("span", { class: "tg-sr", text: say(d, "practice_none") }));
  const mastered = c.status === "mastered";
  const known = say(d, "practice_known", { percent: c.percent });
  const held = c.held_title ? say(d, "practice_holds", { title: c.held_title }) : "";
  const verdict = mastered ? say(d, "practice_mastered") : c.help ? say(d, "practice_help") : "";
  return h("td", { class: mastered ? "mastered" : c.help ? "help" : "practising",
    "data-skill": s.id, "data-pupil": String(pupilId), title: [known, verdict, held].filter(Boolean).join(" · ") },
    h("span", { class: "known", text: `${c.percent} %${mastered ? " ✓" : ""}` }),
    h("span", { class: "tg-sr", text: ` ${[known, verdict].filter(Boolean).join(", ")}` }),
    held ? h("span", { class: "held", text: held }) : null);
}

function practiceGrid(d, state, view) {
  const practice = state.practice || {};
  const skills = practice.skills || [];
  if (!skills.length) return [];
  const headRow = h("tr", {}, h("th", { scope: "col", text: say(d, "pupil") }),
    ...skills.map((s) => h("th", { scope: "col", text: s.title })));
  const rows = (state.pupils || []).map((p, i) => {
    const mine = (practice.cells || {})[String(p.id)] || {};
    return h("tr", {}, h("th", { scope: "row", class: "name", text: shownName(d, p, i, view.hide) }),
      ...skills.map((s) => practiceCell(d, s, mine[s.id], p.id)));
  });
  return [h("section", { class: "tg-class-practice" }, h("h3", { text: say(d, "practice") }),
    h("div", { class: "tg-class-gridwrap" }, h("table", { class: "tg-class-grid tg-class-mastery",
      "aria-label": say(d, "practice") }, h("thead", {}, headRow), h("tbody", {}, ...rows))))];
}

// The most common wrong answers, with their diagnosis.
function commonWrongs(d, state, view) {
  const common = state.common || [];
  const heading = h("h3", { text: say(d, "common") });
  if (!common.length) return [heading, h("p", { class: "tg-class-note", text: say(d, "no_wrong") })];
  return [heading, h("ol", { class: "tg-class-common" }, ...common.map((c, i) => h("li", {},
    h("span", { class: "tg-class-task", text: view.taskName(c.task) }), " ",
    h("q", { class: "ans", text: c.answer }), " ",
    h("span", { class: "count", text: `× ${c.count}` }), " — ",
    h("span", { class: "diag", text: c.diagnosis }), " ",
    h("button", { type: "button", "data-key": `show-${i}`, onclick: () => control(d, "reveal", { answer: c.answer_id }),
      text: say(d, "show") }))))];
}

// One screen's summary: its title, answered / right / hints, and its most common wrong
// answers with the misconception in the teacher's words, each one click from the class.
function summaryHeading(d, sc, view) {
  const { current: index, tasks } = view;
  const total = tasks.length;
  const titles = boardState(d).titles || {};
  const nav = h("div", { class: "tg-class-nav" },
    h("button", { type: "button", "data-key": "prev", "aria-label": say(d, "previous"), title: say(d, "previous"),
      disabled: index === 0, onclick: () => pick(d, index - 1), text: "◀" }),
    h("button", { type: "button", "data-key": "next", "aria-label": say(d, "next"), title: say(d, "next"),
      disabled: index >= total - 1, onclick: () => pick(d, index + 1), text: "▶" }));
  return h("h3", { class: "tg-class-screen" }, nav,
    h("span", { class: "tg-class-screen-n", text: say(d, "screen_of", { n: index + 1, total }) }), " ",
    h("span", { class: "tg-class-screen-title", text: titles[sc.task] || tasks[index] || sc.task }));
}

function drawSummary(d, sc, view) {
  if (!sc) return [h("p", { class: "tg-class-note", text: say(d, "no_wrong") })];
  const stats = h("p", { class: "tg-class-stats" },
    h("span", { class: "stat answered", text: say(d, "summary_answered", { n: sc.answered, total: view.pupils }) }),
    h("span", { class: "stat right", text: say(d, "summary_right", { n: sc.right }) }),
    h("span", { class: "stat hints", text: say(d, "summary_hints", { n: sc.hints }) }));
  const wrong = (sc.common || []).length
    ? h("ol", { class: "tg-class-summary-wrong" }, ...sc.common.map((c, i) => h("li", {},
      h("q", { class: "ans", text: c.answer, title: c.answer }),
      h("span", { class: "count", text: `× ${c.count}` }),
      h("span", { class: "diag", text: c.diagnosis }),
      h("button", { type: "button", "data-key": `summary-show-${i}`,
        onclick: () => control(d, "reveal", { answer: c.answer_id }), text: say(d, "show") }))))
    : h("p", { class: "tg-class-note", text: say(d, "no_wrong") });
  const showScreen = h("button", { type: "button", class: "tg-class-show-screen", "data-key": "show-screen",
    onclick: () => control(d, "show_screen", { screen: view.current }), text: say(d, "show_screen") });
  stats.append(showScreen);
  return [summaryHeading(d, sc, view), stats, wrong];
}

// What every part of the body needs to know: the tasks, their names as the pupils see
// them, the screen the summary shows, whether names are hidden.
function bodyView(d, state) {
  const tasks = state.tasks || [];
  // A task's screen title, numbered as the pupils see it; its id where the lesson has none.
  const titles = state.titles || {};
  return {
    tasks, current: shownIndex(d), hide: namesHidden(d), canRemove: !!state.sessions,
    pupils: (state.pupils || []).length,
    taskName: (t) => (titles[t] ? `${tasks.indexOf(t) + 1} ${titles[t]}` : t),
  };
}

// The focus stays on the control the teacher used (by its data-key) across a redraw.
function focusedKey(root) {
  return document.activeElement && root.contains(document.activeElement) ? document.activeElement.dataset.key : null;
}

function refocus(root, focusKey) {
  if (!focusKey) return;
  const again = root.querySelector(`[data-key="${CSS.escape(focusKey)}"]`);
  if (again) again.focus();
}

// Whether the board has a session to show; without one, only the note (the problem).
function drawReadiness(d, state) {
  const p = d.parts;
  const ready = !!state.session;
  p.head.hidden = p.controls.hidden = !ready;
  p.note.hidden = ready;
  p.note.textContent = ready ? "" : d.model.get("problem") || "…";
  p.offline.hidden = !d.model.get("problem");
  p.offline.textContent = say(d, "offline");
  p.summary.hidden = !ready;
  if (!ready) { p.body.replaceChildren(); p.summary.replaceChildren(); }
  return ready;
}

function draw(d) {
  const p = d.parts;
  const focusKey = focusedKey(d.root);
  const state = boardState(d);
  d.state.received = Date.now();
  if (!drawReadiness(d, state)) return;
  drawHead(d, state, state.session);
  drawSessions(d, state, state.session);
  const view = bodyView(d, state);
  p.summary.replaceChildren(...drawSummary(d, (state.screens || [])[view.current], view));
  p.body.replaceChildren(...shownNotes(d, state, view), grid(d, state, view), ...practiceGrid(d, state, view),
    ...commonWrongs(d, state, view));
  refocus(d.root, focusKey);
}

function render({ model, el }) {
  const d = { model, root: h("div", { class: "tg-class" }), state: { received: Date.now(), chosen: null } };
  d.parts = frame(d);
  el.append(d.root);
  const p = d.parts;
  d.root.append(p.head, p.summary, p.controls, p.body, p.note);
  const redraw = () => draw(d);
  const tick = setInterval(() => {
    const state = boardState(d);
    if (state.timer) p.timer.textContent = timerWords(d, state);
  }, 1000);
  model.on("change:state", redraw);
  model.on("change:hide_names", redraw);
  model.on("change:problem", redraw);
  model.on("msg:custom", onMessage);
  redraw();
  return () => {
    clearInterval(tick);
    model.off("change:state", redraw);
    model.off("change:hide_names", redraw);
    model.off("change:problem", redraw);
    model.off("msg:custom", onMessage);
  };
}

export default { render };
