import { runMigrations } from '@wildframe/platform';
import { authDatabase } from './auth.database';

void runMigrations(authDatabase, process.env);
