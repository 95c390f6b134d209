import { CheckOutlined, ClockCircleOutlined } from '@ant-design/icons';
import { Card, Skeleton } from 'antd';
import type { PlanName } from '../../api/types';
import { useGetPlansQuery } from '../plans/api';
import { planDisplayName } from '../plans/plan-pricing';

/** What the user's plan includes, from the plan catalogue. */
export function PlanFeaturesCard({ plan }: { plan: PlanName }) {
  const { data, isLoading, isError } = useGetPlansQuery();
  const definition = data?.plans.find((candidate) => candidate.id === plan);
  const title = <h2 className="profile-card__title">{`${definition?.name ?? planDisplayName(plan)} Plan Features`}</h2>;

  return (
    <Card className="profile-card" title={title}>
      {isLoading && <Skeleton active title={false} paragraph={{ rows: 4 }} />}
      {!isLoading && (isError || !definition) && (
        <p className="profile-card__muted">The plan details could not be loaded. Please try again later.</p>
      )}
      {definition && (
        <ul className="plan-features">
          {definition.features.map((feature) => (
            <li key={feature}>
              <CheckOutlined className="plan-features__icon" aria-hidden="true" />
              {feature}
            </li>
          ))}
          {definition.comingSoon.map((feature) => (
            <li key={feature} className="plan-features__soon">
              <ClockCircleOutlined className="plan-features__icon" aria-hidden="true" />
              {feature} (coming soon)
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
