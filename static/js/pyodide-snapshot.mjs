/* Python from a memory snapshot. PyScript imports the module named by `interpreter` in
   pyscript.toml and calls its `loadPyodide` (reading `version` too); build.py copies this file
   beside the vendored pyodide.mjs (PyScript takes Pyodide's indexURL from this file's folder) and
   fills in SNAPSHOT: the file of a snapshot made at build time in Node, with the app's start-up
   modules already imported, and the key it must carry (Pyodide build + this build's Python).
   Pyodide 314's snapshot API is private (`_loadSnapshot`), so anything wrong with the snapshot
   (missing, corrupt, stale, too big for the heap, a delta that does not rebuild to its hash) means
   a normal boot and one console message. The memory where the wasm's data segments land is stored
   as a delta against a fresh instance's memory (tools/make_snapshot.mjs): rebuilt below.
   A restored interpreter keeps the snapshot's string-hash seed (no hash randomisation; nothing
   here relies on it). Randomness still comes from the browser: os.urandom asks it every time, and
   the `random` module, which Pyodide imports while booting (so its state is in the snapshot), is
   seeded afresh right after the restore. */
import { loadPyodide as bootPyodide, version } from "./pyodide.mjs";

export { version };

const SNAPSHOT = __SNAPSHOT__;  /* {file, key, size} or null when built with --no-snapshot */
const WASM_ZST = __WASM_ZST__;    /* {file, size}: the wasm as a page no service worker serves downloads it */
const ZSTD_DECODER = new URL("../fzstd/fzstd.js", import.meta.url).href;
const UNZSTD_WORKER = new URL("../../static/js/unzstd-worker.js", import.meta.url).href;
const DECODE_PIECE = 64 * 1024;   /* compressed bytes decoded at a time: about 0.7 MB of snapshot, 0.2 MB of wasm */
const DECODE_SLICE_MS = 30;       /* the longest the decoding holds the page before it yields */
/* The standard library cut to what the app imports (make/stdlib_cut.py's write_stdlib): {file, restore,
   full, names}. A boot is given the cut `file`; a start restored from the snapshot only
   `restore`, what the snapshot does not hold already imported (both gunzipped here). An import
   the cut cannot answer of a module of the whole library (`names`) fetches `full` once
   (tabletop/stdlib_fallback.py, whose source build.py puts in STDLIB_FALLBACK).
   null: Pyodide's whole library, as it comes. */
const STDLIB = __STDLIB__;
const STDLIB_FALLBACK = __STDLIB_FALLBACK__;
/* The environment Python starts in (make/snapshot.py's PYTHON_ENV), the one the snapshot was made in. */
const PYTHON_ENV = __PYTHON_ENV__;
const WHOLE_LIBRARY_PATH = "/lib/python_stdlib_whole.zip";
const WASM = new URL("pyodide.asm.wasm", import.meta.url).href;
/* The small module Pyodide's glue builds, synchronously, right after the instantiation (its
   trampoline for calls through function pointers), as hex: make/snapshot.py copies it from the glue. */
const TRAMPOLINE_HEX = __WASM_TRAMPOLINE__;
/* The app's package (make/site.py's package_archive), unpacked into the home folder by appFiles below. */
const APP_ARCHIVE = new URL("../../tabletop.zip.zst", import.meta.url).href;
const HEADER_BYTES = 64;        /* "tw-snapshot <key> <end> <sha>" padded with spaces, then Pyodide's snapshot */
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

/* The page's turn: a task of its own, between two pieces of decoding. Not setTimeout, which a
   background tab slows to once a second (a first visit opened in another tab would take minutes). */
function yieldToPage() {
  if (globalThis.scheduler && typeof scheduler.yield === "function") return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => { channel.port1.close(); resolve(); };  /* closed: Node's event loop may end */
    channel.port2.postMessage(null);
  });
}

async function zstdDecoder() {
  const script = await import(ZSTD_DECODER);  /* fzstd's script sets self.fzstd (in Node, as CommonJS, exports it) */
  return globalThis.fzstd || script.default;
}

/* A zstd response decoded into `size` bytes as it arrives (the build knows each file's decoded
   size), `piece` told of each new part; a longer or shorter stream is refused. In a page, by a
   worker of its own (static/js/unzstd-worker.js): on a phone the page's thread is busy setting
   Pyodide up meanwhile (decoding there made a 4G phone's start 1.5 s later), and the snapshot and
   the wasm decode side by side. Where there are no workers (Node), here. */
