import { Inject, Injectable } from '@nestjs/common';
import { DATABASE } from '@wildframe/platform';
import type { DatabaseTransaction, ServiceDatabase } from '@wildframe/platform';
import { and, desc, eq, inArray, lt, lte } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import {
  sandboxCustomers,
  sandboxInvoices,
  SandboxInvoiceRow,
  sandboxPaymentMethods,
  SandboxPaymentMethodRow,
  sandboxSetupIntents,
  SandboxSetupIntentRow,
  sandboxSubscriptions,
  SandboxSubscriptionRow,
} from '../../db/schema';

type Executor = NodePgDatabase | DatabaseTransaction;

/** The sandbox provider's books: customers, cards, setups, subscriptions and invoices. */
@Injectable()
export class SandboxLedger {
  constructor(@Inject(DATABASE) private readonly database: ServiceDatabase) {}

  transaction<T>(fn: (tx: DatabaseTransaction) => Promise<T>): Promise<T> {
    return this.database.db.transaction(fn);
  }

  private db(tx?: Executor): Executor {
    return tx ?? this.database.db;
  }

  async insertCustomer(row: typeof sandboxCustomers.$inferInsert): Promise<void> {
    await this.db().insert(sandboxCustomers).values(row);
  }

  async customerDefaultPaymentMethod(customerId: string, tx?: Executor): Promise<string | null> {
    const [row] = await this.db(tx).select({ id: sandboxCustomers.defaultPaymentMethodId }).from(sandboxCustomers).where(eq(sandboxCustomers.id, customerId));
    return row?.id ?? null;
  }

  async setCustomerDefaultPaymentMethod(customerId: string, paymentMethodId: string, tx?: Executor): Promise<void> {
    await this.db(tx).update(sandboxCustomers).set({ defaultPaymentMethodId: paymentMethodId }).where(eq(sandboxCustomers.id, customerId));
  }

  async insertPaymentMethod(row: typeof sandboxPaymentMethods.$inferInsert, tx?: Executor): Promise<void> {
    await this.db(tx).insert(sandboxPaymentMethods).values(row);
  }

  async paymentMethod(id: string, tx?: Executor): Promise<SandboxPaymentMethodRow | undefined> {
    const [row] = await this.db(tx).select().from(sandboxPaymentMethods).where(eq(sandboxPaymentMethods.id, id));
    return row;
  }

  async insertSetupIntent(row: typeof sandboxSetupIntents.$inferInsert): Promise<void> {
    await this.db().insert(sandboxSetupIntents).values(row);
  }

  async setupIntent(id: string, tx?: Executor): Promise<SandboxSetupIntentRow | undefined> {
    const [row] = await this.db(tx).select().from(sandboxSetupIntents).where(eq(sandboxSetupIntents.id, id));
    return row;
  }

  /** Locked for the confirming transaction, found by the secret the web holds. */
  async setupIntentBySecretForUpdate(clientSecret: string, tx: DatabaseTransaction): Promise<SandboxSetupIntentRow | undefined> {
    const [row] = await tx.select().from(sandboxSetupIntents).where(eq(sandboxSetupIntents.clientSecret, clientSecret)).for('update');
    return row;
  }

  async updateSetupIntent(id: string, patch: Partial<typeof sandboxSetupIntents.$inferInsert>, tx?: Executor): Promise<void> {
    await this.db(tx).update(sandboxSetupIntents).set(patch).where(eq(sandboxSetupIntents.id, id));
  }

  async insertSubscription(row: typeof sandboxSubscriptions.$inferInsert, tx: Executor): Promise<void> {
    await tx.insert(sandboxSubscriptions).values(row);
  }

  async subscription(id: string, tx?: Executor): Promise<SandboxSubscriptionRow | undefined> {
    const [row] = await this.db(tx).select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.id, id));
    return row;
  }

  async subscriptionForUpdate(id: string, tx: DatabaseTransaction): Promise<SandboxSubscriptionRow | undefined> {
    const [row] = await tx.select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.id, id)).for('update');
    return row;
  }

  async updateSubscription(id: string, patch: Partial<typeof sandboxSubscriptions.$inferInsert>, tx?: Executor): Promise<void> {
    await this.db(tx).update(sandboxSubscriptions).set(patch).where(eq(sandboxSubscriptions.id, id));
  }

  /** Active subscriptions whose period has ended: due to renew or to end. */
  async dueForPeriodEnd(now: Date): Promise<string[]> {
    const rows = await this.db()
      .select({ id: sandboxSubscriptions.id })
      .from(sandboxSubscriptions)
      .where(and(eq(sandboxSubscriptions.status, 'active'), lte(sandboxSubscriptions.currentPeriodEnd, now)));
    return rows.map((r) => r.id);
  }

  async incompleteCreatedBefore(cutoff: Date): Promise<string[]> {
    const rows = await this.db()
      .select({ id: sandboxSubscriptions.id })
      .from(sandboxSubscriptions)
      .where(and(eq(sandboxSubscriptions.status, 'incomplete'), lt(sandboxSubscriptions.createdAt, cutoff)));
    return rows.map((r) => r.id);
  }

  async insertInvoice(row: typeof sandboxInvoices.$inferInsert, tx: Executor): Promise<void> {
    await tx.insert(sandboxInvoices).values(row);
  }

  async invoiceBySecretForUpdate(clientSecret: string, tx: DatabaseTransaction): Promise<SandboxInvoiceRow | undefined> {
    const [row] = await tx.select().from(sandboxInvoices).where(eq(sandboxInvoices.paymentClientSecret, clientSecret)).for('update');
    return row;
  }

  async latestInvoice(subscriptionId: string, tx?: Executor): Promise<SandboxInvoiceRow | undefined> {
    const [row] = await this.db(tx)
      .select()
      .from(sandboxInvoices)
      .where(eq(sandboxInvoices.subscriptionId, subscriptionId))
      .orderBy(desc(sandboxInvoices.createdAt), desc(sandboxInvoices.periodStart))
      .limit(1);
    return row;
  }

  async updateInvoice(id: string, patch: Partial<typeof sandboxInvoices.$inferInsert>, tx?: Executor): Promise<void> {
    await this.db(tx).update(sandboxInvoices).set(patch).where(eq(sandboxInvoices.id, id));
  }

  async voidOpenInvoices(subscriptionId: string, tx: Executor): Promise<void> {
    await tx
      .update(sandboxInvoices)
      .set({ status: 'void', paymentStatus: 'canceled' })
      .where(and(eq(sandboxInvoices.subscriptionId, subscriptionId), inArray(sandboxInvoices.status, ['open'])));
  }
}
