// The image worker process (a WorkPool worker, see ImageJobs): decodes uploads and makes their
// derivatives away from the web process's event loop. It imports only the pipeline and sharp.
import { serveJobs } from '@wildframe/platform/worker';
import sharp from 'sharp';
import { processImage } from './image-pipeline';

// One image at a time: libvips' operation cache would only keep memory from one upload to the next.
sharp.cache(false);

serveJobs(() => ({ processImage }));
