import { Link } from 'react-router';
import { footerNavItems, poweredBy } from './nav-items';

export function AppFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="app-footer">
      <div className="app-footer__inner">
        <nav aria-label="Footer">
          <ul className="footer-links">
            {footerNavItems.map((item) => (
              <li key={item.to}>
                <Link to={item.to}>{item.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="app-footer__copyright">© {year} Wildframe. All rights reserved.</p>
        <p className="app-footer__powered">
          <a href={poweredBy.href} target="_blank" rel="noopener noreferrer">
            {poweredBy.label}
          </a>
        </p>
      </div>
    </footer>
  );
}
