import { Card, Skeleton, Switch } from 'antd';
import { Link } from 'react-router';
import { serverMessage } from '../../api/server-message';
import { notify, NOTICES } from '../../app/notify';
import { photographerPath, useGetPreferencesQuery, useUpdatePreferencesMutation } from './api';

/**
 * The spec's publicProfile preference: off, the member appears as plain "shared by" text; on, their
 * name links to a public page with their avatar, public photos and counts.
 */
export function PublicProfileCard({ userId }: { userId: string }) {
  const { data, isLoading } = useGetPreferencesQuery();
  const [update, { isLoading: isSaving }] = useUpdatePreferencesMutation();
  const isPublic = data?.publicProfile ?? false;

  const change = async (publicProfile: boolean) => {
    try {
      await update({ publicProfile }).unwrap();
      notify.success(NOTICES.preferencesSaved);
    } catch (error) {
      notify.error(NOTICES.updateFailed, serverMessage(error));
    }
  };

  return (
    <Card className="profile-card" title={<h2 className="profile-card__title">Photographer Page</h2>} data-testid="public-profile-card">
      {isLoading ? (
        <Skeleton active paragraph={{ rows: 1 }} />
      ) : (
        <>
          <label className="public-profile-toggle">
            <Switch checked={isPublic} loading={isSaving} onChange={(checked) => void change(checked)} aria-describedby="public-profile-help" />
            <span>Public photographer page</span>
          </label>
          <p id="public-profile-help" className="muted-text">
            {isPublic ? (
              <>
                Your name links to <Link to={photographerPath(userId)}>your photographer page</Link> with your avatar, public photos, likes and views.
              </>
            ) : (
              'Off: your photos show your name as plain text and you have no public page.'
            )}
          </p>
        </>
      )}
    </Card>
  );
}
