// Upload progress (spec, section 4): six steps, advancing every 2 s while the request runs; on
// success 100 % 'Complete!' and the result 0.5 s later; on error back to the start. The bar takes
// the colour of the season (spec, section 9).
import type { Season } from '../../app/theme';

export const UPLOAD_STEPS: ReadonlyArray<{ percent: number; message: string }> = [
  { percent: 15, message: 'Preparing your photo' },
  { percent: 35, message: 'Uploading to secure servers' },
  { percent: 55, message: 'Processing image data' },
  { percent: 75, message: 'Running AI analysis' },
  { percent: 90, message: 'Generating detailed feedback' },
  { percent: 100, message: 'Finalizing results' },
];

export const UPLOAD_STEP_INTERVAL_MS = 2000;
export const UPLOAD_COMPLETE_MESSAGE = 'Complete!';
export const RESULT_DELAY_MS = 500;

/** The step shown after `elapsedSteps` intervals; it stays on the last while the server works. */
export function stepAt(elapsedSteps: number): { percent: number; message: string } {
  const index = Math.min(Math.max(0, Math.floor(elapsedSteps)), UPLOAD_STEPS.length - 1);
  return UPLOAD_STEPS[index] as { percent: number; message: string };
}

/** Mar–May spring, Jun–Aug summer, Sep–Nov fall, otherwise winter. */
export function seasonOf(date: Date): Season {
  const month = date.getMonth() + 1;
  if (month >= 3 && month <= 5) return 'spring';
  if (month >= 6 && month <= 8) return 'summer';
  if (month >= 9 && month <= 11) return 'fall';
  return 'winter';
}
