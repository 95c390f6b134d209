import 'reflect-metadata';
import { runService } from '@wildframe/platform';
import { analysisServiceConfigSchema } from './analysis.config';
import { AnalysisModule } from './analysis.module';

void runService(
  { name: 'analysis', schema: analysisServiceConfigSchema, module: (config) => AnalysisModule.register(config, { exposeInternalApi: true }) },
  process.env,
);
