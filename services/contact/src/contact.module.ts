import { DynamicModule, Module } from '@nestjs/common';
import { DatabaseModule, openApiProvider } from '@wildframe/platform';
import { CONTACT_CONFIG } from './contact.config';
import type { ContactConfig } from './contact.config';
import { AdminContactMessagesController } from './controllers/admin-contact-messages.controller';
import { ContactController } from './controllers/contact.controller';
import { contactRepositories } from './repositories/contact-repositories';
import { contactDatabase } from './contact.database';
import { ContactMessagesAdmin } from './use-cases/contact-messages-admin';
import { SubmitContactMessage } from './use-cases/submit-contact-message';
import { contactApiDocument } from './openapi';

/** Contact messages from the public form; responses, status, archive and the audit trail for admins. */
@Module({})
export class ContactModule {
  static register(config: ContactConfig): DynamicModule {
    return {
      module: ContactModule,
      imports: [
        DatabaseModule.forService({
          ...contactDatabase,
          url: config.DATABASE_URL,
          runMigrations: config.RUN_MIGRATIONS,
          poolSize: config.DATABASE_POOL_SIZE,
        }),
      ],
      controllers: [ContactController, AdminContactMessagesController],
      providers: [
        openApiProvider('CONTACT_OPENAPI', () => contactApiDocument()),
        { provide: CONTACT_CONFIG, useValue: config },
        ...contactRepositories(config.DATABASE_URL),
        SubmitContactMessage,
        ContactMessagesAdmin,
      ],
    };
  }
}
