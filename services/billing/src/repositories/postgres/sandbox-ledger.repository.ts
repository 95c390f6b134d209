import { Inject, Injectable } from '@nestjs/common';
import { DATABASE } from '@wildframe/platform';
import type { ServiceDatabase } from '@wildframe/platform';
import { and, asc, eq, lt, lte } from 'drizzle-orm';
import type { ChargeOutcome } from '../../providers/sandbox/test-cards';
import { SandboxLedger } from '../../providers/sandbox/sandbox-ledger.repository';
import type {
  SandboxCreditEntry,
  SandboxCustomer,
  SandboxInvoice,
  SandboxPaymentMethod,
  SandboxSetupIntent,
  SandboxSetupStatus,
  SandboxSubscription,
  SandboxSubscriptionStatus,
} from '../../providers/sandbox/sandbox-ledger.repository';
import { sandboxCreditEntries, sandboxCustomers, sandboxInvoices, SandboxInvoiceRow, sandboxPaymentMethods, sandboxSetupIntents, sandboxSubscriptions } from './schema';

const toInvoice = ({ subscriptionId: _subscriptionId, ...row }: SandboxInvoiceRow): SandboxInvoice => ({
  ...row,
  status: row.status as SandboxInvoice['status'],
  paymentStatus: row.paymentStatus as SandboxInvoice['paymentStatus'],
});

const sameInvoice = (a: SandboxInvoice, b: SandboxInvoice): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * PostgreSQL: a subscription and its invoices are rows of two tables; `changeSubscription` holds
 * the subscription's row lock while it reads, changes and writes both, in one transaction.
 */
@Injectable()
export class PostgresSandboxLedger extends SandboxLedger {
  constructor(@Inject(DATABASE) private readonly database: ServiceDatabase) {
    super();
  }

  private get db() {
    return this.database.db;
  }

  async insertCustomer(row: SandboxCustomer): Promise<void> {
    await this.db.insert(sandboxCustomers).values(row);
  }

  async customer(id: string): Promise<SandboxCustomer | undefined> {
    const [row] = await this.db.select().from(sandboxCustomers).where(eq(sandboxCustomers.id, id));
    return row;
  }

  async setCustomerDefaultPaymentMethod(customerId: string, paymentMethodId: string): Promise<void> {
    await this.db.update(sandboxCustomers).set({ defaultPaymentMethodId: paymentMethodId }).where(eq(sandboxCustomers.id, customerId));
  }

  async creditBalance(customerId: string): Promise<number> {
    const [row] = await this.db.select({ creditCents: sandboxCustomers.creditCents }).from(sandboxCustomers).where(eq(sandboxCustomers.id, customerId));
    return row?.creditCents ?? 0;
  }

  async creditEntry(customerId: string, key: string): Promise<SandboxCreditEntry | undefined> {
    const [row] = await this.db
      .select({ key: sandboxCreditEntries.key, amountCents: sandboxCreditEntries.amountCents, createdAt: sandboxCreditEntries.createdAt })
      .from(sandboxCreditEntries)
      .where(and(eq(sandboxCreditEntries.customerId, customerId), eq(sandboxCreditEntries.key, key)));
    return row;
  }

  /** Under the customer's row lock: the entry and the balance change in one transaction. */
  async changeCredit(customerId: string, key: string, amount: (balanceCents: number) => number, now: Date): Promise<number> {
    return this.db.transaction(async (tx) => {
      const [customer] = await tx.select({ creditCents: sandboxCustomers.creditCents }).from(sandboxCustomers).where(eq(sandboxCustomers.id, customerId)).for('update');
      if (!customer) throw new Error(`no sandbox customer ${customerId}`);
      const [known] = await tx
        .select({ amountCents: sandboxCreditEntries.amountCents })
        .from(sandboxCreditEntries)
        .where(and(eq(sandboxCreditEntries.customerId, customerId), eq(sandboxCreditEntries.key, key)));
      if (known) return known.amountCents;
      const cents = Math.max(Math.trunc(amount(customer.creditCents)), -customer.creditCents) || 0; // no -0
      // Zero is recorded too: the key's decision is final (a retry must not spend what came later).
      await tx.insert(sandboxCreditEntries).values({ customerId, key, amountCents: cents, createdAt: now });
      await tx.update(sandboxCustomers).set({ creditCents: customer.creditCents + cents }).where(eq(sandboxCustomers.id, customerId));
      return cents;
    });
  }

  async insertPaymentMethod(row: SandboxPaymentMethod): Promise<void> {
    await this.db.insert(sandboxPaymentMethods).values(row);
  }

  async paymentMethod(id: string): Promise<SandboxPaymentMethod | undefined> {
    const [row] = await this.db.select().from(sandboxPaymentMethods).where(eq(sandboxPaymentMethods.id, id));
    return row && { ...row, chargeOutcome: row.chargeOutcome as ChargeOutcome };
  }

