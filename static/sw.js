/* Offline service worker. build.py fills in VERSION (a hash of every file's content hash)
   and PRECACHE (path -> content hash). A new build means a new cache: it is filled
   completely, every file checked against its hash, before the new worker takes over, then
   this site's old caches are deleted, so the site never mixes files of two versions. A file whose
   hash did not change is copied from the old cache, not downloaded again.
   Updates: at each visit the worker in charge asks the host for version.json (the deployed
   version and its files' hashes). When a new version is deployed, that visit runs the new
   version whole: its files the worker holds come from its cache, the others from the host, each
   checked against its hash before the page gets any; should one not be whole (a deploy still
   uploading), the visit runs the worker's own version, and the next one tries again. Meanwhile
   the new worker installs and waits; a page still running the old version offers "Reload"
   (static/js/boot.js), and only a reader's click hands over ("take-over"), never the worker alone.
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
  return bytesHash(await response.clone().arrayBuffer());
}

async function bytesHash(bytes) {
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("").slice(0, 16);
}

/* Files an offline start needs only where this browser cannot start from the snapshot: the
   standard library for a boot (0.9 MB, make/site.py's write_precache). Kept when the page used them
   (it booted that way, and handed them over) or an older version's cache has them; not downloaded
   ahead otherwise, since a browser that starts from the snapshot once does so again (should it not,
   online, the page fetches the file then). */
const IF_USED = __IF_USED__;

/* What the page downloaded on its first visit and handed over (static/js/boot.js). */
const HANDOFF = "tw-handoff " + SCOPE;

/* One file of this build: what the page already downloaded (handed over, or in the HTTP
   cache: no second download of the runtime on a first visit) when its content hash is this
   build's, else fetched afresh from the host and checked again. */
