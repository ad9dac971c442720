// Follows what changes on a page by itself (a game in play, a tournament): every element
// with a data-live attribute opens a Server-Sent Events stream on that address and takes
// each "html" event's data as its new contents; on "end" the stream is closed. Running
// clocks (.clock[data-running="true"][data-ms]) count down between events. When the
// server refuses the stream (too many live pages open from this address, or on the
// server), the page says so (its data-refused text) and checks the JSON at data-poll every
// 5 seconds instead: when that changes, it fetches this page again and takes the new
// contents of the element. When a game ends its page takes the finished game's title, and
// its address the last ply (a reload shows the end, not the set-ups). Without this script the pages still work: they have a "reload"
// link.
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

  var POLL_MS = 5000;

  // A game's page once the game is over: the title of the finished game (data-over-title),
  // and an address at the last ply, so that a reload shows the finished game at its end.
  function ended(el) {
    var title = el.getAttribute("data-over-title");
    if (!title) {
      return;
    }
    document.title = title;
    var p = el.querySelector("p.ply[data-ply]");
    if (p && window.history && window.history.replaceState && window.URLSearchParams) {
      var params = new URLSearchParams(window.location.search);
      params.set("ply", p.getAttribute("data-ply"));
      window.history.replaceState(null, "", window.location.pathname + "?" + params.toString());
    }
  }

  // Says why the page no longer follows by itself, once, above the element.
  function note(el) {
    var text = el.getAttribute("data-refused");
    if (!text || el.previousElementSibling && el.previousElementSibling.className === "live-note") {
      return;
    }
    var p = document.createElement("p");
    p.className = "live-note";
    p.setAttribute("role", "status");
    p.textContent = text;
    el.parentNode.insertBefore(p, el);
  }

  // Takes the element's new contents from this page fetched again; a page without it (the
  // game is over: the address shows the finished game now) is loaded whole.
  function refresh(el) {
    return window.fetch(window.location.href, { headers: { Accept: "text/html" } })
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) {
        if (html === null) {
          return;
        }
        var doc = new DOMParser().parseFromString(html, "text/html");
        var fresh = doc.getElementById(el.id);
        if (!fresh || !fresh.hasAttribute("data-live")) {
          el.setAttribute("data-ended", "true");
          ended(el);
          window.location.reload();
          return;
        }
        el.innerHTML = fresh.innerHTML;
        received = Date.now();
      });
  }

  // Checks the JSON every POLL_MS; when it changes, the element is refreshed.
  function poll(el) {
    var url = el.getAttribute("data-poll");
    if (!url || !window.fetch || !window.DOMParser) {
      return;
    }
    var last = null;
    el.setAttribute("data-polling", "true");
    function check() {
      window.fetch(url, { headers: { Accept: "application/json" } })
        .then(function (r) { return r.ok ? r.text() : last; })
        .then(function (text) {
          var changed = last !== null && text !== last;
          last = text;
          return changed ? refresh(el) : null;
        })
        .catch(function () {})
        .then(function () {
          if (el.getAttribute("data-ended") !== "true") {
            window.setTimeout(check, POLL_MS);
          }
        });
    }
    check();
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
      ended(el);
    });
    // A refused stream (429 or 503) is closed for good; a dropped one reconnects by itself.
    source.addEventListener("error", function () {
      if (source.readyState === 2 && el.getAttribute("data-ended") !== "true") {
        note(el);
        poll(el);
      }
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
