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

function render({ model, el: host }) {
  const box = (name, attrs) => {
    const input = el("input", { type: "text", autocomplete: "off", spellcheck: "false", ...attrs });
    const text = el("span", { class: "tg-join-label" });
    return { input, text, field: el("label", { class: `tg-join-field tg-join-${name}` }, text, input) };
  };
  const code = box("code", { autocapitalize: "characters" });
  const name = box("name", { autocapitalize: "words" });
  const title = el("h2", { class: "tg-join-title" });
  const button = el("button", { type: "submit", class: "tg-join" });
  const fields = el("div", { class: "tg-join-fields" }, code.field, name.field, button);
  const status = el("p", { class: "tg-join-status", role: "status", "aria-live": "polite" });
  // data-lm-suppress-shortcuts: in JupyterLab, keys typed in the form are the pupil's,
  // never the notebook's shortcuts
  const form = el("form", { class: "tg-join-form", novalidate: "", "data-lm-suppress-shortcuts": "true" },
    title, fields, status);
  // one id per drawn form, so the form is named by its title and the boxes point at the status
  const id = `tg-join-${Math.random().toString(36).slice(2, 10)}`;
  title.id = `${id}-title`;
  status.id = `${id}-status`;
  form.setAttribute("aria-labelledby", title.id);
  for (const input of [code.input, name.input]) input.setAttribute("aria-describedby", status.id);
  host.append(form);

  // The button and Enter in a box send the form; while joining nothing is sent (the
  // button stays focusable, aria-disabled, so a keyboard pupil keeps their place).
  // Enter is caught on keydown: JupyterLab swallows the keypress that would submit.
  const submit = (event) => {
    event.preventDefault();
    if (model.get("busy") || model.get("joined")) return;
    model.send({ type: "join", code: code.input.value, name: name.input.value });
  };
  const enter = (event) => {
    if (event.key === "Enter" && !event.isComposing && !event.shiftKey) submit(event);
  };
  form.addEventListener("submit", submit);
  form.addEventListener("keydown", enter);

  function draw() {
    const words = model.get("words") || {};
    const busy = !!model.get("busy");
    const joined = !!model.get("joined");
    const missing = model.get("missing") || [];
    form.lang = model.get("lang") || "";
    title.textContent = words.title || "";
    code.text.textContent = words.code || "";
    name.text.textContent = words.name || "";
    button.textContent = words.button || "";
    button.setAttribute("aria-disabled", busy ? "true" : "false");
    form.setAttribute("aria-busy", busy ? "true" : "false");
    fields.hidden = joined;
    status.textContent = model.get("status") || "";
    status.classList.toggle("tg-join-problem", !!model.get("problem"));
    status.classList.toggle("tg-join-done", joined);
    code.input.setAttribute("aria-invalid", missing.includes("code") ? "true" : "false");
    name.input.setAttribute("aria-invalid", missing.includes("name") ? "true" : "false");
  }

  // a box left empty takes the focus, so the pupil types straight into it
  function focusMissing() {
    const first = (model.get("missing") || [])[0];
    if (first === "code") code.input.focus();
    else if (first === "name") name.input.focus();
  }

  function keep() {
    const kept = model.get("kept") || {};
    try {
      if (kept.token) window.localStorage.setItem(STORE, JSON.stringify(kept));
    } catch {
      // no storage: a reload asks for the code and name again
    }
  }

  for (const trait of TRAITS) model.on(`change:${trait}`, draw);
  model.on("change:missing", focusMissing);
  model.on("change:kept", keep);
  draw();
  // back after a reload: the same pupil, with the code and name typed before
  const before = remembered();
  if (before && !model.get("joined") && !model.get("busy")) {
    code.input.value = before.code || "";
    name.input.value = before.name || "";
    model.send({ type: "join", code: code.input.value, name: name.input.value, token: before.token });
  }
  return () => {
    for (const trait of TRAITS) model.off(`change:${trait}`, draw);
    model.off("change:missing", focusMissing);
    model.off("change:kept", keep);
    form.removeEventListener("submit", submit);
    form.removeEventListener("keydown", enter);
  };
}

export default { render };
