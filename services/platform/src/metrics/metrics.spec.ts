import { examplePayload } from '@wildframe/contracts';
import express from 'express';
import type { AddressInfo } from 'node:net';
import { RecordingLogger } from '../events/event-bus.contract';
import { InProcessEventBus } from '../events/in-process-event-bus';
import { eventsConsumed, eventsDeadLettered, eventsPublished, httpMetricsMiddleware, httpRequestDuration, startMetricsServer } from './metrics';

async function value(metric: { get(): Promise<{ values: Array<{ labels: Record<string, string | number>; value: number; metricName?: string }> }> }, labels: Record<string, string>, name?: string): Promise<number> {
  const { values } = await metric.get();
  const hit = values.find((v) => (name === undefined || v.metricName === name) && Object.entries(labels).every(([k, l]) => String(v.labels[k]) === l));
  return hit?.value ?? 0;
}

describe('platform metrics', () => {
  it('counts published, handled and dead-lettered events of the bus', async () => {
    const bus = new InProcessEventBus({ logger: new RecordingLogger() });
    const topic = 'contact.message.received.v1';
    bus.subscribe(topic, 'metrics-ok', async () => undefined);
    bus.subscribe(topic, 'metrics-failing', async () => {
      throw new Error('always fails');
    }, { maxAttempts: 1, retryDelayMs: 1 });
    await bus.start();
    const before = {
      published: await value(eventsPublished, { topic }),
      handled: await value(eventsConsumed, { topic, group: 'metrics-ok', outcome: 'handled' }),
      parked: await value(eventsDeadLettered, { topic, group: 'metrics-failing' }),
    };
    await bus.publish(topic, examplePayload(topic), { key: 'k' });
    await bus.idle();
    await bus.stop();
    expect(await value(eventsPublished, { topic })).toBe(before.published + 1);
    expect(await value(eventsConsumed, { topic, group: 'metrics-ok', outcome: 'handled' })).toBe(before.handled + 1);
    expect(await value(eventsDeadLettered, { topic, group: 'metrics-failing' })).toBe(before.parked + 1);
    expect(await value(eventsConsumed, { topic, group: 'metrics-failing', outcome: 'dead_lettered' })).toBeGreaterThanOrEqual(1);
  });

  it('times requests by route pattern (not the raw path) and serves /metrics on its own port only', async () => {
    const app = express();
    app.use(httpMetricsMiddleware);
    app.get('/api/items/:id', (_req, res) => void res.status(204).end());
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    const metrics = await startMetricsServer(0, '127.0.0.1');
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      await fetch(`${base}/api/items/42`);
      await fetch(`${base}/nowhere`);
      const labels = { method: 'GET', route: '/api/items/:id', status: '204' };
      expect(await value(httpRequestDuration, labels, 'http_request_duration_seconds_count')).toBe(1);
      expect(await value(httpRequestDuration, { method: 'GET', route: 'unmatched', status: '404' }, 'http_request_duration_seconds_count')).toBe(1);
      const text = await (await fetch(`http://127.0.0.1:${metrics.port}/metrics`)).text();
      expect(text).toContain('http_request_duration_seconds_count{method="GET",route="/api/items/:id",status="204"} 1');
      expect(text).not.toContain('/api/items/42');
      expect((await fetch(`http://127.0.0.1:${metrics.port}/other`)).status).toBe(404);
    } finally {
      server.close();
      metrics.close();
    }
  });
});
