/* global document, Element, requestAnimationFrame, window */
// Starts the app on a page the server rendered (docs/adr/0007): after the page's first paint, so a phone draws the
// page before its network and main thread go to the app's code. The page's other chunks (data-preload) download
// alongside the entry from then on.
//
// Until the app has taken the page over (main.tsx sends APP_READY_EVENT), <html> carries data-app-starting and a
// click on a button is held, then given to the app: before then no button does anything yet. Links work as they are.
(function () {
  var APP_READY_EVENT = 'commons:app-ready';
  var script = document.currentScript;
  var entry = script && script.getAttribute('data-entry');
  if (!entry) return;
  var preloads = (script.getAttribute('data-preload') || '').split(' ').filter(Boolean);
  var root = document.documentElement;
  var heldClicks = [];
  function holdClick(event) {
    var target = event.target instanceof Element ? event.target : null;
    if (!target || target.closest('a[href]')) return;
    var control = target.closest('button, [role="button"], [role="tab"], [role="switch"], summary');
    if (!control) return;
    event.preventDefault();
    event.stopPropagation();
    if (heldClicks.indexOf(control) < 0) heldClicks.push(control);
  }
  root.setAttribute('data-app-starting', '');
  document.addEventListener('click', holdClick, true);
  window.addEventListener(
    APP_READY_EVENT,
    function () {
      document.removeEventListener('click', holdClick, true);
      root.removeAttribute('data-app-starting');
      heldClicks.forEach(function (control) {
        if (control.isConnected) control.click();
      });
    },
    { once: true },
  );
  requestAnimationFrame(function () {
    window.setTimeout(function () {
      preloads.forEach(function (href) {
        var link = document.createElement('link');
        link.rel = 'modulepreload';
        link.crossOrigin = '';
        link.href = href;
        document.head.appendChild(link);
      });
      import(entry);
    }, 0);
  });
})();
