import 'reflect-metadata';
import { ConfigError, onShutdownSignal } from '@wildframe/platform';
import { DataDirInUseError } from './data-dir-lock';
import { startStandalone } from './standalone';

startStandalone(process.env).then(
  (running) => {
    process.stdout.write(`\nWildframe is ready at ${running.url.replace('127.0.0.1', 'localhost')}\n\n`);
    onShutdownSignal(running.stop, running.logger);
  },
  (error: unknown) => {
    // Problems an operator can fix get their message alone; anything else gets the stack too.
    const known = error instanceof ConfigError || error instanceof DataDirInUseError;
    process.stderr.write(`Wildframe could not start: ${known ? (error as Error).message : String((error as Error)?.stack ?? error)}\n`);
    process.exit(1);
  },
);
