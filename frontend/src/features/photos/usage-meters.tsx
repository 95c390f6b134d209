import { WarningOutlined } from '@ant-design/icons';
import { Progress } from 'antd';
import { useId } from 'react';
import { palette } from '../../app/theme';
import type { UploadLimits } from './types';
import { formatStorage, isUnlimited, summariseUsage, USAGE_WARNING_PERCENT } from './usage';

function resetTimeText(resetTime: string): string {
  const at = new Date(resetTime);
  if (Number.isNaN(at.getTime())) return 'at midnight';
  return `at midnight (${at.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })} your time)`;
}

/** Storage and today's uploads against the plan, with the warning above 80 %. */
export function UsageMeters({ limits }: { limits: UploadLimits }) {
  const id = useId();
  const usage = summariseUsage(limits);
  const unlimited = isUnlimited(limits.dailyUploads);
  const warnings = [
    usage.storageWarning && `You have used ${usage.storagePercent}% of your storage.`,
    usage.dailyWarning && `You have used ${usage.dailyPercent}% of today's uploads.`,
  ].filter((text): text is string => Boolean(text));
  const colour = (warn: boolean) => (warn ? palette.amberDark : palette.forest);
  return (
    <div className="usage-meters">
      {!limits.isGuest && (
      <div className="usage-meter">
        <div className="usage-meter__head">
          <span className="usage-meter__label" id={`${id}-storage`}>
            Storage
          </span>
          <span className="usage-meter__value tabular-nums" data-testid="storage-usage">
            {formatStorage(limits.storageUsedMB)} of {formatStorage(limits.storageLimitMB)}
          </span>
        </div>
        <Progress
          percent={usage.storagePercent}
          showInfo={false}
          strokeColor={colour(usage.storageWarning)}
          aria-labelledby={`${id}-storage`}
        />
      </div>
      )}
      <div className="usage-meter">
        <div className="usage-meter__head">
          <span className="usage-meter__label" id={`${id}-daily`}>
            Uploads today
          </span>
          <span className="usage-meter__value tabular-nums" data-testid="daily-usage">
            {unlimited ? `${limits.dailyUploadsUsed} (unlimited)` : `${limits.dailyUploadsUsed} of ${limits.dailyUploads}`}
          </span>
        </div>
        {!unlimited && (
          <Progress
            percent={usage.dailyPercent ?? 0}
            showInfo={false}
            strokeColor={colour(usage.dailyWarning)}
            aria-labelledby={`${id}-daily`}
          />
        )}
        <p className="usage-meter__note">Daily uploads reset {resetTimeText(limits.resetTime)}.</p>
      </div>
      {warnings.length > 0 && (
        <p className="usage-warning" role="status" data-testid="usage-warning">
          <WarningOutlined aria-hidden="true" /> {warnings.join(' ')} You are above {USAGE_WARNING_PERCENT}% of your plan&apos;s
          limit: consider upgrading{limits.isGuest ? ' or signing up' : ''}.
        </p>
      )}
    </div>
  );
}