function zstdDecoded(response, size, piece = null) {
  if (globalThis.Worker && globalThis.document) return decodedByWorker(response, size, piece);
  return decodedHere(response, size, piece);
}

async function decodedByWorker(response, size, piece) {
  const worker = new Worker(UNZSTD_WORKER);
  const done = new Promise((resolve, reject) => {
    worker.onmessage = ({ data }) => {
      if (data.piece) piece(data.piece);
      else if (data.bytes) resolve(data.bytes);
      else if (data.error) reject(new Error(data.error));
    };
    worker.onerror = (event) => {
      event.preventDefault();
      reject(new Error(`the decoder did not run (${event.message || "no worker"})`));
    };
  });
  done.catch(() => {});  /* awaited below, once every byte is sent */
  worker.postMessage({ size, pieces: !!piece });
  const reader = response.body.getReader();
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      worker.postMessage({ chunk: read.value }, [read.value.buffer]);
    }
    worker.postMessage({ end: true });
    return await done;
  } finally {
    worker.terminate();
  }
}

/* The same on this thread, in pieces, with the page given its turn every few dozen milliseconds. */
async function decodedHere(response, size, piece) {
  const fzstd = await zstdDecoder();
  const bytes = new Uint8Array(size);
  let at = 0;
  const decoder = new fzstd.Decompress((chunk) => {
    if (at + chunk.length > size) throw new Error("it is longer than its build said");
    bytes.set(chunk, at);
    if (piece) piece(bytes.subarray(at, at + chunk.length));
    at += chunk.length;
  });
  const reader = response.body.getReader();
  let since = performance.now();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    for (let i = 0; i < read.value.length; i += DECODE_PIECE) {
      decoder.push(read.value.subarray(i, i + DECODE_PIECE));
      if (performance.now() - since > DECODE_SLICE_MS) {
        await yieldToPage();
        since = performance.now();
      }
    }
  }
  decoder.push(new Uint8Array(0), true);
  if (at !== size) throw new Error(`it is shorter than its build said (${at} of ${size} bytes)`);
  return bytes;
}

/* The snapshot's file, decoded as its bytes arrive: zstd (3.0 MB on the wire where gzip made 4.1)
   by fzstd, a small decoder in JavaScript (the browser's DecompressionStream knows gzip only), so
   that on a slow link the decoding is done when the last byte is. A gzipped file (.gz) is gunzipped. */
