// The live table: sends the seat's moves through the action API and swaps in the table the
// server pushes (Server-Sent Events), polling only while the stream is down. No library.
(function () {
  "use strict";
  var root = document.getElementById("live-table");
  if (!root) return;
  var api = root.dataset.api;
  var tableBox = document.getElementById("table");
  var message = document.getElementById("table-message");
  var csrf = (root.querySelector("input[name=csrfmiddlewaretoken]") || {}).value || "";
  var selection = {}; // kind -> pick key, e.g. {card: "card:m3"}
  var armed = null; // a control waiting for a click on the table (a free position)
  var busy = false; // a move is on its way to the referee
  var pending = null; // the id of that move's action, once the server took it
  // The page's words, in the reader's language (matches/table.html: a json_script).
  var words = JSON.parse((document.getElementById("table-words") || {}).textContent || "{}");
  function word(key, fallback) { return words[key] || fallback; }
  var state = (window.posseTable = {
    loadId: Math.random().toString(36).slice(2),
    version: currentVersion(),
    pushes: 0,
    polls: 0,
    lastSource: "page",
    streamOpen: false,
  });

  function currentVersion() {
    var t = tableBox.querySelector(".table-root");
    return t ? parseInt(t.dataset.version, 10) : -1;
  }

  function say(text, kind) {
    message.textContent = text || "";
    message.className = "table-message" + (kind ? " " + kind : "");
  }

  function newKey() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    var a = new Uint32Array(4);
    crypto.getRandomValues(a);
    return Array.prototype.map.call(a, function (n) { return n.toString(16); }).join("-");
  }

  // --- updates ------------------------------------------------------------------------------
  function swap(html, version, source) {
    if (version <= state.version) return false;
    tableBox.innerHTML = html;
    state.version = version;
    state.lastSource = source;
    state.updatedAt = Date.now();
    if (source === "push") state.pushes += 1;
    else state.polls += 1;
    selection = {};
    armed = null;
    // A new table means the referee has moved on: the page takes clicks again at once, even
    // if the poll of our own action has not come back yet (it still reports a refusal).
    if (busy) {
      busy = false;
      say("", "");
    }
    tickClocks();
    scrollLog();
    return true;
  }

  function scrollLog() {
    var log = tableBox.querySelector(".log-list");  // the scrolling region around the <ol>
    if (log) log.scrollTop = log.scrollHeight;
  }

  function connect() {
    if (!window.EventSource) return;
    var source = new EventSource(root.dataset.stream + "?version=" + state.version);
    source.addEventListener("open", function () { state.streamOpen = true; });
    source.addEventListener("error", function () { state.streamOpen = false; });
    source.addEventListener("table", function (event) {
      state.streamOpen = true;
      var data = JSON.parse(event.data);
      swap(data.html, data.version, "push");
    });
  }

  function poll(force) {
    // The fallback: only while the stream is down (or the browser has no EventSource).
    if (state.streamOpen && force !== true) return;
    fetch(root.dataset.fragment + "?after=" + state.version, { credentials: "same-origin" })
      .then(function (r) {
        if (r.status !== 200) return null;
        var v = parseInt(r.headers.get("X-Table-Version"), 10);
        return r.text().then(function (html) { swap(html, v, "poll"); });
      })
      .catch(function () {});
  }

  // --- sending a move -----------------------------------------------------------------------
  function send(action, label) {
    if (busy) return say(word("busy", "Your last move is still with the referee…"), "pending");
    busy = true;
    say(word("sending", "Sending:") + " " + label + " …", "pending");
    var url = action === "resign" ? api + "resign/" : api + "actions/";
    var headers = {
      "Content-Type": "application/json",
      "X-CSRFToken": csrf,
      "Idempotency-Key": newKey(),
    };
    if (action !== "resign") headers["Expected-Version"] = String(state.version);
    fetch(url, {
      method: "POST",
      credentials: "same-origin",
      headers: headers,
      body: action === "resign" ? "" : JSON.stringify(action),
    })
      .then(function (r) {
        return r.json().then(function (body) { return { ok: r.ok, body: body }; });
      })
      .then(function (res) {
        if (!res.ok) return done(res.body.detail || word("refused", "The move was refused."), "error");
        pending = res.body.id;
        follow(res.body.id, 0);
      })
      .catch(function () { done(word("unreachable", "The server could not be reached; try again."), "error"); });
  }

  function done(text, kind) {
    busy = false;
    say(text, kind);
  }

  function follow(actionId, tries) {
    // The action is queued; its result comes from the referee (the table itself by push).
    fetch(api + "actions/" + actionId + "/", { credentials: "same-origin" })
      .then(function (r) { return r.json(); })
      .then(function (a) {
        if (a.status === "rejected") return done(a.reason, "error");
        if (a.status === "resolved") {
          if (pending === actionId && busy) done("", "");
          // The push normally got here first; if it did not, fetch the table once.
          if (a.version_after > state.version) {
            setTimeout(function () {
              if (a.version_after > state.version) poll(true);
            }, 800);
          }
          return;
        }
        if (tries > 120) return done(word("waiting", "Still waiting for the referee…"), "pending");
        setTimeout(function () { follow(actionId, tries + 1); }, 150);
      })
      .catch(function () { done("", ""); });
  }

  function fill(button, point) {
    var action = JSON.parse(button.dataset.action);
    var control = button.closest(".control");
    if (button.dataset.needsCard) {
      if (!selection.card) {
        say(word("card_first", "Choose a card from your hand first."), "error");
        return null;
      }
      action.card = selection.card.slice(5);
    }
    control.querySelectorAll("input[data-key]").forEach(function (input) {
      if (input.type === "checkbox") action[input.dataset.key] = input.checked;
      else if (input.value === "") delete action[input.dataset.key];
      else action[input.dataset.key] = parseFloat(input.value);
    });
    if (point) action[point.key] = { x: point.x, y: point.y };
    return action;
  }

  function arm(button) {
    var spec = JSON.parse(button.dataset.point);
    armed = { button: button, spec: spec };
    var zone = document.getElementById("point-zone");
    if (zone) {
      var s = spec.scale;
      zone.setAttribute("x", spec.x[0] * s);
      zone.setAttribute("y", spec.y[0] * s);
      zone.setAttribute("width", (spec.x[1] - spec.x[0]) * s);
      zone.setAttribute("height", (spec.y[1] - spec.y[0]) * s);
    }
    say(word("click_area", "Click on the table inside the highlighted area:") + " " + button.textContent, "pending");
  }

  function tablePoint(svg, event) {
    var pt = svg.createSVGPoint();
    pt.x = event.clientX;
    pt.y = event.clientY;
    var p = pt.matrixTransform(svg.getScreenCTM().inverse());
    var s = armed.spec.scale;
    return { key: armed.spec.key, x: Math.round((p.x / s) * 100) / 100, y: Math.round((p.y / s) * 100) / 100 };
  }

  function within(p, spec) {
    return p.x >= spec.x[0] && p.x <= spec.x[1] && p.y >= spec.y[0] && p.y <= spec.y[1];
  }

  // --- choosing with the board and the hand -------------------------------------------------
  function buttons() {
    return Array.prototype.slice.call(tableBox.querySelectorAll("button.act"));
  }

  function picksOf(button) {
    return JSON.parse(button.dataset.picks || "[]");
  }

  function complete(button) {
    var picks = picksOf(button);
    if (!picks.length && !button.dataset.needsCard) return false;
    if (button.dataset.needsCard && !selection.card) return false;
    var chosen = Object.keys(selection).map(function (k) { return selection[k]; });
    return picks.every(function (p) { return chosen.indexOf(p) >= 0; });
  }

  function choose(pick) {
    var kind = pick.split(":")[0];
    selection[kind] = selection[kind] === pick ? undefined : pick;
    if (!selection[kind]) delete selection[kind];
    var chosen = Object.keys(selection).map(function (k) { return selection[k]; });
    var related = buttons().filter(function (b) {
      var picks = picksOf(b);
      return chosen.every(function (c) {
        return picks.indexOf(c) >= 0 || (c.indexOf("card:") === 0 && b.dataset.needsCard);
      });
    });
    var ready = related.filter(complete);
    if (ready.length === 1 && chosen.indexOf(pick) >= 0 && !ready[0].dataset.point) {
      var action = fill(ready[0]);
      if (action) send(action, ready[0].textContent);
      return;
    }
    tableBox.querySelectorAll("[data-pick]").forEach(function (el) {
      el.classList.toggle("selected", chosen.indexOf(el.dataset.pick) >= 0);
    });
    buttons().forEach(function (b) {
      b.classList.toggle("dim", chosen.length > 0 && related.indexOf(b) < 0);
    });
    if (related.length === 1 && related[0].dataset.point) arm(related[0]);
  }

  tableBox.addEventListener("click", function (event) {
    var button = event.target.closest("button");
    if (button && button.classList.contains("resign")) {
      if (window.confirm(word("resign", "Resign from this match?"))) send("resign", word("resign_label", "resign"));
      return;
    }
    if (button && button.classList.contains("act")) {
      if (button.dataset.point) return arm(button);
      var action = fill(button);
      if (action) send(action, button.textContent);
      return;
    }
    var svg = event.target.closest("svg.board-svg");
    if (armed && svg) {
      var p = tablePoint(svg, event);
      if (!within(p, armed.spec)) return say(word("outside", "That spot is outside the allowed area."), "error");
      var filled = fill(armed.button, p);
      if (filled) send(filled, armed.button.textContent);
      return;
    }
    // A tap names what it touched (a title shows on hover only, never on a phone).
    var named = event.target.closest("[data-title]");
    var tip = tableBox.querySelector("#table-tip");
    if (named && tip) tip.textContent = named.dataset.title;
    var target = event.target.closest("[data-pick]");
    if (target) choose(target.dataset.pick);
  });

  // --- clocks -------------------------------------------------------------------------------
  function tickClocks() {
    tableBox.querySelectorAll(".clock[data-deadline]").forEach(function (el) {
      var left = Math.max(0, Math.round((parseInt(el.dataset.deadline, 10) - Date.now()) / 1000));
      var m = Math.floor(left / 60);
      var s = left % 60;
      el.textContent = m + ":" + (s < 10 ? "0" : "") + s;
      el.classList.toggle("low", left <= 10);
    });
  }

  connect();
  scrollLog();
  setInterval(tickClocks, 250);
  setInterval(poll, 3000);
  tickClocks();
})();
