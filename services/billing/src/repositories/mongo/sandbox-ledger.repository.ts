import { Injectable } from '@nestjs/common';
import { MongoServiceDatabase } from '@wildframe/platform';
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
import type { ChargeOutcome } from '../../providers/sandbox/test-cards';
import { billingModels } from './schemas';
import type { BillingModels, SandboxCustomerDoc, SandboxPaymentMethodDoc, SandboxSetupIntentDoc, SandboxSubscriptionDoc } from './schemas';
import { backoff } from './support';

const MAX_ATTEMPTS = 100;

const toCustomer = ({ _id, email, name, defaultPaymentMethodId, createdAt }: SandboxCustomerDoc): SandboxCustomer => ({
  id: _id,
  email,
  name,
  defaultPaymentMethodId: defaultPaymentMethodId ?? null,
  createdAt,
});
const toPaymentMethod = ({ _id, ...doc }: SandboxPaymentMethodDoc): SandboxPaymentMethod => ({ id: _id, ...doc, chargeOutcome: doc.chargeOutcome as ChargeOutcome });
const toSetupIntent = ({ _id, ...doc }: SandboxSetupIntentDoc): SandboxSetupIntent => ({
  id: _id,
  ...doc,
  status: doc.status as SandboxSetupStatus,
  paymentMethodId: doc.paymentMethodId ?? null,
  lastError: doc.lastError ?? null,
});

function toSubscription({ _id, _v: _version, invoices, ...doc }: SandboxSubscriptionDoc): SandboxSubscription {
  return {
    id: _id,
    ...doc,
    status: doc.status as SandboxSubscriptionStatus,
    defaultPaymentMethodId: doc.defaultPaymentMethodId ?? null,
    currentPeriodStart: doc.currentPeriodStart ?? null,
    currentPeriodEnd: doc.currentPeriodEnd ?? null,
    promoCode: doc.promoCode ?? null,
    pastDueSince: doc.pastDueSince ?? null,
    endedAt: doc.endedAt ?? null,
    creditToCarryCents: doc.creditToCarryCents ?? 0,
    invoices: invoices.map((invoice) => ({
      ...invoice,
      status: invoice.status as SandboxInvoice['status'],
      paymentStatus: invoice.paymentStatus as SandboxInvoice['paymentStatus'],
      lastError: invoice.lastError ?? null,
    })),
  };
}

/**
 * MongoDB: a sandbox subscription embeds its invoices, so `changeSubscription` is one conditional
 * write on the version it read (`_v`), retried from a fresh read when another change came first.
 * A card is its own document: one saved for a payment that lost the race is deleted by the provider.
 */
@Injectable()
export class MongoSandboxLedger extends SandboxLedger {
  private readonly models: BillingModels;

  constructor(database: MongoServiceDatabase) {
    super();
    this.models = billingModels(database);
  }

  async insertCustomer({ id, ...row }: SandboxCustomer): Promise<void> {
    await this.models.sandboxCustomers.create({ _id: id, ...row });
  }

  async customer(id: string): Promise<SandboxCustomer | undefined> {
    const doc = await this.models.sandboxCustomers.findOne({ _id: id }).lean<SandboxCustomerDoc>();
    return doc ? toCustomer(doc) : undefined;
  }

  async setCustomerDefaultPaymentMethod(customerId: string, paymentMethodId: string): Promise<void> {
    await this.models.sandboxCustomers.updateOne({ _id: customerId }, { $set: { defaultPaymentMethodId: paymentMethodId } });
  }

  async creditBalance(customerId: string): Promise<number> {
    const doc = await this.models.sandboxCustomers.findOne({ _id: customerId }, { creditCents: 1 }).lean<Pick<SandboxCustomerDoc, 'creditCents'>>();
    return doc?.creditCents ?? 0;
  }

  async creditEntry(customerId: string, key: string): Promise<SandboxCreditEntry | undefined> {
    const doc = await this.models.sandboxCustomers.findOne({ _id: customerId }, { creditEntries: 1 }).lean<Pick<SandboxCustomerDoc, 'creditEntries'>>();
    return doc?.creditEntries?.find((entry) => entry.key === key);
  }

