// TEMPORARY stand-in for the platform's MongoEventOutbox until it lands on main (tests only).
import type { EventPayloads, Topic } from '@wildframe/contracts';
import { EventOutbox } from '@wildframe/platform';
import type { EventBus } from '@wildframe/platform';
import type { mongo } from 'mongoose';

interface Entry {
  id: string;
  topic: Topic;
  key: string;
  subject?: string;
  headers: Record<string, string>;
  payload: unknown;
}
interface WithOutbox {
  _id: string;
  _outbox?: Entry[];
  _deleted?: boolean;
}

export class InterimMongoOutbox extends EventOutbox {
  private running: Promise<number> = Promise.resolve(0);

  constructor(
    private readonly collections: Array<mongo.Collection<WithOutbox>>,
    private readonly bus: EventBus,
  ) {
    super();
  }

  flush(): Promise<number> {
    this.running = this.running.then(() => this.drain());
    return this.running;
  }
  idle(): Promise<void> {
    return this.running.then(() => undefined);
  }
  start(): void {
    // Tests flush explicitly.
  }
  stop(): Promise<void> {
    return this.idle();
  }
  async pending(): Promise<number> {
    let n = 0;
    for (const c of this.collections) for (const d of await c.find({ '_outbox.0': { $exists: true } }).toArray()) n += d._outbox?.length ?? 0;
    return n;
  }

  private async drain(): Promise<number> {
    let published = 0;
    for (const c of this.collections) {
      for (const doc of await c.find({ '_outbox.0': { $exists: true } }).toArray()) {
        for (const e of doc._outbox ?? []) {
          await this.bus.publish(e.topic, e.payload as EventPayloads[Topic], { id: e.id, key: e.key, headers: e.headers, ...(e.subject ? { subject: e.subject } : {}) });
          // FerretDB pulls only an entry equal to the whole stored one.
          await c.updateOne({ _id: doc._id }, { $pull: { _outbox: e } } as mongo.UpdateFilter<WithOutbox>);
          published++;
        }
      }
      await c.deleteMany({ _deleted: true, _outbox: { $size: 0 } });
    }
    return published;
  }
}
