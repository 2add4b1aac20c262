// Live pages: one WebSocket per page (games.live). The server only says "game N is at seq S (status)"
// for the games this page follows, and "your games changed" for the header; the page then asks for what
// it shows through its own htmx requests, exactly as its polls do. Elements with data-live-game (the
// table's and the waiting room's pollers) name a game, the seq and status they show, and refresh on the
// "live-moved" event. Elements with data-live-chat (the table chat's poller) name a game and the newest
// chat message id they have, and fetch what is new on the "live-chat" event when the socket tells of a
// newer one. Elements with data-live-badge (the header's links) refresh on "live-games-changed".
// While the socket is open their timed polls are skipped, but for one every SLOW_POLL_MS as a safety
// net; while it is closed they poll as before, and the socket reconnects with backoff. No inline
// script, no eval: the Content-Security-Policy allows neither.
(function () {
  var body = document.body;
  var path = body && body.dataset.liveUrl;
  if (!path || !window.WebSocket || !window.htmx) return;
  var PING_MS = (parseInt(body.dataset.livePing, 10) || 25) * 1000;
  var SLOW_POLL_MS = 60000;
  var NOT_SIGNED_IN = 4401;

  var socket = null;
  var open = false;
  var everOpened = false;
  var attempts = 0;
  var watched = {};
  var latest = {};  // game id -> the last {seq, status} the socket told
  var latestChat = {};  // game id -> the newest chat message id the socket told
  var lastHeard = 0;
  var lastPoll = {};  // "game" / "chat" -> when the last timed poll was let through
  var pingTimer = null;

  function followers() { return document.querySelectorAll("[data-live-game]"); }
  function chatPollers() { return document.querySelectorAll("[data-live-chat]"); }

  function send(message) {
    if (open) socket.send(JSON.stringify(message));
  }

  function watchShown() {
    var ids = [];
    function add(id) {
      if (id > 0 && !watched[id]) { watched[id] = true; ids.push(id); }
    }
    followers().forEach(function (el) { add(parseInt(el.dataset.liveGame, 10)); });
    chatPollers().forEach(function (el) { add(parseInt(el.dataset.liveChat, 10)); });
    if (ids.length) send({watch: ids});
  }

  // A game's log only grows, but its messages may arrive out of order (two app servers, or a step's news
  // sent after the decider's answer): only a later seq, or a new status at the same seq, is news.
  function newer(message, than) {
    return !than || message.seq > than.seq || (message.seq === than.seq && message.status !== than.status);
  }

  function gameMoved(message) {
    if (newer(message, latest[message.game])) latest[message.game] = message;
    catchUp();
  }

  // Every element showing a game the socket has news of asks for it. Also after each swap: a message
  // that came while a refresh was on its way (its element then replaced) is not lost. An element that
  // already shows as much (a page refreshed by its own player's move) is left alone.
  function catchUp() {
    followers().forEach(function (el) {
      var known = latest[parseInt(el.dataset.liveGame, 10)];
      if (!known) return;
      var shown = {seq: parseInt(el.dataset.liveSeq, 10), status: el.dataset.liveStatus};
      if (isNaN(shown.seq) || newer(known, shown)) htmx.trigger(el, "live-moved");
    });
  }

  function chatPosted(message) {
    if (!(message.chat <= latestChat[message.game])) latestChat[message.game] = message.chat;
    chatCatchUp();
  }

  // A chat poller that has less than the newest message told asks for what is new (through the chat's
  // view: mutes, blocks and hidden messages apply). Also after each swap: a message told while a fetch
  // was on its way (htmx drops a second request of an element) is fetched by the poller that replaced it.
  function chatCatchUp() {
    chatPollers().forEach(function (el) {
      var told = latestChat[parseInt(el.dataset.liveChat, 10)];
      if (told && told > (parseInt(el.dataset.liveChatLast, 10) || 0)) htmx.trigger(el, "live-chat");
    });
  }

  // After the socket (re)opened: every chat shown asks once what it missed while it was closed.
  function chatRefresh() {
    chatPollers().forEach(function (el) { htmx.trigger(el, "live-chat"); });
  }

  function gamesChanged() {
    var nav = document.getElementById("my-games-nav");
    if (nav) htmx.trigger(nav, "live-games-changed");
    document.querySelectorAll("[data-live-badge]").forEach(function (el) {
      if (el !== nav) htmx.trigger(el, "live-games-changed");
    });
  }

  function setState(state) { document.documentElement.dataset.live = state; }

  function connect() {
    var scheme = location.protocol === "https:" ? "wss://" : "ws://";
    socket = new WebSocket(scheme + location.host + path);
    socket.onopen = function () {
      open = true;
      attempts = 0;
      watched = {};
      lastHeard = Date.now();
      setState("open");
      watchShown();  // the answer says where each game is now: what happened while closed is caught up
      if (everOpened) { gamesChanged(); chatRefresh(); }
      everOpened = true;
      pingTimer = setInterval(function () {
        if (Date.now() - lastHeard > 2.5 * PING_MS) { socket.close(); return; }  // a silent, dead link
        send({ping: Date.now() % 1000000});
      }, PING_MS);
    };
    socket.onmessage = function (event) {
      lastHeard = Date.now();
      var message;
      try { message = JSON.parse(event.data); } catch (e) { return; }
      if (typeof message.game === "number" && typeof message.seq === "number") gameMoved(message);
      else if (typeof message.game === "number" && typeof message.chat === "number") chatPosted(message);
      else if (message.games_changed) gamesChanged();
    };
    socket.onclose = function (event) {
      var wasOpen = open;
      open = false;
      clearInterval(pingTimer);
      setState("closed");
      if (event.code === NOT_SIGNED_IN) return;
      if (wasOpen) attempts = 0;
      var delay = Math.min(30000, 1000 * Math.pow(2, attempts++)) * (0.5 + Math.random() / 2);
      setTimeout(connect, delay);
    };
  }

  document.addEventListener("htmx:afterSettle", function () { watchShown(); catchUp(); chatCatchUp(); });
  document.addEventListener("htmx:confirm", function (event) {
    var elt = event.detail.elt;
    var what = elt.hasAttribute("data-live-game") ? "game" : elt.hasAttribute("data-live-chat") ? "chat" : null;
    if (!open || !what) return;
    if (event.detail.triggeringEvent) return;  // "live-moved", "live-chat": the socket asked for it
    if (Date.now() - (lastPoll[what] || 0) < SLOW_POLL_MS) { event.preventDefault(); return; }
    lastPoll[what] = Date.now();
  });

  setState("connecting");
  connect();
})();
