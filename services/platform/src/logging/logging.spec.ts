import { Writable } from 'node:stream';
import { createLogger } from './logging';

function capture(): { destination: Writable; lines: () => Array<Record<string, unknown>> } {
  const chunks: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  return { destination, lines: () => chunks.map((c) => JSON.parse(c) as Record<string, unknown>) };
}

describe('structured logging', () => {
  it('writes JSON lines with level, time and service', () => {
    const { destination, lines } = capture();
    createLogger({ service: 'auth', level: 'info', destination }).info({ userId: 'u1' }, 'signed in');
    expect(lines()[0]).toMatchObject({ level: 'info', service: 'auth', userId: 'u1', msg: 'signed in' });
    expect(typeof lines()[0]?.['time']).toBe('string');
  });

  it('redacts passwords, tokens, security answers and credentials at any usual depth', () => {
    const { destination, lines } = capture();
    const logger = createLogger({ service: 'auth', level: 'info', destination });
    logger.info({ password: 'hunter22', body: { newPassword: 'p1', answer1: 'rex' }, session: { sessionToken: 'abc' } }, 'x');
    logger.info({ req: { headers: { authorization: 'Bearer abc', cookie: 'sid=1' } } }, 'y');
    const text = JSON.stringify(lines());
    for (const secret of ['hunter22', '"p1"', 'rex', '"abc"', 'Bearer abc', 'sid=1']) expect(text).not.toContain(secret);
    expect(text).toContain('[redacted]');
  });

  it('honours the level', () => {
    const { destination, lines } = capture();
    const logger = createLogger({ service: 's', level: 'warn', destination });
    logger.info('hidden');
    logger.warn('shown');
    expect(lines().map((l) => l['msg'])).toEqual(['shown']);
  });
});
