import { z } from 'zod';

export type Env = Readonly<Record<string, string | undefined>>;

/** Thrown when configuration is missing or wrong; the message names every offending variable. */
export class ConfigError extends Error {
  constructor(
    readonly service: string,
    readonly problems: readonly string[],
  ) {
    super(`Invalid configuration for ${service}:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Parses environment variables with a zod object schema whose keys are the variable names.
 * The only place the process environment is interpreted: callers pass `process.env` in main.ts.
 */
export function loadConfig<S extends z.ZodObject>(service: string, schema: S, env: Env): z.infer<S> {
  const input: Record<string, string | undefined> = {};
  for (const key of Object.keys(schema.shape)) {
    const value = env[key];
    // An empty variable is treated as unset so `FOO=` falls back to the default.
    input[key] = value === undefined || value.trim() === '' ? undefined : value;
  }
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.length > 0 ? issue.path.join('.') : '(config)';
    const raw = issue.path.length > 0 ? input[String(issue.path[0])] : undefined;
    if (raw === undefined && issue.code === 'invalid_type') return `${name} is required`;
    if (raw === undefined) return issue.message.startsWith('is ') ? `${name} ${issue.message}` : `${name}: ${issue.message}`;
    return `${name}: ${issue.message} (got '${withoutPassword(raw)}')`;
  });
  throw new ConfigError(service, problems);
}

/** A value as a config error may show it: the password of a URL (a DATABASE_URL's, say) never reaches the logs. */
function withoutPassword(value: string): string {
  return value.replace(/^([a-z][a-z0-9+.-]*:\/\/[^/?#@:]*):[^/?#@]*@/i, '$1:***@');
}

/** Reusable field schemas for environment variables, with messages a operator can act on. */
export const envField = {
  string: () => z.string().min(1, 'must not be empty'),
  port: (fallback: number) =>
    z.coerce
      .number({ message: 'must be a port number' })
      .int('must be a whole number')
      .min(0, 'must be between 0 and 65535')
      .max(65535, 'must be between 0 and 65535')
      .default(fallback),
  positiveInt: (fallback: number) =>
    z.coerce.number({ message: 'must be a number' }).int('must be a whole number').positive('must be positive').default(fallback),
  url: (protocols: readonly string[]) =>
    z
      .string()
      .refine((v) => {
        try {
          return protocols.includes(new URL(v).protocol.replace(/:$/, ''));
        } catch {
          return false;
        }
      }, `must be a URL starting with ${protocols.map((p) => `${p}://`).join(' or ')}`),
  /**
   * A database URL: `postgres://`/`postgresql://` (PostgreSQL) or `mongodb://`/`mongodb+srv://`
   * (MongoDB; its host list may name several hosts, which WHATWG URLs cannot parse).
   */
  databaseUrl: () =>
    z
      .string()
      .refine(
        (v) => /^(postgres|postgresql):\/\/\S+$/i.test(v) ? isParsableUrl(v) : /^mongodb(\+srv)?:\/\/[^\s/]+(\/\S*)?$/i.test(v),
        'must be a URL starting with postgres://, postgresql://, mongodb:// or mongodb+srv://',
      ),
  bool: (fallback: boolean) =>
    z
      .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
      .transform((v) => v === 'true' || v === '1' || v === 'yes')
      .default(fallback),
  list: () =>
    z
      .string()
      .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean))
      .refine((v) => v.length > 0, 'must list at least one value'),
  oneOf: <T extends readonly [string, ...string[]]>(values: T, fallback?: T[number]) => {
    const schema = z.enum(values, { message: `must be one of ${values.join(', ')}` });
    return fallback === undefined ? schema : schema.default(fallback as never);
  },
  logLevel: () => z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
    message: 'must be one of fatal, error, warn, info, debug, trace, silent',
  }).default('info'),
};

function isParsableUrl(value: string): boolean {
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}
