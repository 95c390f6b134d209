import 'reflect-metadata';
import { runService } from '@wildframe/platform';
import { billingConfigSchema } from './billing.config';
import { BillingModule } from './billing.module';

void runService({ name: 'billing', schema: billingConfigSchema, module: (config) => BillingModule.register(config) }, process.env);
