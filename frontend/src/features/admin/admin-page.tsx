import { ArrowLeftOutlined, SearchOutlined } from '@ant-design/icons';
import { Alert, App, Button, Grid, Input, Skeleton, Tabs } from 'antd';
import { useState, type ReactNode } from 'react';
import { useGetCurrentUserQuery } from '../../api/api';
import type { CurrentUser } from '../../api/types';
import { LinkButton } from '../../components/link-button';
import { PageHeader } from '../../components/page-header';
import { AccessDenied } from './access-denied';
import { AdminPager, useAdminPage } from './admin-pager';
import { filterMessages, filterPhotos, filterUsers, photosNeedingReview, type PhotoFilter } from './admin-search';
import { MESSAGES_POLL_MS, useGetAdminPhotosQuery, useGetAdminUsersQuery, useGetContactMessagesQuery } from './api';
import { MessagesTab } from './messages-tab';
import { PhotosTab } from './photos-tab';
import { UsersTab } from './users-tab';
import './admin.css';

const TITLE = 'Admin Panel';
const LEAD = 'Manage users and their plans, review and feature photos, and answer contact messages.';

/** /admin: the panel for admins, Access Denied for everyone else (spec, sections 2 and 6). */
export function AdminPage() {
  const { data: user, isLoading, isUninitialized } = useGetCurrentUserQuery();
  if (isLoading || isUninitialized) {
    return (
      <div className="admin-page" role="status" aria-label="Loading the admin panel">
        <Skeleton active title={{ width: '30%' }} paragraph={{ rows: 4 }} />
      </div>
    );
  }
  if (!user?.isAdmin) return <AccessDenied />;
  return <AdminPanel admin={user} />;
}

interface ListQuery {
  data?: unknown[];
  isLoading: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/** A tab's list, or its loading placeholder, or its failure with a way to try again. */
function TabBody({ query, what, children }: { query: ListQuery; what: string; children: ReactNode }) {
  if (query.isLoading) return <Skeleton active paragraph={{ rows: 5 }} className="admin-skeleton" />;
  // A failed poll keeps the list it had; only a list never loaded shows the failure.
  if (query.isError && !query.data) {
    return (
      <Alert
        type="error"
        showIcon
        title={`The ${what} could not be loaded.`}
        action={
          <Button size="small" onClick={() => void query.refetch()}>
            Try Again
          </Button>
        }
      />
    );
  }
  return <>{children}</>;
}

function AdminPanel({ admin }: { admin: CurrentUser }) {
  const [search, setSearch] = useState('');
  const [tab, setTab] = useState('users');
  const [photoFilter, setPhotoFilter] = useState<PhotoFilter>('all');
  // Phones: tighter gaps between the tab labels, so all three fit.
  const narrow = !Grid.useBreakpoint().sm;
  const users = useGetAdminUsersQuery(undefined, { refetchOnMountOrArgChange: true });
  const photos = useGetAdminPhotosQuery(undefined, { refetchOnMountOrArgChange: true });
  const messages = useGetContactMessagesQuery(undefined, { pollingInterval: MESSAGES_POLL_MS, refetchOnMountOrArgChange: true });

  const shownUsers = filterUsers(users.data ?? [], search);
  const searchedPhotos = filterPhotos(photos.data ?? [], search);
  const heldPhotos = photosNeedingReview(searchedPhotos);
  const shownPhotos = photoFilter === 'review' ? heldPhotos : searchedPhotos;
  const shownMessages = filterMessages(messages.data ?? [], search);
  const usersPage = useAdminPage(shownUsers, search);
  // Another filter, like another search, starts again at the first page.
  const photosPage = useAdminPage(shownPhotos, `${photoFilter}\u0000${search}`);
  const count = (query: { data?: unknown[] }, shown: unknown[]) => (query.data ? ` (${shown.length})` : '');
  // Opening a tab brings its list up to date (messages are polled anyway): a deleted user's photos
  // leave the photo list a moment after the user, once the photos service has removed them.
  const openTab = (key: string) => {
    setTab(key);
    if (key === 'users') void users.refetch();
    if (key === 'photos') void photos.refetch();
  };

  return (
    <div className="admin-page">
      <div className="admin-page__top">
        <LinkButton to="/profile" icon={<ArrowLeftOutlined aria-hidden="true" />} className="admin-page__back">
          Back to Profile
        </LinkButton>
      </div>
      <PageHeader title={TITLE} lead={LEAD} />
      <Input
        className="admin-search"
        size="large"
        allowClear
        prefix={<SearchOutlined aria-hidden="true" />}
        placeholder="Search users, photos and messages"
        aria-label="Search users, photos and messages"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      <Tabs
        className="admin-tabs"
        tabBarGutter={narrow ? 12 : 20}
        activeKey={tab}
        onChange={openTab}
        items={[
          {
            key: 'users',
            label: `Users${count(users, shownUsers)}`,
            children: (
              <TabBody query={users} what="users">
                {/* The tabs confirm with App.useApp's modal; the app's root has no antd App (first view). */}
                <App component={false}>
                  <UsersTab users={usersPage.items} currentUserId={admin.id} />
                </App>
                <AdminPager label="Users pages" page={usersPage.page} pages={usersPage.pages} onChange={usersPage.setPage} />
              </TabBody>
            ),
          },
          {
            key: 'photos',
            label: `Photos${count(photos, shownPhotos)}`,
            children: (
              <TabBody query={photos} what="photos">
                <App component={false}>
                  <PhotosTab photos={photosPage.items} filter={photoFilter} onFilterChange={setPhotoFilter} needsReview={heldPhotos.length} />
                </App>
                <AdminPager label="Photos pages" page={photosPage.page} pages={photosPage.pages} onChange={photosPage.setPage} />
              </TabBody>
            ),
          },
          {
            key: 'messages',
            label: `Messages${count(messages, shownMessages)}`,
            children: (
              <TabBody query={messages} what="messages">
                <MessagesTab messages={shownMessages} />
              </TabBody>
            ),
          },
        ]}
      />
    </div>
  );
}
