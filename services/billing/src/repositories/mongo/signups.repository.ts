import { Injectable } from '@nestjs/common';
import { MongoServiceDatabase } from '@wildframe/platform';
import { randomUUID } from 'node:crypto';
import type { NewSignup, Signup, SignupStatus } from '../../domain/signup';
import { SignupsRepository } from '../signups.repository';
import { billingModels } from './schemas';
import type { BillingModels, SignupDoc } from './schemas';

const toSignup = ({ _id, ...doc }: SignupDoc): Signup => ({ id: _id, ...doc, status: doc.status as SignupStatus, providerSubscriptionId: doc.providerSubscriptionId ?? null });

/** MongoDB: `advance` is one conditional update on the status it was read in; the setup intent id has a unique index. */
@Injectable()
export class MongoSignupsRepository extends SignupsRepository {
  private readonly models: BillingModels;

  constructor(database: MongoServiceDatabase) {
    super();
    this.models = billingModels(database);
  }

  async insert(row: NewSignup): Promise<Signup> {
    const doc: SignupDoc = { _id: randomUUID(), ...row, status: 'pending', providerSubscriptionId: null, updatedAt: new Date() };
    await this.models.signups.create(doc);
    return toSignup(doc);
  }

  async bySetupIntent(setupIntentId: string): Promise<Signup | undefined> {
    const doc = await this.models.signups.findOne({ setupIntentId }).lean<SignupDoc>();
    return doc ? toSignup(doc) : undefined;
  }

  async pendingForEmail(email: string): Promise<Signup[]> {
    return (await this.models.signups.find({ email, status: 'pending' }).lean<SignupDoc[]>()).map(toSignup);
  }

  async pendingCreatedBefore(cutoff: Date): Promise<Signup[]> {
    return (await this.models.signups.find({ status: 'pending', createdAt: { $lt: cutoff } }).lean<SignupDoc[]>()).map(toSignup);
  }

  async advance(id: string, from: SignupStatus, to: SignupStatus, patch: { providerSubscriptionId?: string } = {}): Promise<boolean> {
    const updated = await this.models.signups.updateOne({ _id: id, status: from }, { $set: { status: to, ...patch, updatedAt: new Date() } });
    return updated.modifiedCount > 0;
  }
}
