import type { PhotoDetail } from '../photos/types';
import { filterMessages, filterPhotos, filterUsers, photosNeedingReview } from './admin-search';
import type { AdminUser, ContactMessage } from './types';

const user = (over: Partial<AdminUser>): AdminUser => ({
  id: 'u',
  email: 'jane@example.com',
  firstName: 'Jane',
  lastName: 'Goodall',
  plan: 'explorer',
  planExpiry: null,
  isActive: true,
  isAdmin: false,
  isSiteAdmin: false,
  createdAt: '2025-01-01T00:00:00Z',
  ...over,
});

const message = (over: Partial<ContactMessage>): ContactMessage => ({
  id: 'm',
  name: 'Rachel Carson',
  email: 'rachel@example.com',
  subject: 'Upload fails',
  message: 'My heron photo fails.',
  category: 'bug-report',
  status: 'pending',
  priority: 'medium',
  userId: null,
  ipAddress: null,
  assignedTo: null,
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-01T00:00:00Z',
  responses: [],
  ...over,
});

describe('admin search', () => {
  it('keeps everything for an empty or blank term', () => {
    const users = [user({ id: 'a' }), user({ id: 'b' })];
    expect(filterUsers(users, '')).toHaveLength(2);
    expect(filterUsers(users, '   ')).toHaveLength(2);
  });

  it('finds users by full name, e-mail or plan, ignoring case', () => {
    const users = [user({ id: 'a' }), user({ id: 'b', firstName: 'Ansel', lastName: 'Adams', email: 'ansel@example.org', plan: 'professional' })];
    expect(filterUsers(users, 'jane good').map((u) => u.id)).toEqual(['a']);
    expect(filterUsers(users, 'EXAMPLE.ORG').map((u) => u.id)).toEqual(['b']);
    expect(filterUsers(users, 'professional').map((u) => u.id)).toEqual(['b']);
  });

  it('finds photos by title, description, uploader or category', () => {
    const photos = [
      { id: 'p1', title: 'Heron', description: 'At dawn', username: 'Jane Goodall', category: 'wildlife' },
      { id: 'p2', title: 'Canyon', description: 'Dusk light', username: 'Ansel Adams', category: 'landscape' },
    ] as PhotoDetail[];
    expect(filterPhotos(photos, 'ansel').map((p) => p.id)).toEqual(['p2']);
    expect(filterPhotos(photos, 'wildlife').map((p) => p.id)).toEqual(['p1']);
    expect(filterPhotos(photos, 'dusk').map((p) => p.id)).toEqual(['p2']);
  });

  it('keeps the photos held for review for the “Needs review” filter', () => {
    const photos = [
      { id: 'p1', title: 'Heron', moderation: null },
      { id: 'p2', title: 'Screen capture', moderation: 'review' },
    ] as PhotoDetail[];
    expect(photosNeedingReview(photos).map((p) => p.id)).toEqual(['p2']);
    expect(photosNeedingReview(filterPhotos(photos, 'heron'))).toEqual([]);
  });

  it('finds messages by sender, subject, text, category or status', () => {
    const messages = [message({ id: 'm1' }), message({ id: 'm2', name: 'John Muir', email: 'john@example.com', subject: 'Idea', message: 'Albums please', category: 'feature-request', status: 'in_progress' })];
    expect(filterMessages(messages, 'muir').map((m) => m.id)).toEqual(['m2']);
    expect(filterMessages(messages, 'heron').map((m) => m.id)).toEqual(['m1']);
    expect(filterMessages(messages, 'in progress').map((m) => m.id)).toEqual(['m2']);
    expect(filterMessages(messages, 'bug-report').map((m) => m.id)).toEqual(['m1']);
  });
});
