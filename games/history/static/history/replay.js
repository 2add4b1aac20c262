// The replay viewer: the links, the slider, the step field and the keys ← → Home End change the step
// without loading the page. The server answers one step's parts (history/_step.html, asked for with the
// X-Replay-Fragment header) from the same context as the page, and this file puts them in place, keeps
// the address in step (back and forward work) and fetches the neighbouring steps ahead of time.
// Without this file every control is a plain link or form. A file of its own: the CSP allows no inline
// script.
(function () {
  "use strict";
  var CONTROLS = ["step-first", "step-prev", "step-next", "step-last"];
  var KEYS = {ArrowLeft: "step-prev", ArrowRight: "step-next", Home: "step-first", End: "step-last"};
  var SYNCED = ["href", "class", "role", "aria-disabled", "rel"];
  var label = document.getElementById("step-label");
  var slider = document.getElementById("step-slider");
  var number = document.getElementById("step-number");
  var log = document.querySelector(".replay-log");
  if (!label || !slider) return;
  var steps = Number(slider.max);
  var current = Number(slider.value);
  var cache = {};  // step -> promise of the fragment's document (dropped when it fails)
  var latest = 0;  // only the newest request's answer is shown
  var sliderMoving = false;

  function stepOf(href) {
    var url = new URL(href, window.location.href);
    if (url.pathname !== window.location.pathname) return null;
    var raw = url.searchParams.get("step");
    if (raw === null || !/^\d+$/.test(raw)) return null;
    return Math.min(Number(raw), steps);
  }

  function urlFor(step) {
    var url = new URL(window.location.href);
    url.searchParams.set("step", String(step));
    url.hash = "";
    return url.pathname + url.search;
  }

  function fetchStep(step) {
    if (!cache[step]) {
      cache[step] = fetch(urlFor(step), {
        credentials: "same-origin",
        headers: {"X-Replay-Fragment": "step", Accept: "text/html"}
      }).then(function (response) {
        if (!response.ok) throw new Error("step " + step + ": " + response.status);
        return response.text();
      }).then(function (html) {
        return new DOMParser().parseFromString(html, "text/html");
      });
      cache[step].catch(function () { delete cache[step]; });
    }
    return cache[step];
  }

  function prefetch(step) {
    [step - 1, step + 1].forEach(function (s) {
      if (s >= 0 && s <= steps) fetchStep(s).catch(function () {});
    });
  }

  function syncControl(id, fresh) {
    var el = document.getElementById(id);
    if (!el || !fresh) return;
    SYNCED.forEach(function (name) {
      if (fresh.hasAttribute(name)) el.setAttribute(name, fresh.getAttribute(name));
      else el.removeAttribute(name);
    });
    // A control that cannot move any more keeps the focus it had (it is the control just used).
    if (!el.hasAttribute("href") && document.activeElement === el) el.setAttribute("tabindex", "-1");
    else if (el.hasAttribute("href")) el.removeAttribute("tabindex");
  }

  function refillPart(part, fresh) {
    var focused = document.activeElement;
    var refocus = null;
    if (focused && part.contains(focused)) {
      refocus = {id: focused.id, href: focused.getAttribute("href"), tag: focused.tagName};
    }
    part.innerHTML = fresh.innerHTML;
    if (!refocus) return;
    var again = (refocus.id && document.getElementById(refocus.id)) ||
      Array.prototype.find.call(part.querySelectorAll(refocus.tag), function (el) {
        return refocus.href !== null && el.getAttribute("href") === refocus.href;
      });
    if (again) again.focus();
  }

  function markLog(step) {
    if (!log) return;
    var items = log.querySelectorAll("li[data-seq]");
    var shownItem = null;
    Array.prototype.forEach.call(items, function (li) {
      var seq = Number(li.getAttribute("data-seq"));
      li.classList.toggle("current", seq === step);
      li.classList.toggle("past", seq < step);
      li.classList.toggle("future", seq > step);
      if (seq === step) {
        li.setAttribute("aria-current", "step");
        li.id = "current-entry";
        shownItem = li;
      } else {
        li.removeAttribute("aria-current");
        if (li.id === "current-entry") li.removeAttribute("id");
      }
    });
    if (shownItem) scrollLogTo(shownItem);
  }

  function scrollLogTo(item) {
    var top = item.offsetTop - log.offsetTop, bottom = top + item.offsetHeight;
    if (top < log.scrollTop || bottom > log.scrollTop + log.clientHeight) {
      log.scrollTop = top - log.clientHeight / 2;
    }
  }

  function show(doc, step) {
    var root = doc.getElementById("replay-fragment");
    if (!root) throw new Error("no fragment");
    CONTROLS.forEach(function (id) { syncControl(id, doc.getElementById(id)); });
    var freshLabel = doc.getElementById("step-label");
    if (label.textContent !== freshLabel.textContent) label.textContent = freshLabel.textContent;
    var freshSlider = doc.getElementById("step-slider");
    if (!sliderMoving) slider.value = freshSlider.value;
    slider.setAttribute("aria-valuetext", freshSlider.getAttribute("aria-valuetext"));
    if (number && document.activeElement !== number) number.value = doc.getElementById("step-number").value;
    Array.prototype.forEach.call(document.querySelectorAll("[data-replay-part]"), function (part) {
      var fresh = root.querySelector('[data-replay-part="' + part.getAttribute("data-replay-part") + '"]');
      if (fresh) refillPart(part, fresh);
    });
    markLog(step);
    current = step;
  }

  // how: "push" (a new entry in the history), "replace" (the same entry) or "none" (back / forward).
  function go(step, how) {
    step = Math.max(0, Math.min(step, steps));
    var ticket = ++latest;
    return fetchStep(step).then(function (doc) {
      if (ticket !== latest) return;  // a newer step was asked for meanwhile
      // The address changes with the table, never before it: whatever it says is what is shown.
      if (how === "push" && step !== current) window.history.pushState({step: step}, "", urlFor(step));
      else if (how !== "none") window.history.replaceState({step: step}, "", urlFor(step));
      show(doc, step);
      prefetch(step);
    }).catch(function () {
      if (ticket === latest) window.location.assign(urlFor(step));  // the page itself says what is wrong
    });
  }

  document.addEventListener("click", function (event) {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    var link = event.target.closest && event.target.closest("a[href]");
    if (!link) return;
    var inReplay = link.closest(".replay-nav, .replay-log, [data-replay-part]");
    if (!inReplay) return;
    var step = stepOf(link.href);
    if (step === null) return;
    event.preventDefault();
    go(step, "push");
  });

  document.addEventListener("keydown", function (event) {
    var target = event.target, tag = target && target.tagName;
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || (target && target.isContentEditable)) return;
    var control = KEYS[event.key] && document.getElementById(KEYS[event.key]);
    if (!control) return;
    event.preventDefault();
    if (control.hasAttribute("href")) go(stepOf(control.href), "push");
  });

  // The slider: one history entry per move (dragging replaces it until let go; each key press is a move).
  slider.addEventListener("input", function () {
    go(Number(slider.value), sliderMoving ? "replace" : "push");
    sliderMoving = true;
  });
  slider.addEventListener("change", function () { sliderMoving = false; });
  slider.form.addEventListener("submit", function (event) {
    event.preventDefault();
    go(Number(slider.value), "push");
  });
  if (number) {
    number.form.addEventListener("submit", function (event) {
      var value = number.value.trim();
      if (!/^\d+$/.test(value)) return;  // the page answers what is wrong with it
      event.preventDefault();
      go(Number(value), "push");
    });
  }

  window.addEventListener("popstate", function () {
    var step = stepOf(window.location.href);
    go(step === null ? steps : step, "none");
  });

  window.history.replaceState({step: current}, "", window.location.href);
  var first = document.getElementById("current-entry");
  if (first && log) scrollLogTo(first);
  prefetch(current);
})();
