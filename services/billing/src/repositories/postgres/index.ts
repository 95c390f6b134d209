import type { Provider } from '@nestjs/common';
import { SandboxLedger } from '../../providers/sandbox/sandbox-ledger.repository';
import { CustomersRepository } from '../customers.repository';
import { SignupsRepository } from '../signups.repository';
import { SubscriptionsRepository } from '../subscriptions.repository';
import { PostgresCustomersRepository } from './customers.repository';
import { PostgresSandboxLedger } from './sandbox-ledger.repository';
import { PostgresSignupsRepository } from './signups.repository';
import { PostgresSubscriptionsRepository } from './subscriptions.repository';

/** billing's ports on PostgreSQL (drizzle, the `billing` schema). */
export const postgresRepositories: Provider[] = [
  { provide: SubscriptionsRepository, useClass: PostgresSubscriptionsRepository },
  { provide: SignupsRepository, useClass: PostgresSignupsRepository },
  { provide: CustomersRepository, useClass: PostgresCustomersRepository },
  { provide: SandboxLedger, useClass: PostgresSandboxLedger },
];
