// The experiments lesson's repeat control (anywidget; any host with model.get/set/on/off/send).
// Python decides everything: this only sends the pupil's intents, {type: "size", games}
// and {type: "run", times}, and draws the traits it publishes (words, sizes, runs, games,
// chart, lines, status, problem, busy, done, todo). Words go in with textContent; the
// chart is teachgames' own SVG and table, every word in it escaped in Python.
// Nodes are made once and updated in place, so a button keeps the focus a pupil gave it.

import { el } from "../../widgets/static/dom.js";

const TRAITS = ["lang", "words", "sizes", "runs", "games", "chart", "lines", "status", "problem", "busy", "done", "todo"];

// One object `r` the control's functions share: the model, the frame's parts (made once),
// the buttons by key ("size:10", "run:20") and what was drawn last.

function frame(id) {
  const p = {
    label: el("span", { class: "tg-repeat-label", id: `${id}-label` }),
    sizes: el("div", { class: "tg-repeat-sizes", role: "group", "aria-labelledby": `${id}-label` }),
    runs: el("div", { class: "tg-repeat-runs" }),
    status: el("p", { class: "tg-repeat-status", role: "status", "aria-live": "polite", id: `${id}-status` }),
    meter: el("progress", { class: "tg-repeat-progress", "aria-labelledby": `${id}-progress` }),
    count: el("span", { class: "tg-repeat-count", id: `${id}-progress` }),
    chart: el("div", { class: "tg-repeat-chart" }),
    lines: el("ul", { class: "tg-repeat-lines", "aria-live": "polite" }),
  };
  p.progress = el("div", { class: "tg-repeat-progress-row" }, p.meter, p.count);
  p.root = el("section", { class: "tg-repeat", "aria-labelledby": `${id}-label` },
    el("div", { class: "tg-repeat-controls" }, el("div", { class: "tg-repeat-choose" }, p.label, p.sizes), p.runs),
    p.status, p.progress, p.chart, p.lines);
  return p;
}

// A press while Python runs is not sent (the buttons stay focusable, aria-disabled, so
// a keyboard pupil keeps their place). `waiting` covers the moment between a press and
// Python's busy arriving: a double click runs once.
function busy(r) {
  return r.waiting || !!r.model.get("busy");
}

// The button with this key, made the first time it is asked for.
function button(r, key, cls, onPress) {
  if (!r.buttons.has(key)) {
    const b = el("button", { type: "button", class: cls });
    b.addEventListener("click", () => { if (!busy(r)) onPress(); });
    r.buttons.set(key, b);
  }
  return r.buttons.get(key);
}

function pressRun(r, times) {
  r.waiting = true;
  draw(r);
  r.model.send({ type: "run", times });
}

function drawButtons(r, isBusy) {
  const p = r.parts;
  const games = r.model.get("games");
  const sizeList = r.model.get("sizes") || [];
  const runList = r.model.get("runs") || [];
  // the buttons are put in once (moving a focused button would lose its focus)
  const layout = JSON.stringify([sizeList, runList]);
  if (layout !== r.drawnLayout) {
    r.drawnLayout = layout;
    p.sizes.replaceChildren(...sizeList.map((s) => button(r, `size:${s.games}`, "tg-repeat-size",
      () => r.model.send({ type: "size", games: s.games }))));
    p.runs.replaceChildren(...runList.map((run, i) => button(r, `run:${run.times}`,
      i === 0 ? "tg-repeat-run tg-repeat-primary" : "tg-repeat-run", () => pressRun(r, run.times))));
  }
  sizeList.forEach((s) => {
    const b = r.buttons.get(`size:${s.games}`);
    b.textContent = s.label;
    b.setAttribute("aria-pressed", s.games === games ? "true" : "false");
    b.setAttribute("aria-disabled", isBusy ? "true" : "false");
  });
  runList.forEach((run) => {
    const b = r.buttons.get(`run:${run.times}`);
    b.textContent = run.label;
    b.setAttribute("aria-disabled", isBusy ? "true" : "false");
    b.setAttribute("aria-describedby", p.status.id);
  });
}

function drawProgress(r, words) {
  const p = r.parts;
  const statusText = r.model.get("status") || "";
  if (p.status.textContent !== statusText) p.status.textContent = statusText;
  p.status.classList.toggle("tg-repeat-problem", !!r.model.get("problem"));
  const todo = r.model.get("todo") || 0;
  p.progress.hidden = !todo;
  if (todo) {
    p.meter.max = todo;
    p.meter.value = r.model.get("done") || 0;
    p.count.textContent = `${words.progress || ""}: ${p.meter.value} / ${todo}`;
  }
}

function drawChart(r) {
  const chart = r.parts.chart;
  const markup = r.model.get("chart") || "";
  if (markup !== r.drawnChart) {
    chart.innerHTML = markup; // teachgames' own picture: its words are escaped in Python
    r.drawnChart = markup;
  }
  chart.hidden = !markup;
}

function drawLines(r, texts) {
  const { lines } = r.parts;
  while (r.lineNodes.length < texts.length) {
    const li = el("li");
    r.lineNodes.push(li);
    lines.append(li);
  }
  r.lineNodes.forEach((li, i) => {
    const text = texts[i] ?? "";
    if (li.textContent !== text) li.textContent = text; // only a changed line is read out
    li.hidden = i >= texts.length;
  });
}

function draw(r) {
  const p = r.parts;
  const words = r.model.get("words") || {};
  const isBusy = busy(r);
  p.root.lang = r.model.get("lang") || "";
  p.root.setAttribute("aria-busy", isBusy ? "true" : "false");
  p.label.textContent = words.size_label || "";
  drawButtons(r, isBusy);
  drawProgress(r, words);
  drawChart(r);
  // the lines are read out once the run is over, not at every dot
  p.lines.setAttribute("aria-busy", isBusy ? "true" : "false");
  drawLines(r, r.model.get("lines") || []);
}

function render({ model, el: host }) {
  const id = `tg-repeat-${Math.random().toString(36).slice(2, 10)}`;
  const r = { model, parts: frame(id), buttons: new Map(), lineNodes: [], waiting: false, drawnChart: null, drawnLayout: null };
  host.append(r.parts.root);
  const redraw = () => draw(r);
  const onBusy = () => {
    r.waiting = false;
    draw(r);
  };
  for (const trait of TRAITS) if (trait !== "busy") model.on(`change:${trait}`, redraw);
  model.on("change:busy", onBusy);
  draw(r);
  return () => {
    for (const trait of TRAITS) if (trait !== "busy") model.off(`change:${trait}`, redraw);
    model.off("change:busy", onBusy);
  };
}

export default { render };
