// The replay viewer's keys and slider (a file of its own: the Content-Security-Policy allows no inline script).
(function () {
  var keys = {ArrowLeft: "step-prev", ArrowRight: "step-next", Home: "step-first", End: "step-last"};
  document.addEventListener("keydown", function (event) {
    var target = event.target, tag = target && target.tagName;
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || (target && target.isContentEditable)) return;
    var link = keys[event.key] && document.getElementById(keys[event.key]);
    if (link) { event.preventDefault(); window.location.href = link.href; }
  });
  var slider = document.getElementById("step-slider");
  if (slider) slider.addEventListener("change", function () { slider.form.submit(); });
  var current = document.getElementById("current-entry"), log = document.querySelector(".replay-log");
  if (current && log) log.scrollTop = current.offsetTop - log.offsetTop - log.clientHeight / 2;
})();
