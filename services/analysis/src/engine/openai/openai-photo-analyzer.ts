import sharp from 'sharp';
import type { LocalAnalysis, LocalPhotoAnalyzer } from '../local-photo-analyzer';
import { AnalysisInput, AnalysisOutcome, EngineRating, PhotoAnalyzer, overallOf, roundScore } from '../photo-analyzer';
import { OpenAiCallError, OpenAiVisionClient, VisionRating } from './openai-vision.client';

/** `aiModel` is varchar(100). */
const AI_MODEL_MAX = 100;

/** Facts from the local measurements, handed to the model as context (and kept short). */
export function measuredFacts(local: LocalAnalysis): string[] {
  if (local.outcome.outcome === 'refused') return [];
  const e = local.outcome.rating.evidence;
  return [...e.category, ...e.clarity, ...e.lighting.slice(0, 3), ...e.composition.slice(0, 4)].slice(0, 14);
}

/** The reason a photo is held when the vision model doubts it is a nature photograph. */
export const VISION_DOUBT = 'The AI critic doubts this is a nature photograph.';

/**
 * The OpenAI engine: OpenAI itself, or any OpenAI-compatible vision server (`OPENAI_BASE_URL`:
 * llama.cpp's server, vLLM, LM Studio… that honours a json_schema `response_format`). The local
 * engine always runs first: it screens the content with the same rules as on its own (a refused
 * photo is never sent out; a photo it holds for review stays held), takes the measurements the
 * editing tips need, and is the answer when the model fails or runs out of time, in which case
 * `aiModel` says so. The model can add a hold (it doubts the photo is nature) but never refuse or
 * lift one.
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
    const held = local.outcome.outcome === 'review' ? local.outcome.reasons : [];
    const fallback = local.outcome.rating;
    const outcome = (rating: EngineRating, reasons: string[]): AnalysisOutcome => (reasons.length > 0 ? { outcome: 'review', rating, reasons } : { outcome: 'rated', rating });
    try {
      const jpeg = await sharp(input.image).rotate().resize({ width: 1024, height: 1024, fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 85 }).toBuffer();
      const judged = await this.client.rate({ jpeg, title: input.title, description: input.description, measuredFacts: measuredFacts(local), deadline: input.deadline });
      const doubts = judged.naturePhotograph !== 'yes' && held.length === 0 ? [VISION_DOUBT] : [];
      return outcome(this.fromModel(judged, fallback), [...held, ...doubts]);
    } catch (error) {
      const reason = error instanceof OpenAiCallError ? error.reason : 'unexpected error';
      this.onFallback(reason);
      return outcome(
        {
          ...fallback,
          aiModel: `${fallback.aiModel} (openai fallback: ${reason})`.slice(0, AI_MODEL_MAX),
          evidence: { ...fallback.evidence, engine: [...fallback.evidence.engine, `OpenAI ${this.client.model} did not answer (${reason}): the local engine's rating is shown`] },
        },
        held,
      );
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
      // The photographer's words (or a confident detection) first, as on the local engine.
      subject: local.subject ?? (judged.subject?.trim() || null),
      category: judged.category,
      aiModel: `openai:${model}`.slice(0, AI_MODEL_MAX),
      evidence: {
        ...local.evidence,
        // The model's reasons, unprefixed: "How we measured" names no model (aiModel does).
        composition: judged.evidence.composition,
        lighting: judged.evidence.lighting,
        clarity: judged.evidence.clarity,
        creativity: judged.evidence.creativity,
        engine: [`scores and feedback by ${model} through the OpenAI API from the image (measured facts given as context); nature photograph: ${judged.naturePhotograph}`, ...local.evidence.engine],
      },
      measurements: local.measurements,
    };
  }
}
