/* global caches */
// "Prepare the laptops": the teacher opens this page on each laptop the day before; it
// fetches every file a lesson page needs into the cache the service worker answers from
// (offline.js), showing how far it is, then registers the worker, which finds them all
// kept and downloads nothing more.

const data = JSON.parse(document.getElementById("tg-prepare-data").textContent);
const words = JSON.parse(document.getElementById("tg-prepare-words").textContent);
const button = document.getElementById("tg-prepare");
const bar = document.getElementById("tg-prepare-bar");
const status = document.getElementById("tg-prepare-status");
const language = document.documentElement.lang || "en";
const megabytes = (bytes) =>
  (bytes / 1e6).toLocaleString(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const total = data.sizes.reduce((a, b) => a + b, 0);
const fill = (template, values) => template.replace(/\{(\w+)\}/g, (_, name) => values[name] ?? "");

function keyOf(name) {
  return new URL(name, location.href).href;
}

async function prepare() {
  button.disabled = true;
  bar.hidden = false;
  const cache = await caches.open("teachgames-site-" + data.version);
  let done = 0;
  for (const [i, name] of data.files.entries()) {
    const key = keyOf(name);
    if (!(await cache.match(key))) {
      const response = await fetch(key, { cache: "no-cache" });
      if (!response.ok) throw new Error(`${name.replace(/^(\.\.\/)+/, "")}: ${response.status}`);
      await cache.put(key, response);
    }
    done += data.sizes[i];
    bar.value = done / total;
    status.textContent = fill(words.progress, { done: megabytes(done), total: megabytes(total) });
  }
  await navigator.serviceWorker.register(new URL("./offline.js", import.meta.url));
  await navigator.serviceWorker.ready;
  status.textContent = fill(words.done, { total: megabytes(total) });
  document.documentElement.dataset.prepared = data.version;
}

if (!window.isSecureContext || !("serviceWorker" in navigator) || !("caches" in window)) {
  button.disabled = true;
  status.textContent = words.not_secure;
} else {
  button.addEventListener("click", () => {
    prepare().catch((err) => {
      button.disabled = false;
      status.textContent = fill(words.failed, { error: err.message ?? String(err) });
    });
  });
}
