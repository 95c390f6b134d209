import 'reflect-metadata';
import { Controller, Get, Module, UseGuards } from '@nestjs/common';
import { INTERNAL_TOKEN_HEADER } from '@wildframe/contracts';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { createHttpApp } from '../bootstrap/create-http-app';
import { InProcessEventBus } from '../events';
import { PlatformModule } from '../platform.module';
import { CurrentIdentity, IdentityRegistry } from './identity';
import type { Identity } from './identity';
import { AdminGuard, SignedInGuard } from './identity.guards';
import { acceptedSecrets } from './accepted-secrets';
import { encodeIdentityHeader, IDENTITY_HEADER } from './identity-header';
import { INTERNAL_API_TOKEN, InternalTokenGuard } from './internal-token.guard';

const secret = 'shared-secret-shared-secret-shared-secret';
const ada: Identity = { userId: 'u1', email: 'ada@example.com', firstName: 'Ada', lastName: 'B', plan: 'explorer', isAdmin: false };

@Controller('probe')
class ProbeController {
  @Get('me')
  @UseGuards(SignedInGuard)
  me(@CurrentIdentity() identity: Identity): Identity {
    return identity;
  }
  @Get('admin')
  @UseGuards(AdminGuard)
  admin(): { ok: true } {
    return { ok: true };
  }
  @Get('anyone')
  anyone(@CurrentIdentity() identity: Identity | null): { identity: Identity | null } {
    return { identity };
  }
  @Get('internal')
  @UseGuards(InternalTokenGuard)
  internal(): { ok: true } {
    return { ok: true };
  }
}

async function appWith(options: {
  identitySecret?: string;
  identitySecretPrevious?: string;
  internalTokens?: readonly string[];
  resolver?: (token: string) => Promise<Identity | null>;
}): Promise<NestExpressApplication> {
  const { identitySecret, identitySecretPrevious } = options;
  @Module({
    imports: [PlatformModule.forRoot({ logging: { service: 'probe', level: 'silent' }, eventBus: new InProcessEventBus(), identitySecret, identitySecretPrevious })],
    controllers: [ProbeController],
    providers: [InternalTokenGuard, { provide: INTERNAL_API_TOKEN, useValue: options.internalTokens ?? [] }],
  })
  class ProbeModule {}
  const app = await createHttpApp(ProbeModule);
  if (options.resolver) app.get(IdentityRegistry).register({ resolve: options.resolver });
  await app.init();
  return app;
}

describe('caller identity', () => {
  it('resolves a bearer token through the registered resolver (standalone, auth service)', async () => {
    const app = await appWith({ resolver: async (token) => (token === 'good' ? ada : null) });
    expect((await request(app.getHttpServer()).get('/api/probe/me').set('authorization', 'Bearer good')).body).toEqual(ada);
    expect((await request(app.getHttpServer()).get('/api/probe/me').set('authorization', 'Bearer bad')).body).toEqual({ statusCode: 401, message: 'Not authenticated' });
    expect((await request(app.getHttpServer()).get('/api/probe/anyone')).body).toEqual({ identity: null });
    await app.close();
  });

  it('trusts the gateway signed header only with the shared secret (distributed services)', async () => {
    const app = await appWith({ identitySecret: secret });
    const server = app.getHttpServer();
    const valid = encodeIdentityHeader(ada, secret, new Date());
    expect((await request(server).get('/api/probe/me').set(IDENTITY_HEADER, valid)).body).toEqual(ada);
    const forged = encodeIdentityHeader({ ...ada, isAdmin: true }, 'not-the-secret-not-the-secret-not-the', new Date());
    expect((await request(server).get('/api/probe/admin').set(IDENTITY_HEADER, forged)).status).toBe(401);
    expect((await request(server).get('/api/probe/admin').set(IDENTITY_HEADER, valid)).body).toEqual({ statusCode: 403, message: 'Access Denied' });
    const stale = encodeIdentityHeader(ada, secret, new Date(Date.now() - 6 * 60_000));
    expect((await request(server).get('/api/probe/me').set(IDENTITY_HEADER, stale)).status).toBe(401);
    await app.close();
  });

  it('accepts the previous secret during a rotation, and no other', async () => {
    const previous = 'previous-secret-previous-secret-previous';
    const app = await appWith({ identitySecret: secret, identitySecretPrevious: previous });
    const server = app.getHttpServer();
    expect((await request(server).get('/api/probe/me').set(IDENTITY_HEADER, encodeIdentityHeader(ada, secret, new Date()))).body).toEqual(ada);
    expect((await request(server).get('/api/probe/me').set(IDENTITY_HEADER, encodeIdentityHeader(ada, previous, new Date()))).body).toEqual(ada);
    const other = encodeIdentityHeader(ada, 'another-secret-another-secret-another-se', new Date());
    expect((await request(server).get('/api/probe/me').set(IDENTITY_HEADER, other)).status).toBe(401);
    await app.close();
    // Once the rotation is over the previous secret is refused again.
    const after = await appWith({ identitySecret: secret });
    expect((await request(after.getHttpServer()).get('/api/probe/me').set(IDENTITY_HEADER, encodeIdentityHeader(ada, previous, new Date()))).status).toBe(401);
    await after.close();
  });

  it('lets internal callers in with the current or the previous INTERNAL_API_TOKEN only', async () => {
    const app = await appWith({ internalTokens: acceptedSecrets('current-token-0123', 'previous-token-0123') });
    const server = app.getHttpServer();
    expect((await request(server).get('/api/probe/internal').set(INTERNAL_TOKEN_HEADER, 'current-token-0123')).status).toBe(200);
    expect((await request(server).get('/api/probe/internal').set(INTERNAL_TOKEN_HEADER, 'previous-token-0123')).status).toBe(200);
    expect((await request(server).get('/api/probe/internal').set(INTERNAL_TOKEN_HEADER, 'another-token-0123')).status).toBe(401);
    expect((await request(server).get('/api/probe/internal')).status).toBe(401);
    await app.close();
    const none = await appWith({ internalTokens: acceptedSecrets(null, 'previous-token-0123') });
    expect((await request(none.getHttpServer()).get('/api/probe/internal').set(INTERNAL_TOKEN_HEADER, 'previous-token-0123')).status).toBe(401);
    await none.close();
  });

  it('ignores an identity header where no secret is configured (standalone)', async () => {
    const app = await appWith({});
    const header = encodeIdentityHeader(ada, secret, new Date());
    expect((await request(app.getHttpServer()).get('/api/probe/me').set(IDENTITY_HEADER, header)).status).toBe(401);
    await app.close();
  });
});
