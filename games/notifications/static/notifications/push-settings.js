// The settings page's push box: registers the service worker for the whole site and subscribes this
// browser (PushManager, with the server's VAPID key) or unsubscribes it, telling the server either way.
(function () {
  var panel = document.getElementById("push-panel");
  if (!panel) return;
  var button = document.getElementById("push-toggle");
  var status = document.getElementById("push-status");
  var d = panel.dataset;
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) {
    status.textContent = d.unsupported;
    button.hidden = true;
    return;
  }
  var csrf = panel.querySelector("[name=csrfmiddlewaretoken]").value;

  function post(url, body) {
    return fetch(url, {
      method: "POST",
      credentials: "same-origin",
      headers: {"Content-Type": "application/json", "X-CSRFToken": csrf},
      body: JSON.stringify(body)
    }).then(function (response) {
      if (!response.ok) return response.json().then(function (e) { throw new Error(e.detail || d.failed); });
      return response;
    });
  }

  function keyBytes(base64url) {
    var text = atob(base64url.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((base64url.length + 3) % 4));
    var bytes = new Uint8Array(text.length);
    for (var i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
    return bytes;
  }

  function show(subscription) {
    button.textContent = subscription ? d.labelOff : d.labelOn;
    button.setAttribute("aria-pressed", subscription ? "true" : "false");
    status.textContent = subscription ? d.on : d.off;
  }

  var ready = navigator.serviceWorker.register(d.worker, {scope: "/"}).then(function () {
    return navigator.serviceWorker.ready;
  });
  ready.then(function (registration) { return registration.pushManager.getSubscription(); }).then(show);

  button.addEventListener("click", function () {
    button.disabled = true;
    ready.then(function (registration) {
      return registration.pushManager.getSubscription().then(function (current) {
        if (current) {
          return post(d.unsubscribe, {endpoint: current.endpoint})
            .then(function () { return current.unsubscribe(); })
            .then(function () { show(null); });
        }
        return Notification.requestPermission().then(function (permission) {
          if (permission !== "granted") throw new Error(d.denied);
          return registration.pushManager.subscribe({userVisibleOnly: true, applicationServerKey: keyBytes(d.key)});
        }).then(function (subscription) {
          // Refused by the server (not a push service it sends to): this browser keeps no subscription
          // the server does not know, and the status line says why.
          return post(d.subscribe, subscription.toJSON()).then(function () { show(subscription); }, function (error) {
            return subscription.unsubscribe().then(function () { show(null); throw error; });
          });
        });
      });
    }).catch(function (error) {
      status.textContent = (error && error.message) || d.failed;
    }).then(function () { button.disabled = false; });
  });
})();
