import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeImage } from '../engine/image/decode-image';
import { PhotoMeasurements, measurePhoto } from '../engine/measure/measure-photo';
import { REPO_FIXTURES } from '../testing/fixtures';
import { baseline, degrade } from '../testing/degradations';
import { composeEditingTips } from './editing-tips';

jest.setTimeout(300_000);

async function measure(name: string, change?: Parameters<typeof degrade>[1]): Promise<PhotoMeasurements> {
  const original = readFileSync(join(REPO_FIXTURES, name));
  return measurePhoto(await decodeImage(change ? await degrade(original, change) : await baseline(original)), []);
}

describe('editing tips', () => {
  let canyon: PhotoMeasurements;
  let dark: PhotoMeasurements;
  let tilted: PhotoMeasurements;
  let noisy: PhotoMeasurements;

  beforeAll(async () => {
    canyon = await measure('landscape_canyon_de_chelly_gcompris.webp');
    dark = await measure('landscape_canyon_de_chelly_gcompris.webp', { kind: 'underexposure', level: 2, label: '' });
    tilted = await measure('landscape_canyon_de_chelly_gcompris.webp', { kind: 'tilt', level: 1, label: '' });
    noisy = await measure('wildlife_bird_kingfisher_gcompris.webp', { kind: 'noise', level: 2, label: '' });
  });

  const tips = (measurements: PhotoMeasurements, platform: 'lightroom' | 'google-photos' | 'apple-photos', level: 'standard' | 'advanced' = 'standard'): string =>
    composeEditingTips({ measurements, platform, level, category: 'landscape', subject: null });

  it('are numbered steps', () => {
    const lines = tips(dark, 'lightroom').split('\n');
    lines.forEach((line, i) => expect(line).toMatch(new RegExp(`^${i + 1}\\. \\S`)));
  });

  it('brighten an underexposed photo with each app’s own control, by the measured amount', () => {
    const stops = -(dark.lighting.exposureEv - 0.2);
    expect(stops).toBeGreaterThan(1.5);
    expect(tips(dark, 'lightroom')).toMatch(new RegExp(`Basic panel → Exposure \\+${Math.min(2, Math.round(stops / 0.05) * 0.05).toFixed(2)}`));
    expect(tips(dark, 'google-photos')).toMatch(/Edit → Adjust → Brightness \+\d+/);
    expect(tips(dark, 'apple-photos')).toMatch(/Edit → Adjust → Exposure \+\d+/);
    expect(tips(canyon, 'lightroom')).not.toMatch(/Exposure [+−]/);
  });

  it('straighten a tilted horizon the right way round', () => {
    // The tilt turned the frame 2° clockwise: the fix turns it back anticlockwise (negative Angle in Lightroom).
    expect(tilted.composition.horizon?.angle).toBeGreaterThan(1.5);
    expect(tips(tilted, 'lightroom')).toMatch(/Crop tool \(R\) → Angle −[12]\.\d°/);
    expect(tips(tilted, 'google-photos')).toMatch(/angle dial about 2° anticlockwise/);
    expect(tips(tilted, 'apple-photos')).toMatch(/Straighten dial about [12]\.\d° anticlockwise/);
    expect(tips(canyon, 'lightroom')).not.toMatch(/Angle/);
  });

  it('reduce measured noise before sharpening', () => {
    expect(tips(noisy, 'lightroom')).toMatch(/Noise Reduction → Luminance \d+/);
    expect(tips(noisy, 'google-photos')).toMatch(/Denoise \+\d+/);
    expect(tips(noisy, 'apple-photos')).toMatch(/Noise Reduction \+\d+/);
  });

  it('add local masks and curves for the advanced level only', () => {
    expect(tips(canyon, 'lightroom', 'advanced')).toMatch(/Masking → Select Sky/);
    expect(tips(canyon, 'lightroom', 'advanced')).toMatch(/Tone Curve/);
    expect(tips(canyon, 'lightroom')).not.toMatch(/Masking|Tone Curve/);
    expect(tips(canyon, 'google-photos', 'advanced')).toMatch(/Blue tone/);
    expect(tips(canyon, 'apple-photos', 'advanced')).toMatch(/Curves/);
  });
});
