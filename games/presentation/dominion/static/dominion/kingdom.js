// The lobby's kingdom picker: ticking a card means picking the kingdom, so "Pick the ten cards below" is
// chosen with it (a random kingdom would otherwise ignore the cards ticked).
(function () {
  document.addEventListener("change", function (event) {
    var box = event.target;
    if (!box.matches || !box.matches(".kingdom-picker input[type=checkbox]") || !box.checked) return;
    var pick = box.closest(".kingdom-picker").querySelector("input[type=radio][value=pick]");
    if (pick) pick.checked = true;
  });
})();
