/* Saved games and settings, durable: IndexedDB, each write committed with strict durability
   (flushed to disk before it completes), so a browser killed a moment after a move keeps it.
   localStorage is written lazily by Chromium (a kill lost up to six moves); it is kept only as
   the fallback where IndexedDB is refused.

   Python reads synchronously (py/tabletop/ui/web/browser.py's DurableBackend), so the records are read
   into memory once before the app starts (window.twSaves.ready) and every write goes to that copy
   at once and to disk in the order made. Other tabs hear of each committed write by a
   BroadcastChannel and update their copy; the page hears of theirs, of a wipe and of a refused
   write as "tw-saves" events on window (detail: {key, newValue} | {wiped: true} | {refused}).

   A wipe: the browser (Safari after 7 days unused, "clear site data", eviction) deletes the
   database under an open page. The connection is closed or asked to close; the database opened
   again is new. This page then drops its copy (the records are gone) and says so.

   Runs before boot.js, which puts a guard in front of window.indexedDB for PyScript. */
(function () {
  "use strict";
  var DB_NAME = "towers-and-worlds";
  var STORE = "records";
  var OPEN_TIMEOUT_MS = 5000;  /* an IndexedDB that never answers (seen in WebKit) must not stop the app */
  var PREFIX = "tw:";

  var idb = null;
  try { idb = window.indexedDB || null; } catch (e) { idb = null; }
  var mirror = new Map();
  var db = null;
  var reopening = null;
  var queue = null;  /* set below: the first write waits for the records to be read */
  var refusedBefore = false;  /* the last write was refused: the next that commits is news */
  var unsaved = [];  /* writes made but not yet committed: [key, value|null], in order */
  var channel = null;
  try { channel = new BroadcastChannel("tw-saves"); } catch (e) { channel = null; }

  function tell(detail) {
    window.dispatchEvent(new CustomEvent("tw-saves", { detail: detail }));
  }

  function openDatabase() {
    return new Promise(function (resolve, reject) {
      var fresh = false;
      var timer = setTimeout(function () { reject(new Error("IndexedDB did not open in time")); }, OPEN_TIMEOUT_MS);
      var request;
      try { request = idb.open(DB_NAME, 1); } catch (e) { clearTimeout(timer); reject(e); return; }
      request.onupgradeneeded = function (event) {
        fresh = event.oldVersion === 0;
        request.result.createObjectStore(STORE);
      };
      request.onsuccess = function () {
        clearTimeout(timer);
        var opened = request.result;
        opened.onversionchange = function () { opened.close(); lost(opened); };
        opened.onclose = function () { lost(opened); };
        resolve({ db: opened, fresh: fresh });
      };
      request.onerror = function (event) {
        clearTimeout(timer);
        if (event && event.preventDefault) event.preventDefault();
        reject(request.error || new Error("IndexedDB refused"));
      };
      request.onblocked = function () { /* waits for the other connection to close */ };
    });
  }

  function readAll(opened) {
    return new Promise(function (resolve, reject) {
      var tx = opened.transaction(STORE, "readonly");
      var store = tx.objectStore(STORE);
      var keys = store.getAllKeys();
      var values = store.getAll();
      tx.oncomplete = function () {
        var out = new Map();
        keys.result.forEach(function (key, i) { out.set(String(key), String(values.result[i])); });
        resolve(out);
      };
      tx.onerror = function () { reject(tx.error); };
      tx.onabort = function () { reject(tx.error); };
    });
  }

  function commit(opened, ops) {
    return new Promise(function (resolve, reject) {
      var tx = opened.transaction(STORE, "readwrite", { durability: "strict" });
      var store = tx.objectStore(STORE);
      ops.forEach(function (op) { if (op[1] === null) store.delete(op[0]); else store.put(op[1], op[0]); });
      tx.oncomplete = function () { resolve(); };
      tx.onerror = function (event) { if (event && event.preventDefault) event.preventDefault(); };
      tx.onabort = function () { reject(tx.error || new Error("the write was aborted")); };
    });
  }

  /* The connection closed under the page (a wipe, or a newer version asking to upgrade). */
  function lost(opened) {
    if (db !== opened) return;
    db = null;
    connection();
  }

  /* The open connection, opened again after a loss: a new database means the old one was wiped. */
  function connection() {
    if (db) return Promise.resolve(db);
    if (!reopening) {
      reopening = openDatabase().then(function (result) {
        db = result.db;
        reopening = null;
        if (result.fresh) wiped();
        return db;
      }, function (error) { reopening = null; throw error; });
    }
    return reopening;
  }

  function wiped() {
    mirror.clear();
    unsaved.forEach(function (op) { if (op[1] === null) mirror.delete(op[0]); else mirror.set(op[0], op[1]); });
    tell({ wiped: true });
  }

  /* Writes commit one after another, in the order made; a refused one (a full disk) is undone
     in the copy, so the page never shows as stored what is not. */
  function enqueue(ops) {
    askToPersist(ops);
    var before = ops.map(function (op) { return [op[0], mirror.has(op[0]) ? mirror.get(op[0]) : null]; });
    ops.forEach(function (op) { if (op[1] === null) mirror.delete(op[0]); else mirror.set(op[0], op[1]); unsaved.push(op); });
    document.documentElement.setAttribute("data-saving", "1");  /* the table says "Saving…" until it is on disk */
    var done = queue.then(function () { return attempt(ops, 2); });
    queue = done.then(function () {
      settle(ops);
      if (refusedBefore && ops.some(function (op) { return op[1] !== null && op[0].indexOf("tw:save:") === 0; })) {
        refusedBefore = false;
        tell({ stored: true });  /* a game stored again: a later refusal is news */
      }
      if (channel) channel.postMessage(ops);
    }, function (error) {
      settle(ops);
      before.forEach(function (op) {
        var now = mirror.get(op[0]);
        var mine = ops.some(function (o) { return o[0] === op[0] && (o[1] === null ? now === undefined : now === o[1]); });
        if (!mine) return;  /* written again since: that write decides */
        if (op[1] === null) mirror.delete(op[0]); else mirror.set(op[0], op[1]);
      });
      refusedBefore = true;
      tell({ refused: String((error && error.name) || error), keys: ops.map(function (op) { return op[0]; }) });
    });
    return queue;
  }

  /* A write that fails for any reason but room is tried once more on a new connection (one that
     was closing under the page fails with InvalidStateError before its close event arrives). */
  function attempt(ops, tries) {
    return connection().then(function (opened) {
      return commit(opened, ops).catch(function (error) {
        if (tries <= 1 || (error && error.name === "QuotaExceededError")) throw error;
        if (db === opened) {
          db = null;
          try { opened.close(); } catch (e) { /* already closed */ }
        }
        return attempt(ops, tries - 1);
      });
    });
  }

  function settle(ops) {
    ops.forEach(function (op) { var i = unsaved.indexOf(op); if (i >= 0) unsaved.splice(i, 1); });
    if (!unsaved.length) document.documentElement.removeAttribute("data-saving");
  }

  function heard(event) {
    var ops = event.data;
    if (!Array.isArray(ops)) return;
    ops.forEach(function (op) {
      if (typeof op[0] !== "string" || op[0].indexOf(PREFIX) !== 0) return;
      if (op[1] === null) mirror.delete(op[0]); else mirror.set(op[0], String(op[1]));
      tell({ key: op[0], newValue: op[1] === null ? null : String(op[1]) });
    });
  }

  /* Records an older version kept in localStorage move here, once; the copy with the higher
     revision wins where both stores hold a game. They leave localStorage only after the move
     has committed. */
  function migrate(opened) {
    var found = [];
    try {
      for (var i = 0; i < localStorage.length; i++) {
        var key = localStorage.key(i);
        if (key && key.indexOf(PREFIX) === 0 && key !== "tw:probe") found.push([key, localStorage.getItem(key)]);
      }
    } catch (e) { return Promise.resolve(); }
    var ops = found.filter(function (pair) { return pair[1] !== null && newer(pair[1], mirror.get(pair[0])); });
    ops.forEach(function (op) { mirror.set(op[0], op[1]); });
    var write = ops.length ? commit(opened, ops) : Promise.resolve();
    return write.then(function () {
      found.forEach(function (pair) { try { localStorage.removeItem(pair[0]); } catch (e) { /* stays; read again next time */ } });
    });
  }

  function revision(text) {
    try { var value = JSON.parse(text).revision; return typeof value === "number" ? value : 0; } catch (e) { return 0; }
  }

  function newer(text, stored) {
    return stored === undefined || revision(text) > revision(stored);
  }

  /* Persistent storage, asked for when the first game is saved: a browser that grants it no
     longer clears the site's storage to make room (nor, in Safari, after 7 days unused). */
  var askedToPersist = false;
  function askToPersist(ops) {
    if (askedToPersist || api.persistent || !navigator.storage || !navigator.storage.persist) return;
    if (!ops.some(function (op) { return op[1] !== null && op[0].indexOf("tw:save:") === 0; })) return;
    askedToPersist = true;
    navigator.storage.persist().then(function (granted) {
      api.persistent = !!granted;
      tell({ persisted: api.persistent });
    }, function () { /* not granted; Settings says so */ });
  }

  var api = {
    kind: "none",
    persistent: null,  /* whether the browser keeps this site's storage (null: it does not say) */
    /* Synchronous reads of the page's copy. */
    read: function (key) { return mirror.has(key) ? mirror.get(key) : null; },
    keys: function () { return Array.from(mirror.keys()); },
    /* Writes: at once in the copy; the promise resolves once on disk. */
    write: function (key, value) { return enqueue([[String(key), String(value)]]); },
    remove: function (key) { return enqueue([[String(key), null]]); },
    /* Everything removed (tests; the page's copy too). */
    clear: function () { return enqueue(api.keys().map(function (key) { return [key, null]; })); },
    /* What is on disk now, read afresh (tests: what a crash would leave). */
    stored: function (key) {
      return connection().then(function (opened) {
        return new Promise(function (resolve, reject) {
          var request = opened.transaction(STORE, "readonly").objectStore(STORE).get(key);
          request.onsuccess = function () { resolve(request.result === undefined ? null : String(request.result)); };
          request.onerror = function () { reject(request.error); };
        });
      });
    },
    /* The writes made and not yet on disk. */
    flushed: function () { return queue; },
    ready: null
  };

  var opening = (idb ? openDatabase() : Promise.reject(new Error("no IndexedDB"))).then(function (result) {
    db = result.db;
    return readAll(db).then(function (records) {
      records.forEach(function (value, key) {
        if (!unsaved.some(function (op) { return op[0] === key; })) mirror.set(key, value);  /* a write made meanwhile wins */
      });
      return migrate(db);
    }).then(function () {
      api.kind = "indexeddb";
      if (channel) channel.onmessage = heard;
    });
  }).catch(function () {
    var usable = false;
    try { usable = typeof window.localStorage.length === "number"; } catch (e) { usable = false; }
    api.kind = usable ? "localstorage" : "none";
    if (usable) useLocalStorage();
  }).then(function () {
    if (!navigator.storage || !navigator.storage.persisted) return;
    return navigator.storage.persisted().then(function (persisted) { api.persistent = !!persisted; }, function () {});
  });
  queue = opening;
  api.ready = opening.then(function () {
    if (window.performance && performance.mark) performance.mark("tw:saves-read");  /* the bench compares it with Python's start */
    return api.kind;
  });

  /* Where IndexedDB is refused, the same calls read and write localStorage (the app's own
     backend for it is browser.py's LocalStorageBackend; these serve the tests and tools). */
  function useLocalStorage() {
    api.read = function (key) { return localStorage.getItem(key); };
    api.keys = function () { return Object.keys(localStorage).filter(function (key) { return key.indexOf(PREFIX) === 0; }); };
    api.write = function (key, value) { localStorage.setItem(key, value); return Promise.resolve(); };
    api.remove = function (key) { localStorage.removeItem(key); return Promise.resolve(); };
    api.clear = function () { api.keys().forEach(function (key) { localStorage.removeItem(key); }); return Promise.resolve(); };
    api.stored = function (key) { return Promise.resolve(localStorage.getItem(key)); };
  }

  window.twSaves = api;
})();
