import 'reflect-metadata';
import { runService } from '@wildframe/platform';
import { authConfigSchema } from './auth.config';
import { AuthModule } from './auth.module';

void runService({ name: 'auth', schema: authConfigSchema, module: (config) => AuthModule.register(config) }, process.env);
