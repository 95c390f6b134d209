import 'reflect-metadata';
import { ConfigError, onShutdownSignal } from '@wildframe/platform';
import { DataDirInUseError } from './data-dir-lock';
import { startStandalone } from './standalone';

// A signal that arrives while starting is held and replayed once the shutdown handler is in
// place, so an early Ctrl+C still stops cleanly (exit 0) instead of killing the process.
let early: NodeJS.Signals | undefined;
const holdSignal = (signal: NodeJS.Signals): void => {
  early ??= signal;
};
process.on('SIGINT', holdSignal);
process.on('SIGTERM', holdSignal);

startStandalone(process.env).then(
  (running) => {
    process.off('SIGINT', holdSignal);
    process.off('SIGTERM', holdSignal);
    onShutdownSignal(running.stop, running.logger);
    if (early) process.kill(process.pid, early);
    process.stdout.write(`\nWildframe is ready at ${running.url.replace('127.0.0.1', 'localhost')}\n\n`);
  },
  (error: unknown) => {
    // Problems an operator can fix get their message alone; anything else gets the stack too.
    const known = error instanceof ConfigError || error instanceof DataDirInUseError;
    process.stderr.write(`Wildframe could not start: ${known ? (error as Error).message : String((error as Error)?.stack ?? error)}\n`);
    process.exit(1);
  },
);
