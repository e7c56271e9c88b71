/* Offline service worker. build.py fills in VERSION (a hash of every file's content hash)
   and PRECACHE (path -> content hash). A new build means a new cache: it is filled
   completely before the new worker takes over, then old caches are deleted, so the
   site never mixes files of two versions. */
"use strict";
const VERSION = "__VERSION__";
const PRECACHE = __PRECACHE__;
const CACHE = "towers-and-worlds-" + VERSION;
const SCOPE = new URL("./", self.location).href;

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const paths = ["./", ...Object.keys(PRECACHE).map((p) => "./" + p)];
    await cache.addAll(paths.map((p) => new Request(new URL(p, SCOPE).href, { cache: "reload" })));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("towers-and-worlds-") && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(SCOPE)) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const url = new URL(request.url);
    url.search = "";  // ?embed=…, ?seed=… are read by the page, not separate files
    url.hash = "";
    const hit = await cache.match(url.href);
    if (hit) return hit;
    try {
      return await fetch(request);
    } catch (error) {
      if (request.mode === "navigate") {
        const shell = await cache.match(SCOPE);
        if (shell) return shell;
      }
      throw error;
    }
  })());
});