  async paymentMethodsOf(customerId: string): Promise<SandboxPaymentMethod[]> {
    const rows = await this.db.select().from(sandboxPaymentMethods).where(eq(sandboxPaymentMethods.customerId, customerId)).orderBy(asc(sandboxPaymentMethods.createdAt));
    return rows.map((row) => ({ ...row, chargeOutcome: row.chargeOutcome as ChargeOutcome }));
  }

  async deletePaymentMethod(id: string): Promise<void> {
    await this.db.delete(sandboxPaymentMethods).where(eq(sandboxPaymentMethods.id, id));
  }

  async insertSetupIntent(row: SandboxSetupIntent): Promise<void> {
    await this.db.insert(sandboxSetupIntents).values(row);
  }

  async setupIntent(id: string): Promise<SandboxSetupIntent | undefined> {
    const [row] = await this.db.select().from(sandboxSetupIntents).where(eq(sandboxSetupIntents.id, id));
    return row && { ...row, status: row.status as SandboxSetupStatus };
  }

  async setupIntentBySecret(clientSecret: string): Promise<SandboxSetupIntent | undefined> {
    const [row] = await this.db.select().from(sandboxSetupIntents).where(eq(sandboxSetupIntents.clientSecret, clientSecret));
    return row && { ...row, status: row.status as SandboxSetupStatus };
  }

  async updateSetupIntent(id: string, from: SandboxSetupStatus, patch: Partial<Pick<SandboxSetupIntent, 'status' | 'paymentMethodId' | 'lastError'>>): Promise<boolean> {
    const updated = await this.db
      .update(sandboxSetupIntents)
      .set(patch)
      .where(and(eq(sandboxSetupIntents.id, id), eq(sandboxSetupIntents.status, from)))
      .returning({ id: sandboxSetupIntents.id });
    return updated.length > 0;
  }

  async insertSubscription({ invoices, ...row }: SandboxSubscription): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.insert(sandboxSubscriptions).values(row);
      if (invoices.length > 0) await tx.insert(sandboxInvoices).values(invoices.map((invoice) => ({ ...invoice, subscriptionId: row.id })));
    });
  }

  async subscription(id: string): Promise<SandboxSubscription | undefined> {
    return this.read(this.db, id, false);
  }

  async subscriptionIdByPaymentSecret(clientSecret: string): Promise<string | undefined> {
    const [row] = await this.db.select({ id: sandboxInvoices.subscriptionId }).from(sandboxInvoices).where(eq(sandboxInvoices.paymentClientSecret, clientSecret));
    return row?.id;
  }

  async changeSubscription<T>(id: string, change: (current: SandboxSubscription) => { next: SandboxSubscription | null; result: T }): Promise<{ result: T } | undefined> {
    return this.db.transaction(async (tx) => {
      const current = await this.read(tx, id, true);
      if (!current) return undefined;
      const { next, result } = change(current);
      if (!next) return { result };
      const { invoices, id: _id, ...fields } = next;
      await tx.update(sandboxSubscriptions).set(fields).where(eq(sandboxSubscriptions.id, id));
      const before = new Map(current.invoices.map((invoice) => [invoice.id, invoice]));
      for (const invoice of invoices) {
        const old = before.get(invoice.id);
        if (!old) await tx.insert(sandboxInvoices).values({ ...invoice, subscriptionId: id });
        else if (!sameInvoice(old, invoice)) await tx.update(sandboxInvoices).set(invoice).where(eq(sandboxInvoices.id, invoice.id));
      }
      return { result };
    });
  }

  async dueForPeriodEnd(now: Date): Promise<string[]> {
    const rows = await this.db
      .select({ id: sandboxSubscriptions.id })
      .from(sandboxSubscriptions)
      .where(and(eq(sandboxSubscriptions.status, 'active'), lte(sandboxSubscriptions.currentPeriodEnd, now)));
    return rows.map((r) => r.id);
  }

  async incompleteCreatedBefore(cutoff: Date): Promise<string[]> {
    const rows = await this.db
      .select({ id: sandboxSubscriptions.id })
      .from(sandboxSubscriptions)
      .where(and(eq(sandboxSubscriptions.status, 'incomplete'), lt(sandboxSubscriptions.createdAt, cutoff)));
    return rows.map((r) => r.id);
  }

  private async read(executor: Pick<ServiceDatabase['db'], 'select'>, id: string, lock: boolean): Promise<SandboxSubscription | undefined> {
    const query = executor.select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.id, id));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) return undefined;
    const invoices = await executor
      .select()
      .from(sandboxInvoices)
      .where(eq(sandboxInvoices.subscriptionId, id))
      .orderBy(asc(sandboxInvoices.createdAt), asc(sandboxInvoices.periodStart));
    return { ...row, status: row.status as SandboxSubscriptionStatus, invoices: invoices.map(toInvoice) };
  }
}
