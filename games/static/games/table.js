// The table's only script: keep keyboard focus in the table when htmx replaces it, keep the tab title
// current ("(1) Your turn · …"), tell a screen reader when it becomes your turn (the live region
// #turn-announcer lives outside the table, so it survives the swap), and the "choose the order" controls.
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

  // "Choose the order" of cards put on the pile together: each place, from the top down, holds one of
  // the cards; choosing a card another place holds swaps the two, so every card is in exactly one place.
  // The control's button sends its decision with that order (a payment's card is the one on top); the
  // decision's own button keeps the default order. Without this script the controls stay hidden.
  function showOrderControls() {
    document.querySelectorAll("[data-order-control]").forEach(function (control) {
      control.hidden = false;
      control.querySelectorAll("select[data-order-place]").forEach(function (select) {
        select.dataset.was = select.value;
      });
    });
  }

  document.addEventListener("change", function (event) {
    var select = event.target;
    if (!select.matches || !select.matches("select[data-order-place]")) return;
    var control = select.closest("[data-order-control]");
    var places = Array.prototype.slice.call(control.querySelectorAll("select[data-order-place]"));
    places.forEach(function (other) {
      if (other !== select && other.value === select.value) {
        other.value = select.dataset.was;
        other.dataset.was = other.value;
      }
    });
    select.dataset.was = select.value;
    var order = places.map(function (place) { return parseInt(place.value, 10); });
    var button = control.querySelector("button[data-order-base]");
    var decision = JSON.parse(button.dataset.orderBase);
    decision.order = order;
    if (decision.type === "pay") decision.card = order[0];
    button.value = JSON.stringify(decision);
  });

  document.addEventListener("DOMContentLoaded", function () {
    noticeTurn();
    showOrderControls();
  });
  document.addEventListener("htmx:afterSettle", function () {
    noticeTurn();
    showOrderControls();
    if (!focusWasInside) return;
    focusWasInside = false;
    var target = document.getElementById("table-error") || document.getElementById("prompt") || document.getElementById("table");
    if (target) { target.setAttribute("tabindex", "-1"); target.focus(); }
  });
})();
