import { App as AntApp, ConfigProvider } from 'antd';
import { useEffect, useMemo } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { usePrefersReducedMotion } from '../components/use-prefers-reduced-motion';
import { registerServiceWorker } from '../features/site/service-worker-registration';
import { Toaster } from './notify/toaster';
import { router } from './router';
import { store } from './store';
import { createTheme } from './theme';

export function App() {
  const reducedMotion = usePrefersReducedMotion();
  const theme = useMemo(() => createTheme({ reducedMotion }), [reducedMotion]);
  useEffect(registerServiceWorker, []);
  return (
    <Provider store={store}>
      <ConfigProvider theme={theme}>
        <AntApp className="app-root">
          <RouterProvider router={router} />
          {/* The one toast outlet; screens call `notify` (app/notify), never antd's message. */}
          <Toaster />
        </AntApp>
      </ConfigProvider>
    </Provider>
  );
}
