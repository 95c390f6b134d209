// The nature layer (issue 31) through the real server: the upload form's species, labels and place
// privacy; the label badges on cards and the photo page; the species linked to its gallery; the
// wild-only gallery; the map at /map opening a square's photos; the owner's editor on the photo page
// and in My Photos; a photographer page's map; /map and the upload form on a phone. The photo carries camera EXIF and
// a GPS position written at test time (sharp), at a place drawn at random so runs do not share it.
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { createAccount, dismissCookieBanner, openSignedIn, signInThroughApi, SITE_ADMIN } from './auth-fixtures';
import { demoContentSettled, expectNoSidewaysScroll, makePublicThroughApi, PHOTO_FILES, uniqueTitle, uploadThroughApi } from './photos-fixtures';

/** A page's first content after navigating: the shared machine's load can hold a list back for a while. */
const LOADED = { timeout: 30_000 };

/** Degrees, minutes and seconds as EXIF writes them ("46/1 31/1 1092/100"). */
function dms(value: number): string {
  const abs = Math.abs(value);
  const d = Math.floor(abs);
  const m = Math.floor((abs - d) * 60);
  const s = Math.round(((abs - d) * 60 - m) * 60 * 100);
  return `${d}/1 ${m}/1 ${s}/100`;
}

async function photoWithGps(lat: number, lon: number): Promise<Buffer> {
  return sharp(readFileSync(PHOTO_FILES.tiger))
    .withExif({
      IFD0: { Make: 'NIKON CORPORATION', Model: 'NIKON D2X' },
      IFD2: { LensModel: '200.0-500.0 mm f/5.6', FNumber: '56/10', ExposureTime: '1/1000', ISOSpeedRatings: '400', FocalLength: '500/1' },
      IFD3: { GPSLatitudeRef: lat >= 0 ? 'N' : 'S', GPSLatitude: dms(lat), GPSLongitudeRef: lon >= 0 ? 'E' : 'W', GPSLongitude: dms(lon) },
    })
    .jpeg()
    .toBuffer();
}

/** The south-west corner of the 0.2° square holding a point, as the gallery's `cell` writes it. */
function cellOf(lat: number, lon: number): string {
  const corner = (value: number) => Math.round(Math.floor(value * 5) * 2) / 10;
  return `${corner(lat)},${corner(lon)}`;
}

/** Uploads a photo (made public) through the API as the holder of `sessionToken`: its id. */
async function publishedWithGps(request: APIRequestContext, sessionToken: string, title: string, file: Buffer): Promise<string> {
  const response = await request.post('/api/photos/upload', {
    headers: { Authorization: `Bearer ${sessionToken}` },
    multipart: { title, description: 'Seen at first light.', category: 'wildlife', photo: { name: 'fox.jpg', mimeType: 'image/jpeg', buffer: file } },
    timeout: 120_000,
  });
  expect(response.status(), await response.text()).toBe(201);
  const { id } = ((await response.json()) as { photo: { id: string } }).photo;
  await makePublicThroughApi(request, sessionToken, id);
  return id;
}

/** Opens the editor's map and picks the point at (x, y), as fractions of its size: the latitude written. */
async function pickOnMap(editor: Locator, x: number, y: number): Promise<string> {
  await editor.getByRole('button', { name: 'Pick on the Map' }).click();
  const map = editor.getByTestId('world-map');
  const box = await map.boundingBox();
  if (!box) throw new Error('the map is not drawn');
  await map.click({ position: { x: box.width * x, y: box.height * y } });
  await expect(editor.getByTestId('map-pin')).toBeVisible();
  return editor.getByRole('spinbutton', { name: 'Latitude' }).inputValue();
}

interface SavedNature {
  species: unknown;
  labels: string[];
  exactPlace: { lat: number } | null;
  place: unknown;
}

