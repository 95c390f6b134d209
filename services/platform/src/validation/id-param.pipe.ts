import { PipeTransform } from '@nestjs/common';
import { isUuid } from './uuid';

/**
 * `@Param('id', idParam(errors.notFound))`: ids are UUIDs, so any other value names nothing and
 * gets the resource's own 404, before it can reach PostgreSQL (which would refuse to compare it
 * with a uuid column and turn an anonymous visitor's typo into a logged 500).
 */
export function idParam(notFound: () => Error): PipeTransform<unknown, string> {
  return {
    transform(value: unknown): string {
      if (typeof value !== 'string' || !isUuid(value)) throw notFound();
      return value;
    },
  };
}
