// teachgames: how the lesson activity and the practice widget talk to Python, shared.
//
// Both widgets keep one object `w` (the model, the root node and `w.state`), draw the
// view-model Python sends and send intents back, one at a time:
//   {type: "intent", version, action, args}
// A second press while an intent is on its way is dropped; the root says aria-busy until
// Python's answer (or 4 s, so a lost answer never locks the widget). Like dom.js, a
// widget's module names these with `import {...} from "./intents.js";` and the Python
// side puts this file in place of that line.

export function viewModel(w) {
  return w.model.get("view_model") || {};
}

// A label in the widget's language ({name} filled in), `fallback`'s English one if Python
// sent none.
export function labelled(w, fallback, key, values) {
  const labels = viewModel(w).labels || {};
  let text = typeof labels[key] === "string" ? labels[key] : fallback[key];
  for (const [k, v] of Object.entries(values || {})) text = text.split("{" + k + "}").join(String(v));
  return text;
}

export function send(w, action, args) {
  const s = w.state;
  if (s.inFlight) return;
  s.inFlight = true;
  w.root.setAttribute("aria-busy", "true");
  clearTimeout(s.busyTimer);
  s.busyTimer = setTimeout(() => done(w), 4000);
  w.model.send({ type: "intent", version: viewModel(w).version, action, args: args || {} });
}

// Python has answered (a new view-model, or a refusal): the next intent may go.
export function done(w) {
  w.state.inFlight = false;
  w.root.removeAttribute("aria-busy");
  clearTimeout(w.state.busyTimer);
}
