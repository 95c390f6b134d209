import 'reflect-metadata';
import { CommunityTestApp, communityTestApp } from '../testing/community-test-app';

jest.setTimeout(60_000);

describe('photographer pages API', () => {
  let app: CommunityTestApp;

  beforeAll(async () => {
    app = await communityTestApp([]);
  });
  afterAll(() => app.close());

  async function setPublic(userId: string, publicProfile: boolean, at: Date, names = { firstName: 'Ansel', lastName: 'Adams' }) {
    await app.t.bus.publish(
      'auth.user.preferences-changed.v1',
      { userId, publicProfile, emailNotifications: true, ...names, profileImageUrl: `/api/users/${userId}/avatar?v=0123456789abcdef`, changedAt: at.toISOString() },
      { key: userId },
    );
    await app.t.bus.idle();
  }
  const cardOf = async (photoId: string) => {
    const gallery = await app.as(null).get('/photos?public=true&pageSize=48').expect(200);
    return (gallery.body.photos as Array<{ id: string; photographerId: string | null }>).find((card) => card.id === photoId);
  };

  it('a member who turns on publicProfile gets a page with name, avatar, counts and public photos; cards link to it', async () => {
    const { token, identity } = app.member();
    const first = await app.photo(token, { title: 'Elk at dawn' });
    app.t.clock.advance(60_000); // distinct upload times, so newest-first order is defined
    const second = await app.photo(token, { title: 'Heron' });
    await app.photo(token, { title: 'Private elk', isPublic: false });
    await app.as(null).post(`/photos/${first.id}/like`).set('X-Forwarded-For', '10.1.1.1').expect(200);
    await app.as(null).post(`/photos/${second.id}/like`).set('X-Forwarded-For', '10.1.1.2').expect(200);
    await app.as(null).post(`/photos/${second.id}/view`).set('X-Forwarded-For', '10.1.1.3').expect(200);

    // Anonymous until they choose otherwise.
    const before = await app.as(null).get(`/photographers/${identity.userId}`);
    expect([before.status, before.body]).toEqual([404, { statusCode: 404, message: 'Photographer Not Found' }]);
    expect((await cardOf(first.id))?.photographerId).toBeNull();

    await setPublic(identity.userId, true, new Date());
    const page = await app.as(null).get(`/photographers/${identity.userId}`).expect(200);
    expect(page.body).toMatchObject({
      id: identity.userId,
      name: 'Ansel Adams',
      avatarUrl: `/api/users/${identity.userId}/avatar?v=0123456789abcdef`,
      photoCount: 2,
      likesReceived: 2,
      views: 1,
      page: 1,
      pageSize: 12,
      totalPages: 1,
    });
    expect(page.body.photos.map((p: { title: string }) => p.title)).toEqual(['Heron', 'Elk at dawn']);
    expect((await cardOf(first.id))?.photographerId).toBe(identity.userId);
    const detail = await app.as(null).get(`/photos/${first.slug}`).expect(200);
    expect(detail.body.photographerId).toBe(identity.userId);
    const signedIn = await app.as(app.member().token).get(`/photos/${first.id}`).expect(200);
    expect(signedIn.body.photographerId).toBe(identity.userId);

    // Turning it off hides the page and the links again.
    await setPublic(identity.userId, false, new Date(Date.now() + 1000));
    expect((await app.as(null).get(`/photographers/${identity.userId}`)).status).toBe(404);
    expect((await cardOf(first.id))?.photographerId).toBeNull();
  });

  it('a late, older event on another topic does not roll newer facts back', async () => {
    const { token, identity } = app.member();
    await app.photo(token);
    const now = Date.now();
    await setPublic(identity.userId, true, new Date(now));
    await app.t.bus.publish(
      'auth.user.updated.v1',
      { userId: identity.userId, email: 'x@example.com', firstName: 'Dorothea', lastName: 'Lange', profileImageUrl: '', updatedAt: new Date(now + 2000).toISOString() },
      { key: identity.userId },
    );
    await app.t.bus.idle();
    // An older preference change, delivered again (at-least-once) after the rename.
    await setPublic(identity.userId, false, new Date(now - 5000), { firstName: 'Old', lastName: 'Name' });
    const page = await app.as(null).get(`/photographers/${identity.userId}`).expect(200);
    expect(page.body).toMatchObject({ name: 'Dorothea Lange', avatarUrl: null });
  });

  it('a deleted account has no page', async () => {
    const { token, identity } = app.member();
    await app.photo(token);
    await setPublic(identity.userId, true, new Date());
    await app.t.bus.publish('auth.user.deleted.v1', { userId: identity.userId, deletedAt: new Date().toISOString() }, { key: identity.userId });
    await app.t.bus.idle();
    expect((await app.as(null).get(`/photographers/${identity.userId}`)).status).toBe(404);
  });

  it.each([
    ['an id that is not a UUID', '/photographers/not-a-uuid', 404, 'Photographer Not Found'],
    ['an unknown member', '/photographers/00000000-0000-4000-8000-0000000000ff', 404, 'Photographer Not Found'],
    ['page 0', '/photographers/00000000-0000-4000-8000-0000000000ff?page=0', 400, 'Page must be a positive number'],
  ])('answers %s with the error envelope', async (_name, path, status, message) => {
    const res = await app.as(null).get(path);
    expect([res.status, res.body]).toEqual([status, { statusCode: status, message }]);
  });
});
