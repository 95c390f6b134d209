import { z } from 'zod';
import { cellParam, photographerParam, PLACE_NEEDS_BOTH, uploadNatureFields } from '../nature/nature.dto';

/** Upload form fields with the spec's messages (section 5). */
export const uploadFields = z
  .object({
    title: z.string().trim().max(160, 'Title must be 160 characters or less').optional().default(''),
    description: z.string().trim().max(500, 'Description must be 500 characters or less').optional().default(''),
    category: z
      .enum(['wildlife', 'landscape', ''], { error: 'Category must be wildlife or landscape' })
      .optional()
      .transform((v) => (v ? v : undefined)),
    ...uploadNatureFields,
  })
  .superRefine((value, ctx) => {
    if (!value.title && !value.description) ctx.addIssue({ code: 'custom', message: 'Title and description are required' });
    else if (!value.title) ctx.addIssue({ code: 'custom', message: 'Title is required' });
    else if (!value.description) ctx.addIssue({ code: 'custom', message: 'Description is required' });
    else if ((value.placeLat === undefined) !== (value.placeLon === undefined)) ctx.addIssue({ code: 'custom', message: PLACE_NEEDS_BOTH });
  });

export const galleryQuery = z.object({
  public: z.string().optional(),
  category: z
    .string()
    .trim()
    .toLowerCase()
    .optional()
    .transform((v) => (!v || v === 'all' ? undefined : v)),
  search: z
    .string()
    .trim()
    .max(100, 'Search must be 100 characters or less')
    .optional()
    .transform((v) => v || undefined),
  species: z
    .string()
    .trim()
    .max(120, 'Species must be 120 characters or less')
    .optional()
    // Scientific names are written "Genus epithet": "vulpes VULPES" asks for "Vulpes vulpes".
    .transform((v) => (v ? v.replace(/\s+/g, ' ').toLowerCase().replace(/^./, (c) => c.toUpperCase()) : undefined))
    .describe('A species’ scientific name ("Vulpes vulpes"): its photos only'),
  wild: z
    .enum(['true', 'false'], { error: 'Wild must be true or false' })
    .optional()
    .transform((v) => v === 'true')
    .describe('true leaves out photos labelled captive, baited or ai-generated'),
  cell: cellParam.describe('A map cell by its south-west corner ("51.4,-0.2"): photos whose public place is in it'),
  photographer: photographerParam,
  // 'top-rated': the AI's overall rating, highest first; photos without one come last.
  sort: z.enum(['newest', 'oldest', 'most-liked', 'most-viewed', 'top-rated'], { error: 'Sort must be newest, oldest, most-liked, most-viewed or top-rated' }).default('newest'),
  page: z.coerce.number({ error: 'Page must be a positive number' }).int('Page must be a positive number').min(1, 'Page must be a positive number').default(1),
  pageSize: z.coerce.number({ error: 'Page size must be between 1 and 48' }).int().min(1, 'Page size must be between 1 and 48').max(48, 'Page size must be between 1 and 48').default(12),
});

/**
 * Optional paging of the full lists (My Photos, admin): without either parameter the whole list
 * comes back, as the spec's clients expect; with one, a page (default page 1, 50 per page).
 */
export const listPageQuery = z
  .object({
    page: z.coerce.number({ error: 'Page must be a positive number' }).int('Page must be a positive number').min(1, 'Page must be a positive number').optional(),
    limit: z.coerce.number({ error: 'Limit must be between 1 and 100' }).int('Limit must be between 1 and 100').min(1, 'Limit must be between 1 and 100').max(100, 'Limit must be between 1 and 100').optional(),
  })
  .transform((q) => (q.page === undefined && q.limit === undefined ? undefined : { page: q.page ?? 1, limit: q.limit ?? 50 }));

export const descriptionBody = z.object({
  description: z.string({ error: 'Description is required' }).max(500, 'Description must be 500 characters or less'),
});

/** `?w=320`, `?w=640`, `?w=960` or `?w=1200`: a narrower copy of a site image (the full one is up to 2400 px). */
export const assetQuery = z.object({
  w: z.enum(['320', '640', '960', '1200'], { error: 'w must be 320, 640, 960 or 1200' }).optional(),
});
export type AssetQuery = z.infer<typeof assetQuery>;

export const imageQuery = z.object({
  size: z.enum(['thumb', 'display', 'social'], { error: 'Size must be thumb, display or social' }).default('display'),
  expires: z.string().optional(),
  sig: z.string().optional(),
});

export type UploadFields = z.infer<typeof uploadFields>;
export type GalleryQuery = z.infer<typeof galleryQuery>;
export type ImageQuery = z.infer<typeof imageQuery>;
export type ListPageQuery = z.infer<typeof listPageQuery>;
