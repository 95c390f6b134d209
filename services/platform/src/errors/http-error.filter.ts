import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import { redactUrl } from '../logging/logging';
import { AppError, ErrorEnvelope } from './app-error';

/** Errors raised by Express body parsing carry `status` and `expose`; their message is safe to show. */
interface ExposedHttpError {
  status: number;
  expose: boolean;
  message: string;
  type?: string;
}

/** A client error raised by Express middleware (body parsing) whose message is safe to show. */
export function isExposedHttpError(e: unknown): e is ExposedHttpError {
  if (typeof e !== 'object' || e === null || !('status' in e) || !('expose' in e)) return false;
  const { status, expose } = e as ExposedHttpError;
  return expose === true && status >= 400 && status < 500;
}

export function toExposedEnvelope(error: ExposedHttpError): ErrorEnvelope {
  const message = error.type === 'entity.parse.failed' ? 'Request body is not valid JSON' : error.message;
  return { statusCode: error.status, message };
}

function messageOf(exception: HttpException): string {
  const response = exception.getResponse();
  if (typeof response === 'string') return response;
  const message = (response as { message?: unknown }).message;
  if (Array.isArray(message)) return String(message[0] ?? exception.message);
  if (typeof message === 'string') return message;
  return exception.message;
}

/** Maps every error to the single `{ statusCode, message }` envelope. Unknown errors are logged with an id. */
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpErrorFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const response = http.getResponse<Response>();
    const request = http.getRequest<Request>();
    const body = this.toEnvelope(exception, request);
    if (response.headersSent) {
      // Streaming already began: the status line is gone, so the best we can do is cut the connection.
      response.destroy();
      return;
    }
    response.status(body.statusCode).json(body);
  }

  private toEnvelope(exception: unknown, request: Request): ErrorEnvelope {
    if (exception instanceof AppError) return { statusCode: exception.status, message: exception.message };
    if (exception instanceof HttpException) return { statusCode: exception.getStatus(), message: messageOf(exception) };
    if (isExposedHttpError(exception)) return toExposedEnvelope(exception);
    const errorId = randomUUID();
    this.logger.error(
      { err: exception, errorId, method: request.method, url: redactUrl(request.originalUrl) },
      `Unhandled error ${errorId}`,
    );
    return {
      statusCode: HttpStatus.INTERNAL_SERVER_ERROR,
      message: `Something went wrong on our side. Please try again later (reference ${errorId}).`,
    };
  }
}
