import type { RatingEvidence } from '@wildframe/contracts';
import { decodeImage } from './image/decode-image';
import type { Detection, PhotoMeasurements } from './measure/measure-photo';
import { measureComposition, measurePhoto } from './measure/measure-photo';
import { mirrorImage } from './image/pixels';
import type { ModelLoader, ModelState } from './models/model-loader';
import { withinBudget } from './models/model-loader';
import type { ContentClassifier } from './models/content-classifier';
import type { ObjectDetector } from './models/object-detector';
import type { TextDetector, TextReading } from './models/text-detector';
import { FINE_TEXT_INPUT, NO_TEXT, SceneVerdict, classifyScene, finerOf, needsFinerTextReading, needsTextReading } from './scene/scene-classifier';
import {
  AnalysisDeadlineError,
  AnalysisInput,
  AnalysisOutcome,
  EngineRating,
  OVERALL_WEIGHTS,
  PhotoAnalyzer,
  overallOf,
  roundScore,
} from './photo-analyzer';
import type { Aspect, AspectScore } from './scoring/aspect-score';
import { CategoryVerdict, classifyCategory, supportedCategory } from './scoring/category';
import { scoreClarity } from './scoring/clarity.score';
import { LearnedFramingInput, scoreComposition } from './scoring/composition.score';
import { ReferenceSet, scoreCreativity } from './scoring/creativity.score';
import { composeFeedback } from './scoring/feedback';
import { SubjectName, nameSubject, phraseOf, subjectFromWords } from './subject/name-subject';
import { mirroredTightening, tightenSubjectBox } from './subject/tighten-subject';
import { scoreLighting } from './scoring/lighting.score';
import { ContentScores, ScreeningVerdict, screenContent } from './scoring/screening';

/** Version of the measurement and scoring rules, part of `aiModel` so a rating says which rules made it. */
export const LOCAL_ENGINE_VERSION = 'wildframe-measure-1';
/** Time kept back from the deadline for decoding, measuring and inference once the models are there. */
const INFERENCE_RESERVE_MS = 700;

export interface LocalAnalysis {
  outcome: AnalysisOutcome;
  /** Always present: the OpenAI engine and the evaluation reuse them. */
  measurements: PhotoMeasurements;
  detections: Detection[] | null;
  content: ContentScores | null;
  screening: ScreeningVerdict;
  category: CategoryVerdict;
  /** The scene classifier's verdict (null without the detector). */
  scene: SceneVerdict | null;
  /** Where the text detector found text (null when it did not run). */
  text: TextReading | null;
  /** Milliseconds per stage, for the benchmark. */
  timings: { decode: number; waitForModels: number; detect: number; classify: number; text: number; measure: number };
}

/**
 * The default engine: every score comes from measurements on the photo's pixels, object
 * detection names the subject and the category, and a bundled classifier screens the content.
 * No network. When a model is unavailable the rating is made without it and the evidence says
 * which check did not run.
 */
export class LocalPhotoAnalyzer implements PhotoAnalyzer {
  readonly name = 'local';

  constructor(
    private readonly models: ModelLoader | null,
    private readonly reference: ReferenceSet,
  ) {}

  async analyze(input: AnalysisInput): Promise<AnalysisOutcome> {
    return (await this.analyzeInDetail(input)).outcome;
  }

