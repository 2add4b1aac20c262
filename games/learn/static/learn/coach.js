// The coach's "Show me where": lights up the controls the coach points at and focuses the one it names
// first. The coach lists its selectors in the order to use them (the card to discard before Done), so
// the first is found selector by selector, not in the page's order (where Done comes before the hand).
// Loaded with every swap of the panel, so it sets itself up once.
(function () {
  if (window.guildhallCoach) return;
  window.guildhallCoach = true;
  function targets(selector) {
    try { return Array.prototype.slice.call(document.querySelectorAll(selector)); } catch (e) { return []; }
  }
  function usable(el) {
    return !el.disabled && el.getClientRects().length > 0;
  }
  function first(selector) {
    var parts = selector.split(",");
    for (var i = 0; i < parts.length; i++) {
      var found = targets(parts[i].trim()).filter(usable);
      if (found.length) return found[0];
    }
    return null;
  }
  function mark() {
    document.querySelectorAll(".coach-target").forEach(function (el) { el.classList.remove("coach-target"); });
    var coach = document.getElementById("coach");
    if (!coach || !coach.dataset.pointsAt) return;
    targets(coach.dataset.pointsAt).forEach(function (el) { el.classList.add("coach-target"); });
  }
  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-coach-show]");
    if (!button) return;
    var found = first(button.dataset.coachShow);
    if (!found) return;
    found.scrollIntoView({ block: "center" });
    found.focus();
  });
  document.addEventListener("htmx:afterSettle", mark);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", mark); else mark();
})();
