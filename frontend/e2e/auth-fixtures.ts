// Helpers for the account specs (auth*.spec.ts). They talk to the real API of the server under
// test; only where a state cannot be reached through it (a paid plan) does a spec answer a call
// itself, and it says so.
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

export interface Account {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  sessionToken: string;
}

/** The security questions the specs set up, with their answers. */
export const QUESTIONS = [
  { question: 'What was the name of your first pet?', answer: 'Biscuit' },
  { question: 'In what city were you born?', answer: 'Springdale' },
  { question: 'What is your favorite food?', answer: 'Blueberry pie' },
] as const;

/** The site admin the standalone app creates at its first start (see its README). */
export const SITE_ADMIN = {
  email: process.env.ADMIN_EMAIL ?? 'admin@wildframe.local',
  password: process.env.ADMIN_PASSWORD ?? 'wildframe-admin-change-me',
};

/** A 64×64 green PNG. */
export const AVATAR_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAABACAIAAAAlC+aJAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAoElEQVRoge2SQQkAQRDD6igSKmj9/0/EPcJAIQLS0PB6mugGbED1iuxCvUt0AzagekV2od4lugEbUL0iu1DvEt2ADahekV2od4luwAZUr8gu1LtEN2ADqldkF+pdohuwAdUrsgv1LtEN2IDqFdmFepfoBmxA9YrsQr1LdAM2oHpFdqHeJboBG1C9IrtQ7xLdgA2oXpFdqHeJbsAGVK/4hw9dPJDERyFjUQAAAABJRU5ErkJggg==',
  'base64',
);

let counter = 0;

/** An address no other test (or earlier run against the same data) has used. */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  const stamp = `${Date.now().toString(36)}${process.pid.toString(36)}${counter}`;
  return `${prefix}-${stamp}@example.org`;
}

/** Stores a cookie choice before any page script runs, so the consent banner stays out of the way. */
export async function dismissCookieBanner(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.localStorage.setItem('wildframe.cookieConsent', 'true');
    window.localStorage.setItem(
      'wildframe.cookiePreferences',
      JSON.stringify({ necessary: true, analytics: false, functional: false, marketing: false }),
    );
  });
}

/** Creates an Explorer account through the API. */
export async function createAccount(
  request: APIRequestContext,
  overrides: Partial<Pick<Account, 'email' | 'password' | 'firstName' | 'lastName'>> = {},
): Promise<Account> {
  const details = {
    email: overrides.email ?? uniqueEmail('member'),
    password: overrides.password ?? 'correct-horse-1',
    firstName: overrides.firstName ?? 'Mary',
    lastName: overrides.lastName ?? 'Anning',
  };
  const response = await request.post('/api/auth/signup', { data: { ...details, plan: 'explorer' } });
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as { sessionToken: string };
  return { ...details, sessionToken: body.sessionToken };
}

export async function signInThroughApi(request: APIRequestContext, email: string, password: string): Promise<string> {
  const response = await request.post('/api/auth/login', { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { sessionToken: string }).sessionToken;
}

export async function setUpSecurityQuestions(request: APIRequestContext, sessionToken: string, currentPassword: string): Promise<void> {
  const response = await request.post('/api/user/security-questions', {
    headers: { Authorization: `Bearer ${sessionToken}` },
    data: {
      question1: QUESTIONS[0].question,
      question2: QUESTIONS[1].question,
      question3: QUESTIONS[2].question,
      answer1: QUESTIONS[0].answer,
      answer2: QUESTIONS[1].answer,
      answer3: QUESTIONS[2].answer,
      currentPassword,
    },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Opens `path` as the holder of `sessionToken` (stored where the app keeps it). */
export async function openSignedIn(page: Page, sessionToken: string, path: string): Promise<void> {
  await page.goto('/favicon.svg');
  await page.evaluate((token) => window.localStorage.setItem('sessionToken', token), sessionToken);
  await page.goto(path);
}

/** The toast on screen (one at a time). */
export function toast(page: Page): Locator {
  return page.getByTestId('toast');
}

export async function expectToast(page: Page, title: string, description?: string | RegExp): Promise<void> {
  const shown = toast(page);
  await expect(shown).toContainText(title);
  if (description) await expect(shown).toContainText(description);
}

/**
 * Picks an option of an antd Select by its text. `confirmed: false` for a select whose value
 * changes only after a confirmation dialog (the admin's plan select): the pick is then made once.
 */
export async function chooseOption(page: Page, select: Locator, option: string, { confirmed = true } = {}): Promise<void> {
  // The previous select's dropdown may still be closing: given the select's input (getByLabel),
  // pick the option of its own list (antd names its options `<input id>_list_<n>`).
  const id = await select.evaluate((el) => (el instanceof HTMLInputElement ? el.id : ''));
  const own = id ? `[id^="${id}_list_"]` : '';
  const root = id ? select.locator('xpath=ancestor::*[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]') : select;
  const choice = page.locator(`.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option${own}`, { hasText: option });
  if (!confirmed) {
    await select.click();
    await choice.click();
    return;
  }
  // A click while the list is still sliding open can miss its option and leave the old value:
  // the choice counts only once the select shows it, and is made again until it does.
  await expect(async () => {
    if (!(await choice.first().isVisible())) await select.click();
    await choice.click({ timeout: 3000 });
    await expect(root.locator('.ant-select-content')).toHaveText(option, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
}

/**
 * Opens the header's account menu (the button shows the member's first name) and picks an item.
 * The menu's code loads on the first open and antd places the popup a frame later (first at the
 * page's top): the item is clicked once the menu sits under its button and has finished
 * appearing, never on the way there.
 */
export async function chooseFromAccountMenu(page: Page, name: string, item: string): Promise<void> {
  const menu = await openAccountMenu(page, name);
  await menu.getByRole('menuitem', { name: item }).click();
}

/** Opens the header's account menu and returns it once it has settled (see `chooseFromAccountMenu`), ready to read or click. */
export async function openAccountMenu(page: Page, name: string): Promise<Locator> {
  const button = page.getByRole('banner').getByRole('button', { name });
  const menu = page.locator('.account-menu');
  // Closed first: right after a choice the menu is still fading out, and a click on the button then
  // does not reopen it (a CI run once clicked Sign Out on the fading menu, and nothing happened).
  await expect(menu).toBeHidden();
  await button.click();
  // Placed under its button, and done appearing (antd zooms it in from transparent): the same box
  // on two reads and fully opaque. A click during the zoom was once lost (the page stayed put).
  let previous = '';
  await expect
    .poll(async () => {
      const [anchor, popup, opacity] = await Promise.all([
        button.boundingBox(),
        menu.boundingBox(),
        menu.evaluate((element) => getComputedStyle(element.closest('.ant-dropdown') ?? element).opacity),
      ]);
      const box = JSON.stringify(popup);
      const settled = box === previous;
      previous = box;
      return Boolean(anchor && popup && popup.y >= anchor.y + anchor.height - 1 && opacity === '1' && settled);
    })
    .toBe(true);
  return menu;
}

export async function signOutFromHeader(page: Page, name: string): Promise<void> {
  await chooseFromAccountMenu(page, name, 'Sign Out');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
}

export async function fillLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}
