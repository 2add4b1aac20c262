// The table's only script: when htmx replaces the table, move keyboard focus to the next control to use
// (the next decision, zero Tabs away), keep the tab title current ("(1) Your turn · …"), tell a screen
// reader when it becomes your turn or a bot starts thinking (the live region #turn-announcer lives
// outside the table, so it survives the swap), and the "choose the order" controls.
(function () {
  var focusWasInside = false;
  var replacing = null;  // the #table element a request in flight will replace
  var wasMyTurn = null;

  document.addEventListener("htmx:beforeRequest", function (event) {
    var table = document.getElementById("table");
    // Only requests that replace the table (a decision, the table fetched after a move), not the poll
    // inside it, whose answer swaps nothing and may settle after the table's own request has started.
    if (table && event.detail.target === table) {
      // Recorded before htmx disables the buttons (a disabled button loses focus).
      focusWasInside = table.contains(document.activeElement);
      replacing = table;
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
      // "Bot 2 (greedy) is thinking…" is said once when the bot starts, not again at each of its moves.
      var waiting = table.dataset.announce || "";
      if (waiting !== announcer.textContent) announcer.textContent = waiting;
    }
    wasMyTurn = myTurn;
  }

  // "Choose the order" of cards a decision carries (games/_order_control.html): each place, from the top
  // down, holds one of the cards; choosing a card another place holds swaps the two, so every card is in
  // exactly one place. The control's button sends its decision with that order in its field
  // (data-order-key; a field named by data-order-names-first follows the card on top); the decision's
  // own button keeps the default order. Without this script the controls stay hidden.
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
    decision[button.dataset.orderKey || "order"] = order;
    if (button.dataset.orderNamesFirst) decision[button.dataset.orderNamesFirst] = order[0];
    button.value = JSON.stringify(decision);
  });

  // Where the keyboard goes after the table was replaced (a decision, a move that arrived): the next
  // control to use, so that the next decision is zero Tabs away. On your turn, the prompt's first
  // decision (not "Undo", not the closed "choose the order" controls), else the first decision anywhere
  // on the table (the hand's Play buttons, the row's Buy); otherwise the line that says who decides.
  function nextControl() {
    var table = document.getElementById("table");
    if (!table) return null;
    var decision = 'button[name="decision"]:not([data-decision-type="undo"]):not([disabled])';
    var prompt = document.getElementById("prompt");
    var inPrompt = prompt && Array.prototype.find.call(prompt.querySelectorAll(decision), function (button) {
      return !button.closest("[data-order-control]");
    });
    return inPrompt || table.querySelector(decision) || document.getElementById("waiting") ||
      document.getElementById("table-error") || document.getElementById("results-h") || table;
  }

  document.addEventListener("DOMContentLoaded", function () {
    noticeTurn();
    showOrderControls();
  });
  document.addEventListener("htmx:afterSettle", function () {
    noticeTurn();
    showOrderControls();
    if (!replacing || document.getElementById("table") === replacing) return;  // the table was not replaced
    replacing = null;
    if (!focusWasInside) return;
    focusWasInside = false;
    var target = nextControl();
    if (target) {
      if (!target.matches("button, a[href], select")) target.setAttribute("tabindex", "-1");
      target.focus();
    }
  });
})();
