// The experiments lesson's repeat control (anywidget; any host with model.get/set/on/off/send).
// Python decides everything: this only sends the pupil's intents, {type: "size", games}
// and {type: "run", times}, and draws the traits it publishes (words, sizes, runs, games,
// chart, lines, status, problem, busy, done, todo). Words go in with textContent; the
// chart is teachgames' own SVG and table, every word in it escaped in Python.
// Nodes are made once and updated in place, so a button keeps the focus a pupil gave it.

import { el } from "../../widgets/static/dom.js";

const TRAITS = ["lang", "words", "sizes", "runs", "games", "chart", "lines", "status", "problem", "busy", "done", "todo"];

function render({ model, el: host }) {
  const id = `tg-repeat-${Math.random().toString(36).slice(2, 10)}`;
  const label = el("span", { class: "tg-repeat-label", id: `${id}-label` });
  const sizes = el("div", { class: "tg-repeat-sizes", role: "group", "aria-labelledby": `${id}-label` });
  const runs = el("div", { class: "tg-repeat-runs" });
  const status = el("p", { class: "tg-repeat-status", role: "status", "aria-live": "polite", id: `${id}-status` });
  const meter = el("progress", { class: "tg-repeat-progress", "aria-labelledby": `${id}-progress` });
  const count = el("span", { class: "tg-repeat-count", id: `${id}-progress` });
  const progress = el("div", { class: "tg-repeat-progress-row" }, meter, count);
  const chart = el("div", { class: "tg-repeat-chart" });
  const lines = el("ul", { class: "tg-repeat-lines", "aria-live": "polite" });
  const root = el("section", { class: "tg-repeat", "aria-labelledby": `${id}-label` },
    el("div", { class: "tg-repeat-controls" }, el("div", { class: "tg-repeat-choose" }, label, sizes), runs),
    status, progress, chart, lines);
  host.append(root);

  // A press while Python runs is not sent (the buttons stay focusable, aria-disabled, so
  // a keyboard pupil keeps their place). `waiting` covers the moment between a press and
  // Python's busy arriving: a double click runs once.
  let waiting = false;
  const busy = () => waiting || !!model.get("busy");
  const buttons = new Map(); // "size:10", "run:20" -> button
  const button = (key, cls, onPress) => {
    if (!buttons.has(key)) {
      const b = el("button", { type: "button", class: cls });
      b.addEventListener("click", () => { if (!busy()) onPress(); });
      buttons.set(key, b);
    }
    return buttons.get(key);
  };

  const pressSize = (games) => model.send({ type: "size", games });
  const pressRun = (times) => {
    waiting = true;
    draw();
    model.send({ type: "run", times });
  };

  const lineNodes = [];
  function drawLines(texts) {
    while (lineNodes.length < texts.length) {
      const li = el("li");
      lineNodes.push(li);
      lines.append(li);
    }
    lineNodes.forEach((li, i) => {
      const text = texts[i] ?? "";
      if (li.textContent !== text) li.textContent = text; // only a changed line is read out
      li.hidden = i >= texts.length;
    });
  }

  let drawnChart = null;
  let drawnLayout = null;
  function draw() {
    const words = model.get("words") || {};
    const isBusy = busy();
    root.lang = model.get("lang") || "";
    root.setAttribute("aria-busy", isBusy ? "true" : "false");
    label.textContent = words.size_label || "";
    const games = model.get("games");
    const sizeList = model.get("sizes") || [];
    const runList = model.get("runs") || [];
    // the buttons are put in once (moving a focused button would lose its focus)
    const layout = JSON.stringify([sizeList, runList]);
    if (layout !== drawnLayout) {
      drawnLayout = layout;
      sizes.replaceChildren(...sizeList.map((s) => button(`size:${s.games}`, "tg-repeat-size", () => pressSize(s.games))));
      runs.replaceChildren(...runList.map((r, i) => button(`run:${r.times}`,
        i === 0 ? "tg-repeat-run tg-repeat-primary" : "tg-repeat-run", () => pressRun(r.times))));
    }
    sizeList.forEach((s) => {
      const b = buttons.get(`size:${s.games}`);
      b.textContent = s.label;
      b.setAttribute("aria-pressed", s.games === games ? "true" : "false");
      b.setAttribute("aria-disabled", isBusy ? "true" : "false");
    });
    runList.forEach((r) => {
      const b = buttons.get(`run:${r.times}`);
      b.textContent = r.label;
      b.setAttribute("aria-disabled", isBusy ? "true" : "false");
      b.setAttribute("aria-describedby", status.id);
    });
    const statusText = model.get("status") || "";
    if (status.textContent !== statusText) status.textContent = statusText;
    status.classList.toggle("tg-repeat-problem", !!model.get("problem"));
    const todo = model.get("todo") || 0;
    progress.hidden = !todo;
    if (todo) {
      meter.max = todo;
      meter.value = model.get("done") || 0;
      count.textContent = `${words.progress || ""}: ${meter.value} / ${todo}`;
    }
    const markup = model.get("chart") || "";
    if (markup !== drawnChart) {
      chart.innerHTML = markup; // teachgames' own picture: its words are escaped in Python
      drawnChart = markup;
    }
    chart.hidden = !markup;
    // the lines are read out once the run is over, not at every dot
    lines.setAttribute("aria-busy", isBusy ? "true" : "false");
    drawLines(model.get("lines") || []);
  }

  const onBusy = () => {
    waiting = false;
    draw();
  };
  for (const trait of TRAITS) if (trait !== "busy") model.on(`change:${trait}`, draw);
  model.on("change:busy", onBusy);
  draw();
  return () => {
    for (const trait of TRAITS) if (trait !== "busy") model.off(`change:${trait}`, draw);
    model.off("change:busy", onBusy);
  };
}

export default { render };
