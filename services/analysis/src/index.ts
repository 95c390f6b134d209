export * from './analysis.config';
export * from './analysis.module';
export * from './openapi';
// The engine port: other compositions' tests replace it with a double whose verdict they choose.
export { PHOTO_ANALYZER } from './engine/engine.providers';
export type { AnalysisInput, AnalysisOutcome, EngineRating, PhotoAnalyzer } from './engine/photo-analyzer';
