/* Nothing raw reaches players: any error nobody caught (a Python exception in an event handler or
   at start-up, a Pyodide fatal error, a promise rejected unhandled) shows one calm message with
   Reload and Copy details, never a traceback; the details (the error's traceback or stack, the
   build, the route) go to the clipboard only when asked for.
   Classic script, run before PyScript, drawn without Python (which may be the thing that died).
   The start-up snapshot loader (pyodide-snapshot.mjs) reports through window.twTrouble too and
   may take a start-up failure over (the "tw:trouble" event, cancelled): it then starts the page
   again without the snapshot, and no message is shown. */
(function () {
  "use strict";
  var root = document.documentElement;
  var reports = [];
  var shown = null;

  function text(error) {
    if (error == null) return "no error object";
    if (typeof error === "string") return error;
    var name = error.name || "Error";
    var message = String(error.message || "");
    var stack = String(error.stack || "");
    /* A PythonError's message is the whole traceback; a JS stack starts with its message. */
    if (name === "PythonError" || !stack) return name + ": " + message;
    return stack.indexOf(message) >= 0 ? stack : name + ": " + message + "\n" + stack;
  }

  /* The address without a game link's code: that code holds a whole deal. */
  function route() {
    var where = location.pathname + location.search + location.hash;
    return where.replace(/(#\/open\/)[^?]*/, "$1(a game link's code, left out)").slice(0, 300);
  }

  function build() {
    var meta = document.querySelector('meta[name="tw-build"]');
    return (meta && meta.getAttribute("content")) || "unknown";
  }

  function details() {
    var lines = ["Towers & Worlds: an error nobody caught",
                 "Build: " + build(),
                 "Python started from: " + (root.getAttribute("data-python-start") || "not yet started"),
                 "App ready: " + (root.hasAttribute("data-app-ready") ? "yes" : "no"),
                 "Route: " + route(),
                 "Browser: " + navigator.userAgent,
                 "Time: " + new Date().toISOString()];
    reports.forEach(function (r, i) { lines.push("", "Error " + (i + 1) + " (" + r.where + "):", r.text); });
    return lines.join("\n");
  }

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    (children || []).forEach(function (c) { node.append(c); });
    return node;
  }

  function copied(status, ok) {
    status.textContent = ok ? "Details copied. Paste them into a message to whoever looks after this site."
                            : "This browser refused to copy: select the details below and copy them.";
    if (ok) return;
    var area = shown.querySelector("#trouble-details");
    area.value = details();
    area.hidden = false;
    area.focus();
    area.select();
  }

  function copy(status) {
    var words = details();
    try {
      navigator.clipboard.writeText(words).then(function () { copied(status, true); }, function () { copied(status, false); });
    } catch (e) {
      copied(status, false);
    }
  }

  function show() {
    if (shown || root.hasAttribute("data-recovering")) return;
    var status = el("p", { id: "trouble-status", "class": "hint", role: "status" });
    var reload = el("button", { id: "trouble-reload", "class": "primary", type: "button" }, ["Reload"]);
    var copyButton = el("button", { id: "trouble-copy", type: "button" }, ["Copy details"]);
    reload.addEventListener("click", function () { location.reload(); });
    copyButton.addEventListener("click", function () { copy(status); });
    shown = el("div", { id: "trouble", "class": "dialog-backdrop trouble" }, [
      el("div", { "class": "dialog stack", role: "alertdialog", "aria-modal": "true", "aria-labelledby": "trouble-title",
                  "aria-describedby": "trouble-words" }, [
        el("h2", { id: "trouble-title" }, ["Something went wrong"]),
        el("p", { id: "trouble-words" }, ["The game ran into a problem it cannot get past on this page. Your saved games are "
                                          + "kept in this browser: reload to carry on from the last move that was saved."]),
        el("div", { "class": "button-row" }, [reload, copyButton]),
        status,
        el("textarea", { id: "trouble-details", readonly: "", rows: "8", hidden: "", "aria-label": "Details of the problem" })])]);
    root.setAttribute("data-trouble", "");
    document.body.append(shown);
    reload.focus();
  }

  /* Report an error: the start-up snapshot loader may take it over (it then starts again without
     the snapshot); else the message shows once, and later errors only join its details. */
  function report(error, where) {
    reports.push({ where: where || "the page", text: text(error) });
    if (reports.length > 20) reports.splice(1, 1);  /* the first error, and the latest ones */
    var event = new CustomEvent("tw:trouble", { cancelable: true, detail: { error: error, where: where } });
    if (!dispatchEvent(event)) return;
    if (document.body) show();
    else document.addEventListener("DOMContentLoaded", show);
  }

  window.twTrouble = report;
  window.twTroubleDetails = details;
  addEventListener("error", function (event) {
    if (!event.error && !event.message) return;  /* a resource that failed to load: not a crash */
    report(event.error || event.message, "an event handler");
  });
  addEventListener("unhandledrejection", function (event) {
    report(event.reason, "a promise nobody waited on");
  });
})();
