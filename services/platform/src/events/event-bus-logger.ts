import pino from 'pino';

/**
 * What the event bus needs from a logger: structured context first, message second — the
 * calling convention of pino, so a pino logger (or a child of the app's logger) fits as is.
 */
export interface EventBusLogger {
  info(context: Record<string, unknown>, message: string): void;
  warn(context: Record<string, unknown>, message: string): void;
  error(context: Record<string, unknown>, message: string): void;
}

/** Used when the composition root passes no logger. */
export function defaultEventBusLogger(): EventBusLogger {
  return pino({ name: 'event-bus' });
}

/** Error fields for a log context: message and stack, never the whole object. */
export function errorContext(error: unknown): Record<string, unknown> {
  return error instanceof Error
    ? { error: { name: error.name, message: error.message, stack: error.stack } }
    : { error: { message: String(error) } };
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
