import { Skeleton } from 'antd';

/** Shown in the main area while a page's code loads. */
export function PageSkeleton() {
  return (
    <div className="page-skeleton" role="status" aria-live="polite">
      <span className="visually-hidden">Loading page</span>
      <Skeleton active title={{ width: '40%' }} paragraph={{ rows: 3 }} />
    </div>
  );
}
