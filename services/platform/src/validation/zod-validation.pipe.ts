import { BadRequestException, PipeTransform } from '@nestjs/common';
import type { z } from 'zod';

/**
 * Validates a body, query or parameter with a zod schema. The first problem's message becomes the
 * 400 message, so schemas carry the spec's exact texts ('Title is required', …).
 */
export class ZodValidationPipe<S extends z.ZodType> implements PipeTransform<unknown, z.infer<S>> {
  constructor(private readonly schema: S) {}

  transform(value: unknown): z.infer<S> {
    const result = this.schema.safeParse(value ?? {});
    if (result.success) return result.data;
    throw new BadRequestException(result.error.issues[0]?.message ?? 'Invalid request');
  }
}

/** `@Body(valid(schema)) body: z.infer<typeof schema>` */
export function valid<S extends z.ZodType>(schema: S): ZodValidationPipe<S> {
  return new ZodValidationPipe(schema);
}
