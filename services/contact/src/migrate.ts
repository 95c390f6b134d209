import { runMigrations } from '@wildframe/platform';
import { contactDatabase } from './contact.database';

void runMigrations(contactDatabase, process.env);
