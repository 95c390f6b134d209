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

  // 2b. The page's leading image, when the server names one (the home page's hero), at the size
  //     this screen will pick.
  var preloadImage = function () {
    var image = document.querySelector('meta[name="wildframe:preload-image"]');
    if (!image) return false;
    var preload = document.createElement('link');
    preload.rel = 'preload';
    preload.as = 'image';
    preload.setAttribute('imagesrcset', image.getAttribute('content') || '');
    preload.setAttribute('imagesizes', image.getAttribute('data-sizes') || '100vw');
    preload.setAttribute('fetchpriority', 'high');
    document.head.appendChild(preload);
    return true;
  };
  // The tag sits at the end of the head: if this script ran before the parser got there, wait.
  if (!preloadImage() && document.readyState === 'loading') document.addEventListener('DOMContentLoaded', preloadImage);

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
})();
