import { BadRequestException, CallHandler, ExecutionContext, Injectable, NestInterceptor, PayloadTooLargeException } from '@nestjs/common';
import type { RequestWithIdentity } from '@wildframe/platform';
import { catchError, Observable, throwError } from 'rxjs';
import { photosErrors } from '../domain/photos.errors';
import { allowanceFor } from '../domain/upload-limits';

/** The multipart parser's refusals, said in the product's words (the size limit in the caller's plan terms). */
@Injectable()
export class UploadErrorsInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      catchError((error: unknown) => {
        if (error instanceof PayloadTooLargeException) {
          const identity = context.switchToHttp().getRequest<RequestWithIdentity>().identity ?? null;
          const allowance = allowanceFor(identity?.plan ?? null);
          return throwError(() => photosErrors.fileTooLarge(allowance.fileSizeMB, allowance.planName));
        }
        if (error instanceof BadRequestException && error.message.startsWith('Too many files')) return throwError(() => photosErrors.oneFileOnly());
        return throwError(() => error);
      }),
    );
  }
}
