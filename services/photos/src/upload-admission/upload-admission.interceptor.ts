import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { addressKey } from '@wildframe/platform';
import type { RequestWithIdentity } from '@wildframe/platform';
import type { Response } from 'express';
import { catchError, finalize, Observable, throwError } from 'rxjs';
import { PhotosError } from '../domain/photos.errors';
import { RETRY_AFTER_SECONDS, UploadAdmission } from './upload-admission';

/** Refusals a client should simply retry a little later. */
const RETRY_LATER = new Set(['TOO_MANY_IN_FLIGHT', 'BUSY']);

function retryAfter(response: Response, error: unknown): void {
  if (error instanceof PhotosError && RETRY_LATER.has(error.code) && !response.headersSent) response.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
}

/**
 * Runs admission before the multipart parser (listed before it in `@UseInterceptors`): a refused
 * upload's body is never written to disk, let alone decoded. The place is given back when the
 * request's handling ends.
 */
@Injectable()
export class UploadAdmissionInterceptor implements NestInterceptor {
  constructor(private readonly admission: UploadAdmission) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const request = context.switchToHttp().getRequest<RequestWithIdentity>();
    const response = context.switchToHttp().getResponse<Response>();
    let ticket;
    try {
      // The key the upload's quota counts by (an IPv6 /64; `unknown` for garbage), as the controller's.
      ticket = await this.admission.admit(request.identity ?? null, addressKey(request.ip));
    } catch (error) {
      retryAfter(response, error);
      throw error;
    }
    return next.handle().pipe(
      catchError((error: unknown) => {
        retryAfter(response, error);
        return throwError(() => error);
      }),
      finalize(() => ticket.release()),
    );
  }
}
