import { z } from 'zod';
import { photoCardSchema } from '../dto/photos.responses';

export const photographerPageQuery = z.object({
  page: z.coerce.number({ error: 'Page must be a positive number' }).int('Page must be a positive number').min(1, 'Page must be a positive number').default(1),
});

export const photographerPageSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    avatarUrl: z.string().nullable(),
    /** Counts over the photographer's public photos. */
    photoCount: z.number().int(),
    likesReceived: z.number().int(),
    views: z.number().int(),
    photos: z.array(photoCardSchema),
    page: z.number().int(),
    pageSize: z.number().int(),
    totalPages: z.number().int(),
  })
  .meta({ id: 'PhotographerPage', description: 'A member who made their profile public, with their public photos.' });

export type PhotographerPageQuery = z.infer<typeof photographerPageQuery>;
export type PhotographerPage = z.infer<typeof photographerPageSchema>;
