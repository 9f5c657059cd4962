/* global document, requestAnimationFrame */
// Starts the app on a page the server rendered (docs/adr/0007): after the page's first paint, so a phone draws the
// page before its network and main thread go to the app's code. The page's other chunks (data-preload) download
// alongside the entry from then on.
(function () {
  var script = document.currentScript;
  var entry = script && script.getAttribute('data-entry');
  if (!entry) return;
  var preloads = (script.getAttribute('data-preload') || '').split(' ').filter(Boolean);
  requestAnimationFrame(function () {
    setTimeout(function () {
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
