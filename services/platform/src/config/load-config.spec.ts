import { z } from 'zod';
import { databaseEnv, eventBusEnv, eventBusSettings, requireDriverSettings, storageEnv, storageSettings } from './infrastructure.config';
import { ConfigError, envField, loadConfig } from './load-config';

const schema = z
  .object({ PORT: envField.port(3000), ...eventBusEnv, ...storageEnv, ...databaseEnv })
  .superRefine(requireDriverSettings);

const valid = { DATABASE_URL: 'postgres://u:p@localhost:5432/db' };

function problemsOf(env: Record<string, string>): readonly string[] {
  try {
    loadConfig('test', schema, env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('applies defaults and coerces types', () => {
    const config = loadConfig('test', schema, valid);
    expect(config).toMatchObject({ PORT: 3000, EVENT_BUS_DRIVER: 'in-process', STORAGE_DRIVER: 'filesystem', RUN_MIGRATIONS: true });
    expect(loadConfig('test', schema, { ...valid, PORT: '8080', RUN_MIGRATIONS: 'false' })).toMatchObject({ PORT: 8080, RUN_MIGRATIONS: false });
  });

  it('names a missing variable', () => {
    expect(problemsOf({})).toEqual(['DATABASE_URL is required']);
  });

  it('names a wrong value with what was given', () => {
    expect(problemsOf({ ...valid, PORT: 'eighty' })).toEqual(["PORT: must be a port number (got 'eighty')"]);
    expect(problemsOf({ ...valid, PORT: '70000' })).toEqual(["PORT: must be between 0 and 65535 (got '70000')"]);
    expect(problemsOf({ DATABASE_URL: 'mysql://x' })).toEqual(["DATABASE_URL: must be a URL starting with postgres://, postgresql://, mongodb:// or mongodb+srv:// (got 'mysql://x')"]);
    expect(problemsOf({ ...valid, EVENT_BUS_DRIVER: 'rabbit' })[0]).toMatch(/^EVENT_BUS_DRIVER: must be one of in-process, kafka/);
  });

  it('never shows the password of a URL it refuses', () => {
    expect(problemsOf({ DATABASE_URL: 'postgres://auth:s3cret@db:5432/wildframe', DATABASE_DRIVER: 'mongodb' })).toEqual([
      "DATABASE_URL: must be a mongodb:// URL (DATABASE_DRIVER=mongodb) (got 'postgres://auth:***@db:5432/wildframe')",
    ]);
  });

  it('reports settings that a chosen driver requires', () => {
    expect(problemsOf({ ...valid, EVENT_BUS_DRIVER: 'kafka', STORAGE_DRIVER: 's3' })).toEqual([
      'KAFKA_BROKERS is required when EVENT_BUS_DRIVER=kafka',
      'S3_BUCKET is required when STORAGE_DRIVER=s3',
    ]);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig('test', schema, { ...valid, PORT: '' }).PORT).toBe(3000);
  });

  it('the error message names the service and each variable', () => {
    expect(() => loadConfig('photos', schema, { PORT: 'x' })).toThrow(/Invalid configuration for photos:\n {2}- PORT: .*\n {2}- DATABASE_URL is required/);
  });

  it('turns driver fields into adapter settings', () => {
    const config = loadConfig('test', schema, { ...valid, EVENT_BUS_DRIVER: 'kafka', KAFKA_BROKERS: 'a:9092, b:9092', STORAGE_DRIVER: 's3', S3_BUCKET: 'photos', S3_FORCE_PATH_STYLE: 'true' });
    expect(eventBusSettings(config)).toEqual({ driver: 'kafka', brokers: ['a:9092', 'b:9092'], clientId: 'wildframe', warnings: [] });
    expect(storageSettings(config)).toMatchObject({ driver: 's3', bucket: 'photos', forcePathStyle: true, region: 'us-east-1' });
  });
});
