import 'reflect-metadata';
import { BadRequestException, Body, Controller, Get, Module, NotFoundException, Post } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Writable } from 'node:stream';
import request from 'supertest';
import { createHttpApp } from '../bootstrap/create-http-app';
import { PlatformModule } from '../platform.module';
import { AppError } from './app-error';
import { InProcessEventBus } from '../events';

class PhotoError extends AppError<'PHOTO_NOT_FOUND'> {}

@Controller('probe')
class ProbeController {
  @Get('app-error')
  appError(): never {
    throw new PhotoError('PHOTO_NOT_FOUND', 'Photo Not Found', 404);
  }
  @Get('http-error')
  httpError(): never {
    throw new BadRequestException('Title is required');
  }
  @Get('validation-list')
  validationList(): never {
    throw new BadRequestException(['Title is required', 'Description is required']);
  }
  @Get('not-found')
  notFound(): never {
    throw new NotFoundException();
  }
  @Get('crash')
  crash(): never {
    throw new Error('secret internal detail: connection to 10.0.0.5 refused');
  }
  @Post('echo')
  echo(@Body() body: unknown): unknown {
    return body;
  }
}

describe('error envelope', () => {
  let app: NestExpressApplication;
  const logged: string[] = [];

  beforeAll(async () => {
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logged.push(chunk.toString());
        done();
      },
    });
    @Module({
      imports: [PlatformModule.forRoot({ logging: { service: 'probe', level: 'info', destination }, eventBus: new InProcessEventBus() })],
      controllers: [ProbeController],
    })
    class ProbeModule {}
    app = await createHttpApp(ProbeModule);
    await app.init();
  });

  afterAll(() => app.close());

  it('maps a domain error to its status and message', async () => {
    const res = await request(app.getHttpServer()).get('/api/probe/app-error');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ statusCode: 404, message: 'Photo Not Found' });
  });

  it('keeps the message of an HTTP exception, the first of a list', async () => {
    expect((await request(app.getHttpServer()).get('/api/probe/http-error')).body).toEqual({ statusCode: 400, message: 'Title is required' });
    expect((await request(app.getHttpServer()).get('/api/probe/validation-list')).body).toEqual({ statusCode: 400, message: 'Title is required' });
  });

  it('answers unknown routes in the envelope', async () => {
    const res = await request(app.getHttpServer()).get('/api/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ statusCode: 404, message: 'Cannot GET /api/nothing-here' });
  });

  it('answers malformed JSON with 400 and a clear message', async () => {
    const res = await request(app.getHttpServer()).post('/api/probe/echo').set('content-type', 'application/json').send('{"title": ');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ statusCode: 400, message: 'Request body is not valid JSON' });
  });

  it('hides unknown errors behind a generic message with a reference that is logged', async () => {
    const res = await request(app.getHttpServer()).get('/api/probe/crash');
    expect(res.status).toBe(500);
    expect(Object.keys(res.body).sort()).toEqual(['message', 'statusCode']);
    expect(res.body.message).not.toContain('10.0.0.5');
    const reference = /reference ([0-9a-f-]{36})/.exec(res.body.message)?.[1];
    expect(reference).toBeDefined();
    const line = logged.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l['errorId'] === reference);
    expect(line).toMatchObject({ level: 'error', service: 'probe' });
    expect(JSON.stringify(line)).toContain('10.0.0.5');
  });

  it('gives every request an id, echoed in x-request-id and in the log line', async () => {
    const res = await request(app.getHttpServer()).get('/api/probe/http-error').set('x-request-id', 'req-12345');
    expect(res.headers['x-request-id']).toBe('req-12345');
    const fresh = await request(app.getHttpServer()).get('/api/probe/http-error');
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(logged.some((l) => l.includes('"req-12345"'))).toBe(true);
  });

  it('refuses a malformed request id from the caller', async () => {
    const res = await request(app.getHttpServer()).get('/api/probe/http-error').set('x-request-id', 'bad id\twith spaces');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
