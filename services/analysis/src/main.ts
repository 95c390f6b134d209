import 'reflect-metadata';
import { runService } from '@wildframe/platform';
import { analysisConfigSchema } from './analysis.config';
import { AnalysisModule } from './analysis.module';

void runService({ name: 'analysis', schema: analysisConfigSchema, module: (config) => AnalysisModule.register(config) }, process.env);
