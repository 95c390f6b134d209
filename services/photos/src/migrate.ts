import { runMigrations } from '@wildframe/platform';
import { photosMigrationsFolder } from './photos.module';
import { photosMongoModels } from './repositories/mongo/schemas';

void runMigrations('photos', photosMigrationsFolder, process.env, { mongoModels: photosMongoModels });
