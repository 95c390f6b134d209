import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { readServerState, receiveServerState } from './api/server-state';
import { readSessionToken } from './api/session-token';
import { App } from './app/app';
import { preloadPage } from './app/router';
import { store } from './app/store';
import { applyThemeCssVariables } from './app/theme';
import './app/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

applyThemeCssVariables(document.documentElement);

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// The page's own code first (public/early.js has been fetching it), so the first render shows the
// page rather than its loading skeleton. A failed download renders anyway: the route's error page.
void preloadPage(window.location.pathname)
  .catch(() => undefined)
  .then(() => {
    // A transition: React renders in slices, so a phone's main thread never blocks for long.
    startTransition(() => {
      // Prerendered HTML (app/prerender, the first view of a visitor without a session) is
      // hydrated. With a stored session the header differs, so the app renders afresh over it.
      if (container.firstElementChild && readSessionToken() === null) {
        // The data the server drew the page with (the gallery's first page): React draws the same
        // and the page does not ask for it again. A signed-in visitor's page asks for their own.
        const serverState = readServerState(document);
        if (serverState) store.dispatch(receiveServerState(serverState));
        hydrateRoot(container, app, {
          // A page that differs from its HTML (something this visitor dismissed earlier) is
          // rendered afresh by React: expected, so not reported as an error.
          onRecoverableError: (error) => console.warn('Prerendered page rendered afresh:', error),
        });
      } else {
        createRoot(container).render(app);
      }
    });
  });
