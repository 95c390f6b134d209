import 'reflect-metadata';
import { runService } from '@wildframe/platform';
import { authServiceConfigSchema } from './auth.config';
import { AuthModule } from './auth.module';

void runService(
  { name: 'auth', schema: authServiceConfigSchema, module: (config) => AuthModule.register(config, { exposeInternalApi: true }) },
  process.env,
);
