// Follows what changes on a page by itself (a game in play, a tournament): every element
// with a data-live attribute opens a Server-Sent Events stream on that address and takes
// each "html" event's data as its new contents; on "end" the stream is closed. Running
// clocks (.clock[data-running="true"][data-ms]) count down between events. Without this
// script the pages still work: they have a "reload" link.
(function () {
  "use strict";
  if (!window.EventSource || !document.querySelectorAll) {
    return;
  }
  var received = Date.now();

  function clockText(ms) {
    var s = Math.max(0, Math.floor(ms / 1000));
    var h = Math.floor(s / 3600);
    var m = Math.floor((s % 3600) / 60);
    var ss = ("0" + (s % 60)).slice(-2);
    return h > 0 ? h + ":" + ("0" + m).slice(-2) + ":" + ss : m + ":" + ss;
  }

  function tick() {
    var clocks = document.querySelectorAll('.clock[data-running="true"][data-ms]');
    for (var i = 0; i < clocks.length; i++) {
      var ms = parseInt(clocks[i].getAttribute("data-ms"), 10);
      if (!isNaN(ms)) {
        clocks[i].textContent = clockText(ms - (Date.now() - received));
      }
    }
  }

  function follow(el) {
    var source = new EventSource(el.getAttribute("data-live"));
    source.addEventListener("html", function (e) {
      el.innerHTML = e.data;
      received = Date.now();
    });
    source.addEventListener("end", function () {
      source.close();
      el.setAttribute("data-ended", "true");
    });
  }

  var live = document.querySelectorAll("[data-live]");
  for (var i = 0; i < live.length; i++) {
    follow(live[i]);
  }
  if (live.length > 0) {
    window.setInterval(tick, 250);
  }
})();
