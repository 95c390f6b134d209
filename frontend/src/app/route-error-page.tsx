import { Button } from 'antd';
import { useRouteError } from 'react-router';
import { useDocumentMeta } from '../components/document-meta';

export function RouteErrorPage() {
  const error = useRouteError();
  console.error('Route failed to render', error);
  useDocumentMeta('Something Went Wrong');
  return (
    <div className="page-header">
      <h1 className="page-header__title">Something Went Wrong</h1>
      <p className="page-header__lead">
        This page could not be shown. Check your internet connection and try again.
      </p>
      <Button type="primary" onClick={() => window.location.reload()}>
        Try Again
      </Button>
    </div>
  );
}
