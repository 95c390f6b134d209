import 'reflect-metadata';
import { runService } from '@wildframe/platform';
import { gatewayConfigSchema } from './gateway.config';
import { configureGatewayHttp } from './gateway.http';
import { GatewayModule } from './gateway.module';

void runService(
  {
    name: 'gateway',
    schema: gatewayConfigSchema,
    module: (config) => GatewayModule.register(config),
    // The proxy's cost halves without AsyncLocalStorage; the gateway carries each request's trace itself.
    traceContext: 'synchronous',
    configureHttp: (app, config) =>
      configureGatewayHttp(app, {
        webDir: config.WEB_DIR,
        publicOrigin: config.PUBLIC_ORIGIN,
        identitySecret: config.IDENTITY_SECRET,
        paymentProvider: config.PAYMENT_PROVIDER,
        upstreams: {
          auth: config.AUTH_URL,
          photos: config.PHOTOS_URL,
          analysis: config.ANALYSIS_URL,
          billing: config.BILLING_URL,
          contact: config.CONTACT_URL,
        },
      }),
  },
  process.env,
);
