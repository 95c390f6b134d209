import { readFileSync } from 'node:fs';
import { IncomingMessage, Server, ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { REPO_FIXTURES } from '../../testing/fixtures';
import { LocalAnalysis, LocalPhotoAnalyzer } from '../local-photo-analyzer';
import type { AnalysisInput } from '../photo-analyzer';
import type { EngineRating } from '../photo-analyzer';
import { REFERENCE_SET } from '../scoring/reference-set';
import { OpenAiPhotoAnalyzer, VISION_DOUBT } from './openai-photo-analyzer';
import { OpenAiVisionClient, VisionRating, visionRatingSchema } from './openai-vision.client';

jest.setTimeout(300_000);

const KINGFISHER = readFileSync(join(REPO_FIXTURES, 'wildlife_bird_kingfisher_gcompris.webp'));

const MODEL_ANSWER: VisionRating = {
  overall: 8.44,
  composition: 8.2,
  lighting: 7.66,
  clarity: 9.1,
  creativity: 6.5,
  feedback: 'A bright kingfisher on a clean perch.   The background is calm. Try a lower angle next time.',
  subject: 'common kingfisher',
  category: 'wildlife',
  naturePhotograph: 'yes',
  evidence: { composition: ['bird on the left third'], lighting: ['soft front light'], clarity: ['feathers sharp'], creativity: ['classic perch pose'] },
};

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

type Responder = (req: Received, res: ServerResponse, attempt: number) => void;

/** A local server speaking the chat-completions contract, scripted per test. */
class FakeOpenAi {
  readonly requests: Received[] = [];
  respond: Responder = (_req, res) => this.answer(res, MODEL_ANSWER);
  private server!: Server;

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const received: Received = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown> };
        this.requests.push(received);
        this.respond(received, res, this.requests.length);
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  answer(res: ServerResponse, content: unknown, status = 200): void {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(status === 200 ? { id: 'chatcmpl-1', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content: JSON.stringify(content), refusal: null }, finish_reason: 'stop' }] } : { error: { message: 'boom' } }));
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

