import { HeartFilled, HeartOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { notify, NOTICES } from '../../app/notify';
import { useLikePhotoMutation } from './api';

interface LikeButtonProps {
  photo: { id: string; title: string; likes: number; liked?: boolean };
  size?: 'small' | 'middle' | 'large';
  tone?: 'light' | 'dark';
}

/** Toggles the like and shows the count the server answers with (spec, section 4 "Like"). */
export function LikeButton({ photo, size = 'middle', tone = 'light' }: LikeButtonProps) {
  const [like, { isLoading }] = useLikePhotoMutation();
  const liked = photo.liked === true;
  const onClick = async () => {
    try {
      await like(photo.id).unwrap();
    } catch {
      notify.error(NOTICES.error, NOTICES.likeFailedDescription);
    }
  };
  return (
    <Button
      className={`like-button like-button--${tone}${liked ? ' like-button--liked' : ''}`}
      size={size}
      icon={liked ? <HeartFilled /> : <HeartOutlined />}
      aria-pressed={liked}
      aria-label={`Like ${photo.title}, ${photo.likes} ${photo.likes === 1 ? 'like' : 'likes'}`}
      loading={isLoading}
      onClick={() => void onClick()}
    >
      <span className="tabular-nums" data-testid="like-count">
        {photo.likes}
      </span>
    </Button>
  );
}
