/* global VERSION, FILES, caches */
// The lesson pages kept on this laptop (teachgames/site/offline.py writes VERSION and
// FILES above this line): Cache Storage, one cache per version of the site. The site's
// own files in FILES are answered from the cache, offline-first; everything else (the
// class server, other origins, files not kept) goes to the network untouched.

const PREFIX = "teachgames-site-";
const CACHE = PREFIX + VERSION;
const KEPT = new Set(FILES.map((name) => new URL(name, self.location.href).href));

// the address a file is kept under: no query (?theme=dark is the same page), no fragment
function keyOf(url) {
  const key = new URL(url);
  key.search = "";
  key.hash = "";
  return key.href;
}

// only what is missing: a laptop prepared by the teacher's page, or a pupil's visit that
// already fetched most files, downloads nothing twice
async function keepAll() {
  const cache = await caches.open(CACHE);
  for (const url of KEPT) {
    if (await cache.match(url)) continue;
    const response = await fetch(url, { cache: "no-cache" });
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    await cache.put(url, response);
  }
}

self.addEventListener("install", (event) => {
  event.waitUntil(keepAll().then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

async function answer(request, key) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(key);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok && response.status === 200) await cache.put(key, response.clone());
  return response;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const key = keyOf(request.url);
  if (!KEPT.has(key)) return;
  event.respondWith(answer(request, key));
});
