import { runMigrations } from '@wildframe/platform';
import { authMigrationsFolder } from './auth.module';

void runMigrations('auth', authMigrationsFolder, process.env);
