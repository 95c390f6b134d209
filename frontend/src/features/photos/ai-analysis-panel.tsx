import { Progress } from 'antd';
import { evidenceFor, feedbackSentences, formatScore, methodNote, parseScore, SCORE_ASPECTS } from './rating';
import { RatingStars } from './rating-stars';
import type { PhotoRating } from './types';

interface AiAnalysisPanelProps {
  rating: PhotoRating;
  /** Heading level of the panel title in the page it sits in. */
  headingLevel?: 2 | 3;
  /** Dark surface (viewer dialog) or light (pages). */
  tone?: 'light' | 'dark';
}

/**
 * The AI critique: overall out of 10 and as stars, the four scores as bars and the feedback as
 * sentences. What each score rests on (the measurements, in a photographer's words) sits in a
 * "How we measured" disclosure, so the critique reads as a photographer's and the figures stay one
 * click away. Model names stay out of it (they are in `aiModel` and the analysis README).
 */
export function AiAnalysisPanel({ rating, headingLevel = 2, tone = 'light' }: AiAnalysisPanelProps) {
  const Heading = `h${headingLevel}` as const;
  const SubHeading = `h${headingLevel + 1}` as 'h3' | 'h4';
  const overall = parseScore(rating.overallRating);
  const sentences = feedbackSentences(rating.feedback);
  const overallEvidence = evidenceFor(rating, 'overall');
  return (
    <section className={`ai-analysis ai-analysis--${tone}`} aria-label="AI Analysis" data-testid="ai-analysis">
      <Heading className="ai-analysis__title">AI Analysis</Heading>
      {/* Two groups, side by side where the panel is wide (photo page, upload result): the figures,
          then the words. */}
      <div className="ai-analysis__columns">
        <div className="ai-analysis__figures">
          {overall !== null && (
            <div className="ai-analysis__overall">
              <p className="ai-analysis__score tabular-nums">
                <span className="ai-analysis__score-value" data-testid="overall-rating">
                  {formatScore(overall)}
                </span>
                <span className="ai-analysis__score-scale">/10</span>
              </p>
              <div>
                <RatingStars score={overall} size="large" />
                {rating.subject && <p className="ai-analysis__subject">Subject: {rating.subject}</p>}
              </div>
            </div>
          )}
          <SubHeading className="ai-analysis__subtitle">Score breakdown</SubHeading>
          <dl className="ai-analysis__scores">
            {SCORE_ASPECTS.map(({ key, label }) => {
              const score = parseScore(rating[key]);
              return (
                <div key={key} className="ai-analysis__row">
                  <dt className="ai-analysis__label">{label}</dt>
                  <dd className="ai-analysis__value">
                    <div className="ai-analysis__bar">
                      <Progress
                        percent={score === null ? 0 : score * 10}
                        showInfo={false}
                        size="small"
                        aria-label={`${label} ${score === null ? 'not rated' : `${formatScore(score)} out of 10`}`}
                      />
                      <span className="ai-analysis__number tabular-nums">{score === null ? '–' : formatScore(score)}</span>
                    </div>
                  </dd>
                </div>
              );
            })}
          </dl>
        </div>
        <div className="ai-analysis__words">
          {sentences.length > 0 && (
            <>
              <SubHeading className="ai-analysis__subtitle">Feedback</SubHeading>
              <ul className="ai-analysis__feedback">
                {sentences.map((sentence, index) => (
                  <li key={`${index}-${sentence}`}>{sentence}</li>
                ))}
              </ul>
            </>
          )}
          <details className="ai-analysis__method" data-testid="how-we-measured">
            <summary>How we measured</summary>
            {overallEvidence.length > 0 && (
              <ul className="ai-analysis__evidence" aria-label="What the overall rating rests on">
                {overallEvidence.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            )}
            <dl className="ai-analysis__measured">
              {SCORE_ASPECTS.map(({ key, label }) => {
                const evidence = evidenceFor(rating, key);
                if (evidence.length === 0) return null;
                return (
                  <div key={key}>
                    <dt>{label} rests on</dt>
                    <dd>
                      <ul className="ai-analysis__evidence">
                        {evidence.map((line) => (
                          <li key={line}>{line}</li>
                        ))}
                      </ul>
                    </dd>
                  </div>
                );
              })}
            </dl>
            <p className="ai-analysis__model">{methodNote(rating)}</p>
          </details>
        </div>
      </div>
    </section>
  );
}