async function unzipped(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${SNAPSHOT.file} answered ${response.status}`);
  if (!String(url).endsWith(".zst")) {
    return new Uint8Array(await new Response(response.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer());
  }
  return zstdDecoded(response, SNAPSHOT.size);
}

/* A cut library's bytes ("file" or "restore"), asked for once (the page preloads the one its
   start needs) and handed to Pyodide as a blob: URL. If it cannot be had, Pyodide fetches its
   whole library as usual. */
const cutLibraries = {};
function cutStdlib(kind) {
  if (!STDLIB || !STDLIB[kind] || !globalThis.document) return Promise.resolve({});  /* not in a page (Node's tests): the whole library */
  if (!cutLibraries[kind]) {
    cutLibraries[kind] = fetch(new URL(STDLIB[kind], import.meta.url)).then(async (response) => {
      if (!response.ok) throw new Error(`${STDLIB[kind]} answered ${response.status}`);
      const bytes = await new Response(response.body.pipeThrough(new DecompressionStream("gzip"))).blob();
      return { stdLibURL: URL.createObjectURL(bytes) };
    }).catch((error) => {
      console.warn(`Towers & Worlds: the cut standard library was not used because ${error && error.message || error}; fetching the whole one.`);
      return { stdLibURL: new URL(STDLIB.full, import.meta.url).href };
    });
  }
  return cutLibraries[kind];
}

/* Pyodide's whole library, fetched synchronously (an import cannot wait) into the file system. */
function mountWholeLibrary(pyodide) {
  return () => {
    const request = new XMLHttpRequest();
    request.open("GET", new URL(STDLIB.full, import.meta.url).href, false);
    request.overrideMimeType("text/plain; charset=x-user-defined");  /* bytes, as a synchronous request may not ask for a buffer */
    request.send();
    if (request.status !== 200) throw new Error(`${STDLIB.full} answered ${request.status}`);
    const text = request.responseText, bytes = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i) & 0xff;
    pyodide.FS.writeFile(WHOLE_LIBRARY_PATH, bytes);
    return WHOLE_LIBRARY_PATH;
  };
}

/* A restored interpreter's finder (installed in the snapshot by tools/make_snapshot.mjs) given the
   page's mount: no source to compile, no names to convert, on every start. False if it has none. */
function mountRestoredFallback(pyodide) {
  const finder = pyodide.runPython("getattr(__import__('sys').modules.get('tabletop.stdlib_fallback'), 'FINDER', None)");
  if (!finder) return false;
  try {
    finder.mount = mountWholeLibrary(pyodide);
    return true;
  } finally {
    finder.destroy();
  }
}

/* tabletop/stdlib_fallback.py, as a module of its own, installed after the finder of sys.path. */
function withWholeLibraryFallback(pyodide) {
  if (!STDLIB || !globalThis.document || mountRestoredFallback(pyodide)) return pyodide;
  const scope = pyodide.toPy({ source: STDLIB_FALLBACK, names: STDLIB.names, mount: mountWholeLibrary(pyodide) });
  try {
    pyodide.runPython(`import sys, types
module = types.ModuleType("tw_stdlib_fallback")
module.__file__ = "<tw_stdlib_fallback>"
exec(compile(source, module.__file__, "exec"), module.__dict__)
sys.modules[module.__name__] = module
module.install(names, mount)`, { globals: scope });
  } finally {
    scope.destroy();
  }
  return pyodide;
}

/* An installed site's service worker also keeps the snapshot unzipped (static/sw.js): reading
   that copy takes about a third of the time gunzipping does. */
function copyURL(url) {
  return String(url).replace(/\.(gz|zst)$/, "");
}

async function unzippedCopy(url) {
  if (!globalThis.navigator || !navigator.serviceWorker || !navigator.serviceWorker.controller) return null;
  try {
    /* Straight from Cache Storage: through the worker's fetch handler it takes twice as long.
       static/js/boot.js began reading it as the page opened. */
    const early = globalThis.twSnapshotCopy;
    globalThis.twSnapshotCopy = null;  /* 31 MB: read once */
    const bytes = early && early.url === copyURL(url) ? await early.bytes
      : await caches.match(copyURL(url)).then((response) => response && response.arrayBuffer());
    if (!bytes) return null;
    mark("tw:snapshot-unzipped-copy");
    return new Uint8Array(bytes);
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

/* WebKit puts a module compiled from bytes (new WebAssembly.Module, WebAssembly.compile) behind
   the work its wasm compiler has in hand: on a reload, the optimising of the page before's hot code,
   which goes on for seconds after that page is gone. The glue builds its trampoline synchronously,
   so the page's thread stood still for 1 to 3.5 s there. A streamed compile is not queued so: the
   trampoline is compiled that way as the loader starts and handed over when the glue asks for it
   (hookInstantiation); should it not be ready, the glue compiles it as usual. (make/runtime.py's
   WASM_PROBES takes the glue's other small modules out of the way.) */
function earlyTrampoline() {
  if (!TRAMPOLINE_HEX || !globalThis.document) return null;
  const early = { bytes: Uint8Array.from(TRAMPOLINE_HEX.match(/../g), (hex) => parseInt(hex, 16)), module: null };
  const compiled = WebAssembly.compileStreaming
    ? WebAssembly.compileStreaming(new Response(early.bytes, { headers: { "Content-Type": "application/wasm" } }))
    : WebAssembly.compile(early.bytes);
  compiled.then((module) => { early.module = module; }, () => {});
  return early;
}

function sameBytes(source, bytes) {
  if (!ArrayBuffer.isView(source) && !(source instanceof ArrayBuffer)) return false;
  const view = ArrayBuffer.isView(source) ? new Uint8Array(source.buffer, source.byteOffset, source.byteLength) : new Uint8Array(source);
  return view.length === bytes.length && view.every((b, i) => b === bytes[i]);
}

/* The wasm, compiled while it downloads: on a phone the snapshot is still on the wire
   then, so the compile costs the start nothing; without this it began only once the snapshot had
   arrived. Pyodide asks for the wasm itself; while it boots, that one fetch is answered by a
   stand-in (no second download) and its instantiation takes the module compiled here. Should the
   early compile fail, Pyodide's instantiation fetches and compiles the wasm as it would have. */
function earlyWasm() {
  if (!globalThis.document || !WebAssembly.compileStreaming) return null;
  const early = globalThis.twEarlyWasm;  /* static/js/boot.js began it as the page opened */
  globalThis.twEarlyWasm = null;
  const begun = early && early.url === WASM ? early.module.catch(() => null) : Promise.resolve(null);
  const compiled = begun.then((module) => module || wasmResponse().then((response) => WebAssembly.compileStreaming(response)));
  const module = compiled.then((compiled) => {
    mark("tw:wasm-compiled");
    return compiled;
  }).catch((error) => {
    console.warn(`Towers & Worlds: the wasm was not compiled early (${error && error.message || error}).`);
    return null;
  });
  /* (the page's own fetch kept: while Pyodide boots, fetch answers the wasm's URL with the stand-in) */
  return { module, standIn: Promise.resolve(new Response(null)), fetch: globalThis.fetch };
}

/* The wasm's bytes as a response to compile from. A page no service worker serves (a first visit,
   a wiki's frame) downloads it zstd-compressed (2.9 MB where gzip sends 3.5: make/runtime.py's
   write_zstd_files) and decodes it as it arrives, the compile taking each decoded piece at once; the
   decoded whole is handed to the worker (static/js/boot.js), which keeps the plain file, so later
   starts read that from its cache (and the browser keeps its compiled code) with nothing to decode.
   If the zstd file cannot be had, the plain one is fetched. */
async function wasmResponse() {
  const installed = globalThis.navigator && navigator.serviceWorker && navigator.serviceWorker.controller;
  if (!WASM_ZST || installed || !globalThis.ReadableStream) return fetch(WASM);
  let response;
  try {
    response = await fetch(new URL(WASM_ZST.file, import.meta.url));
    if (!response.ok) throw new Error(`${WASM_ZST.file} answered ${response.status}`);
  } catch (error) {
    console.warn(`Towers & Worlds: fetching the plain wasm (${error && error.message || error}).`);
    return fetch(WASM);
  }
  let stream;
  const body = new ReadableStream({ start(controller) { stream = controller; } });
  zstdDecoded(response, WASM_ZST.size, (piece) => stream.enqueue(piece)).then((bytes) => {
    stream.close();
    mark("tw:wasm-decoded");
    if (globalThis.twKeepForWorker) twKeepForWorker(WASM, new Response(bytes, { headers: { "Content-Type": "application/wasm" } }));
  }, (error) => stream.error(error));
  return new Response(body, { headers: { "Content-Type": "application/wasm" } });
}

/* Pyodide's fetch of the wasm answered by the early compile's stand-in while `boot` runs. */
async function withEarlyWasm(wasm, boot) {
  if (!wasm) return boot();
  const pageFetch = globalThis.fetch;
  globalThis.fetch = function (input, init) {
    return String(input && input.url || input) === WASM ? wasm.standIn : pageFetch.call(this, input, init);
  };
  try {
    return await boot();
  } finally {
    globalThis.fetch = pageFetch;
  }
}

/* The instantiation of the stand-in: the early module, or the wasm fetched now if that failed. */
async function instantiateEarly(wasm, source, imports, saved) {
  if (!wasm || source !== wasm.standIn) return saved.instantiateStreaming.call(WebAssembly, source, imports);
  const module = await wasm.module;
  if (!module) return saved.instantiateStreaming.call(WebAssembly, wasm.fetch.call(globalThis, WASM), imports);
  return { instance: await saved.instantiate.call(WebAssembly, module, imports), module };
}

/* The app's files, written into the home folder where PyScript's [files] would unpack them, but
   read by the page instead of Python's zipfile (0.8 s of a 4G phone's start), and while
   the snapshot is still on its way, so that only the writing waits for Python. The archive is
   the build's (make/site.py's package_archive): a zip of stored members, zstd-compressed whole (0.27 MB; decoded here, in a few
   milliseconds). Resolves to [{name, data}]. */
function appFiles() {
  if (!globalThis.document) return null;
  const files = fetch(APP_ARCHIVE).then(async (response) => {
    if (!response.ok) throw new Error(`${APP_ARCHIVE} answered ${response.status}`);
    const fzstd = await zstdDecoder();
    return zipMembers(fzstd.decompress(new Uint8Array(await response.arrayBuffer()))).filter((m) => !m.name.endsWith("/"));
  });
  files.catch(() => {});  /* reported when they are written */
  return files;
}

function zipMembers(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = bytes.length - 22;
  while (end >= 0 && view.getUint32(end, true) !== 0x06054b50) end--;
  if (end < 0) throw new Error("the app's archive is not a zip archive");
  const members = [], names = new TextDecoder();
  for (let i = 0, at = view.getUint32(end + 16, true); i < view.getUint16(end + 10, true); i++) {
    if (view.getUint32(at, true) !== 0x02014b50) throw new Error("the app's archive has a damaged directory");
    const nameLength = view.getUint16(at + 28, true), local = view.getUint32(at + 42, true);
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const name = names.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    if (view.getUint16(at + 10, true) !== 0) throw new Error(`the app's archive compresses ${name} (build.py stores every file)`);
    members.push({ name, data: bytes.subarray(start, start + view.getUint32(at + 20, true)) });
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return members;
}

