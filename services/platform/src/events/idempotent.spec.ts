import { examplePayload } from '@wildframe/contracts';
import type { EventEnvelope } from './event-bus';
import { idempotent, InMemoryProcessedEventStore, type ProcessedEventStore } from './idempotent';

function likedEvent(id: string): EventEnvelope<'photos.photo.liked.v1'> {
  return {
    id,
    type: 'photos.photo.liked.v1',
    source: '/services/photos',
    time: new Date().toISOString(),
    key: 'photo-1',
    headers: {},
    payload: examplePayload('photos.photo.liked.v1'),
  };
}

describe('idempotent', () => {
  it('runs the effect of an event id once per consumer', async () => {
    const store = new InMemoryProcessedEventStore();
    const effects: string[] = [];
    const handler = idempotent(store, 'likes-counter', async (event: EventEnvelope<'photos.photo.liked.v1'>) => {
      effects.push(event.id);
    });
    await handler(likedEvent('e-1'));
    await handler(likedEvent('e-1'));
    await handler(likedEvent('e-2'));
    expect(effects).toEqual(['e-1', 'e-2']);
  });

  it('keeps consumers apart: each processes the event once', async () => {
    const store = new InMemoryProcessedEventStore();
    const effects: string[] = [];
    const counter = idempotent(store, 'counter', async (event: EventEnvelope<'photos.photo.liked.v1'>) => {
      effects.push(`counter:${event.id}`);
    });
    const feed = idempotent(store, 'feed', async (event: EventEnvelope<'photos.photo.liked.v1'>) => {
      effects.push(`feed:${event.id}`);
    });
    await counter(likedEvent('e-1'));
    await feed(likedEvent('e-1'));
    await feed(likedEvent('e-1'));
    expect(effects).toEqual(['counter:e-1', 'feed:e-1']);
  });

  it('records nothing when the handler fails, so the retry runs it again', async () => {
    const store = new InMemoryProcessedEventStore();
    let calls = 0;
    const handler = idempotent(store, 'c', async () => {
      calls++;
      if (calls === 1) throw new Error('database down');
    });
    await expect(handler(likedEvent('e-1'))).rejects.toThrow('database down');
    expect(store.has('c', 'e-1')).toBe(false);
    await handler(likedEvent('e-1'));
    await handler(likedEvent('e-1'));
    expect(calls).toBe(2);
    expect(store.has('c', 'e-1')).toBe(true);
  });

  it('lets only one of two concurrent deliveries of one event run the effect', async () => {
    const store = new InMemoryProcessedEventStore();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let effects = 0;
    const handler = idempotent(store, 'c', async () => {
      effects++;
      await gate;
    });
    const first = handler(likedEvent('e-1'));
    const second = handler(likedEvent('e-1'));
    release();
    await Promise.all([first, second]);
    expect(effects).toBe(1);
  });

  it('lets the second concurrent delivery run when the first one fails', async () => {
    const store = new InMemoryProcessedEventStore();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let calls = 0;
    const handler = idempotent(store, 'c', async () => {
      calls++;
      if (calls === 1) {
        await gate;
        throw new Error('first fails');
      }
    });
    const first = handler(likedEvent('e-1'));
    const second = handler(likedEvent('e-1'));
    release();
    await expect(first).rejects.toThrow('first fails');
    await second;
    expect(calls).toBe(2);
    expect(store.has('c', 'e-1')).toBe(true);
  });

  it("passes the store's transaction to the handler", async () => {
    interface FakeTx {
      writes: string[];
    }
    const committed: string[] = [];
    // A store with a transaction, shaped like the database one: effects and record commit together.
    const seen = new Set<string>();
    const store: ProcessedEventStore<FakeTx> = {
      async runOnce(consumer, eventId, fn) {
        const id = `${consumer}/${eventId}`;
        if (seen.has(id)) return false;
        const tx: FakeTx = { writes: [] };
        await fn(tx);
        seen.add(id);
        committed.push(...tx.writes);
        return true;
      },
    };
    const handler = idempotent(store, 'c', async (event: EventEnvelope<'photos.photo.liked.v1'>, tx) => {
      tx.writes.push(`like ${event.payload.photoId}`);
    });
    await handler(likedEvent('e-1'));
    await handler(likedEvent('e-1'));
    expect(committed).toEqual([`like ${examplePayload('photos.photo.liked.v1').photoId}`]);
  });

  it('forgets the oldest ids beyond its capacity', async () => {
    const store = new InMemoryProcessedEventStore({ capacity: 2 });
    const noop = async (): Promise<void> => undefined;
    expect(await store.runOnce('c', 'e-1', noop)).toBe(true);
    expect(await store.runOnce('c', 'e-2', noop)).toBe(true);
    expect(await store.runOnce('c', 'e-3', noop)).toBe(true);
    expect(store.has('c', 'e-1')).toBe(false);
    expect(store.has('c', 'e-3')).toBe(true);
    expect(await store.runOnce('c', 'e-3', noop)).toBe(false);
    expect(() => new InMemoryProcessedEventStore({ capacity: 0 })).toThrow(/Invalid capacity/);
  });
});
