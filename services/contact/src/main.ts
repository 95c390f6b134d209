import 'reflect-metadata';
import { runService } from '@wildframe/platform';
import { contactConfigSchema } from './contact.config';
import { ContactModule } from './contact.module';

void runService({ name: 'contact', schema: contactConfigSchema, module: (config) => ContactModule.register(config) }, process.env);
