// A stand-in for an OpenTelemetry Collector in tests: takes OTLP/HTTP JSON trace exports
// (POST /v1/traces, what @opentelemetry/exporter-trace-otlp-http sends) on a free loopback port
// and keeps every span with its service.name. Not for production use.
import { createServer } from 'node:http';
import { gunzipSync } from 'node:zlib';

/** Starts the sink; resolves with { endpoint, spans(), close() }. */
export async function startOtlpSink() {
  const spans = [];
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/traces') {
        res.writeHead(404).end();
        return;
      }
      try {
        const raw = Buffer.concat(chunks);
        const body = JSON.parse((req.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw).toString('utf8'));
        for (const resourceSpans of body.resourceSpans ?? []) {
          const attribute = (resourceSpans.resource?.attributes ?? []).find((a) => a.key === 'service.name');
          const service = attribute?.value?.stringValue;
          for (const scope of resourceSpans.scopeSpans ?? []) {
            for (const span of scope.spans ?? []) spans.push({ service, ...span });
          }
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      } catch (error) {
        res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ message: String(error) }));
      }
    });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  return {
    endpoint: `http://127.0.0.1:${server.address().port}`,
    /** Every span received so far: { service, traceId, spanId, parentSpanId, name, kind, attributes, ... } (ids in hex). */
    spans: () => [...spans],
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
