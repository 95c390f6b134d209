import sharp from 'sharp';
import type { LocalAnalysis, LocalPhotoAnalyzer } from '../local-photo-analyzer';
import { AnalysisInput, AnalysisOutcome, EngineRating, PhotoAnalyzer, overallOf, roundScore } from '../photo-analyzer';
import { OpenAiCallError, OpenAiVisionClient, VisionRating } from './openai-vision.client';

/** `aiModel` is varchar(100). */
const AI_MODEL_MAX = 100;

/** Facts from the local measurements, handed to the model as context (and kept short). */
export function measuredFacts(local: LocalAnalysis): string[] {
  if (local.outcome.outcome !== 'rated') return [];
  const e = local.outcome.rating.evidence;
  return [...e.category, ...e.clarity, ...e.lighting.slice(0, 3), ...e.composition.slice(0, 4)].slice(0, 14);
}

/**
 * The OpenAI engine. The local engine always runs first: it screens the content (a refused photo
 * is never sent out), takes the measurements the editing tips need, and is the answer when OpenAI
 * fails or runs out of time, in which case `aiModel` says so.
 */
export class OpenAiPhotoAnalyzer implements PhotoAnalyzer {
  readonly name = 'openai';

  constructor(
    private readonly local: LocalPhotoAnalyzer,
    private readonly client: OpenAiVisionClient,
    private readonly onFallback: (reason: string) => void = () => undefined,
  ) {}

  async analyze(input: AnalysisInput): Promise<AnalysisOutcome> {
    const local = await this.local.analyzeInDetail(input);
    if (local.outcome.outcome === 'refused') return local.outcome;
    const fallback = local.outcome.rating;
    try {
      const jpeg = await sharp(input.image).rotate().resize({ width: 1024, height: 1024, fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 85 }).toBuffer();
      const judged = await this.client.rate({ jpeg, title: input.title, description: input.description, measuredFacts: measuredFacts(local), deadline: input.deadline });
      return { outcome: 'rated', rating: this.fromModel(judged, fallback) };
    } catch (error) {
      const reason = error instanceof OpenAiCallError ? error.reason : 'unexpected error';
      this.onFallback(reason);
      return {
        outcome: 'rated',
        rating: {
          ...fallback,
          aiModel: `${fallback.aiModel} (openai fallback: ${reason})`.slice(0, AI_MODEL_MAX),
          evidence: { ...fallback.evidence, engine: [...fallback.evidence.engine, `OpenAI ${this.client.model} did not answer (${reason}): the local engine's rating is shown`] },
        },
      };
    }
  }

  private fromModel(judged: VisionRating, local: EngineRating): EngineRating {
    const composition = roundScore(judged.composition);
    const lighting = roundScore(judged.lighting);
    const clarity = roundScore(judged.clarity);
    const creativity = roundScore(judged.creativity);
    const model = this.client.model;
    return {
      // The overall follows the shown scores with the same weights as the local engine, so the five numbers agree.
      scores: { overall: roundScore(overallOf({ composition, lighting, clarity, creativity })), composition, lighting, clarity, creativity },
      feedback: judged.feedback.replace(/\s+/g, ' ').trim(),
      subject: judged.subject?.trim() || local.subject,
      category: judged.category,
      aiModel: `openai:${model}`.slice(0, AI_MODEL_MAX),
      evidence: {
        ...local.evidence,
        composition: judged.evidence.composition.map((s) => `${model}: ${s}`),
        lighting: judged.evidence.lighting.map((s) => `${model}: ${s}`),
        clarity: judged.evidence.clarity.map((s) => `${model}: ${s}`),
        creativity: judged.evidence.creativity.map((s) => `${model}: ${s}`),
        engine: [`scores and feedback by OpenAI ${model} from the image (measured facts given as context)`, ...local.evidence.engine],
      },
      measurements: local.measurements,
    };
  }
}
