// The round clock of a league night's pairings page: counts down to the round's deadline
// (the element's data-deadline, ISO 8601) every second. No library, no inline script.
(function () {
  "use strict";
  var clocks = document.querySelectorAll("[data-deadline]");
  if (!clocks.length) return;
  function pad(n) { return (n < 10 ? "0" : "") + n; }
  function tick() {
    clocks.forEach(function (clock) {
      var left = Math.round((Date.parse(clock.dataset.deadline) - Date.now()) / 1000);
      if (isNaN(left)) return;
      if (left <= 0) {
        clock.textContent = clock.dataset.over || "0:00";
        clock.classList.add("over");
        return;
      }
      var hours = Math.floor(left / 3600);
      var minutes = Math.floor((left % 3600) / 60);
      var text = pad(minutes) + ":" + pad(left % 60);
      clock.textContent = hours ? hours + ":" + text : text;
    });
  }
  tick();
  setInterval(tick, 1000);
})();
