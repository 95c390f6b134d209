import { seasonOf, stepAt, UPLOAD_STEPS } from './upload-progress';
import { canSubmit, checkDimensions, checkFile, dailyLimitReached, descriptionError, titleError } from './upload-validation';

const MB = 1024 * 1024;

describe('checkFile', () => {
  it('accepts the spec types within the limit, by type or by extension', () => {
    expect(checkFile({ name: 'heron.jpg', type: 'image/jpeg', size: 2 * MB }, 10 * MB)).toBeNull();
    expect(checkFile({ name: 'IMG_0001.HEIC', type: '', size: 2 * MB }, 10 * MB)).toBeNull();
    expect(checkFile({ name: 'fox.webp', type: 'image/webp', size: MB }, 10 * MB)).toBeNull();
  });

  it('refuses other types with the spec message', () => {
    expect(checkFile({ name: 'notes.pdf', type: 'application/pdf', size: MB }, 10 * MB)).toEqual({
      title: 'Invalid File Type',
      description: 'notes.pdf is not a supported image format. Please use JPG, PNG, HEIC, or WebP files.',
    });
    expect(checkFile({ name: 'anim.gif', type: 'image/gif', size: MB }, 10 * MB)?.title).toBe('Invalid File Type');
  });

  it('refuses files over the plan limit', () => {
    const problem = checkFile({ name: 'big.jpg', type: 'image/jpeg', size: 11 * MB }, 10 * MB);
    expect(problem?.title).toBe('File Too Large');
    expect(problem?.description).toContain('10MB');
  });
});

describe('form checks', () => {
  it('uses the spec messages', () => {
    expect(titleError('  ')).toBe('Title is required');
    expect(titleError('x'.repeat(161))).toBe('Title must be 160 characters or less');
    expect(titleError('x'.repeat(160))).toBeNull();
    expect(descriptionError('')).toBe('Description is required');
    expect(descriptionError('x'.repeat(501))).toBe('Description must be 500 characters or less');
  });

  it('enables submit only with a file, a valid form and nothing running', () => {
    const ready = { title: 'Heron', description: 'At dawn', hasFile: true, uploading: false };
    expect(canSubmit(ready)).toBe(true);
    expect(canSubmit({ ...ready, hasFile: false })).toBe(false);
    expect(canSubmit({ ...ready, uploading: true })).toBe(false);
    expect(canSubmit({ ...ready, title: '' })).toBe(false);
    expect(canSubmit({ ...ready, description: ' ' })).toBe(false);
  });
});

describe('progress', () => {
  it('runs through the six steps and stays on the last', () => {
    expect(UPLOAD_STEPS.map((step) => step.percent)).toEqual([15, 35, 55, 75, 90, 100]);
    expect(stepAt(0)).toEqual({ percent: 15, message: 'Preparing your photo' });
    expect(stepAt(3).message).toBe('Running AI analysis');
    expect(stepAt(9)).toEqual({ percent: 100, message: 'Finalizing results' });
  });

  it('picks the season by month', () => {
    expect(seasonOf(new Date(2025, 2, 1))).toBe('spring');
    expect(seasonOf(new Date(2025, 5, 30))).toBe('summer');
    expect(seasonOf(new Date(2025, 10, 30))).toBe('fall');
    expect(seasonOf(new Date(2025, 11, 1))).toBe('winter');
    expect(seasonOf(new Date(2025, 1, 28))).toBe('winter');
  });
});

describe('checkDimensions and dailyLimitReached', () => {
  it('refuses fewer pixels than 800x600, in either orientation, and lets unknown sizes through', () => {
    expect(checkDimensions('hill.jpg', { width: 480, height: 360 })).toEqual({
      title: 'Photo Too Small',
      description: 'hill.jpg is 480x360 pixels. Photos must be at least 800x600 pixels.',
    });
    expect(checkDimensions('tall.jpg', { width: 600, height: 800 })).toBeNull();
    expect(checkDimensions('wide.jpg', { width: 1600, height: 300 })).toBeNull();
    expect(checkDimensions('photo.heic', null)).toBeNull();
  });

  it('closes the form when today’s uploads are used up, never for unlimited plans', () => {
    expect(dailyLimitReached({ dailyUploads: 2, dailyUploadsRemaining: 0 })).toBe(true);
    expect(dailyLimitReached({ dailyUploads: 2, dailyUploadsRemaining: 1 })).toBe(false);
    expect(dailyLimitReached({ dailyUploads: 999999, dailyUploadsRemaining: 0 })).toBe(false);
    expect(dailyLimitReached(undefined)).toBe(false);
  });
});
