import type { Delivery } from '@wildframe/platform';
import type { Uploader } from '../domain/photo';

/** Uploader display names, a read model fed by auth.user.* events. */
export abstract class UploadersRepository {
  /** Stores the uploader's name; false when the delivery was applied before. */
  abstract upsert(uploader: Uploader, delivery: Delivery): Promise<boolean>;
  /** Forgets the uploader; false when the delivery was applied before. */
  abstract delete(userId: string, delivery: Delivery): Promise<boolean>;
  /** Stores the name unless one is known: a signed-in user uploading before their registration event arrived. */
  abstract ensure(uploader: Uploader): Promise<void>;
}
