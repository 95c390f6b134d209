import { Injectable, Logger } from '@nestjs/common';
import { ANALYSIS_API, createAnalysisHttpClient } from '@wildframe/contracts';
import type { AnalysisApi } from '@wildframe/contracts';
import { LocalServiceRegistry, tracedFetch } from '@wildframe/platform';
import type { AnalysisClient, AnalysisOutcome, AnalysisRequest } from './analysis-client';

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
  /** The contract's HTTP client, when the analysis service runs elsewhere. */
  private readonly http: AnalysisApi | null;

  constructor(
    private readonly registry: LocalServiceRegistry,
    remote: RemoteAnalysis | null,
  ) {
    this.http = remote ? createAnalysisHttpClient({ baseUrl: remote.url, internalToken: remote.token, fetch: tracedFetch }) : null;
  }

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
    const api = this.registry.get<AnalysisApi>(ANALYSIS_API) ?? this.http;
    if (!api) return { outcome: 'unavailable', reason: 'no analysis service configured' };
    return api.analyze(request, { deadlineMs });
  }
}