/* Each folder made once, and each file's bytes handed to the file system as they are in the decoded
   archive (canOwn: no copy), so the app's 80 files take a few milliseconds after the restore. */
async function writeAppFiles(pyodide, files) {
  if (!files) return;
  const home = pyodide.FS.cwd(), folders = new Set();
  for (const { name, data } of await files) {
    const path = `${home}/${name}`, folder = path.slice(0, path.lastIndexOf("/"));
    if (!folders.has(folder)) {
      pyodide.FS.mkdirTree(folder);
      folders.add(folder);
    }
    pyodide.FS.writeFile(path, data, { canOwn: true });
  }
  mark("tw:app-files");
}

/* "tw-snapshot KEY END SHA": the build it belongs to and, when its first END bytes are stored as
   a delta (tools/make_snapshot.mjs), the first 24 hex digits of their SHA-256 once rebuilt. */
function header(bytes) {
  const [magic, key, end, sha] = new TextDecoder().decode(bytes.subarray(0, HEADER_BYTES)).trim().split(" ");
  return { magic, key, end: Number(end) || 0, sha: sha || "" };
}

/* The snapshot's bytes after our header, or a reason why they cannot be used. */
function checked(bytes) {
  const { magic, key } = header(bytes);
  if (magic !== "tw-snapshot" || key !== SNAPSHOT.key) throw new Error(`it is stale (${magic ? `${magic} ${key}`.slice(0, 40) : "no header"}, want ${SNAPSHOT.key})`);
  const snapshot = bytes.subarray(HEADER_BYTES);
  const words = new Uint32Array(snapshot.buffer, snapshot.byteOffset, 2);
  const heap = snapshot.length - words[1];  /* Pyodide's header says where the heap starts */
  if (heap > MAX_HEAP_BYTES) throw new Error(`its heap (${heap} bytes) is larger than Pyodide can restore (${MAX_HEAP_BYTES})`);
  return snapshot;
}

