import { INTERNAL_TOKEN_HEADER } from '@wildframe/contracts';
import { LocalServiceRegistry } from '@wildframe/platform';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AnalysisClientAdapter } from './analysis-client.adapter';

const REQUEST = { photoId: 'p1', userId: null, title: 'Fox', description: 'At dawn', image: Buffer.from([1, 2, 3]), isPublic: true };

describe('AnalysisClientAdapter over HTTP (analysis in another process)', () => {
  let server: Server;
  let url: string;
  let answer: (req: IncomingMessage) => { status: number; body: unknown };
  const seen: Array<{ path: string; token: string | undefined; bytes: number }> = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        seen.push({ path: req.url ?? '', token: req.headers[INTERNAL_TOKEN_HEADER] as string | undefined, bytes: Buffer.concat(chunks).length });
        const { status, body } = answer(req);
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const adapter = () => new AnalysisClientAdapter(new LocalServiceRegistry(), { url, token: 'internal-token-0123456789' });

  it('sends the image with the internal token and returns the rating', async () => {
    const rating = { overallRating: '7.5', feedback: 'Sharp.', category: 'wildlife' };
    answer = () => ({ status: 200, body: { outcome: 'rated', rating } });
    expect(await adapter().analyze(REQUEST, 5000)).toEqual({ outcome: 'rated', rating });
    expect(seen.at(-1)).toMatchObject({ token: 'internal-token-0123456789', bytes: 3 });
    expect(seen.at(-1)?.path).toMatch(/^\/api\/internal\/analysis\/analyze\?photoId=p1&/);
  });

  it('passes on a hold for review with its rating and reasons', async () => {
    const rating = { overallRating: '5.2', feedback: 'Flat light.', category: 'landscape' };
    answer = () => ({ status: 200, body: { outcome: 'review', rating, reasons: ['It looks like a screenshot.'] } });
    expect(await adapter().analyze(REQUEST, 5000)).toEqual({ outcome: 'review', rating, reasons: ['It looks like a screenshot.'] });
  });

  it('turns a failed call into "unavailable", so the upload keeps the photo', async () => {
    answer = () => ({ status: 500, body: { statusCode: 500, message: 'engine crashed' } });
    expect(await adapter().analyze(REQUEST, 5000)).toEqual({ outcome: 'unavailable', reason: 'engine crashed' });
  });

  it('without a local or remote analysis service, answers "unavailable" at once', async () => {
    expect(await new AnalysisClientAdapter(new LocalServiceRegistry(), null).analyze(REQUEST, 5000)).toEqual({
      outcome: 'unavailable',
      reason: 'no analysis service configured',
    });
  });
});
