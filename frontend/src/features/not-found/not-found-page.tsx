import { LinkButton } from '../../components/link-button';

export function NotFoundPage() {
  return (
    <div className="page-header not-found">
      <h1 className="page-header__title">404 Page Not Found</h1>
      <p className="page-header__lead">Did you forget to add the page to the router?</p>
      <LinkButton to="/" type="primary">
        Go to Homepage
      </LinkButton>
    </div>
  );
}
