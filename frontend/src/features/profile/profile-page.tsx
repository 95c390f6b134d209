import { Skeleton } from 'antd';
import { Navigate } from 'react-router';
import { useGetCurrentUserQuery } from '../../api/api';
import { PageHeader } from '../../components/page-header';
import { LatestPhotosSlot, PlanUsageSlot } from '../photos/profile-slots';
import { PublicProfileCard } from '../photographers/public-profile-card';
import { ChangePasswordCard } from './change-password-card';
import { PlanFeaturesCard } from './plan-features-card';
import { ProfileSummaryCard } from './profile-summary-card';
import { QuickActionsCard } from './quick-actions-card';
import { SecurityQuestionsCard } from './security-questions-card';
import './profile.css';

const TITLE = 'Your Profile';
const LEAD = 'Your account details, plan and usage, security questions and latest photos in one place.';

export function ProfilePage() {
  const { data: user, isLoading, isUninitialized, isError } = useGetCurrentUserQuery();

  if (isLoading || isUninitialized) {
    return (
      <div className="profile-page">
        <PageHeader title={TITLE} lead={LEAD} />
        <div className="profile-card profile-card--loading" role="status" aria-label="Loading your profile">
          <Skeleton avatar={{ size: 96 }} active paragraph={{ rows: 3 }} />
        </div>
      </div>
    );
  }
  // Signed out (the current-user call did not give a user): sign in first (spec, section 6).
  if (isError || !user) return <Navigate to="/login" replace />;

  return (
    <div className="profile-page">
      <PageHeader title={TITLE} lead={LEAD} />
      <ProfileSummaryCard user={user} />
      <div className="profile-grid">
        <div className="profile-grid__main">
          <PlanUsageSlot user={user} />
          <SecurityQuestionsCard />
          <PublicProfileCard userId={user.id} />
          <ChangePasswordCard />
          <PlanFeaturesCard plan={user.plan} />
        </div>
        <div className="profile-grid__side">
          <QuickActionsCard user={user} />
        </div>
      </div>
      <LatestPhotosSlot user={user} />
    </div>
  );
}
