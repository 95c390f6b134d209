import { expect, test, type Page, type Route } from '@playwright/test';
import { chooseFromAccountMenu, openAccountMenu } from './auth-fixtures';

/** Every route of the spec's route table with the heading its page shows. */
const routes: ReadonlyArray<{ path: string; heading: string; title: string }> = [
  { path: '/', heading: 'Honest AI feedback for your nature photography', title: 'Wildframe — AI Feedback for Nature Photographers' },
  { path: '/upload', heading: 'Upload a Photo', title: 'Wildframe — Upload a Photo' },
  { path: '/gallery', heading: 'Gallery', title: 'Wildframe — Gallery' },
  { path: '/gallery?search=heron', heading: 'Gallery', title: 'Wildframe — Gallery' },
  { path: '/photo/3f1c2a9e-0000-4000-8000-000000000001', heading: 'Photo Not Found', title: 'Wildframe — Photo' },
  { path: '/photos/grey-heron-at-dawn', heading: 'Photo Not Found', title: 'Wildframe — Photo' },
  { path: '/pricing', heading: 'Plans and Pricing', title: 'Wildframe — Pricing' },
  { path: '/faqs', heading: 'Frequently Asked Questions', title: 'Wildframe — FAQs' },
  { path: '/faq', heading: 'Frequently Asked Questions', title: 'Wildframe — FAQs' },
  { path: '/signup', heading: 'Create Your Account', title: 'Wildframe — Sign Up' },
  // Signed out, /subscription sends the visitor to sign in (spec, section 6).
  { path: '/subscription', heading: 'Sign In', title: 'Wildframe — Sign In' },
  { path: '/login', heading: 'Sign In', title: 'Wildframe — Sign In' },
  { path: '/forgot-password', heading: 'Reset Your Password', title: 'Wildframe — Reset Your Password' },
  // Non-admins (and visitors) see Access Denied (spec, section 2).
  { path: '/admin', heading: 'Access Denied', title: 'Wildframe — Admin Panel' },
  { path: '/privacy', heading: 'Privacy Policy', title: 'Wildframe — Privacy Policy' },
  { path: '/terms', heading: 'Terms of Service', title: 'Wildframe — Terms of Service' },
  { path: '/contact', heading: 'Contact Us', title: 'Wildframe — Contact Us' },
  { path: '/cookie-preferences', heading: 'Cookie Preferences', title: 'Wildframe — Cookie Preferences' },
];

interface TestUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  plan: 'explorer' | 'enthusiast' | 'professional';
  planExpiry: string | null;
  isActive: boolean;
  isAdmin: boolean;
}

const signedInUser: TestUser = {
  id: '0b7e3a52-5d0c-4a8e-9a55-2f0e6f1c9d11',
  email: 'ansel.adams@example.org',
  firstName: 'Ansel',
  lastName: 'Adams',
  profileImageUrl: null,
  plan: 'enthusiast',
  planExpiry: '2027-01-01T00:00:00.000Z',
  isActive: true,
  isAdmin: false,
};

/** A session token in storage, as after a sign-in (set once: a sign-out in the test stays signed out). */
async function withStoredToken(page: Page, token = 'test-session-token') {
  await page.addInitScript((value) => {
    if (window.sessionStorage.getItem('e2e-token-stored')) return;
    window.sessionStorage.setItem('e2e-token-stored', '1');
    window.localStorage.setItem('sessionToken', value);
  }, token);
}

function json(route: Route, status: number, body: unknown) {
  return route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
}

/** Answers GET /api/auth/user in the browser, whatever server runs behind it. */
async function mockCurrentUser(page: Page, user: TestUser | null) {
  // The app asks who is signed in only when a session token is stored.
  if (user) await withStoredToken(page);
  await page.route('**/api/auth/user', (route) =>
    user ? json(route, 200, user) : json(route, 401, { message: 'Unauthorized' }),
  );
}

