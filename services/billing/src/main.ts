import 'reflect-metadata';
import { runService } from '@wildframe/platform';
import { billingServiceConfigSchema } from './billing.config';
import { BillingModule } from './billing.module';

void runService({ name: 'billing', schema: billingServiceConfigSchema, module: (config) => BillingModule.register(config) }, process.env);
