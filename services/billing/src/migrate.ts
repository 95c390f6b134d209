import { runMigrations } from '@wildframe/platform';
import { billingDatabase } from './billing.database';

void runMigrations(billingDatabase, process.env);
