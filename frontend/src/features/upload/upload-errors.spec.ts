import { NOTICES } from '../../app/notify/notices';
import { uploadFailureNotice } from './upload-errors';

describe('uploadFailureNotice', () => {
  it('maps each server message of the catalogue to its title', () => {
    expect(uploadFailureNotice('File size exceeds 10MB limit for explorer plan')).toEqual({
      title: 'File Too Large',
      description: `File size exceeds 10MB limit for explorer plan. ${NOTICES.fileTooLargeDescription}`,
    });
    expect(uploadFailureNotice('Upload limit exceeded').title).toBe('Daily Upload Limit Reached');
    expect(uploadFailureNotice('Storage limit exceeded').title).toBe('Storage Limit Reached');
    expect(uploadFailureNotice('No photo file provided')).toEqual({ title: 'No File Selected', description: 'No photo file provided' });
    expect(uploadFailureNotice('Title and description are required').title).toBe('Missing Information');
  });

  it('shows content refusals with the server message and the guideline reminder', () => {
    expect(uploadFailureNotice('Content does not meet community guidelines')).toEqual({
      title: 'Content Policy Violation',
      description: `Content does not meet community guidelines. ${NOTICES.contentPolicyReminder}`,
    });
    expect(uploadFailureNotice('Images with a weapon are not allowed.').title).toBe('Content Policy Violation');
    expect(uploadFailureNotice('Only nature photography is accepted').title).toBe('Content Policy Violation');
  });

  it('falls back to Upload Failed with whatever message there is', () => {
    expect(uploadFailureNotice('Photos must be at least 800x600 pixels')).toEqual({
      title: 'Upload Failed',
      description: 'Photos must be at least 800x600 pixels',
    });
    expect(uploadFailureNotice(undefined)).toEqual({ title: 'Upload Failed' });
  });

  it("shows the server's load refusals (503 busy, uploads in flight, a job over its limits) as Upload Failed with their words", () => {
    for (const message of [
      'Too many photos are being processed right now. Please try again in a minute.',
      'Please wait for your other uploads to finish before sending more.',
      'This photo needs more time or memory to process than the server allows. Please try a smaller photo.',
    ]) {
      expect(uploadFailureNotice(message)).toEqual({ title: 'Upload Failed', description: message });
    }
  });
});
