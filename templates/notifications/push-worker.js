// Guildhall's service worker: only for Web Push. A push carries {title, body, url, tag} ("your turn in
// game N"); a click on the notification focuses a tab of the site on that table, or opens one.
self.addEventListener("push", function (event) {
  var data = {};
  try { data = event.data ? event.data.json() : {}; } catch (e) { data = {}; }
  event.waitUntil(self.registration.showNotification(data.title || "Guildhall", {
    body: data.body || "",
    tag: data.tag || "guildhall",
    data: {url: data.url || "/"},
    icon: "/static/games/favicon.svg"
  }));
});

self.addEventListener("notificationclick", function (event) {
  event.notification.close();
  var url = new URL((event.notification.data && event.notification.data.url) || "/", self.location.origin).href;
  event.waitUntil(self.clients.matchAll({type: "window", includeUncontrolled: true}).then(function (tabs) {
    for (var i = 0; i < tabs.length; i++) {
      if (tabs[i].url === url && "focus" in tabs[i]) return tabs[i].focus();
    }
    return self.clients.openWindow(url);
  }));
});
