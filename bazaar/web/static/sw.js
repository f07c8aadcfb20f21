/* Bazaar's service worker, served at /sw.js for the whole site (scope "/"; docs/web.md,
 * "Installable app and turn notices in the browser"). With the manifest it makes the web app
 * installable; it shows the table page's turn notices and, later, Web Push messages
 * {"title", "body", "url", "tag"}; a click on a notice brings back the tab showing its page or
 * opens it. It caches nothing and has no fetch handler: every request goes to the network, so
 * a table is always live. Checked by tsc with the worker's types (jsconfig.worker.json). */
"use strict";

const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));

sw.addEventListener("install", () => { sw.skipWaiting(); });
sw.addEventListener("activate", (ev) => { ev.waitUntil(sw.clients.claim()); });

/** A page address of this site from a notice or a push (anything else: the lobby).
 * @param {unknown} given */
function pageUrl(given) {
  try {
    const url = new URL(typeof given === "string" ? given : "/", sw.location.origin);
    return url.origin === sw.location.origin ? url : new URL("/", sw.location.origin);
  } catch {
    return new URL("/", sw.location.origin);
  }
}

/** A page's address without what does not change the page: its language and its #part.
 * @param {string} href */
function samePage(href) {
  const url = new URL(href);
  url.searchParams.delete("lang");
  url.hash = "";
  return url.href;
}

/** Bring the tab showing ``url`` to the front, or open it. @param {URL} url */
async function focusOrOpen(url) {
  const open = await sw.clients.matchAll({type: "window", includeUncontrolled: true});
  const wanted = samePage(url.href);
  const tab = open.find((client) => samePage(client.url) === wanted);
  if (tab) return tab.focus();
  return sw.clients.openWindow(url.href);
}

sw.addEventListener("notificationclick", (ev) => {
  ev.notification.close();
  const data = /** @type {{url?: unknown} | null} */ (ev.notification.data);
  ev.waitUntil(focusOrOpen(pageUrl(data && data.url)));
});

/** A push's JSON message (anything else: an empty one).
 * @param {PushEvent} ev
 * @returns {{title?: unknown, body?: unknown, url?: unknown, tag?: unknown}} */
function messageOf(ev) {
  try { return (ev.data && ev.data.json()) || {}; } catch { return {}; }
}

/** A Web Push message: {"title", "body", "url", "tag"}, each optional. @param {PushEvent} ev */
function pushed(ev) {
  const message = messageOf(ev);
  const text = (/** @type {unknown} */ value) => (typeof value === "string" ? value : "");
  /** @type {NotificationOptions} */
  const options = {body: text(message.body), data: {url: pageUrl(message.url).href}};
  if (text(message.tag)) options.tag = text(message.tag);
  return sw.registration.showNotification(text(message.title) || "Bazaar", options);
}

sw.addEventListener("push", (ev) => { ev.waitUntil(pushed(ev)); });
