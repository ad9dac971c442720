// A finished game's page (/game/{id}): step through it from the keyboard.
//   ← / →    one ply back / forward      Home / End   the start / the end
//   Space    play on by itself (a ply a second) or stop; the "play" button does the same
// The page works without this script: its first/prev/next/last links are plain links.
// With it, a step fetches the page of the ply asked for and shows its contents in place
// (the address follows with history.replaceState); presses made while a page is on its
// way add up, so pressing → five times shows ply +5. At most ten fetches a second, one at
// a time; past the address's request budget (429) it waits a second and goes on. If a
// fetch fails otherwise, the browser goes to that page as a link would.
(function () {
  "use strict";
  var PLAY_EVERY_MS = 1000;
  var target = null; // the ply asked for
  var shown = null; // the ply on the page
  var loading = false;
  var timer = null;

  function info() {
    var span = document.getElementById("step-ply");
    var first = document.getElementById("step-first");
    if (!span || !first) return null;
    return {
      ply: parseInt(span.getAttribute("data-ply"), 10),
      plies: parseInt(span.getAttribute("data-plies"), 10),
      base: first.href,
    };
  }

  function address(ply) {
    var u = new URL(info().base);
    u.searchParams.set("ply", String(ply));
    return u.toString();
  }

  function go(ply) {
    var i = info();
    if (!i) return;
    if (shown === null) shown = i.ply;
    target = Math.max(0, Math.min(i.plies, ply));
    pump();
  }

  function step(by) {
    go((target === null ? info().ply : target) + by);
  }

  // One fetch at a time, at most ten a second (a held key repeats faster: the presses add
  // up meanwhile), well within the server's request budget; past it anyway (429), wait.
  var MIN_GAP_MS = 100;
  var BUSY_WAIT_MS = 1000;
  var lastFetch = 0;
  var BUSY = {};

  function later(ms) {
    loading = true;
    window.setTimeout(function () {
      loading = false;
      pump();
    }, ms);
  }

  function pump() {
    if (loading || target === shown) return;
    var gap = lastFetch + MIN_GAP_MS - Date.now();
    if (gap > 0) return later(gap);
    loading = true;
    lastFetch = Date.now();
    var want = target;
    var url = address(want);
    fetch(url, { credentials: "same-origin", headers: { Accept: "text/html" } })
      .then(function (r) {
        if (r.status === 429) throw BUSY;
        if (!r.ok) throw new Error("HTTP " + r.status);
        return r.text();
      })
      .then(function (text) {
        var doc = new DOMParser().parseFromString(text, "text/html");
        var main = document.querySelector("main");
        var next = doc.querySelector("main");
        if (!main || !next) throw new Error("no page");
        // The fetched page's own <script> stays out (this one is already running).
        next.querySelectorAll("script").forEach(function (s) {
          s.remove();
        });
        main.replaceChildren.apply(main, Array.prototype.slice.call(next.childNodes));
        // The language switch links this ply too.
        var foot = document.querySelector("footer");
        var nextFoot = doc.querySelector("footer");
        if (foot && nextFoot) {
          foot.replaceChildren.apply(foot, Array.prototype.slice.call(nextFoot.childNodes));
        }
        if (doc.title) document.title = doc.title;
        history.replaceState(null, "", url);
        shown = want;
        loading = false;
        decorate();
        if (target !== shown) pump();
        else if (timer !== null && shown >= info().plies) stop();
      })
      .catch(function (e) {
        if (e === BUSY) {
          loading = false;
          later(BUSY_WAIT_MS);
        } else {
          window.location.href = url;
        }
      });
  }

  function playing() {
    return timer !== null;
  }

  function play() {
    var i = info();
    if (!i || playing()) return;
    var at = target === null ? i.ply : target;
    if (at >= i.plies) go(0);
    timer = window.setInterval(function () {
      var now = target === null ? info().ply : target;
      if (now >= info().plies) stop();
      else step(1);
    }, PLAY_EVERY_MS);
    decorate();
  }

  function stop() {
    if (timer !== null) window.clearInterval(timer);
    timer = null;
    decorate();
  }

  function toggle() {
    if (playing()) stop();
    else play();
  }

  // The play button, added beside the step links (again after each step: they are new),
  // in the page's language (its words are the step line's data-play, data-pause and
  // data-play-title).
  function decorate() {
    var nav = document.querySelector("nav.steps");
    if (!nav) return;
    var words = function (name, english) {
      return nav.getAttribute(name) || english;
    };
    var b = document.getElementById("step-play");
    if (!b) {
      b = document.createElement("button");
      b.type = "button";
      b.id = "step-play";
      b.title = words("data-play-title", "Play the game on by itself (Space); ← → Home End step");
      b.addEventListener("click", toggle);
      nav.appendChild(document.createTextNode(" "));
      nav.appendChild(b);
    }
    b.textContent = playing() ? words("data-pause", "pause") : words("data-play", "play");
    b.setAttribute("aria-pressed", playing() ? "true" : "false");
  }

  document.addEventListener("keydown", function (e) {
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    var t = e.target;
    var tag = t && t.tagName ? t.tagName.toLowerCase() : "";
    if (tag === "input" || tag === "textarea" || tag === "select" || (t && t.isContentEditable))
      return;
    var i = info();
    if (!i) return;
    switch (e.key) {
      case "ArrowLeft":
        step(-1);
        break;
      case "ArrowRight":
        step(1);
        break;
      case "Home":
        go(0);
        break;
      case "End":
        go(i.plies);
        break;
      case " ":
      case "Spacebar":
        // A focused button or link answers Space by itself.
        if (tag === "button" || tag === "a") return;
        toggle();
        break;
      default:
        return;
    }
    e.preventDefault();
  });

  decorate();
})();
