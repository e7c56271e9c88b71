/* Towers & Worlds: fit each game frame on this wiki page to its game (README, "Embed in a wiki").
   ES5 (MediaWiki refuses anything newer in MediaWiki:Common.js or a Gadget). SITE is the game's site. */
(function () {
  "use strict";
  var SITE = "https://owner.github.io/towers/";
  var ORIGIN = SITE.match(/^[a-z]+:\/\/[^\/]+/i)[0];
  var TALLEST = 2000;
  var key = "towersAndWorldsListener " + SITE;
  if (window[key]) return;
  window[key] = true;
  function ourFrames() {
    var all = document.getElementsByTagName("iframe"), ours = [], i;
    for (i = 0; i < all.length; i++) if (all[i].src.indexOf(SITE) === 0) ours.push(all[i]);
    return ours;
  }
  function askHeights() {
    var frames = ourFrames(), i;
    for (i = 0; i < frames.length; i++) {
      if (frames[i].contentWindow) frames[i].contentWindow.postMessage({ type: "towers-and-worlds:height?" }, ORIGIN);
    }
  }
  window.addEventListener("message", function (event) {
    var data = event.data, frames, i, height;
    if (event.origin !== ORIGIN || !data || data.type !== "towers-and-worlds:height") return;
    height = Math.min(Math.ceil(Number(data.height)), TALLEST);
    if (!(height > 0)) return;
    frames = ourFrames();
    for (i = 0; i < frames.length; i++) {
      if (frames[i].contentWindow === event.source) {
        frames[i].style.height = height + "px";
        event.source.postMessage({ type: "towers-and-worlds:height-ack", height: data.height }, ORIGIN);
      }
    }
  });
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", askHeights);
  else askHeights();
})();