  /** One conditional write on the customer's version `_v`: the entry and the balance change together, retried from a fresh read. */
  async changeCredit(customerId: string, key: string, amount: (balanceCents: number) => number, now: Date): Promise<number> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const doc = await this.models.sandboxCustomers.findOne({ _id: customerId }).lean<SandboxCustomerDoc>();
      if (!doc) throw new Error(`no sandbox customer ${customerId}`);
      const known = doc.creditEntries?.find((entry) => entry.key === key);
      if (known) return known.amountCents;
      const balance = doc.creditCents ?? 0;
      const cents = Math.max(Math.trunc(amount(balance)), -balance) || 0; // no -0
      // Zero is recorded too: the key's decision is final (a retry must not spend what came later).
      const version = doc._v ?? 0;
      const updated = await this.models.sandboxCustomers.updateOne(
        { _id: customerId, ...(doc._v === undefined ? { _v: { $exists: false } } : { _v: version }) },
        { $set: { creditCents: balance + cents, _v: version + 1 }, $push: { creditEntries: { key, amountCents: cents, createdAt: now } } },
      );
      if (updated.matchedCount > 0) return cents;
      await backoff(attempt);
    }
    throw new Error(`sandbox customer ${customerId} kept changing`);
  }

  async insertPaymentMethod({ id, ...row }: SandboxPaymentMethod): Promise<void> {
    await this.models.sandboxPaymentMethods.create({ _id: id, ...row });
  }

  async paymentMethod(id: string): Promise<SandboxPaymentMethod | undefined> {
    const doc = await this.models.sandboxPaymentMethods.findOne({ _id: id }).lean<SandboxPaymentMethodDoc>();
    return doc ? toPaymentMethod(doc) : undefined;
  }

  async paymentMethodsOf(customerId: string): Promise<SandboxPaymentMethod[]> {
    return (await this.models.sandboxPaymentMethods.find({ customerId }).sort({ createdAt: 1 }).lean<SandboxPaymentMethodDoc[]>()).map(toPaymentMethod);
  }

  async deletePaymentMethod(id: string): Promise<void> {
    await this.models.sandboxPaymentMethods.deleteOne({ _id: id });
  }

  async insertSetupIntent({ id, ...row }: SandboxSetupIntent): Promise<void> {
    await this.models.sandboxSetupIntents.create({ _id: id, ...row });
  }

  async setupIntent(id: string): Promise<SandboxSetupIntent | undefined> {
    const doc = await this.models.sandboxSetupIntents.findOne({ _id: id }).lean<SandboxSetupIntentDoc>();
    return doc ? toSetupIntent(doc) : undefined;
  }

  async setupIntentBySecret(clientSecret: string): Promise<SandboxSetupIntent | undefined> {
    const doc = await this.models.sandboxSetupIntents.findOne({ clientSecret }).lean<SandboxSetupIntentDoc>();
    return doc ? toSetupIntent(doc) : undefined;
  }

  async updateSetupIntent(id: string, from: SandboxSetupStatus, patch: Partial<Pick<SandboxSetupIntent, 'status' | 'paymentMethodId' | 'lastError'>>): Promise<boolean> {
    const updated = await this.models.sandboxSetupIntents.updateOne({ _id: id, status: from }, { $set: patch });
    return updated.matchedCount > 0;
  }

  async insertSubscription({ id, ...row }: SandboxSubscription): Promise<void> {
    await this.models.sandboxSubscriptions.create({ _id: id, ...row, _v: 0 });
  }

  async subscription(id: string): Promise<SandboxSubscription | undefined> {
    const doc = await this.models.sandboxSubscriptions.findOne({ _id: id }).lean<SandboxSubscriptionDoc>();
    return doc ? toSubscription(doc) : undefined;
  }

  async subscriptionIdByPaymentSecret(clientSecret: string): Promise<string | undefined> {
    const doc = await this.models.sandboxSubscriptions.findOne({ 'invoices.paymentClientSecret': clientSecret }, { _id: 1 }).lean<Pick<SandboxSubscriptionDoc, '_id'>>();
    return doc?._id;
  }

  async changeSubscription<T>(id: string, change: (current: SandboxSubscription) => { next: SandboxSubscription | null; result: T }): Promise<{ result: T } | undefined> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const doc = await this.models.sandboxSubscriptions.findOne({ _id: id }).lean<SandboxSubscriptionDoc>();
      if (!doc) return undefined;
      const { next, result } = change(toSubscription(doc));
      if (!next) return { result };
      const { id: _id, ...fields } = next;
      const updated = await this.models.sandboxSubscriptions.updateOne({ _id: id, _v: doc._v }, { $set: { ...fields, _v: doc._v + 1 } });
      if (updated.matchedCount > 0) return { result };
      await backoff(attempt);
    }
    throw new Error(`sandbox subscription ${id} kept changing`);
  }

  async dueForPeriodEnd(now: Date): Promise<string[]> {
    const docs = await this.models.sandboxSubscriptions.find({ status: 'active', currentPeriodEnd: { $lte: now } }, { _id: 1 }).lean<Array<Pick<SandboxSubscriptionDoc, '_id'>>>();
    return docs.map((doc) => doc._id);
  }

  async incompleteCreatedBefore(cutoff: Date): Promise<string[]> {
    const docs = await this.models.sandboxSubscriptions.find({ status: 'incomplete', createdAt: { $lt: cutoff } }, { _id: 1 }).lean<Array<Pick<SandboxSubscriptionDoc, '_id'>>>();
    return docs.map((doc) => doc._id);
  }
}
