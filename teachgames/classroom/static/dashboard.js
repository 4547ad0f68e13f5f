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

function render({ model, el }) {
  const root = h("div", { class: "tg-class" });
  el.append(root);
  let received = Date.now();

  function words() { return (model.get("state") || {}).words || {}; }
  function w(key, values) { return fill(words()[key] || key, values || {}); }
  function control(action, extra) { model.send({ type: "control", action, ...(extra || {}) }); }

  function timerWords(state) {
    const t = state.timer;
    if (!t) return w("no_timer");
    const left = Math.max(0, t.left - Math.floor((Date.now() - received) / 1000));
    if (left === 0) return w("over");
    const m = Math.floor(left / 60), s = String(left % 60).padStart(2, "0");
    return w("left", { m, s });
  }

  // The frame and the controls are made once and only relabelled, so a button under the
  // teacher's finger is still there when a pupil's answer redraws the board.
  const title = h("h2");
  const code = h("span", { class: "tg-class-code" });
  const timer = h("span", { class: "tg-class-timer", "aria-live": "polite" });
  const offline = h("span", { class: "tg-class-offline", role: "status" });
  const head = h("header", { class: "tg-class-head" }, title, code, timer, offline);
  // Names hidden is kept with the session on the server: a reload keeps them hidden.
  const hidden = () => !!model.get("hide_names") || !!((model.get("state") || {}).session || {}).anonymous;
  const hideButton = h("button", { type: "button", "data-key": "hide",
    onclick: () => {
      const on = !hidden();
      model.set("hide_names", on);
      model.save_changes();
      control("anonymize", { on });
    } });
  const pauseButton = h("button", { type: "button", "data-key": "pause",
    onclick: () => control(((model.get("state") || {}).session || {}).paused ? "unpause" : "pause") });
  // The teacher's sessions of this class (past and open): pick one to see or resume.
  const picker = h("select", { class: "tg-class-sessions", "data-key": "sessions",
    onchange: () => model.send({ type: "session", id: Number(picker.value) }) });
  const pickerLabel = h("label", { class: "tg-class-picker" }, h("span"), picker);
  const reopenButton = h("button", { type: "button", "data-key": "reopen",
    onclick: () => control("reopen", { hours: 3 }) });
  const pacingText = h("span", { class: "tg-class-pacing" });
  const buttons = [
    // "Hold here" holds the class on the screen the summary shows (the teacher picks it)
    ["hold", () => control("hold", { screen: shownIndex() })],
    ["release", () => control("release")],
    ["let_go", () => control("free")],
    ["start", () => control("timer", { minutes: 5 })],
    ["stop_timer", () => control("stop_timer")],
    ["end", () => { if (window.confirm(w("end_confirm"))) control("close"); }],
    ["export_csv", () => model.send({ type: "export", format: "csv" })],
    ["export_table", () => model.send({ type: "export", format: "json" })],
    ["export_practice", () => model.send({ type: "export", format: "practice" })],
    ["new_key", () => { if (window.confirm(w("new_key_confirm"))) model.send({ type: "new_key" }); }],
  ].map(([key, act]) => [key, h("button", { type: "button", "data-key": key, onclick: act })]);
  const controls = h("div", { class: "tg-class-controls", role: "toolbar" },
    pauseButton, hideButton, pacingText, ...buttons.map(([, b]) => b), pickerLabel, reopenButton);

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
  // The top of the board is the current screen's summary (what the teacher teaches
  // from); the controls and the pupils x screens grid follow and scroll below it.
  const summary = h("section", { class: "tg-class-summary", "aria-live": "polite" });
  const body = h("div", { class: "tg-class-body" });
  const note = h("p", { class: "tg-class-note" });
  root.append(head, summary, controls, body, note);
  // The screen the teacher picked for the summary (null: where the class is).
  let chosen = null;
  function shownIndex() {
    const state = model.get("state") || {};
    const count = (state.tasks || []).length;
    return chosen !== null && chosen < count ? chosen : (state.current || 0);
  }

  function draw() {
    const focusKey = document.activeElement && root.contains(document.activeElement)
      ? document.activeElement.dataset.key : null;
    const state = model.get("state") || {};
    const hide = hidden();
    received = Date.now();
    const ready = !!state.session;
    head.hidden = controls.hidden = !ready;
    note.hidden = ready;
    note.textContent = ready ? "" : model.get("problem") || "…";
    offline.hidden = !model.get("problem");
    offline.textContent = w("offline");
    summary.hidden = !ready;
    if (!ready) { body.replaceChildren(); summary.replaceChildren(); return; }
    const s = state.session;
    title.textContent = `${w("title")} · ${s.class} · ${s.lesson}`;
    code.textContent = w("code", { code: s.code });
    timer.textContent = timerWords(state);
    hideButton.textContent = w("hide_names");
    hideButton.setAttribute("aria-pressed", hide ? "true" : "false");
    hideButton.className = hide ? "on" : "";
    const pacing = state.pacing;
    pacingText.textContent = (s.paused ? `${w("paused")} · ` : "") + `${w("pacing")}: ` +
      (pacing === null || pacing === undefined ? w("free") : w("held", { n: pacing + 1 }));
    pacingText.classList.toggle("paused", !!s.paused);
    pauseButton.textContent = s.paused ? w("unpause") : w("pause");
    pauseButton.setAttribute("aria-pressed", s.paused ? "true" : "false");
    for (const [key, button] of buttons) {
      button.textContent = key === "start" ? w("start", { n: 5 }) : w(key);
      button.hidden = (key === "new_key" && !state.sessions)  // a projector link has no key to change
        || (key === "export_practice" && !((state.practice || {}).skills || []).length);
    }
    const sessions = state.sessions || [];
    pickerLabel.hidden = sessions.length < 2;
    pickerLabel.firstChild.textContent = `${w("sessions")}: `;
    picker.replaceChildren(...sessions.slice().reverse().map((o) => h("option", {
      value: o.id, selected: o.id === s.id,
      text: w("session_item", { lesson: o.lesson, pupils: o.pupils,
        date: o.started ? new Date(o.started).toLocaleString(state.language || "en",
          { dateStyle: "short", timeStyle: "short" }) : "",
        state: o.open ? w("session_open") : w("session_ended") }) })));
    reopenButton.textContent = w("reopen");
    reopenButton.hidden = s.open || !state.sessions;

    const pupils = state.pupils || [];
    const tasks = state.tasks || [];
    // A task's screen title, numbered as the pupils see it; its id where the lesson has none.
    const titles = state.titles || {};
    const taskName = (t) => (titles[t] ? `${tasks.indexOf(t) + 1} ${titles[t]}` : t);
    const nameOf = (p, i) => (hide ? w("pupil_n", { n: i + 1 }) : p.name);
    const parts = [];
    if (s.shown_screen !== null && s.shown_screen !== undefined && tasks[s.shown_screen]) {
      parts.push(h("div", { class: "tg-class-reveal", role: "status" },
        h("strong", { text: `${w("showing")}: ` }),
        h("span", { class: "tg-class-task", text: taskName(tasks[s.shown_screen]) }), " ",
        h("button", { type: "button", "data-key": "hide_screen", onclick: () => control("hide"),
          text: w("stop_showing") })));
    }
    if (state.reveal) {
      parts.push(h("div", { class: "tg-class-reveal", role: "status" },
        h("strong", { text: `${w("showing")}: ` }),
        h("span", { class: "tg-class-task", text: taskName(state.reveal.task) }), " ",
        h("q", { text: state.reveal.answer }), " ",
        h("button", { type: "button", "data-key": "hide_reveal", onclick: () => control("hide"),
          text: w("stop_showing") })));
    }

    const screens = state.screens || [];
    const current = shownIndex();
    const pick = (i) => { chosen = Math.max(0, Math.min(tasks.length - 1, i)); draw(); };
    summary.replaceChildren(...drawSummary(screens[current], current, tasks.length, pupils.length, pick));

    // Pupils x tasks, with each screen's totals (right / answered) above the pupils' rows.
    const headRow = h("tr", {}, h("th", { scope: "col", text: w("pupil") }),
      ...tasks.map((t, i) => h("th", { scope: "col", title: t, class: i === current ? "current" : null },
        h("button", { type: "button", class: "head", "data-key": `head-${i}`,
          "aria-pressed": i === current ? "true" : "false", onclick: () => pick(i), text: taskName(t) }))));
    const totalsRow = h("tr", { class: "totals" }, h("th", { scope: "row", text: w("totals") }),
      ...tasks.map((t, i) => {
        const sc = screens[i] || { right: 0, answered: 0 };
        return h("td", { class: i === current ? "current" : null, text: `${sc.right} / ${sc.answered}` });
      }));
    const rows = pupils.map((p, i) => {
      const cells = tasks.map((t) => {
        const c = (p.cells || {})[t];
        if (!c) return h("td", { class: "none" }, h("span", { class: "mark", "aria-hidden": "true", text: "·" }),
          h("span", { class: "tg-sr", text: w("not_yet") }));
        const hints = c.hints_text ? ` (${c.hints_text})` : "";
        const label = (c.state === "right" ? w("right") : `${w("wrong")}: ${c.answer} — ${c.diagnosis}`) + hints;
        const button = h("button", { type: "button", class: `cell ${c.state}`, "data-key": `cell-${p.id}-${t}`,
          title: `${c.answer}${c.state === "wrong" ? " — " + c.diagnosis : ""}${hints}`, "aria-label": label,
          onclick: () => control("reveal", { answer: c.answer_id }) },
          h("span", { class: "mark", "aria-hidden": "true", text: c.state === "right" ? "✓" : "✗" }),
          c.state === "wrong" ? h("span", { class: "ans", text: c.answer }) : null);
        return h("td", { class: c.state }, button);
      });
      const shown = nameOf(p, i);
      const remove = state.sessions ? h("button", { type: "button", class: "remove", "data-key": `remove-${p.id}`,
        "aria-label": w("remove", { name: shown }), title: w("remove", { name: shown }),
        onclick: () => { if (window.confirm(w("remove_confirm", { name: shown }))) model.send({ type: "remove", pupil: p.id }); },
      }) : null;
      return h("tr", {}, h("th", { scope: "row", class: "name", title: hide ? null : p.name },
        h("span", { text: shown }), remove), ...cells);
    });
    parts.push(h("div", { class: "tg-class-gridwrap" },
      h("table", { class: "tg-class-grid", "aria-label": w("grid") },
        h("thead", {}, headRow, totalsRow), h("tbody", {}, ...rows))));

    // Practice: pupils x skills, how sure the server is that each pupil knows each skill
    // and the misconception their answers show (who needs help with what).
    const practice = state.practice || {};
    if ((practice.skills || []).length) parts.push(drawPractice(practice, pupils, nameOf));

    // The most common wrong answers, with their diagnosis.
    const common = state.common || [];
    parts.push(h("h3", { text: w("common") }));
    if (!common.length) parts.push(h("p", { class: "tg-class-note", text: w("no_wrong") }));
    else parts.push(h("ol", { class: "tg-class-common" }, ...common.map((c, i) => h("li", {},
      h("span", { class: "tg-class-task", text: taskName(c.task) }), " ",
      h("q", { class: "ans", text: c.answer }), " ",
      h("span", { class: "count", text: `× ${c.count}` }), " — ",
      h("span", { class: "diag", text: c.diagnosis }), " ",
      h("button", { type: "button", "data-key": `show-${i}`, onclick: () => control("reveal", { answer: c.answer_id }),
        text: w("show") })))));

    body.replaceChildren(...parts);
    if (focusKey) {
      const again = root.querySelector(`[data-key="${CSS.escape(focusKey)}"]`);
      if (again) again.focus();
    }
  }

  function drawPractice(practice, pupils, nameOf) {
    const skills = practice.skills;
    const headRow = h("tr", {}, h("th", { scope: "col", text: w("pupil") }),
      ...skills.map((s) => h("th", { scope: "col", text: s.title })));
    const rows = pupils.map((p, i) => {
      const mine = (practice.cells || {})[String(p.id)] || {};
      return h("tr", {}, h("th", { scope: "row", class: "name", text: nameOf(p, i) }), ...skills.map((s) => {
        const c = mine[s.id];
        if (!c) return h("td", { class: "none", "data-skill": s.id },
          h("span", { class: "mark", "aria-hidden": "true", text: "·" }), h("span", { class: "tg-sr", text: w("practice_none") }));
        const known = w("practice_known", { percent: c.percent });
        const held = c.held_title ? w("practice_holds", { title: c.held_title }) : "";
        const state = c.status === "mastered" ? w("practice_mastered") : c.help ? w("practice_help") : "";
        return h("td", { class: c.status === "mastered" ? "mastered" : c.help ? "help" : "practising",
          "data-skill": s.id, "data-pupil": String(p.id), title: [known, state, held].filter(Boolean).join(" · ") },
          h("span", { class: "known", text: `${c.percent} %${c.status === "mastered" ? " ✓" : ""}` }),
          h("span", { class: "tg-sr", text: ` ${[known, state].filter(Boolean).join(", ")}` }),
          held ? h("span", { class: "held", text: held }) : null);
      }));
    });
    return h("section", { class: "tg-class-practice" }, h("h3", { text: w("practice") }),
      h("div", { class: "tg-class-gridwrap" }, h("table", { class: "tg-class-grid tg-class-mastery",
        "aria-label": w("practice") }, h("thead", {}, headRow), h("tbody", {}, ...rows))));
  }

  // One screen's summary: its title, answered / right / hints, and its most common wrong
  // answers with the misconception in the teacher's words, each one click from the class.
  function drawSummary(sc, index, total, pupilCount, pick) {
    const state = model.get("state") || {};
    const tasks = state.tasks || [];
    const titles = state.titles || {};
    if (!sc) return [h("p", { class: "tg-class-note", text: w("no_wrong") })];
    const nav = h("div", { class: "tg-class-nav" },
      h("button", { type: "button", "data-key": "prev", "aria-label": w("previous"), title: w("previous"),
        disabled: index === 0, onclick: () => pick(index - 1), text: "◀" }),
      h("button", { type: "button", "data-key": "next", "aria-label": w("next"), title: w("next"),
        disabled: index >= total - 1, onclick: () => pick(index + 1), text: "▶" }));
    const heading = h("h3", { class: "tg-class-screen" }, nav,
      h("span", { class: "tg-class-screen-n", text: w("screen_of", { n: index + 1, total }) }), " ",
      h("span", { class: "tg-class-screen-title", text: titles[sc.task] || tasks[index] || sc.task }));
    const stats = h("p", { class: "tg-class-stats" },
      h("span", { class: "stat answered", text: w("summary_answered", { n: sc.answered, total: pupilCount }) }),
      h("span", { class: "stat right", text: w("summary_right", { n: sc.right }) }),
      h("span", { class: "stat hints", text: w("summary_hints", { n: sc.hints }) }));
    const wrong = (sc.common || []).length
      ? h("ol", { class: "tg-class-summary-wrong" }, ...sc.common.map((c, i) => h("li", {},
        h("q", { class: "ans", text: c.answer, title: c.answer }),
        h("span", { class: "count", text: `× ${c.count}` }),
        h("span", { class: "diag", text: c.diagnosis }),
        h("button", { type: "button", "data-key": `summary-show-${i}`,
          onclick: () => control("reveal", { answer: c.answer_id }), text: w("show") }))))
      : h("p", { class: "tg-class-note", text: w("no_wrong") });
    const showScreen = h("button", { type: "button", class: "tg-class-show-screen", "data-key": "show-screen",
      onclick: () => control("show_screen", { screen: index }), text: w("show_screen") });
    stats.append(showScreen);
    return [heading, stats, wrong];
  }

  const tick = setInterval(() => {
    const state = model.get("state") || {};
    if (state.timer) timer.textContent = timerWords(state);
  }, 1000);
  model.on("change:state", draw);
  model.on("change:hide_names", draw);
  model.on("change:problem", draw);
  model.on("msg:custom", onMessage);
  draw();
  return () => {
    clearInterval(tick);
    model.off("change:state", draw);
    model.off("change:hide_names", draw);
    model.off("change:problem", draw);
    model.off("msg:custom", onMessage);
  };
}

export default { render };
