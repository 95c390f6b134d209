import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { Parser, DiagnosticSeverity } from '@asyncapi/parser';
import { ASYNCAPI_FILE, buildAsyncApiDocument, renderAsyncApiDocument } from './asyncapi';
import { EVENT_CATALOGUE, EVENT_KEYS, TOPICS } from './catalogue';
import { eventCodec } from './codec';
import { examplePayload } from './examples';

const file = path.join(__dirname, '..', '..', ASYNCAPI_FILE);

function present<T>(value: T | undefined | null, what: string): T {
  if (value === undefined || value === null) throw new Error(`${what} is missing`);
  return value;
}
const checkedIn = readFileSync(file, 'utf8');

describe('proto/asyncapi.json, the Kafka topics as a public interface', () => {
  it('is what `npm run asyncapi` generates from the catalogue and the .proto files (run it after changing them)', () => {
    expect(checkedIn).toBe(renderAsyncApiDocument());
  });

  it('is a valid AsyncAPI 3 document (@asyncapi/parser), without errors or warnings', async () => {
    const diagnostics = await new Parser().validate(checkedIn, { source: file });
    const problems = diagnostics
      .filter((diagnostic) => diagnostic.severity <= DiagnosticSeverity.Warning)
      .map((diagnostic) => `${diagnostic.code} at ${diagnostic.path.join('.')}: ${diagnostic.message}`);
    expect(problems).toEqual([]);
  }, 60_000);

  it('has a channel for every topic, with its key, CloudEvents headers and the payload of its protobuf message', async () => {
    const { document, diagnostics } = await new Parser().parse(checkedIn, { source: file });
    expect(diagnostics.filter((diagnostic) => diagnostic.severity === DiagnosticSeverity.Error)).toEqual([]);
    const parsed = present(document, 'the parsed document');
    for (const topic of TOPICS) {
      const channel = parsed.channels().get(topic);
      expect(channel?.address()).toBe(topic);
      const [message] = present(channel, `channel ${topic}`).messages().all();
      expect(message.extensions().get('x-protobuf-message')?.value()).toBe(EVENT_CATALOGUE[topic]);
      const headers = present(message.headers(), `headers of ${topic}`);
      expect(headers.required()).toEqual(expect.arrayContaining(['ce_id', 'ce_source', 'ce_type', 'ce_time', 'ce_specversion', 'content-type']));
      expect(present(headers.properties(), 'header properties')['ce_type'].const()).toBe(topic);
      const key = message.bindings().get('kafka')?.value() as { key: { description: string } };
      expect(key.key.description).toContain(`\`${EVENT_KEYS[topic]}\``);
      // Every field of the protobuf message, and an example payload has exactly those fields.
      const fields = eventCodec().typeOf(topic).fieldsArray.map((field) => field.name);
      expect(Object.keys(present(present(message.payload(), 'payload').properties(), 'payload properties'))).toEqual(fields);
      expect(Object.keys(examplePayload(topic)).sort()).toEqual([...fields].sort());

      const deadLetters = parsed.channels().get(`${topic}.dlq`);
      expect(deadLetters?.address()).toBe(`${topic}.dlq.{consumer}`);
      expect(present(present(deadLetters, `${topic}.dlq`).messages().all()[0].headers(), 'dead-letter headers').required()).toEqual(
        expect.arrayContaining(['ce_id', 'x-dlq-error', 'x-dlq-attempts', 'x-dlq-group']),
      );
    }
    expect(parsed.channels().all()).toHaveLength(TOPICS.length * 2);
  }, 60_000);

  it('fails the staleness check when a protobuf message changes', () => {
    const codec = eventCodec();
    const type = codec.typeOf('photos.photo.liked.v1');
    const before = JSON.stringify(buildAsyncApiDocument(codec));
    const field = type.fields['totalLikes'];
    const original = field.comment;
    field.comment = 'changed';
    try {
      expect(JSON.stringify(buildAsyncApiDocument(codec))).not.toBe(before);
    } finally {
      field.comment = original;
    }
  });
});