/** Saves the editor: the photo as the server answers it. */
async function saveNature(page: Page, editor: Locator, photoId: string): Promise<SavedNature> {
  const saved = page.waitForResponse((response) => response.url().endsWith(`/api/photos/${photoId}/nature`));
  await editor.getByRole('button', { name: 'Save Details' }).click();
  const response = await saved;
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { photo: SavedNature }).photo;
}

async function uploadThroughForm(page: Page, title: string, file: Buffer): Promise<{ id: string; slug: string }> {
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill('Seen at first light.');
  const species = page.getByRole('combobox', { name: 'Species' });
  await species.fill('Red fo');
  // Two species are called "Red fox": the mammal's option puts its scientific name in the field.
  // antd draws the suggestions apart from its (hidden) accessible listbox.
  const suggestion = (text: string) => page.locator('.ant-select-item-option', { hasText: text });
  await expect(suggestion('Celosia argentea')).toBeVisible(LOADED);
  await suggestion('Vulpes vulpes').click();
  await expect(species).toHaveValue('Vulpes vulpes');
  await page.getByRole('checkbox', { name: /Captive/ }).check();
  await expect(page.getByText(/never the exact spot/).first()).toBeVisible();
  await page.getByTestId('photo-file-input').setInputFiles({ name: 'fox.jpg', mimeType: 'image/jpeg', buffer: file });
  const uploaded = page.waitForResponse((response) => response.url().endsWith('/api/photos/upload'), { timeout: 120_000 });
  await page.getByRole('button', { name: 'Upload and Analyze' }).click();
  const response = await uploaded;
  expect(response.status(), await response.text()).toBe(201);
  const { photo } = (await response.json()) as { photo: { id: string; slug: string; species: unknown; labels: string[]; camera: { body?: string } | null; placePrivacy: string } };
  expect(photo.species).toEqual({ commonName: 'Red fox', scientificName: 'Vulpes vulpes', sensitive: false });
  expect(photo.labels).toEqual(['captive']);
  expect(photo.camera?.body).toBe('Nikon D2X');
  expect(photo.placePrivacy).toBe('open');
  // The owner is told who sees the place.
  await expect(page.getByTestId('upload-place-notice')).toContainText('never the exact spot', LOADED);
  return photo;
}

// Real uploads (image pipeline and the engine) on a shared machine.
test.describe.configure({ timeout: 180_000 });
test.beforeAll(async () => {
  test.setTimeout(300_000);
  await demoContentSettled();
});
test.beforeEach(async ({ page }) => dismissCookieBanner(page));

