// The table's only script: keep keyboard focus in the table when htmx replaces it.
(function () {
  var focusWasInside = false;
  document.addEventListener("htmx:beforeRequest", function (event) {
    var table = document.getElementById("table");
    if (table && (event.detail.elt === table || table.contains(event.detail.elt))) {
      // Recorded before htmx disables the buttons (a disabled button loses focus).
      focusWasInside = table.contains(document.activeElement);
    }
  });
  document.addEventListener("htmx:afterSettle", function () {
    if (!focusWasInside) return;
    focusWasInside = false;
    var target = document.getElementById("table-error") || document.getElementById("prompt") || document.getElementById("table");
    if (target) { target.setAttribute("tabindex", "-1"); target.focus(); }
  });
})();
