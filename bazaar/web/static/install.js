/* Every page: register Bazaar's service worker (/sw.js, the whole site), which makes the web app
 * installable and shows the table page's turn notices (docs/web.md, "Installable app and turn
 * notices in the browser"). Browsers without service workers, and pages on a plain http
 * address other than localhost, do without: nothing else depends on it. */
(function () {
  "use strict";
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker.register("/sw.js", {scope: "/"}).catch((err) => {
    console.warn("Bazaar: no service worker", err);
  });
})();