async function sha256Hex(bytes) {
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/* Pyodide is handed `holder`, a buffer of the snapshot's size (the build knows it), before the
   snapshot has arrived: it reads only the size then, and sets its module up (0.4 s of a 4G phone's
   start) while the bytes are still on their way. Its instantiation is held here until they have
   come: they are copied into the holder, and the first END bytes of the memory, stored XORed with
   the memory a freshly instantiated module starts with (its data segments, which the page has in
   the wasm anyway), are rebuilt from that fresh memory and checked against SHA, all before
   Pyodide reads the holder to restore. Bytes that cannot be used (stale, damaged, another size, a
   rebuild that does not match its hash) leave Pyodide's magic number zero, so its restore refuses
   them and Python boots the usual way. `parts` is the promise of {snapshot, end, sha}, or null for
   a boot without a snapshot, where only the early wasm is handed over.
   Returns a function that puts WebAssembly back and tells why the snapshot was refused, if it was. */
function hookInstantiation(wasm, parts, holder, trampoline = null) {
  const saved = { instantiate: WebAssembly.instantiate, instantiateStreaming: WebAssembly.instantiateStreaming, Module: WebAssembly.Module };
  if (trampoline) {
    WebAssembly.Module = new Proxy(saved.Module, {
      construct(target, args, newTarget) {
        if (trampoline.module && sameBytes(args[0], trampoline.bytes)) return trampoline.module;
        return Reflect.construct(target, args, newTarget);
      },
    });
  }
  let done = !parts, failure = null;
  async function rebuild(result, imports) {
    if (done) return result;
    let snapshot, end, sha;
    try {
      ({ snapshot, end, sha } = await parts);
      if (snapshot.length !== holder.length) throw new Error(`it is ${snapshot.length} bytes, not its build's ${holder.length}`);
    } catch (error) {
      done = true;
      failure = error && error.message || String(error);
      return result;
    }
    const instance = result.instance || result;
    const memory = Object.values(instance.exports || {}).find((v) => v instanceof WebAssembly.Memory)
      || (imports && imports.env && imports.env.memory);
    /* Another module instantiated first (WebKit's start from the worker's cache probes a small one
       with no imports): not Pyodide's, so wait for the one whose memory holds the snapshot's start. */
    if (!end || !(memory instanceof WebAssembly.Memory) || memory.buffer.byteLength < end) return result;
    done = true;
    holder.set(snapshot);
    const fresh = new Uint8Array(memory.buffer, 0, end);
    const delta = holder.subarray(new Uint32Array(holder.buffer, holder.byteOffset, 2)[1]);
    for (let i = 0; i < end; i++) delta[i] ^= fresh[i];
    if (globalThis.crypto && crypto.subtle && (await sha256Hex(delta.subarray(0, end))).slice(0, sha.length) !== sha) {
      failure = "its rebuilt memory does not match its hash";
      new Uint32Array(holder.buffer, holder.byteOffset, 1)[0] = 0;
    }
    mark("tw:snapshot-rebuilt");
    return result;
  }
  WebAssembly.instantiate = function (source, imports) {
    return saved.instantiate.call(WebAssembly, source, imports).then((result) => rebuild(result, imports));
  };
  if (saved.instantiateStreaming) {
    WebAssembly.instantiateStreaming = function (source, imports) {
      return instantiateEarly(wasm, source, imports, saved).then((result) => rebuild(result, imports));
    };
  }
  return () => {
    Object.assign(WebAssembly, saved);
    return failure;
  };
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

/* PyScript puts its own package (pyscript/*.py) into the home folder with a Python script it runs
   before the page's: a line of pathlib per file and folder, then `import pyscript`. Its files are
   written here instead, from the page (0.07 s of Python in WebKit, a few milliseconds so), and only
   the script's other lines run as Python. A script not of that shape runs as it is. */
const PYSCRIPT_FILES_HEADER = "import os as _os\nfrom pathlib import Path as _Path\n_path = None\n";

function pyscriptFilesWritten(pyodide) {
  const run = pyodide.runPythonAsync;
  let done = false;  /* once (the wrapper stays: other wrappers may be put around it) */
  pyodide.runPythonAsync = function (code, ...rest) {
    if (!done && typeof code === "string" && code.startsWith(PYSCRIPT_FILES_HEADER)) {
      done = true;
      const left = filesWritten(pyodide, code);
      if (left !== null) return run.call(this, left, ...rest);
    }
    return run.call(this, code, ...rest);
  };
  return pyodide;
}

/* The script's file lines done on the file system; the lines left to run, or null (nothing written)
   when a file line is not as expected. */
function filesWritten(pyodide, code) {
  const lines = code.split("\n"), left = [], made = [];
  let path = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    let found;
    if ((found = /^_path = _Path\(("[^"\\]*")\)$/.exec(line))) {
      path = JSON.parse(found[1]);
    } else if ((found = /^if not _os\.path\.exists\(("[^"\\]*")\):$/.exec(line))) {
      if (lines[i + 1] !== "    _path.mkdir(parents=True, exist_ok=True)" || JSON.parse(found[1]) !== path) return null;
      made.push([path, null]);
      i++;
    } else if ((found = /^_path\.write_text\((".*"),encoding="utf-8"\)$/.exec(line))) {
      if (path === null) return null;
      try { made.push([path, JSON.parse(found[1])]); } catch (e) { return null; }
    } else {
      left.push(line);
    }
  }
  const home = pyodide.FS.cwd();
  for (const [name, text] of made) {
    const where = `${home}/${name.replace(/^\.\//, "")}`;
    if (text === null) pyodide.FS.mkdirTree(where);
    else pyodide.FS.writeFile(where, text);
  }
  return left.join("\n");
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

/* Pyodide booted with `extra` options while the early wasm and the instantiation hooks are in place. */
async function booted(options, extra, wasm, parts = null, holder = null) {
  const unhook = hookInstantiation(wasm, parts, holder, wasm && wasm.trampoline);
  let pyodide;
  try {
    pyodide = await withEarlyWasm(wasm, () => bootPyodide({ ...options, ...extra, env: { ...PYTHON_ENV, ...options?.env } }));
  } catch (error) {
    throw new Error(unhook() || (error && error.message) || error);
  }
  unhook();
  return withWholeLibraryFallback(pyodide);
}

/* The start, begun before PyScript asks for it: static/js/boot.js calls preboot once the page has
   painted, where PyScript reaches its loadPyodide a quarter to half a second later (its modules,
   its config, its storage first), which then takes this start, once. The options are what
   PyScript passes (pyscript.toml names no packages): the folder, and the output, whose functions
   PyScript's call hands over. */
let preboots = null;
const output = { stdout: (...line) => console.log(...line), stderr: (...line) => console.error(...line) };

export function preboot() {
  if (!preboots) {
    const options = { indexURL: new URL(".", import.meta.url).href, stdout: (...line) => output.stdout(...line), stderr: (...line) => output.stderr(...line) };
    preboots = start(options);
    preboots.catch(() => {});  /* PyScript's loadPyodide reports it */
  }
  return preboots;
}

export async function loadPyodide(options) {
  if (preboots) {
    Object.assign(output, ...["stdout", "stderr"].filter((k) => options && options[k]).map((k) => ({ [k]: options[k] })));
    const started = preboots;
    preboots = null;  /* a second interpreter is a start of its own */
    return started;
  }
  return start(options);
}

async function start(options) {
  mark("tw:loader-start");
  const trampoline = earlyTrampoline();
  const wasm = earlyWasm(), files = appFiles();
  if (wasm) wasm.trampoline = trampoline;
  const again = SNAPSHOT && sessionNote();
  if (SNAPSHOT && again !== SNAPSHOT.key && !marked("file")) {
    mark("tw:snapshot-fetch");
    step("tw:fetching");
    const url = new URL(SNAPSHOT.file, import.meta.url);
    const library = cutStdlib("restore");
    let copy = null, restoring = 0;
    /* Pyodide is booted at once, with the snapshot still on its way: it loads its script and
       sets up while the bytes arrive, and waits for them only to instantiate (hookInstantiation). */
    const parts = (async () => {
      copy = marked("copy") ? null : await unzippedCopy(url);
      if (!copy && marked("copy")) dropUnzippedCopy(url);  /* dropping it failed last time */
      const bytes = copy || await unzipped(url);
      const snapshot = checked(bytes);
      mark("tw:snapshot-fetched");
      step("tw:restoring");
      restoring = performance.now();
      return { snapshot, ...header(bytes) };
    })();
    parts.catch(() => {});  /* the boot below reports it */
    let pyodide = null;
    try {
      const holder = new Uint8Array(SNAPSHOT.size - HEADER_BYTES);
      pyodide = await booted(options, { ...await library, _loadSnapshot: holder }, wasm, parts, holder);
      pyodide.runPython("import random\nrandom.seed()");  /* from os.urandom, not the snapshot's state */
      mark("tw:snapshot-restored");
      note("snapshot");
    } catch (error) {
      if (copy) dropUnzippedCopy(url);
      const restored = await parts.then(() => true, () => false);
      console.warn(`Towers & Worlds: the start-up snapshot was not used because ${restored ? "restoring it failed: " : ""}${error && error.message || error}; starting Python the slower way.`);
    }
    if (pyodide) {
      const restoreMs = performance.now() - restoring;
      await writeAppFiles(pyodide, files);
      if (globalThis.document) watch(copy ? "copy" : "file", url, restoreMs);
      return reported(pyscriptFilesWritten(pyodide));
    }
  } else if (SNAPSHOT) {
    console.warn(`Towers & Worlds: the start-up snapshot was not used because ${again === SNAPSHOT.key
      ? "the last start from it failed after restoring" : "it failed after restoring before"}; starting Python the slower way.`);
  }
  mark("tw:boot-start");
  step("tw:booting");
  const pyodide = await booted(options, await cutStdlib("file"), wasm);
  await writeAppFiles(pyodide, files);
  note("boot");
  return reported(pyscriptFilesWritten(pyodide));
}
