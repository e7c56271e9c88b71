/* Runs before PyScript: marks embed mode, keeps PyScript booting where storage is
   blocked, reports start-up progress, and registers the offline service worker.
   Classic script, no inline code (the Content-Security-Policy forbids it). */
(function () {
  "use strict";
  var root = document.documentElement;
  /* The two biggest start-up files (the build's write_preloads, make/snapshot.py, names them), asked for at once. A page
     no service worker serves (a first visit, a wiki's frame) preloads the snapshot and the zstd wasm,
     which the loader decodes as they arrive; an installed site reads the snapshot's decoded copy
     and the plain wasm from its worker's cache (static/js/pyodide-snapshot.mjs). */
  var script = document.currentScript;
  var said = function (name) { return (script && script.getAttribute(name)) || ""; };
  var installed = !!(navigator.serviceWorker && navigator.serviceWorker.controller);
  /* An installed site: its worker's decoded copy of the snapshot is read from here, at once, while
     PyScript and the loader are still loading (they would ask for it a third of a second later);
     the loader takes these bytes if they are of its snapshot (twSnapshotCopy). */
  if (said("data-snapshot") && installed && window.caches) {
    var copyURL = new URL(said("data-snapshot").replace(/\.(gz|zst)$/, ""), location.href).href;
    window.twSnapshotCopy = {
      url: copyURL,
      bytes: caches.match(copyURL).then(function (r) { return r ? r.arrayBuffer() : null; }).catch(function () { return null; })
    };
  }
  /* An installed site: its wasm (the plain file, from the worker's cache) is compiled from here, at
     once, where the loader would start it a tenth to half a second later; a reload in WebKit waits
     for that compile (docs/startup.md). The loader takes this compile if it is of its wasm (twEarlyWasm). */
  var compiles = installed && window.WebAssembly && WebAssembly.compileStreaming;
  said(installed ? "data-installed-preload" : "data-first-visit-preload").split(" ").filter(Boolean).forEach(function (href) {
    if (compiles && /\.wasm$/.test(href)) {
      var url = new URL(href, location.href).href;
      window.twEarlyWasm = { url: url, module: WebAssembly.compileStreaming(fetch(url)) };
      window.twEarlyWasm.module.catch(function () { /* the loader compiles it again */ });
      return;
    }
    var preload = document.createElement("link");
    preload.rel = "preload";
    preload.as = "fetch";
    preload.crossOrigin = "anonymous";
    preload.href = href;
    document.head.appendChild(preload);
  });
  /* Python's start begins once the page has painted, not when PyScript reaches it (a quarter to
     half a second later): the loader's preboot, whose start PyScript's loadPyodide then takes. */
  if (said("data-loader")) {
    var loader = new URL(said("data-loader"), document.baseURI).href;  /* the very URL PyScript imports */
    requestAnimationFrame(function () {
      setTimeout(function () {
        import(loader).then(function (module) { if (module.preboot) module.preboot(); }).catch(function () { /* PyScript starts it */ });
      }, 0);
    });
  }
  var params = new URLSearchParams(location.search);
  var embed = params.get("embed") || (/^#\/embed\/([\w-]+)/.exec(location.hash) || [])[1];
  if (embed) root.setAttribute("data-embed", embed);
  /* Note when Python declares the page interactive (read by the start-up benchmark). */
  new MutationObserver(function (_records, observer) {
    if (root.hasAttribute("data-app-ready")) {
      root.setAttribute("data-ready-ms", String(Math.round(performance.now())));
      observer.disconnect();
    }
  }).observe(root, { attributes: true, attributeFilter: ["data-app-ready"] });

  /* IndexedDB guard. @pyscript/core 0.7.31 (polyscript 0.20.20, @webreflection/idb-map 0.3.2)
     always opens an IndexedDB cache before Python starts. Where IndexedDB is blocked (a
     cross-site iframe, private modes), open() fails and idb-map's onerror handler calls
     this.dispatchEvent(event) with `this` being the IDBOpenDBRequest that is dispatching that
     very event: InvalidStateError, the boot promise rejects, Python never starts.
     Here indexedDB.open() falls back to a small in-memory database when the real one throws
     or fails, so PyScript boots (its package cache is simply not kept between visits). */
  function MemoryRequest() { this.result = undefined; this.error = null; this.readyState = "pending"; }
  function fire(target, type, extra) {
    var event = { type: type, target: target, currentTarget: target };
    for (var k in extra) event[k] = extra[k];
    target.readyState = "done";
    var handler = target["on" + type];
    if (typeof handler === "function") handler.call(target, event);
  }
  function later(fn) { Promise.resolve().then(fn); }
  function MemoryStore() { this.data = new Map(); }
  function storeRequest(fn) {
    var req = new MemoryRequest();
    later(function () { req.result = fn(); fire(req, "success"); });
    return req;
  }
  MemoryStore.prototype = {
    get: function (k) { var d = this.data; return storeRequest(function () { return d.get(k); }); },
    getKey: function (k) { var d = this.data; return storeRequest(function () { return d.has(k) ? k : undefined; }); },
    getAllKeys: function () { var d = this.data; return storeRequest(function () { return Array.from(d.keys()); }); },
    getAll: function () { var d = this.data; return storeRequest(function () { return Array.from(d.values()); }); },
    count: function () { var d = this.data; return storeRequest(function () { return d.size; }); },
    put: function (v, k) { var d = this.data; return storeRequest(function () { d.set(k, v); return k; }); },
    delete: function (k) { var d = this.data; return storeRequest(function () { d.delete(k); }); },
    clear: function () { var d = this.data; return storeRequest(function () { d.clear(); }); }
  };
  function MemoryDatabase(name) {
    this.name = name; this.version = 1; this.stores = {};
    var stores = this.stores;
    this.objectStoreNames = { get length() { return Object.keys(stores).length; },
                              contains: function (n) { return n in stores; } };
  }
  MemoryDatabase.prototype = {
    createObjectStore: function (n) { return (this.stores[n] = this.stores[n] || new MemoryStore()); },
    transaction: function (names) {
      var stores = this.stores;
      var tx = { objectStore: function (n) { return stores[n] || (stores[n] = new MemoryStore()); } };
      later(function () { if (typeof tx.oncomplete === "function") tx.oncomplete({ type: "complete", target: tx }); });
      return tx;
    },
    close: function () {}
  };
  var memoryDatabases = {};
  function openInMemory(req, name) {
    later(function () {
      var fresh = !(name in memoryDatabases);
      var db = memoryDatabases[name] || (memoryDatabases[name] = new MemoryDatabase(name));
      req.result = db;
      if (fresh) {
        var tx = db.transaction([]);
        req.transaction = tx;
        fire(req, "upgradeneeded", { oldVersion: 0, newVersion: 1 });
      }
      req.transaction = null;
      fire(req, "success");
    });
  }
  var realIDB = null;
  try { realIDB = window.indexedDB || null; } catch (e) { realIDB = null; }
  var guardedIDB = {
    open: function (name, version) {
      var req = new MemoryRequest();
      var real;
      try { real = realIDB && realIDB.open(name, version); } catch (e) { real = null; }
      if (!real) { openInMemory(req, name); return req; }
      real.onupgradeneeded = function (event) {
        req.result = real.result; req.transaction = real.transaction;
        fire(req, "upgradeneeded", { oldVersion: event.oldVersion, newVersion: event.newVersion });
      };
      real.onsuccess = function () { req.result = real.result; req.transaction = null; fire(req, "success"); };
      real.onerror = function (event) { if (event && event.preventDefault) event.preventDefault(); openInMemory(req, name); };
      real.onblocked = function () { openInMemory(req, name); };
      return req;
    },
    deleteDatabase: function (name) {
      delete memoryDatabases[name];
      try { return realIDB.deleteDatabase(name); } catch (e) { return new MemoryRequest(); }
    },
    cmp: function (a, b) { return a < b ? -1 : a > b ? 1 : 0; }
  };
  try {
    Object.defineProperty(window, "indexedDB", { configurable: true, get: function () { return guardedIDB; } });
  } catch (e) { /* leave the real one */ }

  /* A file dropped anywhere but the import panel would make the browser open it in place of
     the app (a game in progress gone). Refuse such drops page-wide; the panel's own handler
     runs first and accepts its drop (defaultPrevented), which is left alone. */
  function refuseStrayFileDrop(event) {
    var types = event.dataTransfer && event.dataTransfer.types;
    if (event.defaultPrevented || !types || Array.prototype.indexOf.call(types, "Files") < 0) return;
    event.preventDefault();
    if (event.type === "dragover") event.dataTransfer.dropEffect = "none";
  }
  ["dragenter", "dragover", "drop"].forEach(function (type) { addEventListener(type, refuseStrayFileDrop); });

  /* Start-up progress in words: PyScript's py:progress steps and the snapshot loader's (tw:...). */
  var steps = { "Loading Pyodide": "Loading the game engine…", "tw:fetching": "Downloading the game engine…",
                "tw:restoring": "Starting Python…", "tw:booting": "Starting Python…",
                "Loading files": "Loading the game rules…", "Loaded Pyodide": "Opening the games…" };
  addEventListener("py:progress", function (event) {
    var el = document.getElementById("boot-step");
    var words = steps[event.detail];
    if (el && words && !root.hasAttribute("data-app-ready")) el.textContent = words;
  });

  /* Until Python is ready, the address shows what build.py wrote from the app's own screens
     (index.html's templates): home, the rules; any other screen says it opens once the engine
     is ready. Python then draws the address itself. */
  function showWritten() {
    var app = document.getElementById("app");
    var pages = document.getElementById("prerendered");
    if (!app || !pages || root.hasAttribute("data-app-ready")) return;
    var route = embed ? "*" : (location.hash || "#/").split("?")[0];
    var page = null;
    Array.prototype.forEach.call(pages.querySelectorAll("template"), function (t) {
      if (t.getAttribute("data-route") === route) page = t;
    });
    page = page || pages.querySelector('template[data-route="*"]');
    if (page) app.replaceChildren(page.content.cloneNode(true));
  }
  addEventListener("hashchange", function () { showWritten(); scrollTo(0, 0); });

  /* A jump to a place on the page ("Skip to content", a rules page's contents, "Back to top"):
     the control's data-jump names the element to scroll into view and focus. The address stays:
     "#app" or "#rules-section-2" would be read as screens by the hash router ("no such page"; a
     lesson left). Works on the pages written before Python is ready too. */
  document.addEventListener("click", function (event) {
    var control = event.target && event.target.closest ? event.target.closest("[data-jump]") : null;
    var target = control ? document.getElementById(control.getAttribute("data-jump")) : null;
    if (!target) return;
    event.preventDefault();
    if (target.id !== "app") target.scrollIntoView({ block: "start" });
    target.focus({ preventScroll: target.id !== "app" });
  });
  if (embed || (location.hash && location.hash !== "#/")) document.addEventListener("DOMContentLoaded", showWritten);

  /* Offline: precache the site once the app is ready (never competing with start-up) (not in an iframe, where a wiki's
     page should not install workers for us). On a first visit the runtime the page fetched is
     handed to the worker through a Cache Storage entry (HANDOFF), so the worker does not download
     it a second time (the HTTP cache may not keep files this big); the worker still checks every
     file's content hash. */
  var HANDOFF = "tw-handoff " + new URL("./", location.href).href;
  var handed = [];  /* [url, response] */
  var handedOver = false;
  function keepForWorker(response) {
    if (handedOver) return response;
    try {
      var path = response.url.slice(new URL("./", location.href).href.length);
      /* (the zstd wasm is not kept: the loader hands over the plain wasm it decoded, twKeepForWorker) */
      if (response.ok && response.type === "basic" && /^(vendor\/|tabletop\.zip\.zst$)/.test(path) && !/\.wasm\.zst$/.test(path)) {
        handed.push([response.url, response.clone()]);
      }
    } catch (e) { /* a response we cannot copy is simply fetched again by the worker */ }
    return response;
  }
  function handOver() {
    handedOver = true;
    if (!handed.length || !window.caches) return Promise.resolve();
    var responses = handed; handed = [];
    return caches.open(HANDOFF).then(function (cache) {
      return Promise.all(responses.map(function (r) { return cache.put(r[0], r[1]); }));
    }).catch(function () { /* the worker fetches what is not handed over */ });
  }
  if ("serviceWorker" in navigator && !embed && window.top === window && location.protocol !== "file:") {
    if (!navigator.serviceWorker.controller && window.fetch) {
      var pageFetch = window.fetch;
      window.fetch = function () { return pageFetch.apply(this, arguments).then(keepForWorker); };
      /* A file the page made itself (the wasm it decoded), handed over like the ones it fetched. */
      window.twKeepForWorker = function (url, response) { if (!handedOver) handed.push([url, response]); };
    }
    addEventListener("app:ready", function () {
      handOver().then(function () { return navigator.serviceWorker.register("./sw.js"); })
        .then(offerNewVersions)
        .catch(function () { /* offline play just isn't available */ });
    });
  }

  /* A new deploy reaches a page that is already running (its worker installed the new version
     while the reader played): "A new version is ready" with a Reload button, never a reload by
     itself. A game in progress is saved after every move, so the reload loses nothing. The next
     visit runs the new version anyway (static/sw.js). */
  function askVersion(worker) {
    return new Promise(function (resolve) {
      if (!worker) { resolve({}); return; }
      var channel = new MessageChannel();
      var timer = setTimeout(function () { resolve({}); }, 3000);
      channel.port1.onmessage = function (event) { clearTimeout(timer); resolve(event.data || {}); };
      worker.postMessage({ type: "version" }, [channel.port2]);
    });
  }
  function versionOf(worker) {
    return askVersion(worker).then(function (answer) { return answer.version || null; });
  }
  function showReload(registration) {
    if (document.getElementById("new-version")) return;
    var bar = document.createElement("div");
    bar.id = "new-version";
    bar.className = "notice new-version";
    bar.setAttribute("role", "status");
    var words = document.createElement("span");
    words.textContent = "A new version is ready.";
    var button = document.createElement("button");
    button.type = "button";
    button.className = "primary";
    button.textContent = "Reload";
    button.addEventListener("click", function () {
      button.disabled = true;
      var waiting = registration.waiting;
      if (!waiting) { location.reload(); return; }
      navigator.serviceWorker.addEventListener("controllerchange", function () { location.reload(); });
      waiting.postMessage({ type: "take-over" });
    });
    var later = document.createElement("button");
    later.type = "button";
    later.textContent = "Later";
    later.addEventListener("click", function () { bar.remove(); });  /* the next visit runs it anyway */
    bar.append(words, " ", button, " ", later);
    document.body.appendChild(bar);
  }
  function offerNewVersions(registration) {
    /* What this page runs: its worker knows. On a first visit there is none until the worker just
       installed claims the page, which then runs that worker's version (fetched from the same host). */
    var running = navigator.serviceWorker.controller ? versionOf(navigator.serviceWorker.controller) : null;
    function compare(worker) {
      if (!running && navigator.serviceWorker.controller) running = versionOf(navigator.serviceWorker.controller);
      if (!running) return;
      Promise.all([running, versionOf(worker)]).then(function (versions) {
        if (versions[0] && versions[1] && versions[0] !== versions[1]) showReload(registration);
      });
    }
    function watch(worker) {
      if (!worker) return;
      if (worker.state === "installed") { compare(worker); return; }
      worker.addEventListener("statechange", function () {
        if (worker.state === "installed") compare(worker);
        else if (worker.state === "redundant" && !registration.waiting) askAgainLater();  /* its install failed */
      });
    }
    /* A deploy that is not whole yet (its files still uploading): the new worker's install fails and
       the worker in charge ran its own version; the deploy is asked for again a minute later, then
       less often, until its worker installs and the notice above follows. */
    var retryMs = window.twUpdateRetryMs || 60 * 1000;  /* (tests make it shorter) */
    var retryTimer = null;
    function askAgainLater() {
      if (retryTimer) return;
      retryTimer = setTimeout(function () {
        retryTimer = null;
        registration.update().catch(function () {}).then(function () {
          if (!registration.installing && !registration.waiting) askAgainLater();
        });
      }, retryMs);
      retryMs = Math.min(retryMs * 2, 60 * 60 * 1000);
    }
    askVersion(navigator.serviceWorker.controller).then(function (answer) {
      if (answer.notWhole && !registration.installing && !registration.waiting) askAgainLater();
    });
    watch(registration.waiting || registration.installing);
    registration.addEventListener("updatefound", function () { watch(registration.installing); });
    /* Another tab's Reload handed this page over to the new worker too. */
    navigator.serviceWorker.addEventListener("controllerchange", function () {
      if (running) compare(navigator.serviceWorker.controller);
      else running = versionOf(navigator.serviceWorker.controller);
    });
    setInterval(function () { registration.update().catch(function () {}); }, 60 * 60 * 1000);
  }
})();
