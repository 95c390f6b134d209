import { createBrowserRouter, type RouteObject } from 'react-router';
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

export const router = createBrowserRouter([
  {
    element: <AppLayout />,
    // A page that fails (for instance its code cannot be downloaded) keeps the header and footer.
    children: [{ errorElement: <RouteErrorPage />, children: pageRoutes }],
  },
]);
