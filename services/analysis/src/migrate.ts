import { runMigrations } from '@wildframe/platform';
import { analysisMigrationsFolder } from './analysis.module';

void runMigrations('analysis', analysisMigrationsFolder, process.env);
