// The coach's "Show me where": lights up and focuses the control the coach points at. Loaded with every
// swap of the panel, so it sets itself up once.
(function () {
  if (window.guildhallCoach) return;
  window.guildhallCoach = true;
  function targets(selector) {
    try { return Array.prototype.slice.call(document.querySelectorAll(selector)); } catch (e) { return []; }
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
    var found = targets(button.dataset.coachShow);
    if (!found.length) return;
    found[0].scrollIntoView({ block: "center" });
    found[0].focus();
  });
  document.addEventListener("htmx:afterSettle", mark);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", mark); else mark();
})();
