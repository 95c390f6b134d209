import type { CameraSettings } from './types';

/** The camera line photographers write: "Nikon D2X · 200-500 mm f/5.6 · 500 mm · f/5.6 · 1/1000 s · ISO 400". */
export function cameraLine(camera: CameraSettings | null): string | null {
  if (!camera) return null;
  // `body` is make and model as photographers write them; older answers have only make and model.
  const body = camera.body ?? [camera.make, camera.model].filter(Boolean).join(' ');
  const parts = [
    body,
    camera.lens,
    camera.focalLength,
    camera.aperture,
    camera.shutterSpeed,
    camera.iso ? `ISO ${camera.iso}` : undefined,
  ].filter((part): part is string => Boolean(part && part.trim()));
  return parts.length > 0 ? parts.join(' · ') : null;
}
