// Client checks of the upload form (spec, section 5): title and description limits with the
// spec's messages, one file of an accepted type within the plan's size limit.
import { NOTICES } from '../../app/notify/notices';
import { DESCRIPTION_MAX, TITLE_MAX } from '../photos/limits';

export { DESCRIPTION_MAX, TITLE_MAX };
/** Used until the limits card has loaded (spec: default 10 MB). */
export const DEFAULT_FILE_LIMIT_BYTES = 10 * 1024 * 1024;

export const MESSAGES = {
  titleRequired: 'Title is required',
  titleTooLong: 'Title must be 160 characters or less',
  descriptionRequired: 'Description is required',
  descriptionTooLong: 'Description must be 500 characters or less',
} as const;

const ACCEPTED_EXTENSIONS = ['jpeg', 'jpg', 'png', 'heic', 'webp'] as const;
const ACCEPTED_TYPES = ['image/jpeg', 'image/jpg', 'image/png', 'image/heic', 'image/heif', 'image/webp'] as const;

/** For the file input's `accept`. */
export const ACCEPT_ATTRIBUTE = [...ACCEPTED_EXTENSIONS.map((ext) => `.${ext}`), ...ACCEPTED_TYPES].join(',');

export interface FileProblem {
  title: string;
  description: string;
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** Null when the file may be sent. Browsers often give HEIC no type, so the extension counts too. */
export function checkFile(file: { name: string; type: string; size: number }, limitBytes: number): FileProblem | null {
  const typeOk = (ACCEPTED_TYPES as readonly string[]).includes(file.type.toLowerCase());
  const extensionOk = (ACCEPTED_EXTENSIONS as readonly string[]).includes(extensionOf(file.name));
  if (!typeOk && !extensionOk) {
    return { title: NOTICES.invalidFileType, description: `${file.name} is ${NOTICES.invalidFileTypeDescription}` };
  }
  if (file.size > limitBytes) {
    const limitMB = Math.round((limitBytes / (1024 * 1024)) * 10) / 10;
    return {
      title: NOTICES.fileTooLarge,
      description: `${file.name} is larger than your ${limitMB}MB limit. ${NOTICES.fileTooLargeDescription}`,
    };
  }
  return null;
}

/** The FAQ's minimum, 800x600, as a pixel count like the server's, so portrait photos qualify too. */
export const MIN_PIXELS = 800 * 600;

/** Null when the image is large enough, or its size is unknown (the server checks again). */
export function checkDimensions(name: string, size: { width: number; height: number } | null): FileProblem | null {
  if (!size || size.width * size.height >= MIN_PIXELS) return null;
  return {
    title: NOTICES.photoTooSmall,
    description: `${name} is ${size.width}x${size.height} pixels. ${NOTICES.photoTooSmallDescription}`,
  };
}

/**
 * Whether today's uploads are used up: the form is then closed until tomorrow. The spec's
 * 999999 means unlimited.
 */
export function dailyLimitReached(limits: { dailyUploads: number; dailyUploadsRemaining: number } | undefined): boolean {
  return limits !== undefined && limits.dailyUploads < 999999 && limits.dailyUploadsRemaining <= 0;
}

export function titleError(title: string): string | null {
  const trimmed = title.trim();
  if (!trimmed) return MESSAGES.titleRequired;
  if (trimmed.length > TITLE_MAX) return MESSAGES.titleTooLong;
  return null;
}

export function descriptionError(description: string): string | null {
  const trimmed = description.trim();
  if (!trimmed) return MESSAGES.descriptionRequired;
  if (trimmed.length > DESCRIPTION_MAX) return MESSAGES.descriptionTooLong;
  return null;
}

/** Submit is enabled only with a file, a valid form and no upload running (spec, section 4). */
export function canSubmit(input: { title: string; description: string; hasFile: boolean; uploading: boolean }): boolean {
  return input.hasFile && !input.uploading && titleError(input.title) === null && descriptionError(input.description) === null;
}
