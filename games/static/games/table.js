// The table's only script: keep keyboard focus in the table when htmx replaces it.
(function () {
  var focusWasInside = false;
  document.addEventListener("htmx:beforeSwap", function () {
    var table = document.getElementById("table");
    focusWasInside = !!(table && table.contains(document.activeElement));
  });
  document.addEventListener("htmx:afterSettle", function () {
    if (!focusWasInside) return;
    focusWasInside = false;
    var target = document.getElementById("table-error") || document.getElementById("prompt") || document.getElementById("table");
    if (target) { target.setAttribute("tabindex", "-1"); target.focus({ preventScroll: false }); }
  });
})();
