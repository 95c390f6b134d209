import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { ContentFilterFinishReasonError, LengthFinishReasonError } from 'openai/core/error';
import { zodResponseFormat } from 'openai/helpers/zod';
import type { ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import { ZodError, z } from 'zod';

export interface OpenAiClientOptions {
  apiKey: string;
  /** e.g. https://api.openai.com/v1 */
  baseUrl: string;
  model: string;
  /** Per attempt. */
  timeoutMs: number;
  /** Retries after the first attempt (the SDK's: timeouts, network errors, 408, 409, 429 and 5xx). */
  maxRetries: number;
  fetch?: typeof fetch;
}

export interface VisionRatingRequest {
  /** JPEG bytes (the engine sends a ≤ 1024 px copy). */
  jpeg: Buffer;
  title: string;
  description: string;
  /** Facts the local engine measured, given to the model as context. */
  measuredFacts: string[];
  /** Epoch ms: no attempt starts or runs past it. */
  deadline: number;
}

const evidenceList = z.array(z.string().max(300)).max(8);

/** The JSON the model must answer with: the rating shape of the local engine, plus its reasons. */
export const visionRatingSchema = z.object({
  overall: z.number(),
  composition: z.number(),
  lighting: z.number(),
  clarity: z.number(),
  creativity: z.number(),
  feedback: z.string().min(1).max(2000),
  subject: z.string().max(200).nullable(),
  category: z.enum(['wildlife', 'landscape', 'others']),
  /** Whether the image is a nature photograph at all ('no' or 'unsure' holds it for an admin's review; the model alone never refuses). */
  naturePhotograph: z.enum(['yes', 'unsure', 'no']),
  evidence: z.object({ composition: evidenceList, lighting: evidenceList, clarity: evidenceList, creativity: evidenceList }),
});

export type VisionRating = z.infer<typeof visionRatingSchema>;

const SYSTEM_PROMPT = [
  'You are an experienced nature photography judge for a community of wildlife and landscape photographers.',
  'Rate the photo on composition, lighting, clarity and creativity from 1 to 10 with one decimal, and give an overall rating.',
  'Judge only what is visible in the image; use the measured facts as help, and say in the evidence what each score rests on.',
  'Feedback: warm, precise and encouraging, concrete about what to improve. Category: wildlife for wild animals,',
  'landscape for scenes, others for anything else (pets, livestock, plants and close-ups).',
  'naturePhotograph: yes for a photograph of nature taken with a camera; no for documents, screenshots, renders, drawings',
  'and photos of man-made things; unsure when in doubt. Use the subject name from the title or description when it fits the image;',
  'never name an animal the image does not show. Give one exposure direction at most, and respect deliberate high-key, low-key and',
  'silhouette photos. Write for photographers, in plain words: no technical measures, model names or statistics in the feedback.',
].join(' ');

/** Why a call failed, short enough for `aiModel` ("local… (openai fallback: timeout)"). */
export class OpenAiCallError extends Error {
  constructor(readonly reason: string) {
    super(`OpenAI call failed: ${reason}`);
    this.name = 'OpenAiCallError';
  }
}

/** The structured-output format sent with every request: derived from the zod schema above, the one definition of the shape. */
export const VISION_RATING_FORMAT = zodResponseFormat(visionRatingSchema, 'photo_rating');

/** The SDK's errors, reduced to the short reason `aiModel` carries. */
function reasonOf(error: unknown): string {
  if (error instanceof OpenAiCallError) return error.reason;
  if (error instanceof APIConnectionTimeoutError) return 'timeout';
  if (error instanceof APIUserAbortError) return 'deadline reached';
  if (error instanceof APIConnectionError) return 'network error';
  if (error instanceof APIError) return error.status === undefined ? 'api error' : `http ${error.status}`;
  if (error instanceof ContentFilterFinishReasonError) return 'model refused';
  // Answers that are not JSON or do not match the schema (the SDK parses them with the zod schema).
  if (error instanceof LengthFinishReasonError || error instanceof SyntaxError || error instanceof ZodError) return 'invalid response';
  return 'unexpected error';
}

/**
 * The SDK tells a timeout from a network error by the error's name, but keeps only `Error`
 * instances: an abort DOMException from another realm (fetch under a vm context, as in jest)
 * would reach it nameless. Re-throwing it as a local Error with the same name keeps the reason.
 */
function sameRealmErrors(fetchImpl: typeof fetch): typeof fetch {
  return async (input, init) => {
    try {
      return await fetchImpl(input, init);
    } catch (error) {
      if (error instanceof Error || typeof error !== 'object' || error === null) throw error;
      const { name, message } = error as { name?: unknown; message?: unknown };
      throw Object.assign(new Error(String(message ?? 'fetch failed')), { name: String(name ?? 'Error'), cause: error });
    }
  };
}

/**
 * Chat Completions with an image and a structured-output response, through the official `openai`
 * SDK: the SDK times out each attempt and retries timeouts, network errors, 408, 409, 429 and 5xx
 * with back-off (honouring Retry-After); an abort signal stops everything at the caller's deadline.
 */
export class OpenAiVisionClient {
  private readonly client: OpenAI;

  constructor(private readonly options: OpenAiClientOptions) {
    this.client = new OpenAI({
      apiKey: options.apiKey,
      baseURL: options.baseUrl,
      timeout: options.timeoutMs,
      maxRetries: options.maxRetries,
      fetch: sameRealmErrors(options.fetch ?? fetch),
    });
  }

  get model(): string {
    return this.options.model;
  }

  /** The request sent to /chat/completions (exposed for tests and logs). */
  request(request: VisionRatingRequest): ChatCompletionCreateParamsNonStreaming & { response_format: typeof VISION_RATING_FORMAT } {
    const facts = request.measuredFacts.length > 0 ? `\nMeasured by the local engine:\n- ${request.measuredFacts.join('\n- ')}` : '';
    return {
      model: this.options.model,
      temperature: 0.2,
      max_tokens: 900,
      response_format: VISION_RATING_FORMAT,
      messages: [
        { role: 'system', content: SYSTEM_PROMPT },
        {
          role: 'user',
          content: [
            { type: 'text', text: `Title: ${request.title}\nDescription: ${request.description}${facts}` },
            { type: 'image_url', image_url: { url: `data:image/jpeg;base64,${request.jpeg.toString('base64')}`, detail: 'high' } },
          ],
        },
      ],
    };
  }

  /** Throws `OpenAiCallError` with a short reason on any failure. */
  async rate(request: VisionRatingRequest): Promise<VisionRating> {
    const remaining = request.deadline - Date.now();
    if (remaining <= 50) throw new OpenAiCallError('deadline reached');
    try {
      const completion = await this.client.chat.completions.parse(this.request(request), {
        timeout: Math.min(this.options.timeoutMs, remaining),
        signal: AbortSignal.timeout(remaining),
      });
      const message = completion.choices[0]?.message;
      if (message?.refusal) throw new OpenAiCallError('model refused');
      if (!message?.parsed) throw new OpenAiCallError('invalid response');
      return message.parsed;
    } catch (error) {
      if (error instanceof OpenAiCallError) throw error;
      const reason = reasonOf(error);
      throw new OpenAiCallError(reason);
    }
  }
}
