/* Offline service worker. build.py fills in VERSION (a hash of every file's content hash)
   and PRECACHE (path -> content hash). A new build means a new cache: it is filled
   completely, every file checked against its hash, before the new worker takes over, then
   this site's old caches are deleted, so the site never mixes files of two versions.
   Every Pages site of one owner shares one origin (owner.github.io/a/, owner.github.io/b/) and so
   one CacheStorage: cache names carry the worker's scope, and a worker deletes only its own. */
"use strict";
const VERSION = "__VERSION__";
const PRECACHE = __PRECACHE__;
const SCOPE = new URL("./", self.location).href;
const CACHE_PREFIX = "towers-and-worlds " + SCOPE + " ";  // URLs hold no spaces: /a/ is no prefix of /a/b/
const CACHE = CACHE_PREFIX + VERSION;
const LEGACY_PREFIX = "towers-and-worlds-";  // before scoped names: one name for every site of the origin

/* The first 16 hex digits of a body's SHA-256, as build.py writes them. */
async function contentHash(response) {
  const digest = await crypto.subtle.digest("SHA-256", await response.clone().arrayBuffer());
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("").slice(0, 16);
}

/* What the page downloaded on its first visit and handed over (static/js/boot.js). */
const HANDOFF = "tw-handoff " + SCOPE;

/* One file of this build: what the page already downloaded (handed over, or in the HTTP
   cache: no second download of the runtime on a first visit) when its content hash is this
   build's, else fetched afresh from the host and checked again. */
async function fetchOfThisBuild(path, expected, handoff) {
  const url = new URL(path, SCOPE).href;
  const handed = await handoff.match(url);
  if (handed && (await contentHash(handed)) === expected) return [new Request(url), handed];
  for (const cache of ["force-cache", "reload"]) {
    const response = await fetch(new Request(url, { cache }));
    if (!response.ok) throw new Error(`precache: ${path} answered ${response.status}`);
    const found = await contentHash(response);
    if (found === expected) return [new Request(url), response];
    if (cache === "reload") throw new Error(`precache: ${path} is not from this build (${found}, want ${expected})`);
  }
}

/* The start-up snapshot is shipped gzipped (6.7 MB for 31 MB); an installed site also keeps it
   unzipped, which the loader (pyodide-snapshot.mjs) reads straight from Cache Storage in about
   40 ms where gunzipping takes about 140 ms on every start. Made from the hash-checked file, so it is of this build too; if
   storage cannot take it, starts simply gunzip as before. */
const SNAPSHOT = /vendor\/pyodide\/snapshot-[0-9a-f]+\.bin\.gz$/;

function unzippedName(url) {
  return url.replace(/\.gz$/, "");
}

async function keepSnapshotUnzipped(cache) {
  const path = Object.keys(PRECACHE).find((p) => SNAPSHOT.test(p));
  if (!path) return;
  const url = new URL(path, SCOPE).href;
  try {
    const zipped = await cache.match(url);
    const bytes = await new Response(zipped.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
    await cache.put(unzippedName(url), new Response(bytes, { headers: { "Content-Type": "application/octet-stream" } }));
  } catch (error) {
    console.warn(`Towers & Worlds: the start-up snapshot is kept zipped only (${error && error.message || error}).`);
  }
}

/* Every file must have the content hash of this build: a host still serving some files of
   another version (a deploy half done, a stale edge cache) fails the install, so the worker in
   charge and its cache stay as they were and the next visit tries again. */
self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const entries = [["./", PRECACHE["index.html"]], ...Object.entries(PRECACHE).map(([p, h]) => ["./" + p, h])];
    const handoff = await caches.open(HANDOFF);
    let fetched;
    try {
      fetched = await Promise.all(entries.map(([path, expected]) => fetchOfThisBuild(path, expected, handoff)));
    } finally {
      await caches.delete(HANDOFF);  /* used once, whether the install goes through or not */
    }
    const cache = await caches.open(CACHE);
    await Promise.all(fetched.map(([request, response]) => cache.put(request, response)));
    await keepSnapshotUnzipped(cache);
    await self.skipWaiting();
  })());
});

/* This site's caches, and an unscoped one from before only if it holds this site's shell
   (another site's old cache is that site's to replace). */
async function isOwnOldCache(name) {
  if (name.startsWith(CACHE_PREFIX)) return true;
  if (!name.startsWith(LEGACY_PREFIX)) return false;
  return !!(await (await caches.open(name)).match(SCOPE));
}

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name !== CACHE && await isOwnOldCache(name)) await caches.delete(name);
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
        /* Offline at a path the site does not have: the shell would load with broken relative
           URLs (a blank page); the 404 page is self-contained and finds its way home. */
        const lost = await cache.match(new URL("404.html", SCOPE).href);
        if (lost) return new Response(lost.body, { status: 404, headers: lost.headers });
      }
      throw error;
    }
  })());
});
