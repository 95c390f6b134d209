import { runMigrations } from '@wildframe/platform';
import { analysisMigrationsFolder } from './analysis.module';
import { analysisMongoModels } from './repositories/analysis-repositories';

void runMigrations('analysis', analysisMigrationsFolder, process.env, { mongoModels: analysisMongoModels });
