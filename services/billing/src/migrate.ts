import { runMigrations } from '@wildframe/platform';
import { billingMigrationsFolder } from './billing.module';
import { billingMongoModels } from './repositories/mongo';

void runMigrations('billing', billingMigrationsFolder, process.env, { mongoModels: billingMongoModels });
