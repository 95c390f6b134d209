import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROUTE_MODULES, routePattern } from './route-modules';

/** The paths of route-table.tsx, read from its source (this spec runs without JSX). */
function routeTablePaths(): string[] {
  const source = readFileSync(join(__dirname, 'route-table.tsx'), 'utf8');
  return [...source.matchAll(/path: '([^']+)'/g)].map((match) => match[1] ?? '');
}

describe('route modules', () => {
  it('turns router paths into patterns for the address bar', () => {
    expect(new RegExp(routePattern('/')).test('/')).toBe(true);
    expect(new RegExp(routePattern('/')).test('/gallery')).toBe(false);
    expect(new RegExp(routePattern('/gallery')).test('/gallery/')).toBe(true);
    expect(new RegExp(routePattern('/photo/:idOrSlug')).test('/photo/abc-123')).toBe(true);
    expect(new RegExp(routePattern('/photo/:idOrSlug')).test('/photo/a/b')).toBe(false);
  });

  it('names a page module for every route of the route table but the catch-all', () => {
    const listed = ROUTE_MODULES.map((route) => route.path).sort();
    const routes = routeTablePaths().filter((path) => path !== '*').sort();
    expect(routes.length).toBeGreaterThan(10);
    expect(listed).toEqual(routes);
  });
});
