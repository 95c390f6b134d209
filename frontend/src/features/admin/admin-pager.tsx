import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';

/** Rows per page of the admin lists: a page stays a screen or two, with 20 images at most. */
export const ADMIN_PAGE_SIZE = 20;

/**
 * One page of a list. The whole list is loaded (the tab counts and the shared search need it);
 * only a page of it is drawn. A new search goes back to the first page.
 */
export function useAdminPage<T>(items: readonly T[], search: string) {
  const [state, setState] = useState({ page: 1, search });
  const page = state.search === search ? state.page : 1;
  const pages = Math.max(1, Math.ceil(items.length / ADMIN_PAGE_SIZE));
  const current = Math.min(page, pages);
  return {
    items: items.slice((current - 1) * ADMIN_PAGE_SIZE, current * ADMIN_PAGE_SIZE),
    page: current,
    pages,
    setPage: (next: number) => setState({ page: next, search }),
  };
}

interface AdminPagerProps {
  label: string;
  page: number;
  pages: number;
  onChange: (page: number) => void;
}

/** Previous / "Page n of m" / Next under a list; nothing when it fits on one page. */
export function AdminPager({ label, page, pages, onChange }: AdminPagerProps) {
  if (pages <= 1) return null;
  const go = (next: number) => {
    onChange(next);
    // The next page starts at the top of the list, not where the last one ended.
    document.querySelector('.admin-tabs')?.scrollIntoView({ block: 'start' });
  };
  return (
    <nav className="admin-pager" aria-label={label}>
      <Button icon={<LeftOutlined aria-hidden="true" />} disabled={page <= 1} onClick={() => go(page - 1)}>
        Previous
      </Button>
      <span className="admin-pager__status tabular-nums" aria-live="polite">
        Page {page} of {pages}
      </span>
      <Button disabled={page >= pages} onClick={() => go(page + 1)}>
        Next <RightOutlined aria-hidden="true" />
      </Button>
    </nav>
  );
}
