import { runMigrations } from '@wildframe/platform';
import { analysisDatabase } from './analysis.database';

void runMigrations(analysisDatabase, process.env);
