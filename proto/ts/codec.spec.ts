import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import type { PhotoAnalyzed, PhotoUploaded, UserPlanChanged } from './catalogue';
import {
  decodeEvent,
  encodeEvent,
  EventCodec,
  EventDecodeError,
  eventCodec,
  InvalidEventPayloadError,
  protoRootCandidates,
  resolveProtoRoot,
  UnknownTopicError,
} from './codec';
import { examplePayload } from './examples';

const SOURCE_PROTO_ROOT = path.resolve(__dirname, '..');

describe('event codec', () => {
  it('loads the .proto files once per process', () => {
    expect(eventCodec()).toBe(eventCodec());
    expect(eventCodec().protoRoot).toBe(SOURCE_PROTO_ROOT);
  });

  it('decodes absent fields to their defaults, as every consumer sees them', () => {
    const empty = examplePayload('auth.user.plan-changed.v1', { planExpiry: '', previousPlan: '' });
    const decoded: UserPlanChanged = decodeEvent('auth.user.plan-changed.v1', encodeEvent('auth.user.plan-changed.v1', empty));
    expect(decoded).toEqual(empty);
    expect(decodeEvent('photos.photo.uploaded.v1', Buffer.alloc(0))).toEqual({
      photoId: '',
      userId: '',
      title: '',
      category: '',
      fileSize: 0,
      mimeType: '',
      isTemporary: false,
      uploadedAt: '',
      moderation: '',
      labels: [],
      speciesCommonName: '',
      speciesScientificName: '',
    } satisfies PhotoUploaded);
  });

  it('keeps doubles exactly (scores, sizes beyond 32 bits)', () => {
    const payload = examplePayload('analysis.photo.analyzed.v1', { overallRating: 9.7, clarity: 0.1 });
    const decoded: PhotoAnalyzed = decodeEvent('analysis.photo.analyzed.v1', encodeEvent('analysis.photo.analyzed.v1', payload));
    expect(decoded.overallRating).toBe(9.7);
    expect(decoded.clarity).toBe(0.1);
    const big = examplePayload('photos.photo.uploaded.v1', { fileSize: 6_000_000_000 });
    expect(decodeEvent('photos.photo.uploaded.v1', encodeEvent('photos.photo.uploaded.v1', big)).fileSize).toBe(6_000_000_000);
  });

  describe('refuses a payload that does not match the contract, naming topic and field', () => {
    const topic = 'photos.photo.uploaded.v1';
    const cases: Array<[string, Record<string, unknown>, RegExp]> = [
      ['a wrong type', { fileSize: 'large' }, /'photos\.photo\.uploaded\.v1'.*field 'fileSize' number expected/],
      ['a string for a bool', { isTemporary: 'yes' }, /field 'isTemporary' boolean expected/],
      ['a missing field', { title: undefined }, /field 'title' is missing/],
      ['a null field', { category: null }, /field 'category' is missing/],
      ['an unknown field (a typo)', { mime_type: 'image/png' }, /field 'mime_type' is not in the contract/],
    ];
    it.each(cases)('%s', (_name, change, message) => {
      const payload = { ...examplePayload(topic), ...change } as unknown as PhotoUploaded;
      const attempt = (): Buffer => encodeEvent(topic, payload);
      expect(attempt).toThrow(InvalidEventPayloadError);
      expect(attempt).toThrow(message);
    });

    it('a fraction for an int32 count', () => {
      const payload = examplePayload('photos.photo.liked.v1', { totalLikes: 1.5 });
      expect(() => encodeEvent('photos.photo.liked.v1', payload)).toThrow(/field 'totalLikes' integer expected/);
    });

    it('something that is not an object', () => {
      expect(() => encodeEvent(topic, 'photo' as unknown as PhotoUploaded)).toThrow(
        /Invalid payload for topic 'photos\.photo\.uploaded\.v1' \(wildframe\.photos\.v1\.PhotoUploaded\): must be an object/,
      );
    });

    it('exposes topic, message and field on the error', () => {
      const payload = examplePayload(topic, { fileSize: 'large' as unknown as number });
      let caught: unknown;
      try {
        encodeEvent(topic, payload);
      } catch (error) {
        caught = error;
      }
      expect(caught).toMatchObject({ topic, messageName: 'wildframe.photos.v1.PhotoUploaded', field: 'fileSize' });
    });
  });

  it('refuses a topic outside the catalogue', () => {
    const unknown = 'photos.photo.stolen.v1' as 'photos.photo.uploaded.v1';
    expect(() => encodeEvent(unknown, examplePayload('photos.photo.uploaded.v1'))).toThrow(UnknownTopicError);
    expect(() => decodeEvent(unknown, Buffer.alloc(0))).toThrow(/Unknown event topic 'photos\.photo\.stolen\.v1'/);
  });

  it('reports bytes that are not the message with the topic', () => {
    const truncated = Buffer.from([0x0a, 0x05, 0x41]); // field 1: a 5-byte string with 1 byte left
    expect(() => decodeEvent('photos.photo.viewed.v1', truncated)).toThrow(EventDecodeError);
    expect(() => decodeEvent('photos.photo.viewed.v1', truncated)).toThrow(/topic 'photos\.photo\.viewed\.v1'.*index out of range/);
  });

  describe('finding the .proto files', () => {
    let work: string;
    beforeEach(() => {
      work = mkdtempSync(path.join(tmpdir(), 'contracts-'));
    });
    afterEach(() => rmSync(work, { recursive: true, force: true }));

    it('looks next to the compiled code first, then in the source tree three levels up', () => {
      const compiled = path.join(work, 'dist', 'proto', 'ts');
      expect(protoRootCandidates(compiled)).toEqual([path.join(work, 'dist', 'proto'), path.join(work, 'proto')]);
    });

    it('uses dist/proto/wildframe when the build copied it', () => {
      const compiled = path.join(work, 'dist', 'proto', 'ts');
      mkdirSync(compiled, { recursive: true });
      cpSync(path.join(SOURCE_PROTO_ROOT, 'wildframe'), path.join(work, 'dist', 'proto', 'wildframe'), { recursive: true });
      expect(resolveProtoRoot(compiled)).toBe(path.join(work, 'dist', 'proto'));
      const codec = new EventCodec(resolveProtoRoot(compiled));
      const payload = examplePayload('web.page.viewed.v1');
      expect(codec.decode('web.page.viewed.v1', codec.encode('web.page.viewed.v1', payload))).toEqual(payload);
    });

    it('falls back to the source proto/wildframe from dist/proto/ts inside the work tree', () => {
      const compiled = path.join(work, 'dist', 'proto', 'ts');
      mkdirSync(compiled, { recursive: true });
      cpSync(path.join(SOURCE_PROTO_ROOT, 'wildframe'), path.join(work, 'proto', 'wildframe'), { recursive: true });
      expect(resolveProtoRoot(compiled)).toBe(path.join(work, 'proto'));
    });

    it('says where it looked when the files are nowhere', () => {
      const compiled = path.join(work, 'dist', 'proto', 'ts');
      expect(() => resolveProtoRoot(compiled)).toThrow(/Event contracts not found.*dist[/\\]proto.*copy proto\/wildframe/);
    });
  });
});
