import { z } from 'zod';

/**
 * Response shapes of the photos API. The stored JSON columns and the views the controllers return
 * are typed from these schemas, so the OpenAPI document cannot drift from what is sent.
 */

/** What each content check concluded (contracts: ScreeningEvidence). */
const screeningEvidenceSchema = z.object({ nudity: z.string(), nature: z.string(), weapons: z.string() });

/** What every score rests on, as short statements (contracts: RatingEvidence). */
export const ratingEvidenceSchema = z
  .object({
    overall: z.array(z.string()),
    composition: z.array(z.string()),
    lighting: z.array(z.string()),
    clarity: z.array(z.string()),
    creativity: z.array(z.string()),
    category: z.array(z.string()),
    screening: screeningEvidenceSchema,
    engine: z.array(z.string()),
  })
  .meta({ id: 'RatingEvidence' });

/** A photo's AI rating; scores are numeric strings with one decimal ("7.4"). */
export const storedRatingSchema = z
  .object({
    overallRating: z.string(),
    composition: z.string(),
    lighting: z.string(),
    clarity: z.string(),
    creativity: z.string(),
    feedback: z.string(),
    subject: z.string().nullable(),
    location: z.string().nullable(),
    aiModel: z.string(),
    category: z.string(),
    createdAt: z.string(),
    /** Absent on ratings stored before evidence was kept. */
    evidence: ratingEvidenceSchema.optional(),
  })
  .meta({ id: 'PhotoRating' });

/** Camera settings read from EXIF, make and model as photographers write them; never the location. */
export const cameraSettingsSchema = z
  .object({
    /** "Nikon", "OM System", "Canon" (not EXIF's "NIKON CORPORATION"). */
    make: z.string().optional(),
    /** "D2X", "OM-1", "EOS R5". */
    model: z.string().optional(),
    /** Make and model as one line: "Nikon D2X", "OM System OM-1", "Canon EOS R5". */
    body: z.string().optional(),
    lens: z.string().optional(),
    focalLength: z.string().optional(),
    aperture: z.string().optional(),
    shutterSpeed: z.string().optional(),
    iso: z.number().optional(),
    takenAt: z.string().optional(),
  })
  .meta({ id: 'CameraSettings' });

/** Attribution of photos that are not the uploader's own work (demo content). */
export const photoCreditSchema = z.object({ author: z.string(), licence: z.string(), source: z.string() }).meta({ id: 'PhotoCredit' });

/** What the photo shows, as its owner named it: a checklist species, or free text kept as typed (scientificName null). */
export const photoSpeciesSchema = z
  .object({
    commonName: z.string(),
    scientificName: z.string().nullable(),
    /** On CITES Appendix I: its place is never shown to anyone but the owner. */
    sensitive: z.boolean(),
  })
  .meta({ id: 'PhotoSpecies' });

/** The owner's ethics and provenance labels. */
export const photoLabelSchema = z.enum(['captive', 'baited', 'composite', 'ai-generated', 'ai-edited']).meta({ id: 'PhotoLabel' });

/** Where the photo was taken as everyone sees it: a point drawn once inside its 0.2° cell, never the exact one. */
export const publicPlaceSchema = z
  .object({ lat: z.number(), lon: z.number(), cellDegrees: z.number().describe('0.2: the size of the cell the point was drawn in') })
  .meta({ id: 'PublicPlace' });

export const exactPlaceSchema = z.object({ lat: z.number(), lon: z.number() }).meta({ id: 'ExactPlace', description: 'The exact point, for its owner only.' });

export const photoCardSchema = z
  .object({
    id: z.uuid(),
    slug: z.string(),
    title: z.string(),
    category: z.string(),
    likes: z.number().int(),
    views: z.number().int(),
    username: z.string(),
    userFirstName: z.string().nullable(),
    userLastName: z.string().nullable(),
    overallRating: z.string().nullable(),
    thumbnailUrl: z.string(),
    imageUrl: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    dominantColor: z.string(),
    uploadedAt: z.string(),
    isFeatured: z.boolean(),
    isPublic: z.boolean(),
    /** The uploader's id when they have a public photographer page (/photographers/{id}); null keeps them anonymous. */
    photographerId: z.uuid().nullable(),
    species: z.union([photoSpeciesSchema, z.null()]),
    labels: z.array(photoLabelSchema),
  })
  .meta({ id: 'PhotoCard', description: 'A gallery card.' });

