import { MenuOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useState, type MouseEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { usePrefersReducedMotion } from '../../components/use-prefers-reduced-motion';
import { HeaderAccount } from './header-account';
import { MainNavLinks } from './nav-links';

// The drawer's code is fetched the first time the menu is opened (or the toggle is hovered).
const loadMobileMenu = () => import('./mobile-menu');
const MobileMenu = lazy(async () => ({ default: (await loadMobileMenu()).MobileMenu }));

export function AppHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuRequested, setMenuRequested] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const { pathname } = useLocation();

  const openMenu = () => {
    setMenuRequested(true);
    setMenuOpen(true);
  };
  const closeMenu = () => setMenuOpen(false);

  // The logo always lands on the top of the home page, also when home is already showing.
  const onLogoClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (pathname === '/') event.preventDefault();
    window.scrollTo({ top: 0, behavior: reducedMotion ? 'auto' : 'smooth' });
  };

  return (
    <header className="app-header">
      <div className="app-header__inner">
        <Link to="/" className="brand" onClick={onLogoClick}>
          <svg className="brand__mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
            <rect width="32" height="32" rx="7" fill="currentColor" />
            <path d="M5 24l7.5-10 5 6.5 3.5-4.5L27 24z" fill="#f6f1e7" />
            <circle cx="22.5" cy="9.5" r="3" fill="#e0a030" />
          </svg>
          <span className="brand__name">Wildframe</span>
        </Link>

        <nav className="app-header__nav" aria-label="Main">
          <MainNavLinks />
        </nav>

        <div className="app-header__account">
          <HeaderAccount />
        </div>

        <Button
          className="app-header__menu-toggle"
          type="text"
          size="large"
          icon={<MenuOutlined />}
          aria-label="Open menu"
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          onPointerEnter={() => void loadMobileMenu()}
          onClick={openMenu}
        />
      </div>

      {menuRequested && (
        <Suspense fallback={null}>
          <MobileMenu open={menuOpen} onClose={closeMenu} />
        </Suspense>
      )}
    </header>
  );
}
