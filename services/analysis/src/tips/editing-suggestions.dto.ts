import { z } from 'zod';
import { PLATFORMS } from './editing-tips';

export const PLATFORM_MESSAGE = 'Platform must be lightroom, google-photos or apple-photos';

/** Body of POST /api/photos/{id}/editing-suggestions. */
export const editingSuggestionsBody = z.object({ platform: z.enum(PLATFORMS, { error: PLATFORM_MESSAGE }) });

export type EditingSuggestionsBody = z.infer<typeof editingSuggestionsBody>;
