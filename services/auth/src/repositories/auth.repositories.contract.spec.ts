import { pendingEvent } from '@wildframe/platform';
import { randomUUID } from 'node:crypto';
import type { NewUser, PlanChange, UserRecord } from '../domain/user';
import { describeEachBackend } from '@wildframe/platform/testing';
import { AuthBackend, openAuthBackend } from '../testing/auth-backends';

/**
 * What every adapter set of the auth ports must guarantee, whatever the backend: unique e-mails
 * under parallel signups, plan changes that never lose an update and apply a delivery once, events
 * published exactly once with their change and never for a refused one, deletions that announce.
 */
describeEachBackend('auth repositories', (backend) => {
  let b: AuthBackend;
  beforeAll(async () => {
    b = await openAuthBackend(backend);
  });
  afterAll(async () => {
    await b?.close();
  });

  const email = () => `u-${randomUUID()}@example.com`;
  const newUser = (overrides: Partial<NewUser> = {}): NewUser => ({ email: email(), passwordHash: 'hash', firstName: 'Ada', lastName: 'Lovelace', ...overrides });
  const registered = (user: UserRecord) => [
    pendingEvent(
      'auth.user.registered.v1',
      { userId: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName, plan: user.plan, registeredAt: user.createdAt.toISOString() },
      { key: user.id },
    ),
  ];
  const planChanged = ({ before, after }: PlanChange) => [
    pendingEvent(
      'auth.user.plan-changed.v1',
      { userId: after.id, plan: after.plan, previousPlan: before.plan, planExpiry: '', changedAt: new Date().toISOString(), source: 'admin' },
      { key: after.id },
    ),
  ];
  /** Publishes what is pending and returns the ids published for `key` so far. */
  const publishedFor = async (key: string) => {
    await b.outbox.flush();
    return b.bus.published.filter((p) => p.key === key).map((p) => `${p.topic} ${p.id}`);
  };

  describe('users', () => {
    it('stores an account with the defaults and finds it by id and e-mail', async () => {
      const created = await b.users.create(newUser({ firstName: 'Grace' }));
      expect(created).toMatchObject({ firstName: 'Grace', plan: 'explorer', planExpiry: null, isActive: true, isAdmin: false, isSiteAdmin: false, profileImageUrl: null, failedSignIns: 0 });
      expect(created.createdAt).toBeInstanceOf(Date);
      expect(await b.users.findById(created.id)).toEqual(created);
      expect(await b.users.findByEmail(created.email)).toEqual(created);
      expect(await b.users.findById(randomUUID())).toBeUndefined();
      expect(await b.users.findById('not-an-id')).toBeUndefined();
    });

    it('lets exactly one of six parallel signups with one e-mail through, and announces only that one', async () => {
      const address = email();
      const results = await Promise.allSettled(Array.from({ length: 6 }, () => b.users.create(newUser({ email: address }), registered)));
      const created = results.filter((r): r is PromiseFulfilledResult<UserRecord> => r.status === 'fulfilled');
      expect(created).toHaveLength(1);
      for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'EMAIL_TAKEN', status: 409 });
      const [winner] = created.map((r) => r.value);
      await b.outbox.flush();
      expect(b.bus.published.filter((p) => p.topic === 'auth.user.registered.v1' && (p.payload as { email: string }).email === address)).toHaveLength(1);
      expect((await b.users.findByEmail(address))?.id).toBe(winner?.id);
    });

    it('publishes a change’s events exactly once, however often the outbox is flushed', async () => {
      const user = await b.users.create(newUser(), registered);
      await Promise.all([b.outbox.flush(), b.outbox.flush(), b.outbox.flush()]);
      await b.outbox.flush();
      expect(await publishedFor(user.id)).toEqual([expect.stringMatching(/^auth\.user\.registered\.v1 /)]);
      expect(await b.outbox.pending()).toBe(0);
    });

    it('refuses an e-mail that belongs to another account, changing and announcing nothing', async () => {
      const taken = await b.users.create(newUser());
      const user = await b.users.create(newUser({ firstName: 'Before' }));
      const announce = jest.fn(registered);
      await expect(b.users.updateProfile(user.id, { firstName: 'After', lastName: 'X', email: taken.email }, announce)).rejects.toMatchObject({ code: 'EMAIL_TAKEN' });
      expect(await b.users.findById(user.id)).toMatchObject({ firstName: 'Before', email: user.email });
      expect(await publishedFor(user.id)).toEqual([]);
      await expect(b.users.updateProfile(randomUUID(), { firstName: 'A', lastName: 'B', email: email() })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    });

    it('updates the profile and the avatar with their events', async () => {
      const user = await b.users.create(newUser());
      const newEmail = email();
      const updated = await b.users.updateProfile(user.id, { firstName: 'New', lastName: 'Name', email: newEmail }, registered);
      expect(updated).toMatchObject({ id: user.id, firstName: 'New', lastName: 'Name', email: newEmail });
      expect(await b.users.findByEmail(user.email)).toBeUndefined();
      const withAvatar = await b.users.setProfileImage(user.id, '/api/users/x/avatar?v=1', registered);
      expect(withAvatar.profileImageUrl).toBe('/api/users/x/avatar?v=1');
      expect(await publishedFor(user.id)).toHaveLength(2);
      await expect(b.users.setProfileImage(randomUUID(), null)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    });

    it('activates a pending account and discards only inactive ones', async () => {
      const pending = await b.users.create(newUser({ isActive: false }));
      const expiry = new Date('2030-01-01T00:00:00.000Z');
      const active = await b.users.activate(pending.id, { plan: 'professional', planExpiry: expiry }, registered);
      expect(active).toMatchObject({ isActive: true, plan: 'professional', planExpiry: expiry });
      expect(await b.users.activate(randomUUID(), { plan: 'enthusiast', planExpiry: null })).toBeUndefined();
      await b.users.deleteIfInactive(pending.id);
      expect(await b.users.findById(pending.id)).toBeDefined();
      const abandoned = await b.users.create(newUser({ isActive: false }));
      await b.users.deleteIfInactive(abandoned.id);
      expect(await b.users.findById(abandoned.id)).toBeUndefined();
      // Its e-mail is free again.
      await expect(b.users.create(newUser({ email: abandoned.email }))).resolves.toMatchObject({ email: abandoned.email });
    });

    it('lets a signup replace a pending account that is not held, and never a held or an active one', async () => {
      const now = new Date();
      const later = new Date(now.getTime() + 60_000);
      const abandoned = await b.users.create(newUser({ isActive: false }));
      const replaced = await b.users.createReplacingPending(newUser({ email: abandoned.email, firstName: 'Newcomer' }), now, registered);
      expect(replaced).toMatchObject({ email: abandoned.email, firstName: 'Newcomer', isActive: true });
      expect(await b.users.findById(abandoned.id)).toBeUndefined();
      expect(await publishedFor(replaced.id)).toEqual([expect.stringMatching(/^auth\.user\.registered\.v1 /)]);
      // An active account keeps its address.
      await expect(b.users.createReplacingPending(newUser({ email: abandoned.email }), now)).rejects.toMatchObject({ code: 'EMAIL_TAKEN', status: 409 });

      // A pending account whose payment is being taken stays until its hold ends, then gives way.
      const paying = await b.users.create(newUser({ isActive: false }));
      expect(await b.users.holdPending(paying.id, later)).toBe(true);
      expect((await b.users.findById(paying.id))?.checkoutHeldUntil).toEqual(later);
      const announce = jest.fn(registered);
      await expect(b.users.createReplacingPending(newUser({ email: paying.email }), now, announce)).rejects.toMatchObject({ code: 'CHECKOUT_IN_PROGRESS', status: 409 });
      expect(await b.users.findById(paying.id)).toBeDefined();
      const afterHold = await b.users.createReplacingPending(newUser({ email: paying.email }), new Date(later.getTime() + 1), announce);
      expect(await b.users.findById(paying.id)).toBeUndefined();
      expect((await b.users.findByEmail(paying.email))?.id).toBe(afterHold.id);

      // A released hold lets it go at once; only inactive accounts can be held.
      const declined = await b.users.create(newUser({ isActive: false }));
      await b.users.holdPending(declined.id, later);
      await b.users.releasePending(declined.id);
      expect((await b.users.findById(declined.id))?.checkoutHeldUntil).toBeNull();
      await expect(b.users.createReplacingPending(newUser({ email: declined.email }), now)).resolves.toMatchObject({ email: declined.email });
      expect(await b.users.holdPending(afterHold.id, later)).toBe(false);
      expect(await b.users.holdPending(randomUUID(), later)).toBe(false);
    });

    it('activation ends a hold', async () => {
      const pending = await b.users.create(newUser({ isActive: false }));
      await b.users.holdPending(pending.id, new Date(Date.now() + 60_000));
      expect(await b.users.activate(pending.id, { plan: 'enthusiast', planExpiry: null })).toMatchObject({ isActive: true, checkoutHeldUntil: null });
    });

    it('lets exactly one of six parallel signups for one pending e-mail through, and announces only that one', async () => {
      const pending = await b.users.create(newUser({ isActive: false }));
      const now = new Date();
      const results = await Promise.allSettled(
        Array.from({ length: 6 }, (_, i) => b.users.createReplacingPending(newUser({ email: pending.email, firstName: `Racer${i}` }), now, registered)),
      );
      const created = results.filter((r): r is PromiseFulfilledResult<UserRecord> => r.status === 'fulfilled');
      expect(created).toHaveLength(1);
      for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'EMAIL_TAKEN', status: 409 });
      const [winner] = created.map((r) => r.value);
      expect(await b.users.findByEmail(pending.email)).toMatchObject({ id: winner?.id, isActive: true });
      expect(await b.users.findById(pending.id)).toBeUndefined();
      await b.outbox.flush();
      expect(b.bus.published.filter((p) => p.topic === 'auth.user.registered.v1' && (p.payload as { email: string }).email === pending.email)).toHaveLength(1);
    });

    it('sets a password hash', async () => {
      const user = await b.users.create(newUser());
      await b.users.setPasswordHash(user.id, 'other-hash');
      expect((await b.users.findById(user.id))?.passwordHash).toBe('other-hash');
    });
  });

  describe('consecutive failed sign-ins', () => {
    it('counts every failure once, parallel ones too, leaves the rest of the account alone, and clears', async () => {
      const user = await b.users.create(newUser());
      const counts = await Promise.all(Array.from({ length: 6 }, () => b.users.countFailedSignIn(user.id)));
      expect([...counts].sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6]);
      const counted = await b.users.findByEmail(user.email);
      expect(counted).toEqual({ ...user, failedSignIns: 6 });
      // A profile change computed from an older read keeps the count.
      await b.users.updateProfile(user.id, { firstName: 'Ada', lastName: 'L', email: user.email });
      expect((await b.users.findById(user.id))?.failedSignIns).toBe(6);
      await b.users.clearFailedSignIns(user.id);
      expect((await b.users.findById(user.id))?.failedSignIns).toBe(0);
      expect(await b.users.countFailedSignIn(randomUUID())).toBe(0);
    });
  });

  describe('plan changes', () => {
    const cycle = { explorer: 'enthusiast', enthusiast: 'professional', professional: 'explorer' } as const;

    it('never loses one of several parallel changes: each starts from the one before', async () => {
      const user = await b.users.create(newUser());
      const changes = await Promise.all(
        Array.from({ length: 5 }, () => b.users.changePlan(user.id, (current) => ({ plan: cycle[current.plan], planExpiry: null }), planChanged)),
      );
      const befores = changes.map((c) => c?.before.plan);
      // 5 steps around a 3-cycle from explorer: each step read the previous one's result.
      expect((await b.users.findById(user.id))?.plan).toBe('professional');
      expect(befores.filter((p) => p === 'explorer')).toHaveLength(2);
      expect(befores.filter((p) => p === 'enthusiast')).toHaveLength(2);
      expect(befores.filter((p) => p === 'professional')).toHaveLength(1);
      expect(await publishedFor(user.id)).toHaveLength(5);
    });

    it('stores nothing and announces nothing when the change is refused', async () => {
      const user = await b.users.create(newUser());
      const refused = new Error('refused');
      await expect(
        b.users.changePlan(user.id, () => {
          throw refused;
        }, planChanged),
      ).rejects.toBe(refused);
      expect((await b.users.findById(user.id))?.plan).toBe('explorer');
      expect(await publishedFor(user.id)).toEqual([]);
      expect(await b.users.changePlan(randomUUID(), () => ({ plan: 'professional', planExpiry: null }), planChanged)).toBeUndefined();
    });

    it('announces nothing when the announcement is empty (a plan set to itself)', async () => {
      const user = await b.users.create(newUser());
      const change = await b.users.changePlan(user.id, (current) => ({ plan: current.plan, planExpiry: null }), () => []);
      expect(change?.after.plan).toBe('explorer');
      expect(await publishedFor(user.id)).toEqual([]);
    });

    it('applies a delivery once, even when it arrives twice at the same time, and announces once', async () => {
      const user = await b.users.create(newUser());
      const delivery = { consumer: 'auth-plans', eventId: randomUUID() };
      const toProfessional = () => ({ plan: 'professional' as const, planExpiry: new Date('2031-01-01T00:00:00.000Z') });
      const applied = await Promise.all([
        b.users.applyPlanChange(delivery, user.id, toProfessional, planChanged),
        b.users.applyPlanChange(delivery, user.id, toProfessional, planChanged),
      ]);
      expect(applied.sort()).toEqual([false, true]);
      expect(await b.users.applyPlanChange(delivery, user.id, toProfessional, planChanged)).toBe(false);
      expect(await b.users.findById(user.id)).toMatchObject({ plan: 'professional', planExpiry: new Date('2031-01-01T00:00:00.000Z') });
      expect(await publishedFor(user.id)).toHaveLength(1);
      // Another consumer's delivery of the same event, or another event, applies.
      expect(await b.users.applyPlanChange({ consumer: 'other', eventId: delivery.eventId }, user.id, () => ({ plan: 'explorer', planExpiry: null }), planChanged)).toBe(true);
      expect((await b.users.findById(user.id))?.plan).toBe('explorer');
    });

    it('counts a delivery for a missing account as done, and a failed one as not done', async () => {
      expect(await b.users.applyPlanChange({ consumer: 'auth-plans', eventId: randomUUID() }, randomUUID(), () => ({ plan: 'professional', planExpiry: null }))).toBe(true);
      const user = await b.users.create(newUser());
      const delivery = { consumer: 'auth-plans', eventId: randomUUID() };
      await expect(
        b.users.applyPlanChange(delivery, user.id, () => {
          throw new Error('boom');
        }, planChanged),
      ).rejects.toThrow('boom');
      expect(await b.users.applyPlanChange(delivery, user.id, () => ({ plan: 'enthusiast', planExpiry: null }), planChanged)).toBe(true);
      expect((await b.users.findById(user.id))?.plan).toBe('enthusiast');
      expect(await publishedFor(user.id)).toHaveLength(1);
    });
  });

  describe('admin users', () => {
    it('lists newest first, then by e-mail, one page when asked', async () => {
      const all = await b.adminUsers.listAll();
      for (const [i, cur] of all.entries()) {
        const prev = all[i - 1];
        if (!prev) continue;
        expect(prev.createdAt.getTime() > cur.createdAt.getTime() || (prev.createdAt.getTime() === cur.createdAt.getTime() && prev.email < cur.email)).toBe(true);
      }
      const page2 = await b.adminUsers.listAll({ page: 2, limit: 2 });
      expect(page2.map((u) => u.id)).toEqual(all.slice(2, 4).map((u) => u.id));
    });

    it('deletes an account with its sessions, grants and questions, announces it once, and frees its e-mail', async () => {
      const user = await b.users.create(newUser());
      await b.sessions.create(user.id, `s-${user.id}`, new Date(Date.now() + 60_000));
      await b.grants.create(user.id, `g-${user.id}`, new Date(Date.now() + 60_000));
      await b.questions.save(user.id, { question1: 'q1', question2: 'q2', question3: 'q3', answer1Hash: 'a', answer2Hash: 'b', answer3Hash: 'c' });
      const deletedEvent = (row: UserRecord) => [pendingEvent('auth.user.deleted.v1', { userId: row.id, deletedAt: new Date().toISOString() }, { key: row.id })];

      const deleted = await b.adminUsers.delete(user.id, () => undefined, deletedEvent);
      expect(deleted?.id).toBe(user.id);
      expect(await b.users.findById(user.id)).toBeUndefined();
      expect(await b.users.findByEmail(user.email)).toBeUndefined();
      expect(await b.sessions.findUser(`s-${user.id}`, new Date())).toBeUndefined();
      expect(await b.grants.consume(user.id, `g-${user.id}`, new Date())).toBe(false);
      expect(await b.questions.findForUser(user.id)).toBeUndefined();
      expect((await b.adminUsers.listAll()).map((u) => u.id)).not.toContain(user.id);
      expect(await publishedFor(user.id)).toEqual([expect.stringMatching(/^auth\.user\.deleted\.v1 /)]);
      expect(await b.outbox.pending()).toBe(0);
      await expect(b.users.create(newUser({ email: user.email }))).resolves.toMatchObject({ email: user.email });
      expect(await b.adminUsers.delete(user.id, () => undefined, deletedEvent)).toBeUndefined();
      expect(await b.adminUsers.delete('not-an-id', () => undefined, deletedEvent)).toBeUndefined();
    });

    it('deletes nothing and announces nothing when the check refuses', async () => {
      const user = await b.users.create(newUser({ isSiteAdmin: true, isAdmin: true }));
      const announce = jest.fn(() => [pendingEvent('auth.user.deleted.v1', { userId: user.id, deletedAt: new Date().toISOString() }, { key: user.id })]);
      await expect(
        b.adminUsers.delete(user.id, (current) => {
          if (current.isSiteAdmin) throw new Error('protected');
        }, announce),
      ).rejects.toThrow('protected');
      expect(await b.users.findById(user.id)).toMatchObject({ id: user.id, isSiteAdmin: true });
      expect(await publishedFor(user.id)).toEqual([]);
    });
  });

  describe('sessions', () => {
    it('resolves a live session of an active user only', async () => {
      const user = await b.users.create(newUser());
      const now = new Date();
      await b.sessions.create(user.id, `live-${user.id}`, new Date(now.getTime() + 60_000));
      await b.sessions.create(user.id, `old-${user.id}`, new Date(now.getTime() - 1));
      expect((await b.sessions.findUser(`live-${user.id}`, now))?.id).toBe(user.id);
      expect(await b.sessions.findUser(`old-${user.id}`, now)).toBeUndefined();
      expect(await b.sessions.findUser('unknown', now)).toBeUndefined();
      const inactive = await b.users.create(newUser({ isActive: false }));
      await b.sessions.create(inactive.id, `inactive-${inactive.id}`, new Date(now.getTime() + 60_000));
      expect(await b.sessions.findUser(`inactive-${inactive.id}`, now)).toBeUndefined();
    });

    it('shows a change of the user at once, and revokes one, the others, or all sessions', async () => {
      const user = await b.users.create(newUser());
      const until = new Date(Date.now() + 60_000);
      for (const t of ['a', 'b', 'c']) await b.sessions.create(user.id, `${t}-${user.id}`, until);
      expect((await b.sessions.findUser(`a-${user.id}`, new Date()))?.plan).toBe('explorer');
      await b.users.changePlan(user.id, () => ({ plan: 'professional', planExpiry: null }));
      expect((await b.sessions.findUser(`a-${user.id}`, new Date()))?.plan).toBe('professional');
      await b.sessions.revoke(`a-${user.id}`);
      expect(await b.sessions.findUser(`a-${user.id}`, new Date())).toBeUndefined();
      await b.sessions.revokeOthersForUser(user.id, `b-${user.id}`);
      expect(await b.sessions.findUser(`b-${user.id}`, new Date())).toBeDefined();
      expect(await b.sessions.findUser(`c-${user.id}`, new Date())).toBeUndefined();
      await b.sessions.revokeAllForUser(user.id);
      expect(await b.sessions.findUser(`b-${user.id}`, new Date())).toBeUndefined();
    });

    it('deletes expired sessions and counts them', async () => {
      const user = await b.users.create(newUser());
      const now = new Date();
      await b.sessions.create(user.id, `x1-${user.id}`, new Date(now.getTime() - 2000));
      await b.sessions.create(user.id, `x2-${user.id}`, new Date(now.getTime() - 1000));
      await b.sessions.create(user.id, `x3-${user.id}`, new Date(now.getTime() + 60_000));
      expect(await b.sessions.deleteExpired(now)).toBeGreaterThanOrEqual(2);
      expect(await b.sessions.deleteExpired(now)).toBe(0);
      expect(await b.sessions.findUser(`x3-${user.id}`, now)).toBeDefined();
    });

    it('refuses a second session with the same token hash', async () => {
      const user = await b.users.create(newUser());
      await b.sessions.create(user.id, `dup-${user.id}`, new Date(Date.now() + 60_000));
      await expect(b.sessions.create(user.id, `dup-${user.id}`, new Date(Date.now() + 60_000))).rejects.toThrow();
    });
  });

  describe('failed attempts', () => {
    it('counts failures in the window with the oldest, and clears per subject or by id', async () => {
      const ip = `ip-${randomUUID()}`;
      const t0 = new Date('2030-05-01T10:00:00.000Z');
      const at = (s: number) => new Date(t0.getTime() + s * 1000);
      await b.attempts.record('login', 'ip', ip, at(1));
      await b.attempts.record('login', 'ip', ip, at(2));
      const third = await b.attempts.record('login', 'ip', ip, at(3));
      await b.attempts.record('answers', 'ip', ip, at(3));
      expect(await b.attempts.since('login', 'ip', ip, at(1))).toEqual({ count: 2, oldest: at(2) });
      expect(await b.attempts.since('login', 'ip', ip, at(3))).toEqual({ count: 0, oldest: null });
      // A success takes back the failure it was counted as, and only that one.
      await b.attempts.remove([third]);
      expect(await b.attempts.since('login', 'ip', ip, at(1))).toEqual({ count: 1, oldest: at(2) });
      await b.attempts.remove([]);
      await b.attempts.clear('login', 'ip', ip);
      expect((await b.attempts.since('login', 'ip', ip, t0)).count).toBe(0);
      expect((await b.attempts.since('answers', 'ip', ip, t0)).count).toBe(1);

      const pair = `${randomUUID()}|2001:db8:1:2::/64`;
      await b.attempts.record('login', 'pair', pair, at(1));
      await b.attempts.record('login', 'pair', `${pair}x`, at(1));
      await b.attempts.clear('login', 'pair', pair);
      expect((await b.attempts.since('login', 'pair', pair, t0)).count).toBe(0);
      expect((await b.attempts.since('login', 'pair', `${pair}x`, t0)).count).toBe(1);

      await b.attempts.deleteOlderThan(at(100));
      expect((await b.attempts.since('answers', 'ip', ip, t0)).count).toBe(0);
    });
  });

  describe('reset grants and security questions', () => {
    it('lets a live grant be consumed once, even by two at a time', async () => {
      const user = await b.users.create(newUser());
      const now = new Date();
      await b.grants.create(user.id, `grant-${user.id}`, new Date(now.getTime() + 60_000));
      await b.grants.create(user.id, `expired-${user.id}`, new Date(now.getTime() - 1));
      const other = await b.users.create(newUser());
      expect(await b.grants.consume(other.id, `grant-${user.id}`, now)).toBe(false);
      expect((await Promise.all([b.grants.consume(user.id, `grant-${user.id}`, now), b.grants.consume(user.id, `grant-${user.id}`, now)])).sort()).toEqual([false, true]);
      expect(await b.grants.consume(user.id, `expired-${user.id}`, now)).toBe(false);
      await b.grants.create(user.id, `later-${user.id}`, new Date(now.getTime() + 60_000));
      await b.grants.deleteForUser(user.id);
      expect(await b.grants.consume(user.id, `later-${user.id}`, now)).toBe(false);
    });

    it('keeps one set of questions per account, replaced by a new save', async () => {
      const user = await b.users.create(newUser());
      expect(await b.questions.findForUser(user.id)).toBeUndefined();
      const first = { question1: 'q1', question2: 'q2', question3: 'q3', answer1Hash: 'a1', answer2Hash: 'a2', answer3Hash: 'a3' };
      await b.questions.save(user.id, first);
      expect(await b.questions.findForUser(user.id)).toEqual({ userId: user.id, ...first });
      const second = { ...first, question2: 'other', answer2Hash: 'b2' };
      await Promise.all([b.questions.save(user.id, second), b.questions.save(user.id, second)]);
      expect(await b.questions.findForUser(user.id)).toEqual({ userId: user.id, ...second });
    });
  });
});
