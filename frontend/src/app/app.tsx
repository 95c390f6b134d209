import { App as AntApp, ConfigProvider } from 'antd';
import { useMemo } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { usePrefersReducedMotion } from '../components/use-prefers-reduced-motion';
import { router } from './router';
import { store } from './store';
import { createTheme } from './theme';

export function App() {
  const reducedMotion = usePrefersReducedMotion();
  const theme = useMemo(() => createTheme({ reducedMotion }), [reducedMotion]);
  return (
    <Provider store={store}>
      <ConfigProvider theme={theme}>
        {/* At most one toast at a time (spec, section 4 "Toasts"). */}
        <AntApp className="app-root" message={{ maxCount: 1 }} notification={{ maxCount: 1 }}>
          <RouterProvider router={router} />
        </AntApp>
      </ConfigProvider>
    </Provider>
  );
}
