import { z } from 'zod';

const score = (label: string) => {
  const message = `${label} must be a whole number from 1 to 10`;
  return z.number({ error: message }).int(message).min(1, message).max(10, message);
};

/** A member's critique: the five scores, whole numbers from 1 to 10, and optional feedback. */
export const memberRatingBody = z
  .object({
    overallRating: score('Overall rating'),
    composition: score('Composition'),
    lighting: score('Lighting'),
    clarity: score('Clarity'),
    creativity: score('Creativity'),
    feedback: z
      .string({ error: 'Feedback must be text' })
      .trim()
      .max(1000, 'Feedback must be 1000 characters or less')
      .nullable()
      .optional()
      .transform((v) => v || null),
  })
  .meta({ id: 'MemberRatingInput', description: 'Scores are whole numbers from 1 to 10; feedback is optional.' });

export type MemberRatingBody = z.infer<typeof memberRatingBody>;

const scoresSchema = {
  overallRating: z.string(),
  composition: z.string(),
  lighting: z.string(),
  clarity: z.string(),
  creativity: z.string(),
};

/** One critique as shown on the photo page; scores are numeric strings ("8.0"). */
export const memberCritiqueSchema = z
  .object({
    id: z.uuid(),
    authorName: z.string(),
    ...scoresSchema,
    feedback: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    /** The caller wrote it. */
    isMine: z.boolean(),
    /** The caller may remove it (its author, the photo's owner, an admin). */
    canRemove: z.boolean(),
  })
  .meta({ id: 'MemberCritique' });

export const memberCritiquesSchema = z
  .object({
    count: z.number().int(),
    // A union, not .nullable(): the named component itself must not admit null.
    average: z.union([z.object(scoresSchema).meta({ id: 'MemberRatingAverage' }), z.null()]),
    ratings: z.array(memberCritiqueSchema),
    mine: z.union([memberCritiqueSchema, z.null()]),
    /** The caller may rate this photo (signed in, not the owner, the photo is public). */
    canRate: z.boolean(),
  })
  .meta({ id: 'MemberCritiques', description: 'A photo’s member critiques with their count and averages.' });

export type MemberCritique = z.infer<typeof memberCritiqueSchema>;
export type MemberCritiques = z.infer<typeof memberCritiquesSchema>;
