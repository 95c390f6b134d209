import { Controller, Get, HttpCode, Injectable, Res } from '@nestjs/common';
import type { Response } from 'express';

export interface HealthCheck {
  /** e.g. `database:auth` */
  name: string;
  /** Resolves when healthy; rejects (or times out) when not. */
  check(): Promise<void>;
}

/** Collects the readiness checks that modules register (one per database, …). */
@Injectable()
export class HealthRegistry {
  private readonly checks = new Map<string, HealthCheck>();
  private drainingSince: Date | undefined;

  /** Shutdown has begun: readiness answers 503 from now on, so the load balancer stops sending requests. */
  startDraining(): void {
    this.drainingSince ??= new Date();
  }

  get draining(): boolean {
    return this.drainingSince !== undefined;
  }

  register(check: HealthCheck): void {
    this.checks.set(check.name, check);
  }

  /** Runs every check; `reasons` (only when one is down) says why each failing check failed. */
  async run(timeoutMs = 2000): Promise<{ ok: boolean; checks: Record<string, 'up' | 'down'>; reasons?: Record<string, string> }> {
    const entries = await Promise.all(
      [...this.checks.values()].map(async (c) => {
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
        });
        try {
          await Promise.race([c.check(), timeout]);
          return { name: c.name, up: true, reason: '' };
        } catch (error) {
          return { name: c.name, up: false, reason: error instanceof Error ? error.message : String(error) };
        } finally {
          clearTimeout(timer);
        }
      }),
    );
    const checks = Object.fromEntries(entries.map((entry) => [entry.name, entry.up ? 'up' : 'down'] as const));
    const down = entries.filter((entry) => !entry.up);
    if (down.length === 0) return { ok: true, checks };
    return { ok: false, checks, reasons: Object.fromEntries(down.map((entry) => [entry.name, entry.reason])) };
  }
}

type ReadinessBody =
  | { status: 'ok'; checks: Record<string, string> }
  | { statusCode: 503; message: string; status: 'unavailable'; checks: Record<string, string> };

/**
 * `/api/health/live`: the process answers. `/api/health/ready` and `/api/health`: every
 * registered dependency (the databases, Kafka until the bus has connected once) answers too;
 * 503 otherwise, with each failing check and its reason in the message.
 */
@Controller('health')
export class HealthController {
  constructor(private readonly registry: HealthRegistry) {}

  @Get('live')
  @HttpCode(200)
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get(['', 'ready'])
  async ready(@Res({ passthrough: true }) res: Response): Promise<ReadinessBody> {
    if (this.registry.draining) {
      res.status(503);
      return { statusCode: 503, message: 'Service is shutting down', status: 'unavailable', checks: {} };
    }
    const result = await this.registry.run();
    if (result.ok) return { status: 'ok', checks: result.checks };
    // Not ready is still answered in the shared error envelope, with the failing checks named and why.
    res.status(503);
    const why = Object.entries(result.reasons ?? {}).map(([name, reason]) => `${name}: ${reason}`);
    return { statusCode: 503, message: `Service not ready (${why.join('; ')})`, status: 'unavailable', checks: result.checks };
  }
}
