// A lesson page of the classroom site: the lesson's words are already on the page (the
// site's build rendered them); this starts its Python (worker.mjs) and draws what each
// code cell shows in the cell's place. Widgets are anywidget front ends (their `_esm`
// and `_css` come with the widget's state) on a small model that speaks the Jupyter
// widgets' comm messages with the worker: get/set/save_changes/on/off/send, custom
// messages, and the state updates Python sends. That is all teachgames' widgets use.

const words = JSON.parse(document.getElementById("tg-words").textContent);
const cells = JSON.parse(document.getElementById("tg-cells").textContent);
const language = document.documentElement.lang || "en";
const status = document.getElementById("tg-page-status");

let worker;
const models = new Map();
const styles = new Set();
const modules = new Map();

function send(message) {
  worker.postMessage(message);
}

class Model {
  constructor(id, state) {
    this.id = id;
    this.state = state;
    this.listeners = new Map();
    this.dirty = new Set();
  }
  get(key) {
    return this.state[key];
  }
  set(key, value) {
    this.state[key] = value;
    this.dirty.add(key);
    this.emit(`change:${key}`, this, value);
    this.emit("change", this);
  }
  save_changes() {
    if (!this.dirty.size) return;
    const state = {};
    for (const key of this.dirty) state[key] = this.state[key];
    this.dirty.clear();
    send({ comm_id: this.id, data: { method: "update", state, buffer_paths: [] } });
  }
  send(content) {
    send({ comm_id: this.id, data: { method: "custom", content } });
  }
  on(event, callback) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event).add(callback);
  }
  off(event, callback) {
    if (event === undefined) this.listeners.clear();
    else if (callback === undefined) this.listeners.delete(event);
    else this.listeners.get(event)?.delete(callback);
  }
  emit(event, ...args) {
    for (const callback of [...(this.listeners.get(event) ?? [])]) {
      try {
        callback(...args);
      } catch (err) {
        console.error(err);
      }
    }
  }
  update(state) {
    Object.assign(this.state, state);
    for (const [key, value] of Object.entries(state)) this.emit(`change:${key}`, this, value);
    this.emit("change", this);
  }
}

async function frontEnd(source) {
  // one module per distinct front end (every widget of a kind shares it)
  if (!modules.has(source)) {
    const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
    modules.set(source, import(url).finally(() => URL.revokeObjectURL(url)));
  }
  const module = await modules.get(source);
  let widget = module.default ?? module;
  if (typeof widget === "function") widget = await widget();
  return widget;
}

function addStyle(css) {
  if (!css || styles.has(css)) return;
  styles.add(css);
  const style = document.createElement("style");
  style.textContent = css;
  document.head.append(style);
}

async function drawWidget(place, id) {
  const model = models.get(id);
  if (!model) throw new Error(`no widget ${id}`);
  const source = model.get("_esm");
  if (typeof source !== "string") {
    // a widget of ipywidgets' own controls: this host draws anywidget front ends only
    throw new Error(`${model.get("_model_name") ?? "a widget"} cannot be drawn here`);
  }
  addStyle(model.get("_css"));
  const widget = await frontEnd(source);
  if (!model.initialized) {
    model.initialized = true;
    await widget.initialize?.({ model });
  }
  const el = document.createElement("div");
  el.className = "tg-widget";
  place.replaceChildren(el);
  await widget.render?.({ model, el });
}

function placeOf(cell) {
  return document.querySelector(`[data-cell="${cell}"]`);
}

async function showCell(message) {
  const place = placeOf(message.cell);
  if (!place) return;
  place.removeAttribute("aria-busy");
  const parts = [];
  if (message.printed) {
    const pre = document.createElement("pre");
    pre.className = "tg-printed";
    pre.textContent = message.printed;
    parts.push(pre);
  }
  const output = message.output;
  if (message.error) {
    const line = document.createElement("p");
    line.className = "tg-cell-error";
    line.setAttribute("role", "alert");
    line.textContent = message.error;
    parts.push(line);
  } else if (output?.kind === "text") {
    const pre = document.createElement("pre");
    pre.textContent = output.text;
    parts.push(pre);
  } else if (output?.kind === "html") {
    const div = document.createElement("div");
    div.className = "tg-picture";
    div.innerHTML = output.html; // teachgames' own pictures: their text is escaped in Python
    parts.push(div);
  }
  place.replaceChildren(...parts);
  if (output?.kind === "widget") {
    const host = document.createElement("div");
    place.append(host);
    try {
      await drawWidget(host, output.comm_id);
      marks.push(["drawn", message.cell, performance.now()]);
    } catch (err) {
      console.error(err);
      const line = document.createElement("p");
      line.className = "tg-cell-error";
      line.setAttribute("role", "alert");
      line.textContent = words.cell_failed.replace("{error}", err.message ?? String(err));
      host.replaceChildren(line);
    }
  }
  place.hidden = place.childElementCount === 0;
}

// when each message came (ms since the page opened): the site's benchmarks read it
const marks = (globalThis.teachgamesMarks = []);

function onMessage(text) {
  const message = JSON.parse(text);
  if (message.type !== "comm_msg") marks.push([message.type, message.cell ?? null, performance.now()]);
  switch (message.type) {
    case "comm_open":
      models.set(message.comm_id, new Model(message.comm_id, message.data.state ?? {}));
      break;
    case "comm_msg": {
      const model = models.get(message.comm_id);
      const data = message.data ?? {};
      if (!model) break;
      if ((data.method === "update" || data.method === "echo_update") && data.state) model.update(data.state);
      else if (data.method === "custom") model.emit("msg:custom", data.content, []);
      break;
    }
    case "comm_close":
      models.delete(message.comm_id);
      break;
    case "cell":
      showCell(message).catch((err) => console.error(err));
      break;
    case "python":
      document.documentElement.dataset.python = String(Math.round(message.ms));
      break;
    case "done":
      status.textContent = "";
      document.documentElement.dataset.lesson = "ready";
      for (const place of document.querySelectorAll("[data-cell][aria-busy]")) place.hidden = true;
      keepSite();
      break;
    case "failed":
      status.textContent = words.cell_failed.replace("{error}", message.error);
      break;
  }
}

// once the lesson has run, keep the lesson pages on this laptop (offline.js): the files
// this visit fetched come from the browser's cache, so the class's Wi-Fi carries little
// more. Browsers allow it only on https:// and localhost.
function keepSite() {
  if (!window.isSecureContext || !("serviceWorker" in navigator)) return;
  navigator.serviceWorker.register(new URL("./offline.js", import.meta.url)).catch((err) => console.warn(err));
}

if (typeof Worker === "undefined") {
  status.textContent = words.no_worker;
} else {
  worker = new Worker(new URL("./worker.mjs", import.meta.url), { type: "module" });
  worker.onmessage = (event) => onMessage(event.data);
  worker.onerror = (event) => {
    status.textContent = words.cell_failed.replace("{error}", event.message || "worker");
  };
  worker.postMessage({ type: "run", cells, language });
}
