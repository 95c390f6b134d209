import type { Provider } from '@nestjs/common';
import { SandboxLedger } from '../../providers/sandbox/sandbox-ledger.repository';
import { CustomersRepository } from '../customers.repository';
import { SignupsRepository } from '../signups.repository';
import { SubscriptionsRepository } from '../subscriptions.repository';
import { MongoCustomersRepository } from './customers.repository';
import { MongoSandboxLedger } from './sandbox-ledger.repository';
import { MongoSignupsRepository } from './signups.repository';
import { MongoSubscriptionsRepository } from './subscriptions.repository';

export { billingMongoModels } from './schemas';

/** billing's ports on MongoDB (mongoose, billing's own database). */
export const mongoRepositories: Provider[] = [
  { provide: SubscriptionsRepository, useClass: MongoSubscriptionsRepository },
  { provide: SignupsRepository, useClass: MongoSignupsRepository },
  { provide: CustomersRepository, useClass: MongoCustomersRepository },
  { provide: SandboxLedger, useClass: MongoSandboxLedger },
];
