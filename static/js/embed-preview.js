/* An embed's preview page (embed/<game>.html, written by build.py): its Play form starts as the
   frame's address asks (?vs=computer&level=hard, seats, variants), and carries every other setting
   of the address on to the app, which checks them all. No Python here: that loads after Play. */
(function () {
  "use strict";
  var form = document.querySelector("form.embed-play");
  if (!form) return;
  new URLSearchParams(location.search).forEach(function (value, name) {
    var field = form.elements.namedItem(name);
    if (field && field.tagName === "SELECT") {
      if (Array.prototype.some.call(field.options, function (o) { return o.value === value; })) field.value = value;
    } else if (!field) {
      var carried = document.createElement("input");
      carried.type = "hidden";
      carried.name = name;
      carried.value = value;
      form.appendChild(carried);
    }
  });
})();
