import { runMigrations } from '@wildframe/platform';
import { authMigrationsFolder } from './auth.module';
import { authMongoModels } from './repositories/auth-repositories';

void runMigrations('auth', authMigrationsFolder, process.env, { mongoModels: authMongoModels });
