import { runMigrations } from '@wildframe/platform';
import { billingMigrationsFolder } from './billing.module';

void runMigrations('billing', billingMigrationsFolder, process.env);