describe('OpenAI engine against a local chat-completions server', () => {
  const fake = new FakeOpenAi();
  let baseUrl: string;
  /**
   * The local engine's real analysis of the photo, made once: the OpenAI engine is under test
   * here, and a fixed local result keeps the timing tests independent of how busy the machine is.
   */
  class MeasuredOnce extends LocalPhotoAnalyzer {
    constructor(private readonly result: LocalAnalysis) {
      super(null, REFERENCE_SET);
    }
    override async analyzeInDetail(_input: AnalysisInput): Promise<LocalAnalysis> {
      return this.result;
    }
  }
  let local: LocalPhotoAnalyzer;
  let measured: LocalAnalysis;
  const analyzer = (overrides: Partial<ConstructorParameters<typeof OpenAiVisionClient>[0]> = {}): OpenAiPhotoAnalyzer =>
    new OpenAiPhotoAnalyzer(local, new OpenAiVisionClient({ apiKey: 'sk-test', baseUrl, model: 'gpt-4o-mini', timeoutMs: 2000, maxRetries: 2, ...overrides }));
  const outcomeOf = (engine: OpenAiPhotoAnalyzer) => engine.analyze({ image: KINGFISHER, title: 'Kingfisher', description: 'On a perch', deadline: Date.now() + 20_000 });
  const rate = async (engine: OpenAiPhotoAnalyzer, deadlineMs = 20_000): Promise<EngineRating> => {
    const outcome = await engine.analyze({ image: KINGFISHER, title: 'Kingfisher', description: 'On a perch', deadline: Date.now() + deadlineMs });
    if (outcome.outcome !== 'rated') throw new Error('expected a rating');
    return outcome.rating;
  };

  beforeAll(async () => {
    baseUrl = await fake.start();
    measured = await new LocalPhotoAnalyzer(null, REFERENCE_SET).analyzeInDetail({ image: KINGFISHER, title: '', description: '', deadline: Date.now() + 280_000 });
    local = new MeasuredOnce(measured);
  });
  afterAll(() => fake.stop());
  beforeEach(() => {
    fake.requests.length = 0;
    fake.respond = (_req, res) => fake.answer(res, MODEL_ANSWER);
  });

  it('sends the image and asks for the JSON schema of the rating', async () => {
    await rate(analyzer());
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/v1/chat/completions');
    expect(request?.headers.authorization).toBe('Bearer sk-test');
    const body = request?.body as {
      model: string;
      response_format: { type: string; json_schema: { name: string; strict: boolean; schema: { required: string[] } } };
      messages: Array<{ role: string; content: unknown }>;
    };
    expect(body.model).toBe('gpt-4o-mini');
    expect(body.response_format.type).toBe('json_schema');
    expect(body.response_format.json_schema.strict).toBe(true);
    expect(body.response_format.json_schema.schema.required).toEqual(
      expect.arrayContaining(['overall', 'composition', 'lighting', 'clarity', 'creativity', 'feedback', 'subject', 'category', 'evidence']),
    );
    // The schema sent is the zod schema's own (one definition of the shape), not a second hand-written one.
    expect(body.response_format.json_schema.name).toBe('photo_rating');
    expect([...body.response_format.json_schema.schema.required].sort()).toEqual(Object.keys(visionRatingSchema.shape).sort());
    const user = body.messages.find((m) => m.role === 'user')?.content as Array<{ type: string; text?: string; image_url?: { url: string } }>;
    const image = user.find((part) => part.type === 'image_url')?.image_url?.url ?? '';
    expect(image).toMatch(/^data:image\/jpeg;base64,/);
    expect(Buffer.from(image.split(',')[1] ?? '', 'base64').subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(user.find((part) => part.type === 'text')?.text).toMatch(/Title: Kingfisher[\s\S]*Measured by the local engine/);
  });

  it("parses the model's answer into the rating shape, keeping the local measurements and screening", async () => {
    const rating = await rate(analyzer());
    expect(rating.aiModel).toBe('openai:gpt-4o-mini');
    // The overall follows the shown scores with the local weights: 0.3·8.2 + 0.25·7.7 + 0.25·9.1 + 0.2·6.5 = 7.96.
    expect(rating.scores).toEqual({ composition: 8.2, lighting: 7.7, clarity: 9.1, creativity: 6.5, overall: 8 });
    expect(rating.feedback).toBe('A bright kingfisher on a clean perch. The background is calm. Try a lower angle next time.');
    expect(rating.subject).toBe('common kingfisher');
    expect(rating.category).toBe('wildlife');
    // The model's reasons as it gave them: "How we measured" names no model (aiModel does).
    expect(rating.evidence.composition).toEqual(['bird on the left third']);
    expect(rating.evidence.screening.weapons).toBe('not checked (no offline model)');
    expect(rating.measurements.clarity.acutance).toBeGreaterThan(1);
  });

  it('falls back to the local engine on a timeout, after bounded retries, and says so in aiModel', async () => {
    fake.respond = () => undefined; // never answers
    const started = Date.now();
    const rating = await rate(analyzer({ timeoutMs: 300, maxRetries: 1 }));
    expect(fake.requests).toHaveLength(2);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(rating.aiModel).toBe('local:wildframe-measure-1 (openai fallback: timeout)');
    expect(rating.evidence.engine.at(-1)).toMatch(/did not answer \(timeout\)/);
  });

  it('retries server errors, then falls back; never retries a client error', async () => {
    fake.respond = (_req, res) => fake.answer(res, null, 500);
    expect((await rate(analyzer())).aiModel).toMatch(/openai fallback: http 500/);
    expect(fake.requests).toHaveLength(3);

    fake.requests.length = 0;
    fake.respond = (_req, res) => fake.answer(res, null, 401);
    expect((await rate(analyzer())).aiModel).toMatch(/openai fallback: http 401/);
    expect(fake.requests).toHaveLength(1);
  });

  it('recovers when a retry succeeds', async () => {
    fake.respond = (_req, res, attempt) => (attempt === 1 ? fake.answer(res, null, 503) : fake.answer(res, MODEL_ANSWER));
    expect((await rate(analyzer())).aiModel).toBe('openai:gpt-4o-mini');
    expect(fake.requests).toHaveLength(2);
  });

  it('falls back on an answer that does not match the schema', async () => {
    fake.respond = (_req, res) => fake.answer(res, { overall: 'great' });
    expect((await rate(analyzer())).aiModel).toMatch(/openai fallback: invalid response/);
  });

  it('does not start a call past the deadline', async () => {
    fake.respond = () => undefined;
    const started = Date.now();
    const rating = await rate(analyzer({ timeoutMs: 60_000, maxRetries: 5 }), 1500);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(rating.aiModel).toMatch(/openai fallback: (timeout|deadline reached)/);
  });

  describe('the same refusal and review rules as the local engine', () => {
    const withOutcome = (outcome: LocalAnalysis['outcome']): OpenAiPhotoAnalyzer => {
      class Screened extends LocalPhotoAnalyzer {
        constructor() {
          super(null, REFERENCE_SET);
        }
        override async analyzeInDetail(_input: AnalysisInput): Promise<LocalAnalysis> {
          return { ...measured, outcome };
        }
      }
      return new OpenAiPhotoAnalyzer(new Screened(), new OpenAiVisionClient({ apiKey: 'sk-test', baseUrl, model: 'gpt-4o-mini', timeoutMs: 2000, maxRetries: 0 }));
    };
    const rated = (): EngineRating => {
      if (measured.outcome.outcome === 'refused') throw new Error('the kingfisher was refused');
      return measured.outcome.rating;
    };

    it('never sends a photo the local screening refuses', async () => {
      const refused = { outcome: 'refused' as const, reasons: ['It looks like a screenshot or a document, not a nature photograph.'], evidence: rated().evidence };
      expect(await outcomeOf(withOutcome(refused))).toEqual(refused);
      expect(fake.requests).toHaveLength(0);
    });

    it('keeps a photo the local screening holds for review held, with its reasons, rated by the model', async () => {
      const reasons = ['It looks made on a computer (a render, a gradient or a screen capture), not taken with a camera.'];
      const outcome = await outcomeOf(withOutcome({ outcome: 'review', rating: rated(), reasons }));
      expect(outcome.outcome).toBe('review');
      if (outcome.outcome !== 'review') throw new Error('expected a hold');
      expect(outcome.reasons).toEqual(reasons);
      expect(outcome.rating.aiModel).toBe('openai:gpt-4o-mini');
      // Held and the model unreachable: still held, rated locally.
      fake.respond = (_req, res) => fake.answer(res, null, 500);
      const fallback = await outcomeOf(withOutcome({ outcome: 'review', rating: rated(), reasons }));
      expect(fallback.outcome).toBe('review');
    });

    it("holds a photo the model doubts is a nature photograph; the model's word alone never refuses", async () => {
      for (const doubt of ['no', 'unsure'] as const) {
        fake.respond = (_req, res) => fake.answer(res, { ...MODEL_ANSWER, naturePhotograph: doubt });
        const outcome = await outcomeOf(analyzer());
        expect(outcome.outcome).toBe('review');
        if (outcome.outcome === 'review') expect(outcome.reasons).toEqual([VISION_DOUBT]);
      }
    });
  });

  it('serves as the engine from a local OpenAI-compatible vision server (OPENAI_BASE_URL, any key, its own model name)', async () => {
    // e.g. llama.cpp's server or vLLM on this machine: same request, same schema, same parsing.
    const engine = new OpenAiPhotoAnalyzer(local, new OpenAiVisionClient({ apiKey: 'local', baseUrl, model: 'qwen2.5-vl-7b-instruct', timeoutMs: 2000, maxRetries: 0 }));
    const rating = await rate(engine);
    expect(rating.aiModel).toBe('openai:qwen2.5-vl-7b-instruct');
    const body = fake.requests[0]?.body as { model: string; response_format: { json_schema: { schema: { required: string[] } } } };
    expect(body.model).toBe('qwen2.5-vl-7b-instruct');
    expect(body.response_format.json_schema.schema.required).toContain('naturePhotograph');
    expect(fake.requests[0]?.headers.authorization).toBe('Bearer local');
  });
});
