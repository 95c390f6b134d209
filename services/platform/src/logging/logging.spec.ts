import { Controller, Get, Module } from '@nestjs/common';
import { Writable } from 'node:stream';
import request from 'supertest';
import { createHttpApp } from '../bootstrap/create-http-app';
import { InProcessEventBus } from '../events';
import { PlatformModule } from '../platform.module';
import { createLogger } from './logging';

@Controller('photos')
class ImageProbeController {
  @Get('fine')
  fine(): { ok: true } {
    return { ok: true };
  }

  @Get('broken')
  broken(): never {
    throw new Error('disk on fire');
  }
}

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

  it('never logs the signature of a signed image URL, in the request log or an error report', async () => {
    const { destination, lines } = capture();
    @Module({
      imports: [PlatformModule.forRoot({ logging: { service: 'photos', level: 'info', destination }, eventBus: new InProcessEventBus() })],
      controllers: [ImageProbeController],
    })
    class ProbeModule {}
    const app = await createHttpApp(ProbeModule);
    await app.init();
    try {
      await request(app.getHttpServer()).get('/api/photos/fine?size=display&expires=1700000000&sig=SECRETSIGNATURE1');
      await request(app.getHttpServer()).get('/api/photos/broken?sig=SECRETSIGNATURE2&size=thumb');
    } finally {
      await app.close();
    }
    const text = JSON.stringify(lines());
    expect(text).toContain('/api/photos/fine?size=display&expires=1700000000&sig=[redacted]');
    expect(text).toContain('/api/photos/broken?sig=[redacted]&size=thumb');
    expect(text).not.toContain('SECRETSIGNATURE');
  });

  it('honours the level', () => {
    const { destination, lines } = capture();
    const logger = createLogger({ service: 's', level: 'warn', destination });
    logger.info('hidden');
    logger.warn('shown');
    expect(lines().map((l) => l['msg'])).toEqual(['shown']);
  });
});
