import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { useRouteDocumentMeta } from '../components/document-meta';
import { AppLayout } from './layout/app-layout';
import { RouteErrorPage } from './route-error-page';
import { routeTable, type AppRoute } from './route-table';

function RoutePage({ route }: { route: AppRoute }) {
  useRouteDocumentMeta(route.title, route.description);
  return <route.Page />;
}

const pageRoutes: RouteObject[] = routeTable.map((route) => ({
  path: route.path,
  element: <RoutePage route={route} />,
}));

/** The app's routes; the browser's router and the build's prerender (app/prerender) share them. */
export const appRoutes: RouteObject[] = [
  {
    element: <AppLayout />,
    // A page that fails (for instance its code cannot be downloaded) keeps the header and footer.
    children: [{ errorElement: <RouteErrorPage />, children: pageRoutes }],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}

/** Fetches the code of the page at `pathname`, so the first render shows it instead of a skeleton. */
export async function preloadPage(pathname: string): Promise<void> {
  const match = matchRoutes(
    routeTable.map((route) => ({ path: route.path, route })),
    pathname,
  );
  await match?.[0]?.route.route.Page.preload();
}
