// The pupil's "Join your class" form (anywidget; any host with model.get/set/on/off/send).
// Python decides everything: this only sends the pupil's intent, {type: "join", code, name},
// and draws the traits it publishes (words, status, busy, joined, problem, missing).
// It keeps what Python hands it in `kept` (code, name, token) in localStorage for this
// site, so a reloaded page joins again as the same pupil (the kernel, in a web worker,
// has no storage of its own).
// What the pupil types is text: sent as it is, and every word is put in with textContent.

import { el } from "../../widgets/static/dom.js";

const TRAITS = ["lang", "words", "status", "busy", "joined", "problem", "missing"];
const STORE = "teachgames-class-pupil";

function remembered() {
  try {
    const kept = JSON.parse(window.localStorage.getItem(STORE) || "null");
    return kept && typeof kept.token === "string" ? kept : null;
  } catch {
    return null; // storage off (a private window) or not JSON: nothing kept
  }
}

// A labelled text box: its input, the label's words, and the field holding both.
function box(name, attrs) {
  const input = el("input", { type: "text", autocomplete: "off", spellcheck: "false", ...attrs });
  const text = el("span", { class: "tg-join-label" });
  return { input, text, field: el("label", { class: `tg-join-field tg-join-${name}` }, text, input) };
}

function frame() {
  const p = {
    code: box("code", { autocapitalize: "characters" }),
    name: box("name", { autocapitalize: "words" }),
    title: el("h2", { class: "tg-join-title" }),
    button: el("button", { type: "submit", class: "tg-join" }),
    status: el("p", { class: "tg-join-status", role: "status", "aria-live": "polite" }),
  };
  p.fields = el("div", { class: "tg-join-fields" }, p.code.field, p.name.field, p.button);
  // data-lm-suppress-shortcuts: in JupyterLab, keys typed in the form are the pupil's,
  // never the notebook's shortcuts
  p.form = el("form", { class: "tg-join-form", novalidate: "", "data-lm-suppress-shortcuts": "true" },
    p.title, p.fields, p.status);
  // one id per drawn form, so the form is named by its title and the boxes point at the status
  const id = `tg-join-${Math.random().toString(36).slice(2, 10)}`;
  p.title.id = `${id}-title`;
  p.status.id = `${id}-status`;
  p.form.setAttribute("aria-labelledby", p.title.id);
  for (const input of [p.code.input, p.name.input]) input.setAttribute("aria-describedby", p.status.id);
  return p;
}

// The button and Enter in a box send the form; while joining nothing is sent (the
// button stays focusable, aria-disabled, so a keyboard pupil keeps their place).
function submit(model, p, event) {
  event.preventDefault();
  if (model.get("busy") || model.get("joined")) return;
  model.send({ type: "join", code: p.code.input.value, name: p.name.input.value });
}

function draw(model, p) {
  const words = model.get("words") || {};
  const busy = !!model.get("busy");
  const joined = !!model.get("joined");
  const missing = model.get("missing") || [];
  p.form.lang = model.get("lang") || "";
  p.title.textContent = words.title || "";
  p.code.text.textContent = words.code || "";
  p.name.text.textContent = words.name || "";
  p.button.textContent = words.button || "";
  p.button.setAttribute("aria-disabled", busy ? "true" : "false");
  p.form.setAttribute("aria-busy", busy ? "true" : "false");
  p.fields.hidden = joined;
  p.status.textContent = model.get("status") || "";
  p.status.classList.toggle("tg-join-problem", !!model.get("problem"));
  p.status.classList.toggle("tg-join-done", joined);
  p.code.input.setAttribute("aria-invalid", missing.includes("code") ? "true" : "false");
  p.name.input.setAttribute("aria-invalid", missing.includes("name") ? "true" : "false");
}

// a box left empty takes the focus, so the pupil types straight into it
function focusMissing(model, p) {
  const first = (model.get("missing") || [])[0];
  if (first === "code") p.code.input.focus();
  else if (first === "name") p.name.input.focus();
}

function keep(model) {
  const kept = model.get("kept") || {};
  try {
    if (kept.token) window.localStorage.setItem(STORE, JSON.stringify(kept));
  } catch {
    // no storage: a reload asks for the code and name again
  }
}

// back after a reload: the same pupil, with the code and name typed before
function joinAgain(model, p) {
  const before = remembered();
  if (before && !model.get("joined") && !model.get("busy")) {
    p.code.input.value = before.code || "";
    p.name.input.value = before.name || "";
    model.send({ type: "join", code: p.code.input.value, name: p.name.input.value, token: before.token });
  }
}

function render({ model, el: host }) {
  const p = frame();
  host.append(p.form);
  const onSubmit = (event) => submit(model, p, event);
  // Enter is caught on keydown: JupyterLab swallows the keypress that would submit.
  const enter = (event) => {
    if (event.key === "Enter" && !event.isComposing && !event.shiftKey) onSubmit(event);
  };
  p.form.addEventListener("submit", onSubmit);
  p.form.addEventListener("keydown", enter);
  const redraw = () => draw(model, p);
  const onMissing = () => focusMissing(model, p);
  const onKept = () => keep(model);
  for (const trait of TRAITS) model.on(`change:${trait}`, redraw);
  model.on("change:missing", onMissing);
  model.on("change:kept", onKept);
  redraw();
  joinAgain(model, p);
  return () => {
    for (const trait of TRAITS) model.off(`change:${trait}`, redraw);
    model.off("change:missing", onMissing);
    model.off("change:kept", onKept);
    p.form.removeEventListener("submit", onSubmit);
    p.form.removeEventListener("keydown", enter);
  };
}

export default { render };
