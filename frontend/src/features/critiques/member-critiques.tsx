import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Progress, Skeleton } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useGetCurrentUserQuery } from '../../api/api';
import { serverMessage } from '../../api/server-message';
import { notify } from '../../app/notify';
import { formatPhotoDate } from '../photos/photo-date';
import { formatScore, parseScore } from '../photos/rating';
import { RatingStars } from '../photos/rating-stars';
import { useGetMemberCritiquesQuery, useRemoveCritiqueMutation, type MemberCritique, type MemberCritiques as Critiques } from './api';
import { CritiqueForm } from './critique-form';
import { CRITERIA, CRITIQUE_TEXTS } from './critique-texts';
import './critiques.css';

interface CritiquedPhoto {
  id: string;
  isOwner: boolean;
  isPublic: boolean;
}

/**
 * What members think of a photo, beside the AI's view: the average of each criterion and how many
 * critiques it rests on, the critiques themselves, and the form to add or change your own.
 */
export function MemberCritiques({ photo, headingLevel = 2 }: { photo: CritiquedPhoto; headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const;
  const { data, isLoading, isError } = useGetMemberCritiquesQuery(photo.id);
  const { data: user } = useGetCurrentUserQuery();
  const [editing, setEditing] = useState(false);

  return (
    <section className="member-critiques" aria-label="Member Critiques" data-testid="member-critiques">
      <Heading className="member-critiques__title">Member Critiques</Heading>
      {isLoading ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : isError || !data ? (
        <p className="muted-text">Member critiques could not be loaded.</p>
      ) : (
        <>
          <Summary data={data} />
          {data.canRate && (!data.mine || editing) && (
            <CritiqueForm key={data.mine?.updatedAt ?? 'new'} photoId={photo.id} mine={data.mine} onDone={data.mine ? () => setEditing(false) : undefined} />
          )}
          {!user && photo.isPublic && (
            <p className="muted-text">
              <Link to="/login">Sign in</Link> to critique this photo.
            </p>
          )}
          {photo.isOwner && <p className="muted-text">Members can critique your photo while it is public; you may remove a critique.</p>}
          {data.ratings.length > 0 && (
            <ul className="member-critiques__list" aria-label="Critiques">
              {data.ratings.map((critique) => (
                <CritiqueItem key={critique.id} photoId={photo.id} critique={critique} onEdit={critique.isMine && data.canRate ? () => setEditing(true) : undefined} />
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

function Summary({ data }: { data: Critiques }) {
  const overall = parseScore(data.average?.overallRating);
  if (!data.average || overall === null) return <p className="muted-text" data-testid="critique-summary">No member critiques yet.</p>;
  const average = data.average;
  return (
    <div className="member-critiques__summary" data-testid="critique-summary">
      <div className="member-critiques__overall">
        <p className="member-critiques__score tabular-nums">
          <span data-testid="critique-average">{formatScore(overall)}</span>
          <span className="member-critiques__scale">/10</span>
        </p>
        <div>
          <RatingStars score={overall} />
          <p className="member-critiques__count" data-testid="critique-count">
            average of {data.count} {data.count === 1 ? 'critique' : 'critiques'}
          </p>
        </div>
      </div>
      <dl className="member-critiques__scores">
        {CRITERIA.slice(1).map(({ key, label }) => {
          const score = parseScore(average[key]) ?? 0;
          return (
            <div key={key} className="member-critiques__row">
              <dt>{label}</dt>
              <dd>
                <Progress percent={score * 10} showInfo={false} size="small" aria-label={`${label} ${formatScore(score)} out of 10`} />
                <span className="tabular-nums">{formatScore(score)}</span>
              </dd>
            </div>
          );
        })}
      </dl>
    </div>
  );
}

function CritiqueItem({ photoId, critique, onEdit }: { photoId: string; critique: MemberCritique; onEdit?: () => void }) {
  const [remove, { isLoading }] = useRemoveCritiqueMutation();
  const onRemove = async () => {
    try {
      await remove({ photoId, ratingId: critique.id }).unwrap();
      notify.success(CRITIQUE_TEXTS.removed);
    } catch (error) {
      notify.error(CRITIQUE_TEXTS.removeFailed, serverMessage(error) ?? CRITIQUE_TEXTS.tryAgain);
    }
  };
  const scores = CRITERIA.slice(1)
    .map(({ key, label }) => `${label} ${Number(critique[key])}`)
    .join(' · ');
  return (
    <li className="critique" data-testid="critique">
      <div className="critique__head">
        <strong className="critique__author">{critique.isMine ? `${critique.authorName} (you)` : critique.authorName}</strong>
        <span className="critique__overall tabular-nums" aria-label={`Overall ${Number(critique.overallRating)} out of 10`}>
          {Number(critique.overallRating)}/10
        </span>
      </div>
      <p className="critique__scores tabular-nums">{scores}</p>
      {critique.feedback && <p className="critique__feedback">{critique.feedback}</p>}
      <div className="critique__foot">
        <time dateTime={critique.updatedAt}>{formatPhotoDate(critique.updatedAt)}</time>
        <span className="critique__actions">
          {onEdit && (
            <Button size="small" type="text" icon={<EditOutlined />} onClick={onEdit}>
              Edit
            </Button>
          )}
          {critique.canRemove && (
            <Popconfirm
              title="Remove this critique?"
              description={`${critique.authorName}’s scores and feedback will be deleted.`}
              okText="Remove"
              okButtonProps={{ danger: true }}
              onConfirm={() => onRemove()}
            >
              <Button size="small" type="text" danger icon={<DeleteOutlined />} loading={isLoading}>
                Remove
              </Button>
            </Popconfirm>
          )}
        </span>
      </div>
    </li>
  );
}
