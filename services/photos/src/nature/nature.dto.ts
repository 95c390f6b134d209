import { z } from 'zod';
import { isValidPoint, parseCell } from './geoprivacy';
import type { Cell, GeoPoint } from './geoprivacy';
import { isPhotoLabel, normaliseLabels, PHOTO_LABELS, unknownLabelMessage } from './labels';
import type { PhotoLabel } from './labels';
import type { PlacePrivacy } from './nature';

/** Our messages (the spec has no nature layer). */
export const SPECIES_TOO_LONG = 'Species must be 120 characters or less';
const LAT_RANGE = 'Latitude must be between -90 and 90';
const LON_RANGE = 'Longitude must be between -180 and 180';
const PRIVACY = 'Place privacy must be open or private';

export const speciesText = z.string().trim().max(120, SPECIES_TOO_LONG);

/** Labels as a list; each must be one of the five (an unknown one is refused, naming it). */
export const labelList = z
  .array(z.string().max(40))
  .max(10, 'A photo has at most five labels')
  .transform((labels, ctx) => {
    const unknown = labels.map((label) => label.trim().toLowerCase()).find((label) => !isPhotoLabel(label));
    if (unknown !== undefined) {
      ctx.addIssue({ code: 'custom', message: unknownLabelMessage(unknown) });
      return z.NEVER;
    }
    return normaliseLabels(labels.map((label) => label.trim().toLowerCase()) as PhotoLabel[]);
  })
  .describe(`Any of ${PHOTO_LABELS.join(', ')}`);

/** In a multipart form the labels come comma-separated ("captive,composite") or as repeated fields. */
export const formLabels = z.preprocess(
  (value) => (value === undefined || value === '' ? [] : Array.isArray(value) ? value.flatMap((v) => String(v).split(',')) : String(value).split(',')).map((v: string) => v.trim()).filter(Boolean),
  labelList,
);

const coordinate = (min: number, max: number, message: string) =>
  z.preprocess((value) => (value === '' || value === undefined ? undefined : Number(value)), z.number({ error: message }).min(min, message).max(max, message).optional());

/** The nature fields of the upload form. */
export const uploadNatureFields = {
  species: speciesText.optional().describe('Common or scientific name; free text is kept as typed'),
  labels: formLabels.optional().meta({ description: `Comma-separated: ${PHOTO_LABELS.join(', ')}`, type: 'string' }),
  placePrivacy: z.enum(['open', 'private', ''], { error: PRIVACY }).optional().describe('Who sees where it was taken (default open: others see a point in its 0.2° cell)'),
  placeLat: coordinate(-90, 90, LAT_RANGE).meta({ description: 'A place picked by the owner (instead of the photo’s GPS), with placeLon', type: 'number' }),
  placeLon: coordinate(-180, 180, LON_RANGE).meta({ type: 'number' }),
};

/** What the upload passes to the nature layer. */
export interface NatureInput {
  species?: string;
  labels?: PhotoLabel[];
  placePrivacy?: PlacePrivacy;
  /** Picked by the owner; otherwise the photo's EXIF GPS, if any. */
  place?: GeoPoint;
}

/** The upload form's nature fields as the upload takes them (both coordinates or neither). */
export function natureInputOf(fields: { species?: string; labels?: PhotoLabel[]; placePrivacy?: string; placeLat?: number; placeLon?: number }): NatureInput {
  return {
    species: fields.species || undefined,
    labels: fields.labels ?? [],
    placePrivacy: fields.placePrivacy === 'private' ? 'private' : 'open',
    place: fields.placeLat !== undefined && fields.placeLon !== undefined ? { lat: fields.placeLat, lon: fields.placeLon } : undefined,
  };
}

export const PLACE_NEEDS_BOTH = 'A place needs both a latitude and a longitude';

/** `PUT /api/photos/{id}/nature`: only the fields sent change. */
export const natureBody = z
  .object({
    species: speciesText.nullable().optional().describe('Common or scientific name (null or empty: none); free text is kept as typed'),
    labels: labelList.optional(),
    placePrivacy: z.enum(['open', 'private'], { error: PRIVACY }).optional(),
    place: z
      .object({ lat: z.number({ error: LAT_RANGE }).min(-90, LAT_RANGE).max(90, LAT_RANGE), lon: z.number({ error: LON_RANGE }).min(-180, LON_RANGE).max(180, LON_RANGE) })
      .refine(isValidPoint, LAT_RANGE)
      .nullable()
      .optional()
      .describe('The exact place (null: none); a new place draws a new generalised point'),
  })
  .meta({ id: 'PhotoNatureChange' });
export type NatureBody = z.infer<typeof natureBody>;

export const speciesQuery = z.object({
  q: z.string().trim().max(120, SPECIES_TOO_LONG).default(''),
  limit: z.coerce.number({ error: 'Limit must be between 1 and 20' }).int('Limit must be between 1 and 20').min(1, 'Limit must be between 1 and 20').max(20, 'Limit must be between 1 and 20').default(10),
});
export type SpeciesQuery = z.infer<typeof speciesQuery>;

/** `photographer=<user id>` (map cells, the gallery): one photographer's photos, whose page must be public. */
export const photographerParam = z.uuid({ error: 'Photographer Not Found' }).optional().describe('Only this photographer’s photos (their page must be public)');

export const mapCellsQuery = z.object({
  public: z.string().optional(),
  photographer: photographerParam,
});
export type MapCellsQuery = z.infer<typeof mapCellsQuery>;

export const CELL_MESSAGE = 'Cell must be the south-west corner of a 0.2° cell, such as 51.4,-0.2';

/** `cell=51.4,-0.2` in the gallery's query. */
export const cellParam = z
  .string()
  .optional()
  .transform((text, ctx): Cell | undefined => {
    if (text === undefined || text.trim() === '') return undefined;
    const cell = parseCell(text);
    if (!cell) {
      ctx.addIssue({ code: 'custom', message: CELL_MESSAGE });
      return z.NEVER;
    }
    return cell;
  });
