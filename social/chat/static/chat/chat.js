// The chat panel and the notes: after htmx replaces them, focus goes back where the player was typing;
// the chat log shows its newest messages (scrolled to the bottom unless the reader scrolled up). The chat's
// and the rematch box's timed polls wait while the tab is hidden (also where htmx may not evaluate the
// trigger's condition: a Content-Security-Policy without eval); what the live socket asks for (an event,
// not the timer: live.js) is fetched in a hidden tab too.
(function () {
  document.addEventListener("htmx:confirm", function (event) {
    var id = event.detail.elt && event.detail.elt.id;
    if (event.detail.triggeringEvent) return;
    if ((id === "chat-poll" || id === "rematch") && document.visibilityState !== "visible") event.preventDefault();
  });
  var refocus = null;
  function toBottom(log, force) {
    if (!log) return;
    var nearBottom = log.scrollHeight - log.scrollTop - log.clientHeight < 48;
    if (force || nearBottom) log.scrollTop = log.scrollHeight;
  }
  document.addEventListener("DOMContentLoaded", function () { toBottom(document.getElementById("chat-log"), true); });
  document.addEventListener("htmx:beforeRequest", function (event) {
    var id = event.detail.elt && event.detail.elt.id;
    if (id === "chat-form") refocus = "chat-text";
    else if (id === "notes-form") refocus = "notes-text";
  });
  document.addEventListener("htmx:beforeSwap", function (event) {
    var log = document.getElementById("chat-log");
    if (log && event.detail.target === log) log.dataset.wasNearBottom = String(log.scrollHeight - log.scrollTop - log.clientHeight < 48);
  });
  document.addEventListener("htmx:afterSettle", function (event) {
    var log = document.getElementById("chat-log");
    if (log && event.detail.target === log && log.dataset.wasNearBottom === "true") toBottom(log, true);
    if (event.detail.target && event.detail.target.id === "chat") toBottom(log, true);
    if (!refocus) return;
    var field = document.getElementById(refocus);
    refocus = null;
    if (field) field.focus();
  });
})();
