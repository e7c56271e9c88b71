/* In an embed (?embed=GAME, or a preview page embed/GAME.html, inside a frame), offer the host page
   the document's height, so a host that listens (py/tabletop/ui/wiki-listener.js) fits the frame to
   the game (README, "Embed in a wiki"). The handshake cannot miss a listener that loads late, as
   MediaWiki's site scripts do:
   - the frame posts {type: "towers-and-worlds:height", height} whenever its height changes, and posts
     it again (after 0.25, 0.5, 1, 2... up to 8 s apart, 20 times at most) until the host answers
     {type: "towers-and-worlds:height-ack", height} for that height;
   - whenever the host asks {type: "towers-and-worlds:height?"}, the frame answers: at once, but at most
     once every 0.25 s, the asks in between answered together once that time is up (a page that asks a
     million times must not keep the frame busy measuring; the last ask always gets the height then).
   Only the parent page is heard; a height is no secret, so it is posted to any parent. ES5, a classic
   script with no inline code (the CSP forbids it). */
(function () {
  "use strict";
  var embedded = document.documentElement.hasAttribute("data-embed") || new URLSearchParams(location.search).has("embed");
  if (window.parent === window || !embedded) return;
  var FIRST_WAIT = 250, LONGEST_WAIT = 8000, MOST_OFFERS = 20;
  var ANSWER_GAP = 250;
  var offered = 0, acknowledged = 0, offers = 0, wait = FIRST_WAIT, timer = 0, answered = -ANSWER_GAP, answerTimer = 0;

  function measure() { return Math.ceil(document.body.getBoundingClientRect().height); }
  function post() {
    clearTimeout(timer);
    window.parent.postMessage({ type: "towers-and-worlds:height", height: offered }, "*");
    offers += 1;
    if (offered === acknowledged || offers >= MOST_OFFERS) return;
    timer = setTimeout(post, wait);
    wait = Math.min(wait * 2, LONGEST_WAIT);
  }
  function offer(always) {
    var height = measure();
    if (height === offered && !always) return;
    offered = height;
    acknowledged = 0;
    offers = 0;
    wait = FIRST_WAIT;
    post();
  }
  function answerNow() {
    answerTimer = 0;
    answered = Date.now();
    offer(true);
  }
  function answer() {
    if (answerTimer) return;
    var left = answered + ANSWER_GAP - Date.now();
    if (left <= 0) answerNow();
    else answerTimer = setTimeout(answerNow, left);
  }
  window.addEventListener("message", function (event) {
    var data = event.data;
    if (event.source !== window.parent || !data) return;
    if (data.type === "towers-and-worlds:height?") answer();
    else if (data.type === "towers-and-worlds:height-ack" && data.height === offered) {
      acknowledged = offered;
      clearTimeout(timer);
    }
  });
  function start() { new ResizeObserver(function () { offer(false); }).observe(document.body); offer(false); }
  if (document.body) start(); else document.addEventListener("DOMContentLoaded", start);
})();
