// Loaded async by index.html, so it runs while the app's bundle is still downloading: it starts the
// two things the first view waits for. (A file of its own: the site's CSP allows no inline script.)
// 1. The current user, when a session token is stored; the app takes this answer instead of asking
//    again (api/early-current-user.ts). Visitors without a token are anonymous: nothing to ask.
// 2. The code of the page at this address, from the route map the build writes into index.html,
//    and its leading image when the server names one.
(function () {
  var token = null;
  try {
    token = window.localStorage.getItem('sessionToken');
  } catch (error) {
    token = null;
  }
  if (token && typeof window.fetch === 'function') {
    window.__wildframeEarlyUser = {
      token: token,
      response: window.fetch('/api/auth/user', { headers: { Authorization: 'Bearer ' + token }, credentials: 'include' }),
    };
    // Never an unhandled rejection: the app asks again if this failed.
    window.__wildframeEarlyUser.response.catch(function () {});
  }

  // 2a. The browser's offer to install the app may come before the app's code has loaded (on a
  //     prerendered page it loads after the first paint): kept for features/site/install-availability.
  window.addEventListener('beforeinstallprompt', function (event) {
    event.preventDefault();
    window.__wildframeInstallPrompt = event;
  });
  window.addEventListener('appinstalled', function () {
    window.__wildframeInstallPrompt = undefined;
  });

  // 2b. The page's leading image, when the server names it (the home page's hero), at the size
  //     this screen will pick: one tag per screen width (data-media), as in the page's <picture>.
  var preloadImage = function () {
    var images = document.querySelectorAll('meta[name="wildframe:preload-image"]');
    for (var k = 0; k < images.length; k++) {
      var preload = document.createElement('link');
      preload.rel = 'preload';
      preload.as = 'image';
      preload.setAttribute('imagesrcset', images[k].getAttribute('content') || '');
      preload.setAttribute('imagesizes', images[k].getAttribute('data-sizes') || '100vw');
      var media = images[k].getAttribute('data-media');
      if (media) preload.media = media;
      preload.setAttribute('fetchpriority', 'high');
      document.head.appendChild(preload);
    }
    return images.length > 0;
  };
  // The tags sit at the end of the head: if this script ran before the parser got there, wait.
  if (!preloadImage() && document.readyState === 'loading') document.addEventListener('DOMContentLoaded', preloadImage);

  // The route's chunks (JS as modulepreload, CSS as stylesheet), from the build's route map.
  var preloadRoute = function () {
    var data = document.getElementById('route-chunks');
    if (!data) return;
    var routes;
    try {
      routes = JSON.parse(data.textContent || '[]');
    } catch (error) {
      return;
    }
    var path = window.location.pathname;
    for (var i = 0; i < routes.length; i++) {
      if (!new RegExp(routes[i].pattern).test(path)) continue;
      for (var j = 0; j < routes[i].files.length; j++) {
        var href = routes[i].files[j];
        if (document.querySelector('link[href="' + href + '"]')) continue;
        var link = document.createElement('link');
        var css = /\.css$/.test(href);
        link.rel = css ? 'stylesheet' : 'modulepreload';
        // Same request mode as the app's own loads of these files, so the browser reuses them.
        link.crossOrigin = '';
        link.href = href;
        document.head.appendChild(link);
      }
      return;
    }
  };

  // 3. A prerendered page (frontend/build/prerender.ts) shows its first view without any script:
  //    the app's code is fetched once that has painted, so the stylesheets and the leading image
  //    have the connection to themselves until then. Other pages start everything at once.
  var deferred = document.getElementById('deferred-app');
  var app = null;
  try {
    app = deferred ? JSON.parse(deferred.textContent || 'null') : null;
  } catch (error) {
    app = null;
  }
  if (!app || !app.entry) {
    preloadRoute();
    return;
  }
  var started = false;
  var startApp = function () {
    if (started) return;
    started = true;
    // The app hydrates the whole page: it must all be parsed.
    if (document.readyState === 'loading') {
      started = false;
      document.addEventListener('DOMContentLoaded', startApp);
      return;
    }
    var preloads = app.preloads || [];
    for (var k = 0; k < preloads.length; k++) {
      var module = document.createElement('link');
      module.rel = 'modulepreload';
      module.crossOrigin = '';
      module.href = preloads[k];
      document.head.appendChild(module);
    }
    preloadRoute();
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = app.entry;
    document.head.appendChild(script);
  };
  var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
  if (types.indexOf('paint') >= 0) {
    new PerformanceObserver(function (list, observer) {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      setTimeout(startApp, 0);
    }).observe({ type: 'paint', buffered: true });
  }
  // Never later than this (a page opened in a background tab does not paint).
  setTimeout(startApp, types.indexOf('paint') >= 0 ? 3000 : 0);
})();
