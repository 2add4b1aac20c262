// The table's only script: keep keyboard focus in the table when htmx replaces it, keep the tab title
// current ("(1) Your turn · …") and tell a screen reader when it becomes your turn (the live region
// #turn-announcer lives outside the table, so it survives the swap).
(function () {
  var focusWasInside = false;
  var wasMyTurn = null;

  document.addEventListener("htmx:beforeRequest", function (event) {
    var table = document.getElementById("table");
    if (table && (event.detail.elt === table || table.contains(event.detail.elt))) {
      // Recorded before htmx disables the buttons (a disabled button loses focus).
      focusWasInside = table.contains(document.activeElement);
    }
  });

  function noticeTurn() {
    var table = document.getElementById("table");
    if (!table) return;
    if (table.dataset.title) document.title = table.dataset.title;
    var myTurn = table.dataset.myTurn === "1";
    var announcer = document.getElementById("turn-announcer");
    if (announcer && myTurn && wasMyTurn === false) {
      announcer.textContent = table.dataset.announce || "";
    } else if (announcer && !myTurn) {
      announcer.textContent = "";
    }
    wasMyTurn = myTurn;
  }

  document.addEventListener("DOMContentLoaded", noticeTurn);
  document.addEventListener("htmx:afterSettle", function () {
    noticeTurn();
    if (!focusWasInside) return;
    focusWasInside = false;
    var target = document.getElementById("table-error") || document.getElementById("prompt") || document.getElementById("table");
    if (target) { target.setAttribute("tabindex", "-1"); target.focus(); }
  });
})();