export const photoDetailSchema = photoCardSchema
  .extend({
    description: z.string(),
    // A union, not .nullable(): the named component itself must not admit null.
    rating: z.union([storedRatingSchema, z.null()]),
    credit: z.union([photoCreditSchema, z.null()]),
    camera: z.union([cameraSettingsSchema, z.null()]),
    socialImageUrl: z.string(),
    isOwner: z.boolean(),
    isTemporary: z.boolean(),
    expiresAt: z.string().nullable(),
    liked: z.boolean(),
    /** 'review' while held for an admin's review: private, not featured, no nature category until approved; otherwise null. */
    moderation: z.enum(['review']).nullable(),
    /** Why the AI held it, in plain words (the first is shown after "Waiting for review"); empty when it is not held. */
    reviewReasons: z.array(z.string()),
    /** Everyone but the owner sees this generalised point (and the owner sees what they see); null when private, sensitive or unknown. */
    place: z.union([publicPlaceSchema, z.null()]),
    /** Only for the owner. */
    originalName: z.string().optional(),
    fileSize: z.number().int().optional(),
    mimeType: z.string().optional(),
    /** Only for the owner: the exact point (null when the photo has no place). */
    exactPlace: z.union([exactPlaceSchema, z.null()]).optional(),
    /** Only for the owner: open (others see the generalised point) or private. */
    placePrivacy: z.enum(['open', 'private']).optional(),
    /** Only for the owner: who sees the place, and why it is hidden when it is (a CITES Appendix I species). */
    placeNotice: z.string().nullable().optional(),
  })
  .meta({ id: 'PhotoDetail', description: 'A photo with its rating; the original file’s facts only for its owner.' });

export const galleryCardSchema = photoCardSchema.extend({ liked: z.boolean() }).meta({ id: 'GalleryCard' });

export const galleryPageSchema = z
  .object({
    /** Each card says whether the viewer has liked it, so the heart survives a refetch. */
    photos: z.array(galleryCardSchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    totalPages: z.number().int(),
  })
  .meta({ id: 'GalleryPage' });

export const userStatsSchema = z
  .object({
    dailyUploads: z.number().int(),
    totalPhotos: z.number().int(),
    publicPhotos: z.number().int(),
    totalLikes: z.number().int(),
    totalViews: z.number().int(),
    storageUsedMB: z.number(),
  })
  .meta({ id: 'UserStats' });

export const uploadLimitsSchema = z
  .object({
    fileSizeLimitMB: z.number(),
    fileSizeLimitBytes: z.number().int(),
    planName: z.string(),
    isGuest: z.boolean(),
    dailyUploads: z.number().int(),
    dailyUploadsUsed: z.number().int(),
    dailyUploadsRemaining: z.number().int(),
    resetTime: z.string(),
    storageLimitMB: z.number(),
    storageLimitGB: z.number(),
    storageUsedMB: z.number(),
    storageRemainingMB: z.number(),
  })
  .meta({ id: 'UploadLimits' });

export const uploadResultSchema = z
  .object({ message: z.string(), error: z.string().optional(), photo: photoDetailSchema, rating: storedRatingSchema.optional() })
  .meta({ id: 'UploadResult', description: 'The stored photo; error says why it has no rating yet, if so.' });

export const speciesSuggestionsSchema = z
  .object({ species: z.array(z.object({ commonName: z.string(), scientificName: z.string(), sensitive: z.boolean() })) })
  .meta({ id: 'SpeciesSuggestions' });

export const mapCellSchema = z
  .object({
    /** The cell's south-west corner; the cell spans cellDegrees north and east of it. */
    lat: z.number(),
    lon: z.number(),
    /** Public photos with an open, non-sensitive place in the cell. */
    count: z.number().int(),
    cover: z.object({ id: z.uuid(), slug: z.string(), title: z.string(), thumbnailUrl: z.string() }),
  })
  .meta({ id: 'MapCell' });

export const mapCellsSchema = z.object({ cellDegrees: z.number(), cells: z.array(mapCellSchema) }).meta({ id: 'MapCells' });

export const viewsSchema = z.object({ views: z.number().int() }).meta({ id: 'PhotoViews' });
export const likeSchema = z.object({ liked: z.boolean(), totalLikes: z.number().int() }).meta({ id: 'PhotoLike' });
export const visibilitySchema = z.object({ message: z.string(), isPublic: z.boolean() }).meta({ id: 'PhotoVisibility' });
export const descriptionUpdatedSchema = z.object({ message: z.string(), description: z.string() }).meta({ id: 'PhotoDescription' });
export const featuredSchema = z.object({ message: z.string(), isFeatured: z.boolean() }).meta({ id: 'PhotoFeatured' });

export type StoredRating = z.infer<typeof storedRatingSchema>;
export type SpeciesSuggestions = z.infer<typeof speciesSuggestionsSchema>;
export type MapCells = z.infer<typeof mapCellsSchema>;
export type CameraSettings = z.infer<typeof cameraSettingsSchema>;
export type PhotoCredit = z.infer<typeof photoCreditSchema>;
export type PhotoCard = z.infer<typeof photoCardSchema>;
export type PhotoDetail = z.infer<typeof photoDetailSchema>;
export type GalleryPage = z.infer<typeof galleryPageSchema>;
export type UserStats = z.infer<typeof userStatsSchema>;
export type UploadLimits = z.infer<typeof uploadLimitsSchema>;
export type UploadResult = z.infer<typeof uploadResultSchema>;
