import type { ServiceApiDocument } from '@wildframe/platform';
import { preferencesBody, preferencesSchema } from './preferences.dto';

/** The preferences operations of the auth API. */
export function addPreferencesApi(document: ServiceApiDocument): ServiceApiDocument {
  return document
    .add({ method: 'get', path: '/api/user/preferences', operationId: 'getPreferences', summary: 'The signed-in member’s preferences', access: 'user', response: { status: 200, description: 'Preferences', json: preferencesSchema } })
    .add({
      method: 'put',
      path: '/api/user/preferences',
      operationId: 'updatePreferences',
      summary: 'Change preferences; publicProfile gives the member a public photographer page',
      access: 'user',
      body: preferencesBody,
      response: { status: 200, description: 'Preferences after the change', json: preferencesSchema },
    });
}
