/* In an embed (?embed=GAME inside a frame), tell the host page the document's height whenever it
   changes, so a host that listens can fit the frame to the game (README, "Embed in a wiki").
   The message is {type: "towers-and-worlds:height", height: <CSS pixels>}; a height is no
   secret, so any host may hear it. Classic script, no inline code (the CSP forbids it). */
(function () {
  "use strict";
  var embedded = document.documentElement.hasAttribute("data-embed") || new URLSearchParams(location.search).has("embed");
  if (window.parent === window || !embedded) return;
  var last = 0;
  function post() {
    var height = Math.ceil(document.body.getBoundingClientRect().height);
    if (height === last) return;
    last = height;
    window.parent.postMessage({ type: "towers-and-worlds:height", height: height }, "*");
  }
  function start() { new ResizeObserver(post).observe(document.body); post(); }
  if (document.body) start(); else document.addEventListener("DOMContentLoaded", start);
})();
