/**
 * A failure the caller can act on. Services subclass it with their own code enum; the HTTP edge
 * maps it to `{ statusCode, message }` with the status given here, and nothing else leaks.
 */
export class AppError<Code extends string = string> extends Error {
  constructor(
    readonly code: Code,
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** The one error body every HTTP endpoint answers with. */
export interface ErrorEnvelope {
  statusCode: number;
  message: string;
}
