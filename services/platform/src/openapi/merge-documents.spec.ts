import { z } from 'zod';
import { buildOpenApiDocument, messageSchema, ServiceApiDocument } from './api-document';
import { mergeOpenApiDocuments } from './merge-documents';

const info = { title: 'Test API', version: '1.0.0' };
const one = new ServiceApiDocument('one', 'First').add({ method: 'get', path: '/api/one', operationId: 'one', summary: 'One', access: 'public', response: { status: 200, description: 'ok', json: messageSchema } });
const two = new ServiceApiDocument('two', 'Second').add({
  method: 'post',
  path: '/api/two/{id}',
  operationId: 'two',
  summary: 'Two',
  access: 'user',
  params: z.object({ id: z.uuid() }),
  body: z.object({ name: z.string() }),
  response: { status: 201, description: 'created', json: messageSchema },
});

/** What the gateway does in the distributed shape: each service's own document, merged. */
describe('mergeOpenApiDocuments', () => {
  it('gives what one document of all the services gives', () => {
    const merged = mergeOpenApiDocuments([buildOpenApiDocument([one], info), buildOpenApiDocument([two], info)], info);
    const together = buildOpenApiDocument([one, two], info);
    expect(merged.paths).toEqual(together.paths);
    expect(merged.components?.schemas).toEqual(together.components?.schemas);
    expect(merged.components?.securitySchemes).toEqual(together.components?.securitySchemes);
    expect(merged.tags?.map((t) => t.name)).toEqual(['one', 'two']);
  });

  it('refuses an operation two services both describe', () => {
    const doc = buildOpenApiDocument([one], info);
    expect(() => mergeOpenApiDocuments([doc, doc], info)).toThrow('OpenAPI: GET /api/one is described by two services');
  });

  it('documents the implied errors: 400/413/415 for a body, 404 for a path parameter, 401 for a session', () => {
    const responses = buildOpenApiDocument([two], info).paths?.['/api/two/{id}']?.post?.responses ?? {};
    expect(Object.keys(responses).sort()).toEqual(['201', '400', '401', '404', '413', '415', 'default']);
  });
});