async function fetchOfThisBuild(path, expected, handoff, kept) {
  const url = new URL(path, SCOPE).href;
  const handed = await handoff.match(url);
  if (handed && (await contentHash(handed)) === expected) return [new Request(url), handed];
  const old = await keptCopy(kept, url, expected);
  if (old) return [new Request(url), old];
  if (IF_USED.includes(path.replace(/^\.\//, ""))) return null;
  for (const cache of ["force-cache", "reload"]) {
    const response = await fetch(new Request(url, { cache }));
    if (!response.ok) throw new Error(`precache: ${path} answered ${response.status}`);
    const found = await contentHash(response);
    if (found === expected) return [new Request(url), response];
    if (cache === "reload") throw new Error(`precache: ${path} is not from this build (${found}, want ${expected})`);
  }
}

/* This site's caches of other versions, newest first (by the order they were opened). */
async function keptCaches() {
  const names = (await caches.keys()).filter((n) => n.startsWith(CACHE_PREFIX) && n !== CACHE);
  return Promise.all(names.reverse().map((n) => caches.open(n)));
}

/* A copy of ``url`` with this build's content hash from another version's cache, if any: a deploy
   downloads only the files whose hashes changed. */
async function keptCopy(kept, url, expected) {
  for (const cache of kept) {
    const old = await cache.match(url);
    if (old && (await contentHash(old)) === expected) return old;
  }
  return null;
}

/* The start-up snapshot is shipped zstd-compressed (3.0 MB for 31 MB); an installed site also
   keeps it decoded, which the loader (pyodide-snapshot.mjs) reads straight from Cache Storage in
   about 40 ms where decoding takes hundreds on every start. Made from the hash-checked file, so it
   is of this build too; if storage cannot take it, starts simply decode as before. The decoder is
   fzstd's script, the loader's own (a gzipped snapshot, .gz, is gunzipped). */
const SNAPSHOT = /vendor\/pyodide\/snapshot-[0-9a-f]+\.bin\.(gz|zst)$/;

function unzippedName(url) {
  return url.replace(/\.(gz|zst)$/, "");
}

/* fzstd's script (vendor/fzstd/fzstd.js), written in here by build.py: it sets self.fzstd. In the
   worker's own file, not imported, so that a new deploy's worker fetches nothing more than sw.js. */
__ZSTD_DECODER__

async function decoded(url, zipped) {
  if (url.endsWith(".gz")) return new Response(zipped.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
  if (!self.fzstd) throw new Error("the decoder did not load");
  return self.fzstd.decompress(new Uint8Array(await zipped.arrayBuffer()));
}

async function keepSnapshotUnzipped(cache) {
  const path = Object.keys(PRECACHE).find((p) => SNAPSHOT.test(p));
  if (!path) return;
  const url = new URL(path, SCOPE).href;
  try {
    const bytes = await decoded(url, await cache.match(url));
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
    const entries = Object.entries(PRECACHE).map(([p, h]) => ["./" + p, h]);
    const handoff = await caches.open(HANDOFF);
    const kept = await keptCaches();
    let fetched;
    try {
      fetched = (await Promise.all(entries.map(([path, expected]) => fetchOfThisBuild(path, expected, handoff, kept)))).filter(Boolean);
    } finally {
      await caches.delete(HANDOFF);  /* used once, whether the install goes through or not */
    }
    const [, shell] = fetched.find(([request]) => request.url === new URL("index.html", SCOPE).href);
    fetched.push([new Request(SCOPE), shell.clone()]);  /* "./" is index.html: one download for both */
    await fillCache(fetched);
    /* No skipWaiting: a first install activates at once; an update waits for its "take-over". */
  })());
});

/* The version's cache is opened only once every file is here and checked, and deleted again
   should storage refuse one (quota): a cache named after a version holds it whole. (A cache of
   this name that was there before is the worker in charge's, of the same version: left alone.) */
async function fillCache(fetched) {
  const existed = await caches.has(CACHE);
  const cache = await caches.open(CACHE);
  try {
    await Promise.all(fetched.map(([request, response]) => cache.put(request, response)));
  } catch (error) {
    if (!existed) await caches.delete(CACHE);
    throw error;
  }
  await keepSnapshotUnzipped(cache);
}

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

/* What the host deploys now (version.json: {version, files: path -> hash}), or null when it does
   not answer within DEPLOYED_WAIT_MS (offline, a slow network: the visit runs what is cached). */
const DEPLOYED_WAIT_MS = 1500;

async function deployedNow() {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), DEPLOYED_WAIT_MS);
  try {
    const response = await fetch(new URL("version.json", SCOPE).href, { cache: "no-store", signal: controller.signal });
    const deployed = response.ok ? await response.json() : null;
    return deployed && typeof deployed.version === "string" && deployed.files ? deployed : null;
  } catch (error) {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/* Pages this worker serves as a newer deployed version than its own (client id -> {deployed, files}),
   and pages it served its own version while another was deployed (client id -> that version). */
const servedAs = new Map();
const behindDeployed = new Map();

/* A request's path in PRECACHE terms: no query, no fragment, "./" is index.html. */
function pathOf(url) {
  const path = url.slice(SCOPE.length).split(/[?#]/)[0];
  return path === "" ? "index.html" : path;
}

function urlOf(path) {
  return new URL(path === "index.html" ? "./" : path, SCOPE).href;
}

/* A visit runs the deployed version only once every file of it that this worker does not hold is
   here whole, its content hash checked: a deploy still uploading (version.json new, a file cut
   short) or a host serving another version's file would otherwise start the page on a broken file.
   Until then the visit runs this version, which is complete, and each navigation tries again (the
   page asks for the new worker again too: static/js/boot.js). Those files delay the page's first
   paint, so a visit waits NEW_VERSION_WAIT_MS for them at most (a new runtime on a slow link), then
   runs this version; the new one is offered ("A new version is ready") once its worker has it. */
const NEW_VERSION_WAIT_MS = 3000;

/* The deployed version's files being fetched, or fetched whole ({version, files: Promise}): the next
   navigation takes them rather than fetching again; a failed attempt is made again. */
let fetching = null;

function wholeFilesOf(deployed) {
  if (!fetching || fetching.version !== deployed.version || fetching.failed) {
    const attempt = { version: deployed.version, failed: false };
    attempt.files = filesMissingFrom(deployed).then((files) => {
      attempt.failed = !files;
      return files;
    });
    fetching = attempt;
  }
  return fetching.files;
}

/* The new worker's cache of ``deployed``, if it has made one: every file in it was checked before
   it was put there. (caches.match with a cacheName never creates that cache.) */
function fromItsCache(deployed, url) {
  return caches.match(url, { cacheName: CACHE_PREFIX + deployed.version });
}

/* A body when its content hash is ``expected``, else null. Of the host's headers only the type is
   kept: the body is decoded, so a Content-Encoding or Content-Length would no longer be true. */
async function wholeBody(response, expected) {
  if (!response.ok) return null;
  const body = await response.arrayBuffer();
  if ((await bytesHash(body)) !== expected) return null;
  return { body, type: response.headers.get("Content-Type") || "application/octet-stream" };
}

function responseOf(whole) {
  return new Response(whole.body, { headers: { "Content-Type": whole.type } });
}

async function wholeFromHost(path, expected) {
  try {
    return await wholeBody(await fetch(urlOf(path), { cache: "no-cache" }), expected);
  } catch (error) {
    return null;  /* offline, or the connection dropped mid-file */
  }
}

/* The files of ``deployed`` that this worker's cache has not got (path -> body; true where the new
   worker's cache has it), or null when any cannot be had whole now. The standard library of a boot
   without the snapshot (ifUsed) is left to the page's asking, as the install leaves it. */
async function filesMissingFrom(deployed) {
  const leftOut = new Set(deployed.ifUsed || []);
  const paths = Object.keys(deployed.files).filter((p) => PRECACHE[p] !== deployed.files[p] && !leftOut.has(p));
  const found = await Promise.all(paths.map(async (path) =>
    (await fromItsCache(deployed, urlOf(path))) ? true : wholeFromHost(path, deployed.files[path])));
  return found.includes(null) ? null : new Map(paths.map((path, i) => [path, found[i]]));
}

function withinTime(promise, ms) {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), ms);
    promise.then((value) => { clearTimeout(timer); resolve(value); }, () => { clearTimeout(timer); resolve(null); });
  });
}

