// A new account's time zone is UTC until its player chooses one: the settings page offers the browser's
// own zone (not saved until the player saves the form), and says so beside the list.
(function () {
  "use strict";
  var select = document.getElementById("id_time_zone");
  if (!select || !select.dataset.guessNote || !window.Intl) return;
  var zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (!zone || zone === select.value) return;
  var offered = Array.prototype.some.call(select.options, function (option) { return option.value === zone; });
  if (!offered) return;
  select.value = zone;
  var note = document.createElement("span");
  note.className = "helptext";
  note.id = "time-zone-guess";
  note.setAttribute("role", "status");
  note.textContent = select.dataset.guessNote;
  select.insertAdjacentElement("afterend", note);
})();
