// The analysis panel's progress bar: polls the analysis API while the worker runs, then reloads the
// page so that the server draws the chart. A file of its own: the site's CSP allows no inline script.
(function () {
  "use strict";
  var bar = document.querySelector("[data-analysis-progress]");
  if (!bar || !window.fetch) { return; }
  var status = document.querySelector("[data-analysis-status]");
  var url = bar.getAttribute("data-url");
  // The pause between polls (the panel's data-delay): short when each poll computes a slice itself (no
  // worker: the site's tasks run in-process), longer when a worker computes and a poll only reads.
  var pause = Number(bar.getAttribute("data-delay")) || 1500;
  var delay = pause;
  var over = false;

  function poll() {
    fetch(url, { credentials: "same-origin", headers: { Accept: "application/json" } })
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (data) {
        if (!data) { delay = Math.min(delay * 2, 30000); return; }
        delay = pause;
        var pct = Math.round(100 * data.progress);
        bar.value = pct;
        bar.textContent = pct + "%";
        if (data.status === "done" || data.status === "failed") {
          over = true;
          window.location.reload();
          return;
        }
        if (status && bar.getAttribute("data-running-text") && data.status === "running") {
          status.textContent = bar.getAttribute("data-running-text");
        }
      })
      .catch(function () { delay = Math.min(delay * 2, 30000); })
      .then(function () { if (!over) { window.setTimeout(poll, delay); } });
  }
  window.setTimeout(poll, delay);
})();