test.describe('signed out', () => {
  test('home shows the header, the footer and the page description', async ({ page }) => {
    const uncaught: Error[] = [];
    page.on('pageerror', (error) => uncaught.push(error));
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Wildframe' })).toHaveAttribute('href', '/');
    const nav = header.getByRole('navigation', { name: 'Main' });
    for (const [name, href] of [
      ['Home', '/'],
      ['Gallery', '/gallery'],
      ['FAQs', '/faqs'],
      ['Pricing', '/pricing'],
    ]) {
      await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    await expect(header.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    await expect(header.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signup');

    const footer = page.getByRole('contentinfo');
    for (const [name, href] of [
      ['Privacy Policy', '/privacy'],
      ['Terms of Service', '/terms'],
      ['Cookie Preferences', '/cookie-preferences'],
      ['Contact Us', '/contact'],
    ]) {
      await expect(footer.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    const year = new Date().getFullYear();
    await expect(footer).toContainText(`© ${year} Wildframe. All rights reserved.`);
    const poweredBy = footer.getByRole('link', { name: 'Powered by Ant Design' });
    await expect(poweredBy).toHaveAttribute('href', 'https://ant.design');
    await expect(poweredBy).toHaveAttribute('target', '_blank');
    await expect(poweredBy).toHaveAttribute('rel', 'noopener noreferrer');

    await expect(page).toHaveTitle('Wildframe — AI Feedback for Nature Photographers');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /wildlife and landscape photos/);
    expect(uncaught).toEqual([]);
  });

  test('an unknown route shows the not-found screen', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();
    await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
    await expect(page).toHaveTitle('Wildframe — Page Not Found');
    await expect(page.getByRole('banner')).toBeVisible();
  });

  for (const route of routes) {
    test(`${route.path} renders its page`, async ({ page }) => {
      await page.goto(route.path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(route.heading);
      await expect(page.getByRole('main').locator('h1 + p')).not.toBeEmpty();
      await expect(page).toHaveTitle(route.title);
    });
  }

  test('pages with a description of their own set it, others fall back to the site description', async ({ page }) => {
    const description = page.locator('meta[name="description"]');
    await page.goto('/pricing');
    await expect(description).toHaveAttribute('content', /Explorer, Enthusiast and Professional/);
    await page.goto('/upload');
    await expect(description).toHaveAttribute('content', /AI rating out of 10/);
    await page.goto('/gallery');
    await expect(description).toHaveAttribute('content', /shared by the Wildframe community/);
    await page.goto('/terms');
    await expect(description).toHaveAttribute('content', /^Wildframe is a community/);
  });

  test('the skip link is the first stop and moves focus to the main content', async ({ page }) => {
    await page.goto('/gallery');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.keyboard.press('Tab');
    const skipLink = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skipLink).toBeFocused();
    await expect(skipLink).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.locator('main#main-content')).toBeFocused();
    // The page stays. /gallery is prerendered and the app's code loads after the first paint: a
    // visitor this quick gets the browser's own jump to the anchor (the address gains the
    // fragment), later ones the app's focus move (it does not).
    await expect(page).toHaveURL(/\/gallery(#main-content)?$/);
  });

  test('header links navigate inside the app and the logo leads home', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Pricing' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Plans and Pricing');
    await expect(nav.getByRole('link', { name: 'Pricing' })).toHaveAttribute('aria-current', 'page');
    await expect(page).toHaveTitle('Wildframe — Pricing');

    await page.getByRole('banner').getByRole('link', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create Your Account');

    await page.getByRole('banner').getByRole('link', { name: 'Wildframe' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Honest AI feedback for your nature photography');
  });

  test('a placeholder holds the place of the account buttons while the user loads', async ({ page }) => {
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    // A stored token that turns out to be over: the placeholder holds until the 401 says so.
    await withStoredToken(page, 'expired-session-token');
    await page.route('**/api/auth/user', async (route) => {
      await answered;
      await json(route, 401, { message: 'Unauthorized' });
    });
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByTestId('account-placeholder')).toBeVisible();
    await expect(header.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
    answer();
    await expect(header.getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expect(header.getByTestId('account-placeholder')).toHaveCount(0);
    // The token that was refused is dropped, so it is not sent again.
    expect(await page.evaluate(() => window.localStorage.getItem('sessionToken'))).toBeNull();
  });

  test('shows the page it loaded at once, fades in the pages moved to, but not when the visitor asks for reduced motion', async ({ page }) => {
    await page.goto('/faq');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('.route-fade')).toHaveCount(0);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    const fade = page.locator('.route-fade');
    await expect(fade).toHaveCSS('animation-name', 'route-fade-in');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expect(fade).toHaveCSS('animation-name', 'none');
  });
});

test.describe('signed in', () => {
  test('shows the account menu and signs out even when the server call fails', async ({ page }) => {
    let signedIn = true;
    const authorizations: Array<string | undefined> = [];
    await page.route('**/api/auth/user', (route) => {
      authorizations.push(route.request().headers()['authorization']);
      return signedIn ? json(route, 200, signedInUser) : json(route, 401, { message: 'Unauthorized' });
    });
    let logoutCalls = 0;
    await page.route('**/api/auth/logout', (route) => {
      logoutCalls += 1;
      signedIn = false;
      return json(route, 500, { message: 'Logout failed' });
    });

    await page.goto('/gallery');
    await page.evaluate(() => window.localStorage.setItem('sessionToken', 'test-session-token'));
    await page.reload();

    const header = page.getByRole('banner');
    const trigger = header.getByRole('button', { name: 'Ansel' });
    await expect(trigger).toBeVisible();
    await expect(trigger.locator('.ant-avatar')).toHaveText('A');
    await expect(header.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
    expect(authorizations.at(-1)).toBe('Bearer test-session-token');

    // Opened as a member does, and read and clicked once it has settled: a click on Profile while
    // antd was still zooming the menu in was once lost (a CI run stayed on the gallery).
    const menu = await openAccountMenu(page, 'Ansel');
    await expect(menu.getByText('ansel.adams@example.org')).toBeVisible();
    await expect(menu.getByText('Enthusiast Plan')).toBeVisible();
    await menu.getByRole('menuitem', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);

    await chooseFromAccountMenu(page, 'Ansel', 'Sign Out');

    await expect(page).toHaveURL(/\/$/);
    await expect(header.getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expect(header.getByRole('button', { name: 'Ansel' })).toHaveCount(0);
    expect(logoutCalls).toBe(1);
    expect(await page.evaluate(() => window.localStorage.getItem('sessionToken'))).toBeNull();
  });

  test('falls back to the e-mail for name and avatar letter', async ({ page }) => {
    await mockCurrentUser(page, { ...signedInUser, firstName: null, email: 'wren@example.org', plan: 'explorer' });
    await page.goto('/');
    const trigger = page.getByRole('banner').getByRole('button', { name: 'wren' });
    await expect(trigger.locator('.ant-avatar')).toHaveText('W');
    await trigger.click();
    await expect(page.locator('.account-menu').getByText('Explorer Plan')).toBeVisible();
  });
});

test.describe('phone width', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the menu toggle opens a drawer with the same items', async ({ page }) => {
    await mockCurrentUser(page, null);
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await toggle.click();

    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    for (const name of ['Home', 'Gallery', 'FAQs', 'Pricing', 'Sign In', 'Sign Up']) {
      await expect(drawer.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await drawer.getByRole('link', { name: 'Gallery' }).click();
    await expect(page).toHaveURL(/\/gallery$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Gallery');
    await expect(drawer).toBeHidden();
  });

  test('signed in, the drawer shows the account and signs out', async ({ page }) => {
    await withStoredToken(page);
    let signedIn = true;
    await page.route('**/api/auth/user', (route) =>
      signedIn ? json(route, 200, signedInUser) : json(route, 401, { message: 'Unauthorized' }),
    );
    await page.route('**/api/auth/logout', (route) => {
      signedIn = false;
      return json(route, 200, { message: 'Logged out' });
    });
    await page.goto('/pricing');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer.getByText('ansel.adams@example.org')).toBeVisible();
    await expect(drawer.getByText('Enthusiast Plan')).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    await drawer.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Sign In' })).toBeVisible();
  });
});
