import { CloudUploadOutlined } from '@ant-design/icons';
import { Card, Skeleton } from 'antd';
import { planDisplayName } from '../plans/plan-pricing';
import type { UploadLimits } from '../photos/types';
import { UsageMeters } from '../photos/usage-meters';

interface UploadLimitsCardProps {
  limits: UploadLimits | undefined;
  isLoading: boolean;
  isError: boolean;
}

function planTitle(limits: UploadLimits): string {
  if (limits.isGuest) return 'Guest uploads';
  const name = limits.planName;
  return name === 'explorer' || name === 'enthusiast' || name === 'professional' ? `${planDisplayName(name)} Plan` : name;
}

/** The caller's limits: file size, daily uploads and storage (polled by the page every 30 s). */
export function UploadLimitsCard({ limits, isLoading, isError }: UploadLimitsCardProps) {
  return (
    <Card
      className="upload-limits"
      data-testid="upload-limits"
      title={
        <h2 className="upload-card__title">
          <CloudUploadOutlined aria-hidden="true" /> Your Upload Limits
        </h2>
      }
    >
      {isLoading && <Skeleton active title={false} paragraph={{ rows: 4 }} />}
      {!isLoading && (isError || !limits) && <p className="upload-muted">Your limits could not be loaded. Uploads still check them.</p>}
      {limits && (
        <>
          <p className="upload-limits__plan">
            <strong>{planTitle(limits)}</strong>
            <span className="upload-limits__size tabular-nums">Up to {limits.fileSizeLimitMB}MB per photo</span>
          </p>
          <UsageMeters limits={limits} />
          {limits.isGuest && <p className="upload-limits__guest">Guest photos are deleted after 15 minutes.</p>}
        </>
      )}
    </Card>
  );
}
