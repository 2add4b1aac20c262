// Site-wide behaviour that htmx's attributes cannot say without eval (the Content-Security-Policy forbids
// it, and htmx runs with allowEval off): polls ("hx-trigger: every …", alone or beside other triggers)
// wait while the tab is hidden. A poll is a request of such an element that no event triggered.
document.addEventListener("htmx:confirm", function (event) {
  var trigger = event.detail.elt.getAttribute("hx-trigger") || "";
  var poll = /(^|,)\s*every\s/.test(trigger) && !event.detail.triggeringEvent;
  if (poll && document.visibilityState !== "visible") event.preventDefault();
});
