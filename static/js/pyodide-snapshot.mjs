/* Python from a memory snapshot. PyScript imports the module named by `interpreter` in
   pyscript.toml and calls its `loadPyodide` (reading `version` too); build.py copies this file
   beside the vendored pyodide.mjs (PyScript takes Pyodide's indexURL from this file's folder) and
   fills in SNAPSHOT: the file of a snapshot made at build time in Node, with the app's start-up
   modules already imported, and the key it must carry (Pyodide build + this build's Python).
   Pyodide 314's snapshot API is private (`_loadSnapshot`), so anything wrong with the snapshot
   (missing, corrupt, stale, too big for the heap) means a normal boot and one console message.
   A restored interpreter keeps the snapshot's string-hash seed (no hash randomisation; nothing
   here relies on it). Randomness still comes from the browser: os.urandom asks it every time, and
   the `random` module, which Pyodide imports while booting (so its state is in the snapshot), is
   seeded afresh right after the restore. */
import { loadPyodide as bootPyodide, version } from "./pyodide.mjs";

export { version };

const SNAPSHOT = __SNAPSHOT__;  /* {file, key} or null when built with --no-snapshot */
const HEADER_BYTES = 64;        /* "tw-snapshot <key>" padded with spaces, then Pyodide's snapshot */
/* Pyodide 314 restores into its default 30 MiB heap only (pyodide issues 4652, 6254): a bigger
   heap fails inside the restore after the wasm is compiled, so it is refused before. */
const MAX_HEAP_BYTES = 30 * 1024 * 1024;

function mark(name) {
  try { performance.mark(name); } catch (e) { /* marks are only for the benchmark */ }
}

/* A start-up step for the progress line (static/js/boot.js words it). */
function step(name) {
  try { dispatchEvent(new CustomEvent("py:progress", { detail: name })); } catch (e) { /* not in a page */ }
}

function note(how) {
  try { document.documentElement.setAttribute("data-python-start", how); } catch (e) { /* not in a page */ }
}

