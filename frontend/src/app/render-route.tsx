// Renders one address of the app to HTML in Node, as the browser's first render will draw it, so
// the browser can hydrate it: the build's prerender (app/prerender) and the server's render of the
// gallery's first page (app/server-render) share it.
import { type createCache, StyleProvider } from '@ant-design/cssinjs';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders } from './app';
import { appRoutes, preloadPage } from './router';
import type { AppStore } from './store';

/** The markup of #root at `url` (a path, with its query when it has one). */
export async function renderRoute(url: string, styleCache: ReturnType<typeof createCache>, store: AppStore): Promise<string> {
  const target = new URL(url, 'http://localhost');
  await preloadPage(target.pathname);
  const handler = createStaticHandler(appRoutes);
  const context = await handler.query(new Request(target));
  if (context instanceof Response) throw new Error(`rendering ${url} answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const markup = renderToString(
    <StrictMode>
      <StyleProvider cache={styleCache}>
        <AppProviders store={store}>
          {/* hydrate=false: no inline script with router state (the CSP allows none; no loaders). */}
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </StyleProvider>
    </StrictMode>,
  );
  // React puts preloads of high-priority images first; they are not part of what the browser
  // hydrates, and the images themselves are in the markup for its preload scanner.
  return markup.replace(/^(?:<link rel="preload"[^>]*>)+/, '');
}
