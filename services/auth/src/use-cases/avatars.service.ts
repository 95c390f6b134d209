import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, EventOutbox, OBJECT_STORAGE } from '@wildframe/platform';
import type { Clock, ObjectStorage, StoredObject } from '@wildframe/platform';
import { createHash } from 'node:crypto';
import { authErrors } from '../domain/auth.errors';
import { PublicUser, toPublicUser } from '../domain/public-user';
import { UsersRepository } from '../repositories/users.repository';
import { updatedEvent } from './account-events';
import type { AvatarKind } from './avatar-image';
import { AvatarImages } from './avatar-images';

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

function avatarKey(userId: string, version: string): string {
  return `avatars/${userId}/${version}.webp`;
}

/** Sniffs the real type from the bytes: the file name and the client's content type are not trusted. */
function imageKind(bytes: Buffer): AvatarKind | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  const brand = bytes.subarray(4, 12).toString('latin1');
  if (/^ftyp(heic|heix|hevc|hevx|mif1|msf1)/.test(brand)) return 'heic';
  return undefined;
}

/** Profile photos: resized to a small square WebP without metadata (in an avatar worker), served from our storage. */
@Injectable()
export class AvatarsService {
  constructor(
    private readonly users: UsersRepository,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    private readonly outbox: EventOutbox,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly images: AvatarImages,
  ) {}

  async replace(userId: string, upload: Buffer): Promise<PublicUser> {
    if (upload.length > AVATAR_MAX_BYTES) throw authErrors.imageTooLarge(AVATAR_MAX_BYTES / 1024 / 1024);
    const kind = imageKind(upload);
    if (!kind) throw authErrors.invalidImage();
    const avatar = await this.images.make(upload, kind);
    const version = createHash('sha256').update(avatar).digest('hex').slice(0, 16);
    await this.storage.put(avatarKey(userId, version), avatar, { contentType: 'image/webp' });
    const before = await this.users.findById(userId);
    const user = await this.users.setProfileImage(userId, `/api/users/${userId}/avatar?v=${version}`, (updated) => [updatedEvent(updated, this.clock.now())]);
    await this.outbox.flush();
    const previous = before?.profileImageUrl ? /[?&]v=([0-9a-f]{16})$/.exec(before.profileImageUrl)?.[1] : undefined;
    if (previous && previous !== version) await this.storage.delete(avatarKey(userId, previous));
    return toPublicUser(user);
  }

  /** The current avatar of a user; 404 when there is none. */
  async current(userId: string): Promise<StoredObject> {
    const user = await this.users.findById(userId);
    const version = user?.profileImageUrl ? /[?&]v=([0-9a-f]{16})$/.exec(user.profileImageUrl)?.[1] : undefined;
    if (!user || !version) throw authErrors.notFound();
    return this.storage.get(avatarKey(userId, version));
  }
}
