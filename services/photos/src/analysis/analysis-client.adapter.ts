import { Injectable, Logger } from '@nestjs/common';
import { LocalServiceRegistry } from '@wildframe/platform';
import type { StoredRating } from '../db/schema';
import type { AnalysisClient, AnalysisOutcome, AnalysisRequest } from './analysis-client';

/** The analysis service's sync API as registered in-process under 'analysis' (see @wildframe/contracts). */
interface AnalysisApiShape {
  analyze(
    request: AnalysisRequest,
    options: { deadlineMs: number },
  ): Promise<{ outcome: 'rated'; rating: StoredRating } | { outcome: 'refused'; message: string; reasons: string[] }>;
}

export interface RemoteAnalysis {
  url: string;
  token: string;
}

/**
 * Calls the analysis service in-process when its module runs here (standalone), otherwise over
 * HTTP. Any failure or a missed deadline becomes 'unavailable': an upload never fails because
 * the critique could not be made.
 */
@Injectable()
export class AnalysisClientAdapter implements AnalysisClient {
  private readonly logger = new Logger('AnalysisClient');

  constructor(
    private readonly registry: LocalServiceRegistry,
    private readonly remote: RemoteAnalysis | null,
  ) {}

  async analyze(request: AnalysisRequest, deadlineMs: number): Promise<AnalysisOutcome> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<AnalysisOutcome>((resolve) => {
      timer = setTimeout(() => resolve({ outcome: 'unavailable', reason: `no answer within ${deadlineMs} ms` }), deadlineMs);
    });
    try {
      return await Promise.race([this.call(request, deadlineMs), deadline]);
    } catch (error) {
      this.logger.warn({ err: error, photoId: request.photoId }, 'analysis failed; the photo is kept without a rating');
      return { outcome: 'unavailable', reason: (error as Error).message };
    } finally {
      clearTimeout(timer);
    }
  }

  private async call(request: AnalysisRequest, deadlineMs: number): Promise<AnalysisOutcome> {
    const local = this.registry.get<AnalysisApiShape>('analysis');
    if (local) return local.analyze(request, { deadlineMs });
    if (!this.remote) return { outcome: 'unavailable', reason: 'no analysis service configured' };
    const url = new URL('/api/internal/analysis/analyze', this.remote.url);
    for (const [key, value] of Object.entries({ photoId: request.photoId, userId: request.userId ?? '', title: request.title, description: request.description, isPublic: String(request.isPublic) })) {
      url.searchParams.set(key, value);
    }
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', 'x-internal-token': this.remote.token },
      body: request.image,
      signal: AbortSignal.timeout(deadlineMs),
    });
    if (!res.ok) throw new Error(`analysis answered ${res.status}`);
    return (await res.json()) as AnalysisOutcome;
  }
}