test.describe('the nature layer', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('species, labels and place from the upload form; badges, the species link, the wild-only gallery and the map', async ({ page, request }) => {
    const owner = await createAccount(request, { firstName: 'Jane', lastName: 'Goodall' });
    const lat = -40 + Math.random() * 80;
    const lon = -170 + Math.random() * 340;
    const title = uniqueTitle('Captive fox');
    await openSignedIn(page, owner.sessionToken, '/upload');
    const photo = await uploadThroughForm(page, title, await photoWithGps(lat, lon));
    await makePublicThroughApi(request, owner.sessionToken, photo.id);

    // The photo page, as a visitor: the badge, the camera, a generalised place and the species link.
    await page.evaluate(() => window.localStorage.removeItem('sessionToken'));
    await page.context().clearCookies();
    await page.goto(`/photos/${photo.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title, LOADED);
    await expect(page.getByTestId('label-badges')).toHaveText('Captive');
    await expect(page.getByTestId('photo-camera')).toContainText('Nikon D2X · 200.0-500.0 mm f/5.6 · 500 mm · f/5.6 · 1/1000 s · ISO 400');
    await expect(page.getByTestId('photo-place')).toContainText('somewhere within about 20 km');
    await page.getByTestId('species-link').click();
    await expect(page).toHaveURL(/\/gallery\?species=Vulpes\+vulpes/);
    const card = page.getByRole('article', { name: title });
    await expect(card).toBeVisible(LOADED);
    await expect(card.locator('.label-badge--captive')).toHaveText('Captive');

    // Wild only leaves the captive fox out.
    // A click, not check(): the router applies the new address in a transition, after check() looks.
    await page.getByTestId('wild-only').click();
    await expect(page).toHaveURL(/wild=true/);
    await expect(page.getByTestId('wild-only')).toBeChecked();
    await expect(page.getByRole('article', { name: title })).toHaveCount(0, LOADED);

    // The map: the fox's square has a marker that opens its photos.
    await page.goto('/map');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Map', LOADED);
    await expect(page.getByTestId('world-map')).toBeVisible(LOADED);
    const marker = page.locator(`[data-testid="map-marker"][data-cells~="${cellOf(lat, lon)}"]`);
    await expect(marker).toHaveCount(1, LOADED);
    await marker.click();
    // A marker standing for several squares lists them first.
    const square = page.locator(`button[data-cell="${cellOf(lat, lon)}"]`);
    if ((await square.count()) > 0) await square.click();
    await expect(page.getByTestId('cell-photos').getByRole('article', { name: title })).toBeVisible(LOADED);
  });

  test('the owner sees the exact place and changes the labels from the photo page', async ({ page, request }) => {
    const owner = await createAccount(request, { firstName: 'Rachel', lastName: 'Carson' });
    const title = uniqueTitle('Fox edit');
    await openSignedIn(page, owner.sessionToken, '/upload');
    const photo = await uploadThroughForm(page, title, await photoWithGps(51.4789, -0.0015));
    await page.goto(`/photos/${photo.slug}`);
    await expect(page.getByTestId('photo-place')).toContainText('51.48° N, 0.00° W (only you see this point)', LOADED);
    const editor = page.getByTestId('nature-editor');
    await editor.getByRole('checkbox', { name: /Captive/ }).uncheck();
    await editor.getByRole('checkbox', { name: /Baited/ }).check();
    // A place picked on the map replaces the GPS one.
    const picked = await pickOnMap(editor, 0.55, 0.3);
    expect(picked).not.toBe('51.4789');
    const after = await saveNature(page, editor, photo.id);
    expect(after.labels).toEqual(['baited']);
    expect(after.exactPlace?.lat).toBe(Number(picked));
    await expect(page.getByTestId('label-badges').first()).toHaveText('Baited');
  });

  test('the owner names the species, declares a label and picks a place from My Photos; the admin sees the badge and the species', async ({ page, request }) => {
    const owner = await createAccount(request, { firstName: 'Mary', lastName: 'Anning' });
    const title = uniqueTitle('Unnamed cat');
    const photo = await uploadThroughApi(request, owner.sessionToken, { title, description: 'In the snow.', category: 'wildlife', file: PHOTO_FILES.tiger });
    await openSignedIn(page, owner.sessionToken, '/my-photos');
    await page.getByTestId('photo-card').filter({ hasText: title }).getByRole('button', { name: `Open ${title}` }).click(LOADED);
    const dialog = page.getByRole('dialog');
    const editor = dialog.getByTestId('nature-editor');
    await expect(editor).toBeVisible();
    const species = editor.getByRole('combobox', { name: 'Species' });
    await species.fill('Snow leo');
    await page.locator('.ant-select-item-option', { hasText: 'Panthera uncia' }).click(LOADED);
    await expect(species).toHaveValue('Snow leopard');
    await editor.getByRole('checkbox', { name: /Composite/ }).check();
    const picked = Number(await pickOnMap(editor, 0.7, 0.35));
    const after = await saveNature(page, editor, photo.id);
    expect(after.species).toEqual({ commonName: 'Snow leopard', scientificName: 'Panthera uncia', sensitive: true });
    expect(after.labels).toEqual(['composite']);
    expect(after.exactPlace?.lat).toBe(picked);
    expect(after.place).toBeNull();
    // The dialog shows what was saved, and tells the owner why no one else sees the place.
    await expect(dialog.getByTestId('label-badges')).toHaveText('Composite');
    await expect(dialog.getByTestId('species-link')).toContainText('Snow leopard');
    await expect(dialog.getByTestId('place-notice')).toContainText('CITES Appendix I');
    await expect(dialog.getByTestId('photo-place')).toContainText('(only you see this point)');

    // The admin sees the badge and the species on the photo's card and in its dialog, never the place.
    await openSignedIn(page, await signInThroughApi(request, SITE_ADMIN.email, SITE_ADMIN.password), '/admin');
    await page.getByRole('tab', { name: /^Photos/ }).click(LOADED);
    await page.getByRole('textbox', { name: 'Search users, photos and messages' }).fill(title);
    const card = page.getByTestId('admin-photo').filter({ hasText: title });
    await expect(card.getByTestId('label-badges')).toHaveText('Composite', LOADED);
    await expect(card.getByTestId('species-link')).toContainText('Snow leopard');
    await card.getByRole('button', { name: 'Analysis', exact: true }).click();
    const review = page.getByRole('dialog', { name: title });
    await expect(review.getByTestId('label-badges')).toHaveText('Composite');
    await expect(review.getByTestId('species-link')).toContainText('Snow leopard (Panthera uncia)');
    await expect(review.getByTestId('photo-place')).toHaveCount(0);
  });

  test('a photographer page’s map opens only that photographer’s photos in a square', async ({ page, request }) => {
    const lat = -40 + Math.random() * 80;
    const lon = -170 + Math.random() * 340;
    const file = await photoWithGps(lat, lon);
    const title = uniqueTitle('Lakeshore');
    const photographer = await createAccount(request, { firstName: 'Ansel', lastName: 'Adams' });
    const neighbour = await createAccount(request, { firstName: 'Edward', lastName: 'Weston' });
    const theirs = await publishedWithGps(request, photographer.sessionToken, `${title} theirs`, file);
    await publishedWithGps(request, neighbour.sessionToken, `${title} neighbour`, file);
    const preferences = await request.put('/api/user/preferences', { headers: { Authorization: `Bearer ${photographer.sessionToken}` }, data: { publicProfile: true } });
    expect(preferences.status(), await preferences.text()).toBe(200);
    // The photos service learns of the public page by event.
    let photographerId: string | null = null;
    await expect(async () => {
      photographerId = ((await (await request.get(`/api/photos/${theirs}`)).json()) as { photographerId: string | null }).photographerId;
      expect(photographerId).not.toBeNull();
    }).toPass({ timeout: 20_000 });

    await page.goto(`/photographers/${photographerId}`);
    const marker = page.locator(`[data-testid="map-marker"][data-cells~="${cellOf(lat, lon)}"]`);
    await expect(marker).toHaveCount(1, LOADED);
    // The marker counts one photo: the photographer's, not the neighbour's in the same square.
    await expect(marker).toHaveAttribute('aria-label', '1 photo here');
    await marker.click();
    const square = page.getByTestId('cell-photos');
    await expect(square.getByRole('article', { name: `${title} theirs` })).toBeVisible(LOADED);
    await expect(square.getByRole('article')).toHaveCount(1);
    // Everyone's map lists both.
    await page.goto('/map');
    await page.locator(`[data-testid="map-marker"][data-cells~="${cellOf(lat, lon)}"]`).click(LOADED);
    const everyone = page.locator(`button[data-cell="${cellOf(lat, lon)}"]`);
    if ((await everyone.count()) > 0) await everyone.click();
    await expect(page.getByTestId('cell-photos').getByRole('article', { name: `${title} neighbour` })).toBeVisible(LOADED);
    await expect(page.getByTestId('cell-photos').getByRole('article', { name: `${title} theirs` })).toBeVisible();
  });
});

/** Whether a box lies across the screen's width, nothing cut off at either side. */
async function expectWithinWidth(locator: Locator, width: number): Promise<void> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not drawn');
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
}

test.describe('the nature layer on a phone', () => {
  const PHONE = { width: 412, height: 823 };
  test.use({ viewport: PHONE, screen: PHONE, isMobile: true, hasTouch: true });

  test('/map draws the world across the screen, a square opens by tap and its photos list fits', async ({ page, request }) => {
    const lat = -40 + Math.random() * 80;
    const lon = -170 + Math.random() * 340;
    const owner = await createAccount(request, { firstName: 'Margaret', lastName: 'Mee' });
    const title = uniqueTitle('Phone fox');
    await publishedWithGps(request, owner.sessionToken, title, await photoWithGps(lat, lon));

    await page.goto('/map');
    const map = page.getByTestId('world-map');
    await expect(map).toBeVisible(LOADED);
    const mapBox = await map.boundingBox();
    expect(mapBox?.width).toBeGreaterThan(PHONE.width * 0.8);
    await expectWithinWidth(map, PHONE.width);
    await expectNoSidewaysScroll(page);
    const marker = page.locator(`[data-testid="map-marker"][data-cells~="${cellOf(lat, lon)}"]`);
    await expect(marker).toHaveCount(1, LOADED);
    // A finger can hit it: at least 24 px across (WCAG 2.2 target size, minimum).
    const markerBox = await marker.boundingBox();
    expect(markerBox?.width).toBeGreaterThanOrEqual(24);
    expect(markerBox?.height).toBeGreaterThanOrEqual(24);
    await marker.tap();
    const square = page.locator(`button[data-cell="${cellOf(lat, lon)}"]`);
    if ((await square.count()) > 0) {
      await expectWithinWidth(square, PHONE.width);
      await square.tap();
    }
    const card = page.getByTestId('cell-photos').getByRole('article', { name: title });
    await expect(card).toBeVisible(LOADED);
    await card.scrollIntoViewIfNeeded();
    await expect(card).toBeInViewport();
    await expectWithinWidth(card, PHONE.width);
    await expectNoSidewaysScroll(page);
    await card.getByRole('link', { name: title }).tap();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title, LOADED);
  });

  test('the upload form’s species, labels and place fit the screen and work by touch', async ({ page, request }) => {
    const owner = await createAccount(request, { firstName: 'Maria', lastName: 'Merian' });
    await openSignedIn(page, owner.sessionToken, '/upload');
    const species = page.getByRole('combobox', { name: 'Species' });
    await species.fill('Red fo');
    const suggestion = page.locator('.ant-select-item-option', { hasText: 'Vulpes vulpes' });
    await expect(suggestion).toBeVisible(LOADED);
    await expectWithinWidth(suggestion, PHONE.width);
    await suggestion.tap();
    await expect(species).toHaveValue('Vulpes vulpes');
    const labels = page.getByTestId('label-choices');
    await labels.getByText('Captive', { exact: true }).tap();
    await expect(labels.getByRole('checkbox', { name: /Captive/ })).toBeChecked();
    await page.getByTestId('place-privacy').getByText('Private', { exact: true }).tap();
    await expect(page.getByRole('radio', { name: 'Private' })).toBeChecked();
    await page.getByRole('button', { name: 'Pick on the Map' }).tap();
    const map = page.getByTestId('world-map');
    const box = await map.boundingBox();
    if (!box) throw new Error('the map is not drawn');
    await map.tap({ position: { x: box.width * 0.5, y: box.height * 0.3 } });
    await expect(page.getByTestId('map-pin')).toBeVisible();
    await expect(page.getByRole('spinbutton', { name: 'Latitude' })).not.toHaveValue('');
    await expect(page.getByRole('spinbutton', { name: 'Longitude' })).not.toHaveValue('');
    for (const field of [species, labels, page.getByTestId('place-privacy'), map, page.getByRole('button', { name: 'Remove the Place' })]) await expectWithinWidth(field, PHONE.width);
    await expectNoSidewaysScroll(page);
  });
});
