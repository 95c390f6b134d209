import { ConfigProvider } from 'antd';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { usePrefersReducedMotion } from '../components/use-prefers-reduced-motion';
import { registerServiceWorker } from '../features/site/service-worker-registration';
import { Toaster } from './notify/toaster';
import { createAppRouter } from './router';
import { store, type AppStore } from './store';
import { createTheme } from './theme';

/** Everything around the router: the browser's app and the build's prerender render the same. */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  const reducedMotion = usePrefersReducedMotion();
  const theme = useMemo(() => createTheme({ reducedMotion }), [reducedMotion]);
  return (
    <Provider store={store}>
      <ConfigProvider theme={theme}>
        {/* Not antd's App, which would bring its modal, message and notification code into the
            first download: the few screens that confirm with App.useApp wrap themselves. */}
        <div className="app-root">
          {children}
          {/* The one toast outlet; screens call `notify` (app/notify), never antd's message. */}
          <Toaster />
        </div>
      </ConfigProvider>
    </Provider>
  );
}

/** The page's controls take clicks from now on (see global.css, html[data-prerendered]). */
function markLive(): void {
  document.documentElement.removeAttribute('data-prerendered');
}

export function App() {
  const [router] = useState(createAppRouter);
  useEffect(registerServiceWorker, []);
  useEffect(markLive, []);
  return (
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