async function unzipped(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${SNAPSHOT.file} answered ${response.status}`);
  return new Uint8Array(await new Response(response.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer());
}

/* An installed site's service worker also keeps the snapshot unzipped (static/sw.js): reading
   that copy takes about a third of the time gunzipping does. */
function copyURL(url) {
  return String(url).replace(/\.gz$/, "");
}

async function unzippedCopy(url) {
  if (!globalThis.navigator || !navigator.serviceWorker || !navigator.serviceWorker.controller) return null;
  try {
    /* Straight from Cache Storage: through the worker's fetch handler it takes twice as long. */
    const response = await caches.match(copyURL(url));
    if (!response) return null;
    mark("tw:snapshot-unzipped-copy");
    return new Uint8Array(await response.arrayBuffer());
  } catch (e) {
    return null;
  }
}

/* A copy that failed is dropped, so the next start goes back to the zipped file. */
async function dropUnzippedCopy(url) {
  try {
    for (const name of await caches.keys()) await (await caches.open(name)).delete(copyURL(url));
  } catch (e) { /* storage gone: nothing to drop */ }
}

/* The snapshot's bytes after our header, or a reason why they cannot be used. */
function checked(bytes) {
  const header = new TextDecoder().decode(bytes.subarray(0, HEADER_BYTES)).trim();
  if (header !== `tw-snapshot ${SNAPSHOT.key}`) throw new Error(`it is stale (${header.slice(0, 40) || "no header"}, want ${SNAPSHOT.key})`);
  const snapshot = bytes.subarray(HEADER_BYTES);
  const words = new Uint32Array(snapshot.buffer, snapshot.byteOffset, 2);
  const heap = snapshot.length - words[1];  /* Pyodide's header says where the heap starts */
  if (heap > MAX_HEAP_BYTES) throw new Error(`its heap (${heap} bytes) is larger than Pyodide can restore (${MAX_HEAP_BYTES})`);
  return snapshot;
}

/* A restored start that fails later. The restore can "succeed" from damaged bytes and fail at a
   later step (a Python error, "memory access out of bounds"), so a restored interpreter is watched
   until the app is ready: an error reported at any later start-up step, or no progress for too long,
   means the snapshot it came from is marked (an unzipped copy is dropped; the network file is not
   used again for this build) and the page starts once more without any snapshot. The note for that
   one start lives in sessionStorage and is used up by it: never twice in a row, never a dead end.
   Where storage is refused no note can survive a reload, so the failure is shown as any other
   (static/js/trouble.js: Reload, Copy details). */
const AGAIN = "tw-snapshot-again";  /* sessionStorage: this key's restore failed; start once without it */
const MARKED = "tw-snapshot-marked";  /* localStorage: "<key> copy" or "<key> file" that failed after restoring */

function sessionNote(value) {
  try {
    if (value === undefined) {
      const note = sessionStorage.getItem(AGAIN);
      sessionStorage.removeItem(AGAIN);
      return note;
    }
    sessionStorage.setItem(AGAIN, value);
    return sessionStorage.getItem(AGAIN) === value;
  } catch (e) {
    return value === undefined ? null : false;
  }
}

function marked(what) {
  try { return localStorage.getItem(MARKED) === `${SNAPSHOT.key} ${what}`; } catch (e) { return false; }
}

function mark_failed(what) {
  try { localStorage.setItem(MARKED, `${SNAPSHOT.key} ${what}`); } catch (e) { /* the session note still holds for one start */ }
}

/* How long a restored start may go without progress: several times what the restore itself took
   on this device (a slow phone restores slowly too), never under a floor. From the restore to the
   app's first line of Python the wait includes fetching the app's files, so its floor is larger. */
function bounds(restoreMs) {
  return { toPython: Math.max(60000, 40 * restoreMs), toReady: Math.max(20000, 40 * restoreMs) };
}

function watch(source, url, restoreMs) {
  const limit = bounds(restoreMs);
  let settled = false, timer = 0;
  const wait = (ms, why) => { clearTimeout(timer); timer = setTimeout(() => fail(why), ms); };
  const done = () => { settled = true; clearTimeout(timer); };
  function fail(why) {
    if (settled || !sessionNote(SNAPSHOT.key)) return false;  /* no note would survive the reload: not recoverable here */
    done();
    try { document.documentElement.setAttribute("data-recovering", "snapshot"); } catch (e) { /* not in a page */ }
    console.warn(`Towers & Worlds: the start-up snapshot (${source === "copy" ? "the unzipped copy" : "its file"}) restored, `
                 + `then the start failed (${why}); starting once more without it.`);
    mark_failed(source);
    (source === "copy" ? dropUnzippedCopy(url) : Promise.resolve()).finally(() => location.reload());
    return true;
  }
  addEventListener("tw:trouble", (event) => {
    const error = event.detail && event.detail.error;
    if (fail(error && error.message ? String(error.message).split("\n").filter(Boolean).pop() : String(error))) event.preventDefault();
  });
  addEventListener("app:ready", done, { once: true });
  try {
    new PerformanceObserver((list, observer) => {
      if (settled) return observer.disconnect();
      if (list.getEntries().some((m) => m.name === "tw:python-start")) wait(limit.toReady, "the app's Python started but did not get ready");
    }).observe({ type: "mark" });
  } catch (e) { /* no observer: the first bound stays */ }
  wait(limit.toPython, "the app's Python did not start");
}

/* Errors thrown out of Python while PyScript runs the page's script would only reach the
   console (PyScript's own red box is turned off in pyscript.toml): report them. */
function reported(pyodide) {
  for (const name of ["runPython", "runPythonAsync"]) {
    const run = pyodide[name];
    pyodide[name] = function (...args) {
      try {
        const result = run.apply(this, args);
        if (result && typeof result.then === "function") {
          return result.catch((error) => { report(error); throw error; });
        }
        return result;
      } catch (error) {
        report(error);
        throw error;
      }
    };
  }
  return pyodide;
}

function report(error) {
  try { globalThis.twTrouble && globalThis.twTrouble(error, "starting the app"); } catch (e) { /* nothing more to do */ }
}

export async function loadPyodide(options) {
  const again = SNAPSHOT && sessionNote();
  if (SNAPSHOT && again !== SNAPSHOT.key && !marked("file")) {
    mark("tw:snapshot-fetch");
    step("tw:fetching");
    const url = new URL(SNAPSHOT.file, import.meta.url);
    let snapshot = null, copy = null;
    try {
      copy = marked("copy") ? null : await unzippedCopy(url);
      if (!copy && marked("copy")) dropUnzippedCopy(url);  /* dropping it failed last time */
      snapshot = checked(copy || await unzipped(url));
      mark("tw:snapshot-fetched");
      step("tw:restoring");
      const restoring = performance.now();
      const pyodide = await bootPyodide({ ...options, _loadSnapshot: snapshot });
      pyodide.runPython("import random\nrandom.seed()");  /* from os.urandom, not the snapshot's state */
      mark("tw:snapshot-restored");
      note("snapshot");
      if (globalThis.document) watch(copy ? "copy" : "file", url, performance.now() - restoring);
      return reported(pyodide);
    } catch (error) {
      if (copy) dropUnzippedCopy(url);
      console.warn(`Towers & Worlds: the start-up snapshot was not used because ${snapshot ? "restoring it failed: " : ""}${error && error.message || error}; starting Python the slower way.`);
    }
  } else if (SNAPSHOT) {
    console.warn(`Towers & Worlds: the start-up snapshot was not used because ${again === SNAPSHOT.key
      ? "the last start from it failed after restoring" : "it failed after restoring before"}; starting Python the slower way.`);
  }
  mark("tw:boot-start");
  step("tw:booting");
  const pyodide = await bootPyodide(options);
  note("boot");
  return reported(pyodide);
}
