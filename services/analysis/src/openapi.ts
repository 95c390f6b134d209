import { ServiceApiDocument, uuidParams } from '@wildframe/platform';
import { z } from 'zod';
import { editingSuggestionsBody } from './tips/editing-suggestions.dto';

export const editingSuggestionsSchema = z.object({ suggestions: z.string() }).meta({ id: 'EditingSuggestions' });

/** The analysis service's public HTTP API (its rating API is internal: /api/internal/analysis). */
export function analysisApiDocument(): ServiceApiDocument {
  return new ServiceApiDocument('analysis', 'AI rating, content screening and editing tips').add({
    method: 'post',
    path: '/api/photos/{id}/editing-suggestions',
    operationId: 'getEditingSuggestions',
    summary: 'Editing tips for Lightroom, Google Photos or Apple Photos (paid plans; advanced on Professional)',
    access: 'user',
    params: uuidParams('id'),
    body: editingSuggestionsBody,
    response: { status: 200, description: 'Tips', json: editingSuggestionsSchema },
    errors: [403],
  });
}
