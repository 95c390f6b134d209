import { runMigrations } from '@wildframe/platform';
import { photosDatabase } from './photos.database';

void runMigrations(photosDatabase, process.env);
