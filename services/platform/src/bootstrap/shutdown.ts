import type { Logger } from 'pino';

/**
 * Runs `close` once on SIGINT or SIGTERM, then exits. A second signal, or a close that takes
 * longer than `timeoutMs`, exits at once with status 1.
 */
export function onShutdownSignal(close: () => Promise<void>, logger: Logger, timeoutMs = 20_000): void {
  let closing = false;
  const handler = (signal: NodeJS.Signals): void => {
    if (closing) {
      logger.warn({ signal }, 'second signal during shutdown: exiting now');
      process.exit(1);
    }
    closing = true;
    logger.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      logger.error({ timeoutMs }, 'shutdown timed out: exiting');
      process.exit(1);
    }, timeoutMs);
    timer.unref();
    close().then(
      () => {
        logger.info('stopped cleanly');
        process.exit(0);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', handler);
  process.once('SIGTERM', handler);
}
