// The analysis worker process (a WorkPool worker, see PooledPhotoAnalyzer): the configured engine
// (local models on tfjs WebAssembly, measurements, OpenAI) rates photos here, away from the web
// process's event loop. The engine is built by its own providers, untouched, from the same config.
import 'reflect-metadata';
import { Module } from '@nestjs/common';
import type { LoggerService } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { serveJobs } from '@wildframe/platform/worker';
import { ANALYSIS_CONFIG } from '../analysis.config';
import type { AnalysisConfig } from '../analysis.config';
import { MODEL_LOADER, PHOTO_ANALYZER, engineProviders } from '../engine/engine.providers';
import type { ModelLoader } from '../engine/models/model-loader';
import type { AnalysisInput, PhotoAnalyzer } from '../engine/photo-analyzer';

const LEVELS = { error: 50, warn: 40 } as const;

/** The engine's log lines (Nest's Logger: message, then text and context) as JSON lines with pino's fields, like the service's own. */
function jsonLogger(): LoggerService {
  const write =
    (level: keyof typeof LEVELS) =>
    (message: unknown, ...params: unknown[]): void => {
      const context = params.length > 0 && typeof params.at(-1) === 'string' ? params.pop() : undefined;
      const fields = typeof message === 'object' && message !== null ? { ...message, msg: params.find((p) => typeof p === 'string') } : { msg: String(message) };
      process.stdout.write(`${JSON.stringify({ level: LEVELS[level], time: Date.now(), pid: process.pid, service: 'analysis-worker', context, ...fields })}\n`);
    };
  // Nest's start-up chatter (`log`) is left out, as the service's logger leaves it out.
  return { log: () => undefined, warn: write('warn'), error: write('error') };
}

serveJobs(async (init) => {
  const config = init as AnalysisConfig;
  @Module({ providers: [{ provide: ANALYSIS_CONFIG, useValue: config }, ...engineProviders] })
  class EngineModule {}
  const engine = await NestFactory.createApplicationContext(EngineModule, { logger: jsonLogger() });
  const analyzer = engine.get<PhotoAnalyzer>(PHOTO_ANALYZER);
  // In the background: the first photo waits for the models only within its deadline.
  if (config.ANALYSIS_WARM_UP) engine.get<ModelLoader>(MODEL_LOADER).warmUp();
  return { analyze: (input: AnalysisInput) => analyzer.analyze(input) };
});
