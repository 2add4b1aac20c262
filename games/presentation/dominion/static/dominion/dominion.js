// Dominion's table: the choices made with a decision. A list beside a button (the overpay beside a Buy,
// how many Coin tokens beside Spend) writes the chosen decision into that button, so the amount is
// chosen with the buy, in one click. Doctor's "choose the order" control puts the cards, held by their
// position so that copies stay apart, into its button as names, top first. Without this script the lists
// and the control stay hidden and every amount is a button of its own (the prompt's noscript).
(function () {
  function show() {
    document.querySelectorAll("[data-dominion-js]").forEach(function (element) {
      element.hidden = false;
    });
    document.querySelectorAll("[data-dominion-order]").forEach(function (control) {
      control.hidden = false;
      var places = control.querySelectorAll("select[data-dominion-place]");
      places.forEach(function (select) { select.dataset.was = select.value; });
      writeOrder(control);
    });
  }

  function writeOrder(control) {
    var places = Array.prototype.slice.call(control.querySelectorAll("select[data-dominion-place]"));
    var button = control.querySelector("button[data-order-base]");
    var names = JSON.parse(button.dataset.orderNames);
    var decision = JSON.parse(button.dataset.orderBase);
    decision[button.dataset.orderKey || "cards"] = places.map(function (place) {
      return names[parseInt(place.value, 10)];
    });
    button.value = JSON.stringify(decision);
  }

  document.addEventListener("change", function (event) {
    var select = event.target;
    if (!select.matches) return;
    if (select.matches("select[data-dominion-choice]")) {
      var button = document.getElementById(select.dataset.dominionChoice);
      if (button) button.value = select.value;
      return;
    }
    if (select.matches("select[data-dominion-place]")) {
      // Each place holds one card: choosing the card another place holds swaps the two.
      var control = select.closest("[data-dominion-order]");
      control.querySelectorAll("select[data-dominion-place]").forEach(function (other) {
        if (other !== select && other.value === select.value) {
          other.value = select.dataset.was;
          other.dataset.was = other.value;
        }
      });
      select.dataset.was = select.value;
      writeOrder(control);
    }
  });

  document.addEventListener("DOMContentLoaded", show);
  document.addEventListener("htmx:afterSettle", show);
})();
