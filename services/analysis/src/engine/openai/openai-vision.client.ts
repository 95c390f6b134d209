import { z } from 'zod';

export interface OpenAiClientOptions {
  apiKey: string;
  /** e.g. https://api.openai.com/v1 */
  baseUrl: string;
  model: string;
  /** Per attempt. */
  timeoutMs: number;
  /** Retries after the first attempt, for timeouts, network errors, 408, 409, 429 and 5xx. */
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
  evidence: z.object({ composition: evidenceList, lighting: evidenceList, clarity: evidenceList, creativity: evidenceList }),
});

export type VisionRating = z.infer<typeof visionRatingSchema>;

/** The same shape as a JSON schema for OpenAI's structured outputs (strict mode: every field required, no extras). */
export const VISION_RATING_JSON_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['overall', 'composition', 'lighting', 'clarity', 'creativity', 'feedback', 'subject', 'category', 'evidence'],
  properties: {
    overall: { type: 'number', description: 'Overall rating, 1-10, one decimal' },
    composition: { type: 'number', description: '1-10, one decimal' },
    lighting: { type: 'number', description: '1-10, one decimal' },
    clarity: { type: 'number', description: '1-10, one decimal: focus, noise, compression' },
    creativity: { type: 'number', description: '1-10, one decimal' },
    feedback: { type: 'string', description: 'Three to six short sentences, each ending with a full stop, no other full stops, no decimals' },
    subject: { type: ['string', 'null'], description: 'What the photo shows, e.g. "red fox"; null if unclear' },
    category: { type: 'string', enum: ['wildlife', 'landscape', 'others'] },
    evidence: {
      type: 'object',
      additionalProperties: false,
      required: ['composition', 'lighting', 'clarity', 'creativity'],
      properties: {
        composition: { type: 'array', items: { type: 'string' }, description: 'What in the image this score rests on' },
        lighting: { type: 'array', items: { type: 'string' } },
        clarity: { type: 'array', items: { type: 'string' } },
        creativity: { type: 'array', items: { type: 'string' } },
      },
    },
  },
} as const;

const SYSTEM_PROMPT = [
  'You are an experienced nature photography judge for a community of wildlife and landscape photographers.',
  'Rate the photo on composition, lighting, clarity and creativity from 1 to 10 with one decimal, and give an overall rating.',
  'Judge only what is visible in the image; use the measured facts as help, and say in the evidence what each score rests on.',
  'Feedback: warm, precise and encouraging, concrete about what to improve. Category: wildlife for wild animals,',
  'landscape for scenes, others for anything else (pets, livestock, plants and close-ups).',
].join(' ');

/** Why a call failed, short enough for `aiModel` ("local… (openai fallback: timeout)"). */
export class OpenAiCallError extends Error {
  constructor(
    readonly reason: string,
    readonly retryable: boolean,
    readonly retryAfterMs?: number,
  ) {
    super(`OpenAI call failed: ${reason}`);
    this.name = 'OpenAiCallError';
  }
}

const chatResponseSchema = z.object({
  choices: z
    .array(z.object({ message: z.object({ content: z.string().nullable().optional(), refusal: z.string().nullable().optional() }) }))
    .min(1),
});

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Chat Completions with an image and a JSON-schema response. Each attempt has its own timeout,
 * retries back off (honouring Retry-After) and nothing runs past the caller's deadline.
 */
export class OpenAiVisionClient {
  private readonly fetch: typeof fetch;

  constructor(private readonly options: OpenAiClientOptions) {
    this.fetch = options.fetch ?? fetch;
  }

  get model(): string {
    return this.options.model;
  }

  /** The request body sent to /chat/completions (exposed for tests and logs). */
  requestBody(request: VisionRatingRequest): Record<string, unknown> {
    const facts = request.measuredFacts.length > 0 ? `\nMeasured by the local engine:\n- ${request.measuredFacts.join('\n- ')}` : '';
    return {
      model: this.options.model,
      temperature: 0.2,
      max_tokens: 900,
      response_format: { type: 'json_schema', json_schema: { name: 'photo_rating', strict: true, schema: VISION_RATING_JSON_SCHEMA } },
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

  async rate(request: VisionRatingRequest): Promise<VisionRating> {
    const body = JSON.stringify(this.requestBody(request));
    let attempt = 0;
    for (;;) {
      const remaining = request.deadline - Date.now();
      if (remaining <= 50) throw new OpenAiCallError('deadline reached', false);
      try {
        return await this.attempt(body, Math.min(this.options.timeoutMs, remaining));
      } catch (error) {
        const failure = error instanceof OpenAiCallError ? error : new OpenAiCallError('network error', true);
        attempt++;
        if (!failure.retryable || attempt > this.options.maxRetries) throw failure;
        const backoff = failure.retryAfterMs ?? 250 * 2 ** (attempt - 1);
        if (Date.now() + backoff >= request.deadline - 50) throw failure;
        await sleep(backoff);
      }
    }
  }

  private async attempt(body: string, timeoutMs: number): Promise<VisionRating> {
    let response: Response;
    try {
      response = await this.fetch(`${this.options.baseUrl.replace(/\/+$/, '')}/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${this.options.apiKey}`, 'content-type': 'application/json' },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      // Duck-typed: the abort reason is a DOMException, not necessarily an Error of this realm.
      const name = (error as { name?: unknown } | null)?.name;
      const timedOut = name === 'TimeoutError' || name === 'AbortError';
      throw new OpenAiCallError(timedOut ? 'timeout' : 'network error', true);
    }
    if (!response.ok) {
      const retryable = response.status === 408 || response.status === 409 || response.status === 429 || response.status >= 500;
      const retryAfter = Number(response.headers.get('retry-after'));
      await response.body?.cancel();
      throw new OpenAiCallError(`http ${response.status}`, retryable, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : undefined);
    }
    let content: string | null | undefined;
    try {
      const parsed = chatResponseSchema.parse(await response.json());
      const message = parsed.choices[0]?.message;
      if (message?.refusal) throw new OpenAiCallError('model refused', false);
      content = message?.content;
    } catch (error) {
      if (error instanceof OpenAiCallError) throw error;
      throw new OpenAiCallError('invalid response', false);
    }
    try {
      return visionRatingSchema.parse(JSON.parse(content ?? ''));
    } catch {
      throw new OpenAiCallError('invalid response', false);
    }
  }
}
