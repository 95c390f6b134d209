import { useEffect } from 'react';
import { UPLOAD_LIMITS_POLL_MS, useGetUploadLimitsQuery } from './api';

/**
 * The caller's upload limits, refetched when the window regains focus (spec, section 7) and, on
 * the upload page, polled every 30 s.
 */
export function useUploadLimits({ poll = false }: { poll?: boolean } = {}) {
  const query = useGetUploadLimitsQuery(undefined, {
    pollingInterval: poll ? UPLOAD_LIMITS_POLL_MS : 0,
    skipPollingIfUnfocused: true,
  });
  const { refetch, isUninitialized } = query;
  useEffect(() => {
    if (isUninitialized) return undefined;
    const onFocus = () => void refetch();
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [refetch, isUninitialized]);
  return query;
}
