// The avatar worker process (a WorkPool worker, see AvatarImages): profile photos are decoded and
// resized here, away from the web process's event loop.
import { serveJobs } from '@wildframe/platform/worker';
import sharp from 'sharp';
import { makeAvatar } from './avatar-image';

sharp.cache(false);

serveJobs(() => ({ makeAvatar }));