/* One file of the deployed version, always whole: from this worker's cache when its hash is the
   deployed one, else from the new worker's cache, else as fetched whole at the navigation, else
   (a file left to the page's asking) from the host, checked; a file that is not whole is a network
   error, as if offline. Paths that are not files of the build go to the host as they are. */
async function fileOfDeployed(served, request) {
  const path = pathOf(request.url);
  const expected = served.deployed.files[path];
  if (!expected) return fetch(request, { cache: "no-cache" });
  const url = urlOf(path);
  const ours = PRECACHE[path] === expected && await (await caches.open(CACHE)).match(url);
  const cached = ours || await fromItsCache(served.deployed, url);
  if (cached) return cached;
  const fetched = served.files.get(path);
  const whole = fetched && fetched.body ? fetched : await wholeFromHost(path, expected);
  return whole ? responseOf(whole) : Response.error();
}

/* The page at this navigation: this version from the cache, unless the host now deploys
   another that can be had whole, which the page then runs whole (fileOfDeployed for it and
   everything it loads). */
async function navigate(event, cache, url) {
  const deployed = await deployedNow();
  const client = event.resultingClientId;
  if (deployed && deployed.version !== VERSION && client) {
    const files = await withinTime(wholeFilesOf(deployed), NEW_VERSION_WAIT_MS);
    if (files) {
      const served = { deployed, files };
      servedAs.set(client, served);
      return fileOfDeployed(served, event.request);
    }
    behindDeployed.set(client, deployed.version);
    console.warn(`Towers & Worlds: version ${deployed.version} is deployed but not whole yet; this visit runs ${VERSION}.`);
  }
  return cache.match(url);
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(SCOPE)) return;
  event.respondWith((async () => {
    const served = servedAs.get(event.clientId);
    if (served) return fileOfDeployed(served, request);
    const cache = await caches.open(CACHE);
    const url = new URL(request.url);
    url.search = "";  // ?embed=…, ?seed=… are read by the page, not separate files
    url.hash = "";
    const hit = request.mode === "navigate" ? await navigate(event, cache, url.href) : await cache.match(url.href);
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

/* A page asks which version it runs ("version": the one this worker serves it, and the deployed
   one it could not have whole, if so), and the reader's "Reload" hands over to the waiting worker
   ("take-over"). */
self.addEventListener("message", (event) => {
  const message = event.data || {};
  if (message.type === "version" && event.ports[0]) {
    const id = event.source && event.source.id;
    const served = servedAs.get(id);
    event.ports[0].postMessage({ version: served ? served.deployed.version : VERSION, notWhole: behindDeployed.get(id) || null });
  } else if (message.type === "take-over") {
    event.waitUntil(self.skipWaiting());
  }
});
