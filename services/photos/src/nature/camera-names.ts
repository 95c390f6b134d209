import type { CameraSettings } from '../domain/photo';

/**
 * Camera makers as photographers write them, by what their EXIF Make starts with (case ignored).
 * The longest matching prefix wins ("OM Digital Solutions" before "OM").
 */
const MAKERS: ReadonlyArray<readonly [prefix: string, name: string]> = [
  ['nikon', 'Nikon'],
  ['canon', 'Canon'],
  ['sony', 'Sony'],
  ['fujifilm', 'Fujifilm'],
  ['fuji photo film', 'Fujifilm'],
  ['om digital solutions', 'OM System'],
  ['om system', 'OM System'],
  ['olympus', 'Olympus'],
  ['panasonic', 'Panasonic'],
  ['leica', 'Leica'],
  ['pentax', 'Pentax'],
  ['ricoh imaging', 'Ricoh'],
  ['ricoh', 'Ricoh'],
  ['hasselblad', 'Hasselblad'],
  ['sigma', 'Sigma'],
  ['samsung', 'Samsung'],
  ['apple', 'Apple'],
  ['google', 'Google'],
  ['huawei', 'Huawei'],
  ['xiaomi', 'Xiaomi'],
  ['oneplus', 'OnePlus'],
  ['dji', 'DJI'],
  ['gopro', 'GoPro'],
  ['konica minolta', 'Konica Minolta'],
  ['minolta', 'Minolta'],
  ['kodak', 'Kodak'],
  ['eastman kodak', 'Kodak'],
  ['phase one', 'Phase One'],
  ['casio', 'Casio'],
  ['zeiss', 'Zeiss'],
];

/** Words makers put after their name in EXIF Make: "NIKON CORPORATION", "OLYMPUS IMAGING CORP.". */
const CORPORATE = /\b(corporation|corp\.?|co\.?,?\s*ltd\.?|ltd\.?|inc\.?|imaging|optical|camera|company|gmbh|ag)\b/gi;

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** "NIKON CORPORATION" → "Nikon"; an unknown make loses its corporate words and keeps its case. */
export function cameraMake(raw: string): string {
  const make = collapse(raw);
  const lower = make.toLowerCase();
  const known = [...MAKERS].sort((a, b) => b[0].length - a[0].length).find(([prefix]) => lower.startsWith(prefix));
  if (known) return known[1];
  // The corporate words leave their commas and full stops behind ("Acme Optical Co., Ltd.").
  const stripped = collapse(make.replace(CORPORATE, '').replace(/(^|\s)[.,]+(?=\s|$)/g, ' ').replace(/[\s,]+$/, ''));
  return stripped || make;
}

/**
 * The model without the maker's name repeated ("NIKON D2X" → "D2X", "Canon EOS R5" → "EOS R5",
 * "OM-1" stays). Olympus and OM System models are written as the maker does ("E-M1").
 */
export function cameraModel(raw: string, make: string, rawMake = ''): string {
  let model = collapse(raw);
  const prefixes = [make, collapse(rawMake), collapse(rawMake).split(' ')[0] ?? '', ...(make === 'OM System' ? ['OM Digital Solutions', 'Olympus'] : [])].filter(Boolean);
  for (const prefix of prefixes) {
    if (model.toLowerCase().startsWith(`${prefix.toLowerCase()} `)) model = model.slice(prefix.length + 1).trim();
  }
  return model;
}

/** Lens names from EXIF: placeholders some bodies write ("----", "0.0 mm f/0.0") are no lens. */
function lensName(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  const lens = collapse(raw);
  if (!/[a-z0-9]/i.test(lens) || /^0(\.0)?\s*mm\s*f\/0(\.0)?$/i.test(lens) || /^-+$/.test(lens)) return undefined;
  return lens;
}

/**
 * Camera settings as photographers write them: make and model normalised, the body as one line
 * ("Nikon D2X", "OM System OM-1", "Canon EOS R5"), placeholder lenses dropped. Idempotent, so
 * settings stored before this normalisation read the same.
 */
export function normaliseCamera(settings: CameraSettings | null): CameraSettings | null {
  if (!settings) return null;
  const make = settings.make ? cameraMake(settings.make) : undefined;
  const model = settings.model ? cameraModel(settings.model, make ?? '', settings.make) : undefined;
  const lens = lensName(settings.lens);
  const body = [make, model].filter(Boolean).join(' ') || undefined;
  const normalised: CameraSettings = { ...settings, make, model, lens, body };
  const present = Object.fromEntries(Object.entries(normalised).filter(([, v]) => v !== undefined)) as CameraSettings;
  return Object.keys(present).length > 0 ? present : null;
}

/** The camera line photographers write: "Nikon D2X · 300 mm · f/4 · 1/1000 s · ISO 400". */
export function cameraLine(settings: CameraSettings | null): string {
  if (!settings) return '';
  return [settings.body, settings.lens, settings.focalLength, settings.aperture, settings.shutterSpeed, settings.iso !== undefined ? `ISO ${settings.iso}` : undefined].filter(Boolean).join(' · ');
}
