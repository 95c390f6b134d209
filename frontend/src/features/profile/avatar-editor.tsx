import { CameraOutlined } from '@ant-design/icons';
import { Avatar, Button } from 'antd';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { serverMessage } from '../../api/server-message';
import type { CurrentUser } from '../../api/types';
import { notify, NOTICES } from '../../app/notify';
import { avatarInitial, displayName } from '../auth/user-display';
import { useUploadAvatarMutation } from './api';

interface Preview {
  file: File;
  url: string;
}

/**
 * The profile picture: the image, or the initial when there is none. A chosen file shows as a
 * preview until it is saved or dropped (spec, section 4 "Profile").
 */
export function AvatarEditor({ user }: { user: CurrentUser }) {
  const [preview, setPreview] = useState<Preview | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const [uploadAvatar, { isLoading }] = useUploadAvatarMutation();

  // Object URLs hold the file in memory until revoked.
  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview.url);
  }, [preview]);

  const onChoose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      notify.error(NOTICES.invalidFileType, NOTICES.avatarNotImageDescription);
      return;
    }
    setPreview({ file, url: URL.createObjectURL(file) });
  };

  const save = async () => {
    if (!preview) return;
    try {
      await uploadAvatar(preview.file).unwrap();
      notify.success(NOTICES.profileUpdated);
      setPreview(null);
    } catch (error) {
      notify.error(NOTICES.profileUpdateFailed, serverMessage(error));
    }
  };

  const src = preview?.url ?? user.profileImageUrl ?? undefined;
  return (
    <div className="avatar-editor">
      <Avatar
        size={96}
        src={src}
        alt={preview ? 'Preview of your new profile photo' : `Profile photo of ${displayName(user)}`}
        className={`user-avatar profile-avatar${preview ? ' profile-avatar--preview' : ''}`}
        data-testid="profile-avatar"
        style={{ fontSize: 40 }}
      >
        {avatarInitial(user)}
      </Avatar>
      <input
        ref={input}
        type="file"
        accept="image/*"
        className="visually-hidden"
        tabIndex={-1}
        aria-label="Choose a profile photo"
        onChange={onChoose}
      />
      {preview ? (
        <div className="avatar-editor__actions">
          <span className="avatar-editor__hint">Preview, not saved yet</span>
          <Button type="primary" size="small" loading={isLoading} onClick={() => void save()}>
            Save Photo
          </Button>
          <Button size="small" disabled={isLoading} onClick={() => setPreview(null)}>
            Cancel
          </Button>
        </div>
      ) : (
        <Button size="small" icon={<CameraOutlined />} onClick={() => input.current?.click()}>
          {user.profileImageUrl ? 'Change Photo' : 'Add Photo'}
        </Button>
      )}
    </div>
  );
}