  /** `excludeReference`: a reference photo's own name, so it is not compared with itself (evaluation). */
  async analyzeInDetail(input: AnalysisInput, excludeReference?: string): Promise<LocalAnalysis> {
    let mark = performance.now();
    const lap = (): number => {
      const now = performance.now();
      const elapsed = now - mark;
      mark = now;
      return Math.round(elapsed);
    };
    const decoded = await decodeImage(input.image);
    const decodeMs = lap();
    const budget = input.deadline - Date.now() - INFERENCE_RESERVE_MS;
    const [detectorState, classifierState, textState] = this.models
      ? await Promise.all([
          withinBudget(this.models.detector(), budget, 'object detector'),
          withinBudget(this.models.classifier(), budget, 'content classifier'),
          withinBudget(this.models.text(), budget, 'text detector'),
        ])
      : [
          unavailable<ObjectDetector>('object detector not configured'),
          unavailable<ContentClassifier>('content classifier not configured'),
          unavailable<TextDetector>('text detector not configured'),
        ];
    if (Date.now() > input.deadline) throw new AnalysisDeadlineError('waiting for the models');
    const waitMs = lap();

    const reading = detectorState.ready ? await detectorState.model.read(decoded.working) : null;
    // The main subject's real extent where its box reaches an edge (see `tightenSubjectBox`).
    const detections = reading && detectorState.ready ? await tightenSubjectBox(detectorState.model, decoded.working, reading.detections) : null;
    let detectMs = lap();
    const content = classifierState.ready ? await classifierState.model.classify(decoded.working) : null;
    const classifyMs = lap();
    const measurements = measurePhoto(decoded, detections ?? []);
    let scene = reading ? classifyScene(reading.features, measurements, NO_TEXT) : null;
    let measureMs = lap();
    // Text is looked for only where the head leaves a page or a screen possible, or where the frame
    // has a screen's or a page's one-colour background: a clear nature photo skips the text detector
    // (about 120 ms of CPU at 640 px). Some text but too few lines: read again finer (small print).
    const readText = textState.ready && needsTextReading(scene, measurements);
    let text = readText ? await textState.model.detect(decoded.working) : null;
    if (textState.ready && text && needsFinerTextReading(text, decoded.working)) text = finerOf(text, await textState.model.detect(decoded.working, FINE_TEXT_INPUT));
    if (reading && text) scene = classifyScene(reading.features, measurements, text);
    const textMs = lap();
    if (Date.now() > input.deadline) throw new AnalysisDeadlineError('measuring');

    const engine = [
      `local engine ${LOCAL_ENGINE_VERSION}: measurements on a ${decoded.working.width}×${decoded.working.height} copy and a full-resolution centre crop`,
      detectorState.ready ? `object detection and scene features: ${detectorState.model.name}; scene classifier: softmax head trained on the fixture photos` : `object detection not run (${detectorState.reason})`,
      classifierState.ready ? `content screening: ${classifierState.model.name}` : `content screening not run (${classifierState.reason})`,
      !textState.ready ? `text detection not run (${textState.reason})` : text ? `text detection: ${textState.model.name}` : 'text detection not needed (the photo clearly looks like nature, with no background of a screen or a page)',
    ];
    const screening = screenContent({
      content,
      scene,
      skinShare: measurements.colour.skinShare,
      medianLuma: measurements.lighting.medianLuma,
      classifierUnavailable: classifierState.ready ? undefined : classifierState.reason,
      detectorUnavailable: detectorState.ready ? undefined : detectorState.reason,
    });
    const words = subjectFromWords(input.title, input.description);
    const category = supportedCategory(classifyCategory(detections, measurements, scene), scene, detections, measurements, words);

    // The frame mirrored left to right, read by the detector and measured again, for the composition
    // score (see `scoreComposition`). Only for a photo that passes screening: a refused photo gets no
    // scores, and its evidence is of the frame as it is.
    const refused = screening.decision === 'refuse';
    let mirror: LearnedFramingInput['mirror'] = null;
    if (reading && detectorState.ready && !refused) {
      const mirrored = mirrorImage(decoded.working);
      const mirrorReading = await detectorState.model.read(mirrored);
      const mirrorDetections = mirroredTightening(reading.detections, detections ?? [], mirrorReading.detections) ?? (await tightenSubjectBox(detectorState.model, mirrored, mirrorReading.detections));
      detectMs += lap();
      mirror = { composition: measureComposition(mirrored, mirrorDetections), backbone: mirrorReading.features.backbone };
      measureMs += lap();
      if (Date.now() > input.deadline) throw new AnalysisDeadlineError('measuring');
    }
    const timings = { decode: decodeMs, waitForModels: waitMs, detect: detectMs, classify: classifyMs, text: textMs, measure: measureMs };
    // The photographer's words name the subject first; the detector's label only when it agrees or is sure.
    const main = measurements.composition.subject;
    const subjectName = nameSubject(
      words,
      main?.source === 'detector' && main.label ? { label: main.label, confidence: main.confidence } : null,
      main !== null,
    );
    const aspects = this.scoreAspects(measurements, subjectName, reading ? { backbone: reading.features.backbone, mirror } : null, excludeReference);
    const evidence = evidenceOf(aspects, { ...category, evidence: [...category.evidence, subjectName.evidence] }, screening, engine);
    const details = { measurements, detections, content, screening, category, scene, text, timings };
    if (refused) return { outcome: { outcome: 'refused', reasons: screening.reasons, evidence }, ...details };

    const composition = roundScore(aspects.composition.score);
    const lighting = roundScore(aspects.lighting.score);
    const clarity = roundScore(aspects.clarity.score);
    const creativity = roundScore(aspects.creativity.score);
    const rating: EngineRating = {
      scores: { overall: roundScore(overallOf({ composition, lighting, clarity, creativity })), composition, lighting, clarity, creativity },
      feedback: composeFeedback(aspects, subjectName.source === 'words' && words ? phraseOf(words) : undefined),
      subject: subjectName.noun,
      category: category.category,
      aiModel: ['local:' + LOCAL_ENGINE_VERSION, detectorState.ready ? 'centernet' : null, classifierState.ready ? 'nsfwjs' : null].filter(Boolean).join('+'),
      evidence,
      measurements,
    };
    // Held for review: rated in full, the category kept as the engine's best guess so an approval can restore it.
    if (screening.decision === 'review') return { outcome: { outcome: 'review', rating, reasons: screening.reasons }, ...details };
    return { outcome: { outcome: 'rated', rating }, ...details };
  }

  private scoreAspects(m: PhotoMeasurements, subject: SubjectName, learned: LearnedFramingInput | null, excludeReference?: string): Record<Aspect, AspectScore> {
    // Read on the whole frame, focus and exposure speak of it in the photographer's words ("the photo of the red fox").
    return {
      composition: scoreComposition(m.composition, subject.ref, learned),
      lighting: scoreLighting(m.lighting, m.lighting.exposureMeasuredOn === 'subject' ? subject.ref : subject.frame, subject.frame),
      clarity: scoreClarity(m.clarity, m.clarity.measuredOn === 'subject' ? subject.ref : subject.frame),
      creativity: scoreCreativity(m, this.reference, excludeReference),
    };
  }
}

function unavailable<T>(reason: string): ModelState<T> {
  return { ready: false, reason };
}

function evidenceOf(
  aspects: Record<Aspect, AspectScore>,
  category: CategoryVerdict,
  screening: ScreeningVerdict,
  engine: string[],
): RatingEvidence {
  return {
    overall: [
      `weighted mean: composition ${OVERALL_WEIGHTS.composition * 100} %, lighting ${OVERALL_WEIGHTS.lighting * 100} %, clarity ${OVERALL_WEIGHTS.clarity * 100} %, creativity ${OVERALL_WEIGHTS.creativity * 100} %`,
    ],
    composition: aspects.composition.evidence,
    lighting: aspects.lighting.evidence,
    clarity: aspects.clarity.evidence,
    creativity: aspects.creativity.evidence,
    category: category.evidence,
    screening: screening.evidence,
    engine,
  };
}
