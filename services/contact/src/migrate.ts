import { runMigrations } from '@wildframe/platform';
import { contactMigrationsFolder } from './contact.module';
import { contactMongoModels } from './repositories/contact-repositories';

void runMigrations('contact', contactMigrationsFolder, process.env, { mongoModels: contactMongoModels });
