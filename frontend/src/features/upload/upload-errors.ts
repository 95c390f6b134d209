// The upload error catalogue (spec, section 8): the server's message, matched by its text, picks
// the toast title; the description says what to do next.
import { NOTICES } from '../../app/notify/notices';

export interface UploadFailureNotice {
  title: string;
  description?: string;
}

const FILE_TOO_LARGE = /^File size exceeds \d+(?:\.\d+)?MB limit for \S+ plan/i;
const CONTENT_POLICY = /content does not meet community guidelines|weapon|nature photography/i;

/**
 * `message` is the server's own message (`{ statusCode, message }`), or, when the server never
 * answered, the transport message (e.g. the connection-failed text).
 */
export function uploadFailureNotice(message: string | undefined): UploadFailureNotice {
  const text = message?.trim() ?? '';
  if (FILE_TOO_LARGE.test(text)) {
    return { title: NOTICES.fileTooLarge, description: `${text}. ${NOTICES.fileTooLargeDescription}` };
  }
  if (/^Upload limit exceeded/i.test(text)) {
    return { title: NOTICES.dailyUploadLimitReached, description: NOTICES.dailyUploadLimitReachedDescription };
  }
  if (/^Storage limit exceeded/i.test(text)) {
    return { title: NOTICES.storageLimitReached, description: NOTICES.storageLimitReachedDescription };
  }
  if (CONTENT_POLICY.test(text)) {
    return { title: NOTICES.contentPolicyViolation, description: `${withFullStop(text)} ${NOTICES.contentPolicyReminder}` };
  }
  if (/^No photo file provided/i.test(text)) return { title: NOTICES.noFileSelected, description: text };
  if (/^Title and description are required/i.test(text)) return { title: NOTICES.missingInformation, description: text };
  return { title: NOTICES.uploadFailed, ...(text ? { description: text } : {}) };
}

function withFullStop(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}
