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

  async run(timeoutMs = 2000): Promise<{ ok: boolean; checks: Record<string, 'up' | 'down'> }> {
    const entries = await Promise.all(
      [...this.checks.values()].map(async (c) => {
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('timeout')), timeoutMs);
        });
        try {
          await Promise.race([c.check(), timeout]);
          return [c.name, 'up'] as const;
        } catch {
          return [c.name, 'down'] as const;
        } finally {
          clearTimeout(timer);
        }
      }),
    );
    return { ok: entries.every(([, s]) => s === 'up'), checks: Object.fromEntries(entries) };
  }
}

type ReadinessBody =
  | { status: 'ok'; checks: Record<string, string> }
  | { statusCode: 503; message: string; status: 'unavailable'; checks: Record<string, string> };

/**
 * `/api/health/live`: the process answers. `/api/health/ready` and `/api/health`: every
 * registered dependency (the databases) answers too; 503 otherwise.
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
    // Not ready is still answered in the shared error envelope, with the failing checks named.
    res.status(503);
    return { statusCode: 503, message: 'Service not ready', status: 'unavailable', checks: result.checks };
  }
}
