import { z } from 'zod';
import { databaseEnv, requireDriverSettings } from '../../config/infrastructure.config';
import { isDuplicateKey } from './outbox-fields';
import { mongoDatabaseName } from './mongo-service-database';

describe('mongoDatabaseName', () => {
  it('gives each service its own database under the URL’s database (or wildframe)', () => {
    expect(mongoDatabaseName('mongodb://127.0.0.1:27017/', 'contact')).toBe('wildframe_contact');
    expect(mongoDatabaseName('mongodb://127.0.0.1:27017', 'auth')).toBe('wildframe_auth');
    expect(mongoDatabaseName('mongodb://u:p@a:1,b:2/prod?replicaSet=rs0', 'photos')).toBe('prod_photos');
    expect(mongoDatabaseName('mongodb+srv://cluster.example.org/test_ab12?retryWrites=true', 'billing')).toBe('test_ab12_billing');
  });

  it('refuses what is not a MongoDB URL or a usable name', () => {
    expect(() => mongoDatabaseName('postgres://x/y', 'contact')).toThrow(/mongodb:\/\//);
    expect(() => mongoDatabaseName('mongodb://h/bad.name', 'contact')).toThrow(/letters, digits/);
    expect(() => mongoDatabaseName('mongodb://h/', 'Bad-Service')).toThrow(/Invalid service name/);
  });
});

describe('DATABASE_URL', () => {
  const parse = (value: string) => databaseEnv.DATABASE_URL.safeParse(value).success;
  it('takes PostgreSQL and MongoDB URLs, multi-host ones included', () => {
    expect(parse('postgres://u:p@127.0.0.1:5432/db')).toBe(true);
    expect(parse('postgresql://h/db')).toBe(true);
    expect(parse('mongodb://127.0.0.1:27017/')).toBe(true);
    expect(parse('mongodb://u:p@a:1,b:2/wildframe?replicaSet=rs0')).toBe(true);
    expect(parse('mongodb+srv://cluster.example.org/wildframe')).toBe(true);
  });
  it('refuses anything else', () => {
    expect(parse('mysql://h/db')).toBe(false);
    expect(parse('mongodb://')).toBe(false);
    expect(parse('not a url')).toBe(false);
  });
});

describe('DATABASE_DRIVER', () => {
  const schema = z.object(databaseEnv).superRefine(requireDriverSettings);
  const problems = (env: Record<string, string>) => {
    const result = schema.safeParse(env);
    return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  };
  it('must agree with the scheme of DATABASE_URL when given', () => {
    expect(problems({ DATABASE_URL: 'mongodb://h/', DATABASE_DRIVER: 'mongodb' })).toEqual([]);
    expect(problems({ DATABASE_URL: 'postgres://h/db', DATABASE_DRIVER: 'postgres' })).toEqual([]);
    expect(problems({ DATABASE_URL: 'postgres://h/db' })).toEqual([]);
    expect(problems({ DATABASE_URL: 'postgres://h/db', DATABASE_DRIVER: 'mongodb' })).toEqual(['DATABASE_URL: must be a mongodb:// URL (DATABASE_DRIVER=mongodb)']);
    expect(problems({ DATABASE_URL: 'mongodb://h/', DATABASE_DRIVER: 'postgres' })).toEqual(['DATABASE_URL: must be a postgres:// URL (DATABASE_DRIVER=postgres)']);
  });
});

describe('isDuplicateKey', () => {
  it('recognises code 11000 directly, in write errors and as a cause', () => {
    expect(isDuplicateKey({ code: 11000 })).toBe(true);
    expect(isDuplicateKey({ writeErrors: [{ code: 11000 }] })).toBe(true);
    expect(isDuplicateKey(Object.assign(new Error('wrapped'), { cause: { code: 11000 } }))).toBe(true);
    expect(isDuplicateKey({ code: 2 })).toBe(false);
    expect(isDuplicateKey(new Error('other'))).toBe(false);
    expect(isDuplicateKey(undefined)).toBe(false);
  });
});
