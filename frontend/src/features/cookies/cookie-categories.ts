import type { CookiePreferences } from './cookie-consent';

export interface CookieCategory {
  key: keyof CookiePreferences;
  title: string;
  description: string;
  /** Necessary cookies cannot be turned off (spec, section 6). */
  locked?: boolean;
}

/** The four categories (spec, section 9), in the order the screens show them. */
export const COOKIE_CATEGORIES: readonly CookieCategory[] = [
  {
    key: 'necessary',
    title: 'Necessary',
    description:
      'Keep you signed in, remember your cookie choice and protect your account. The site cannot work without them, so they are always on.',
    locked: true,
  },
  {
    key: 'analytics',
    title: 'Analytics',
    description:
      'Count which pages are visited, with a random id that lasts for one browser session and no personal details, so we can see what helps photographers most.',
  },
  {
    key: 'functional',
    title: 'Functional',
    description: 'Remember conveniences between visits, such as your gallery filters and display choices.',
  },
  {
    key: 'marketing',
    title: 'Marketing',
    description:
      'Tell us which of our announcements, such as launch offers, brought you here. Wildframe shows no third-party ads.',
  },
];
