import { ServiceApiDocument } from '@wildframe/platform';
import { z } from 'zod';
import { pageViewSchema } from './analytics/page-view.schema';

export const pageViewAcceptedSchema = z.object({ accepted: z.literal(true) }).meta({ id: 'PageViewAccepted' });
export const siteConfigSchema = z.object({ contactEmail: z.string(), supportEmail: z.string().optional() }).meta({ id: 'SiteConfig' });

const checks = z.record(z.string(), z.enum(['up', 'down']));
const readySchema = z.object({ status: z.literal('ok'), checks }).meta({ id: 'Readiness' });
const notReadySchema = z
  .object({ statusCode: z.literal(503), message: z.string(), status: z.literal('unavailable'), checks })
  .meta({ id: 'NotReady', description: 'The error envelope, with the failing checks named.' });

/** The gateway's own routes (page views, site configuration) and the process health checks. */
export function gatewayApiDocument(): ServiceApiDocument {
  return new ServiceApiDocument('gateway', 'The public edge: site configuration, page-view analytics, health')
    .add({ method: 'get', path: '/api/site/config', operationId: 'getSiteConfig', summary: 'Public facts the web shows (contact e-mail)', access: 'public', response: { status: 200, description: 'Configuration', json: siteConfigSchema } })
    .add({ method: 'post', path: '/api/analytics/page-view', operationId: 'recordPageView', summary: 'Record a page view (only after analytics consent)', access: 'public', body: pageViewSchema, response: { status: 202, description: 'Accepted', json: pageViewAcceptedSchema }, errors: [429] })
    .add({ method: 'get', path: '/api/health', operationId: 'getHealth', summary: 'Ready: every dependency answers', access: 'public', response: { status: 200, description: 'Ready', json: readySchema }, json503: notReadySchema })
    .add({ method: 'get', path: '/api/health/ready', operationId: 'getReadiness', summary: 'Ready: every dependency answers', access: 'public', response: { status: 200, description: 'Ready', json: readySchema }, json503: notReadySchema })
    .add({ method: 'get', path: '/api/health/live', operationId: 'getLiveness', summary: 'The process answers', access: 'public', response: { status: 200, description: 'Alive', json: z.object({ status: z.literal('ok') }) } });
}
