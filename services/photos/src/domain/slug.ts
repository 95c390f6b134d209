import { randomBytes } from 'node:crypto';

/** A readable, unique slug: the title's words plus a short random suffix ('snowy-owl-at-dusk-k3f9qa'). */
export function slugFor(title: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
  const suffix = randomBytes(5).toString('base64url').toLowerCase().replace(/[^a-z0-9]/g, 'x').slice(0, 6);
  return words ? `${words}-${suffix}` : `photo-${suffix}`;
}
