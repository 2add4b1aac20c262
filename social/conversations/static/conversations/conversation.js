// An open conversation: its new messages are fetched (#dm-poll, htmx) when the live socket says the header
// changed and now and then besides. A fetch says whether the page is being looked at (read=1), so that
// what arrives in a hidden tab stays unread until the player comes back to it, when it is fetched again.
// No inline script, no eval: the Content-Security-Policy allows neither.
(function () {
  document.addEventListener("htmx:configRequest", function (event) {
    if (event.detail.elt && event.detail.elt.id === "dm-poll" && document.visibilityState === "visible") {
      event.detail.parameters.read = "1";
    }
  });
  document.addEventListener("visibilitychange", function () {
    var poller = document.getElementById("dm-poll");
    if (poller && window.htmx && document.visibilityState === "visible") htmx.trigger(poller, "live-games-changed");
  });
})();
