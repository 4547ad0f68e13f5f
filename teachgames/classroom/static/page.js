// The projector page: the teacher's key comes in the link's #fragment (never sent to a
// server, never in a log), is kept for this tab only and taken out of the address bar.
// It gives dashboard.js a model like anywidget's and long-polls the board.
import dashboard from "./dashboard.js";

const params = new URLSearchParams(location.search);
const fragment = new URLSearchParams(location.hash.slice(1));
if (fragment.get("key")) {
  sessionStorage.setItem("teachgames-class-key", fragment.get("key"));
  history.replaceState(null, "", location.pathname + location.search);
}
let key = sessionStorage.getItem("teachgames-class-key") || "";
const lang = params.get("lang") || "en";
document.documentElement.lang = lang;
const api = new URL("api/", location.href);

function model() {
  const values = { state: {}, hide_names: params.get("hide") === "1", problem: null };
  const listeners = {};
  const fire = (name) => (listeners[`change:${name}`] || []).forEach((f) => f());
  return {
    get: (name) => values[name],
    set: (name, value) => { values[name] = value; fire(name); },
    save_changes: () => {},
    on: (event, f) => { (listeners[event] = listeners[event] || []).push(f); },
    off: (event, f) => { listeners[event] = (listeners[event] || []).filter((g) => g !== f); },
    send: (message) => send(message),
    _values: values,
    _fire: fire,
  };
}

const m = model();
let session = params.get("session");

let polling = new AbortController();

async function call(method, path, body, signal, raw) {
  const response = await fetch(new URL(path, api), {
    method,
    signal,
    headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (raw && response.ok) return response.text();
  const data = await response.json().catch(() => null);
  if (!response.ok) throw new Error((data && data.message) || String(response.status));
  return data;
}

function save(filename, text, mime) {
  const url = URL.createObjectURL(new Blob([text], { type: mime }));
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

async function send(message) {
  if (!session) return;
  const { type, ...body } = message;
  try {
    if (type === "control") await call("POST", `sessions/${session}/control?lang=${lang}`, body);
    else if (type === "export" && body.format === "practice") {
      const text = await call("GET", `sessions/${session}/practice.csv?lang=${lang}`, undefined, undefined, true);
      save(`session-${session}-practice.csv`, text, "text/csv");
    } else if (type === "export") {
      const format = body.format === "json" ? "json" : "csv";
      const text = await call("GET", `sessions/${session}/answers.${format}`, undefined, undefined, true);
      const lesson = ((m.get("state") || {}).session || {}).lesson || "lesson";
      save(`session-${session}-${lesson}.${format}`, text, format === "csv" ? "text/csv" : "application/json");
    } else if (type === "session" && Number.isInteger(body.id) && body.id > 0) {
      // another of the class's sessions: its board, in this tab and its address
      session = String(body.id);
      const here = new URLSearchParams(location.search);
      here.set("session", session);
      history.replaceState(null, "", `${location.pathname}?${here}`);
      polling.abort();
    } else if (type === "remove" && Number.isInteger(body.pupil) && body.pupil > 0) {
      await call("DELETE", `sessions/${session}/pupils/${body.pupil}?lang=${lang}`);
    } else if (type === "new_key") {
      const fresh = await call("POST", `teacher/key?lang=${lang}`);
      key = fresh.key;
      sessionStorage.setItem("teachgames-class-key", key);
      window.alert(m.get("state").words.new_key_done);
    }
  } catch (error) { m.set("problem", String(error.message)); }
}

async function loop() {
  let stamp = "";
  for (;;) {
    try {
      if (!session) {
        const open = (await call("GET", "sessions")).filter((s) => s.open);
        if (!open.length) { m.set("problem", "—"); await new Promise((r) => setTimeout(r, 2000)); continue; }
        session = String(open[open.length - 1].id);
      }
      const asked = session;
      const state = await call("GET", `sessions/${session}/board?lang=${lang}&since=${encodeURIComponent(stamp)}`,
        undefined, polling.signal);
      if (asked !== session) { stamp = ""; continue; }
      stamp = state.stamp;
      m._values.problem = null;
      m.set("state", state);
    } catch (error) {
      if (polling.signal.aborted) { polling = new AbortController(); stamp = ""; continue; }
      m.set("problem", String(error.message));
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}

dashboard.render({ model: m, el: document.getElementById("board") });
loop();
