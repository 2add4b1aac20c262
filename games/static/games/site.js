// Site-wide behaviour that htmx's attributes cannot say without eval (the Content-Security-Policy forbids
// it, and htmx runs with allowEval off): polls ("hx-trigger: every …") wait while the tab is hidden.
document.addEventListener("htmx:confirm", function (event) {
  var trigger = event.detail.elt.getAttribute("hx-trigger") || "";
  if (/^\s*every\s/.test(trigger) && document.visibilityState !== "visible") event.preventDefault();
});
