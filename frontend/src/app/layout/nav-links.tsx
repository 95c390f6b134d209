import { NavLink } from 'react-router';
import { mainNavItems } from './nav-items';

export function MainNavLinks({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <ul className="nav-links">
      {mainNavItems.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} end={item.to === '/'} className="nav-link" onClick={onNavigate}>
            {item.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
