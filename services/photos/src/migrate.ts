import { runMigrations } from '@wildframe/platform';
import { photosMigrationsFolder } from './photos.module';

void runMigrations('photos', photosMigrationsFolder, process.env);
