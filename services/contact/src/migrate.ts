import { runMigrations } from '@wildframe/platform';
import { contactMigrationsFolder } from './contact.module';

void runMigrations('contact', contactMigrationsFolder, process.env);
