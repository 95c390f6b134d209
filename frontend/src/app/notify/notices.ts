// Every toast text of the spec (section 8 "The error catalogue", section 5 client checks),
// spelled exactly as the spec spells it. Screens pass these to `notify`; they never inline a text
// the spec defines. Where the spec only paraphrases a description ("advises resizing or
// upgrading") the wording here is ours and marked so.
import { SITE_NAME } from '../../components/document-meta';

export const NOTICES = {
  // ---- Success notices (section 8) ----
  welcome: `Welcome to ${SITE_NAME}!`,
  subscriptionUpdated: 'Subscription Updated!',
  subscriptionCanceled: 'Subscription Canceled',
  /** Ours: the spec says access is kept until the period ends. */
  subscriptionCanceledDescription:
    'You keep your current plan until the end of this billing period.',
  /** Ours: the spec has no resume; these follow its cancellation notices. */
  subscriptionResumed: 'Subscription Resumed',
  paymentSuccessful: 'Payment Successful',
  verificationSuccessful: 'Verification Successful',
  passwordResetSuccessful: 'Password Reset Successful',
  descriptionUpdated: 'Description Updated',
  profileUpdated: 'Profile updated',
  downloadStarted: 'Download Started',
  photoVisibilityUpdated: 'Photo Visibility Updated',
  securityQuestionsSetUp: 'Security Questions Set Up',
  photoDeleted: 'Photo deleted',
  planUpdated: 'Plan updated',
  userDeleted: 'User deleted',
  featuredStatusUpdated: 'Featured status updated',
  statusUpdated: 'Status updated',
  responseAdded: 'Response added',
  messageArchived: 'Message archived',
  messageDeleted: 'Message deleted',
  messageSent: 'Message sent successfully!',
  messageSentDescription: "We'll get back to you within 5 business days.",
  preferencesSaved: 'Preferences Saved',
  allCookiesAccepted: 'All Cookies Accepted',
  nonEssentialCookiesDeclined: 'Non-Essential Cookies Declined',
  linkCopied: 'Link copied!',
  securityQuestionsFound: 'Security Questions Found',
  /** Ours: the spec has no password change on the profile. */
  passwordChanged: 'Password changed',
  passwordChangedDescription: 'Your other sessions were signed out.',

  // ---- Generic ----
  error: 'Error',

  // ---- Upload (section 8 "Upload", section 5) ----
  fileTooLarge: 'File Too Large',
  /** Ours: the spec says it advises resizing or upgrading. */
  fileTooLargeDescription: 'Please resize your photo or upgrade your plan to upload larger files.',
  invalidFileType: 'Invalid File Type',
  /** Follows the file name: "{name} is not a supported image format. …" */
  invalidFileTypeDescription: 'not a supported image format. Please use JPG, PNG, HEIC, or WebP files.',
  /** Ours: a photo below the FAQ's 800x600 minimum, refused before it is sent. */
  photoTooSmall: 'Photo Too Small',
  /** The server's own sentence for the same refusal. */
  photoTooSmallDescription: 'Photos must be at least 800x600 pixels.',
  dailyUploadLimitReached: 'Daily Upload Limit Reached',
  /** Ours: the spec says try tomorrow or upgrade. */
  dailyUploadLimitReachedDescription:
    'You have used all of today\u2019s uploads. Try again tomorrow or upgrade your plan.',
  storageLimitReached: 'Storage Limit Reached',
  /** Ours: the spec says upgrade or delete photos. */
  storageLimitReachedDescription:
    'Your storage is full. Upgrade your plan or delete some photos to make room.',
  contentPolicyViolation: 'Content Policy Violation',
  /** Ours: the spec's guideline reminder shown after the server message. */
  contentPolicyReminder:
    'Wildframe is for nature photography: wildlife, landscapes and outdoor scenery, following our community guidelines.',
  noFileSelected: 'No File Selected',
  missingInformation: 'Missing Information',
  uploadFailed: 'Upload Failed',

  // ---- Photos, gallery, sharing ----
  likeFailedDescription: 'Failed to like photo. Please try again.',
  errorLoadingGallery: 'Error Loading Gallery',
  copyFailed: 'Copy failed',
  copyFailedDescription: 'Unable to copy link to clipboard.',
  editingSuggestionsFailedDescription: 'Failed to get editing suggestions',
  downloadFailed: 'Download Failed',
  downloadFailedDescription: 'There was an error downloading your photo. Please try again.',
  /** Description and visibility changes. */
  updateFailed: 'Update Failed',

  // ---- Account ----
  logoutFailed: 'Logout failed',
  loginFailed: 'Login failed',
  loginFailedDescription: 'Invalid email or password. Please try again.',
  signupFailed: 'Signup Failed',
  signupFailedDescription: 'Failed to create account. Please try again.',
  requestFailed: 'Failed to process request',
  noSecurityQuestions: 'No Security Questions',
  verificationFailed: 'Verification Failed',
  verificationFailedDescription: 'Incorrect answers. Please try again.',
  resetFailed: 'Reset Failed',
  /** Profile edits (lower-case "failed", as the spec has it). */
  profileUpdateFailed: 'Update failed',
  /** Ours: with 'Invalid File Type' when the chosen avatar is not an image (spec: avatar accepts images). */
  avatarNotImageDescription: 'Please choose an image file for your profile photo.',
  setupFailed: 'Setup Failed',
  /** Ours. */
  passwordChangeFailed: 'Password not changed',
  incompleteForm: 'Incomplete Form',
  incompleteFormDescription: 'Please fill in all security questions and answers.',
  duplicateQuestions: 'Duplicate Questions',
  duplicateQuestionsDescription: 'Please select three different security questions.',

  // ---- Billing ----
  setupError: 'Setup Error',
  setupErrorSignupDescription: 'Failed to set up payment. Please try again.',
  setupErrorUpgradeDescription: 'Unable to process payment setup. Please try again.',
  subscriptionError: 'Subscription Error',
  subscriptionErrorSignupDescription: 'Failed to activate subscription. Please contact support.',
  subscriptionErrorUpgradeDescription: 'Failed to update subscription. Please contact support.',
  paymentSetupFailed: 'Payment Setup Failed',
  paymentFailed: 'Payment Failed',
  cancellationFailed: 'Cancellation Failed',
  cancellationFailedDescription: 'Failed to cancel subscription. Please try again.',
  /** Ours, after the spec's 'Cancellation Failed'. */
  resumeFailed: 'Resume Failed',
  resumeFailedDescription: 'Failed to resume subscription. Please try again.',

  // ---- Admin (each shown with the reason) ----
  accessDenied: 'Access Denied',
  deletePhotoFailed: 'Failed to delete photo',
  updateUserPlanFailed: 'Failed to update user plan',
  deleteUserFailed: 'Failed to delete user',
  updateFeaturedStatusFailed: 'Failed to update featured status',
  updateStatusFailed: 'Failed to update status',
  addResponseFailed: 'Failed to add response',
  archiveMessageFailed: 'Failed to archive message',
  deleteMessageFailed: 'Failed to delete message',
  /** Ours: the spec has no review of held photos; these follow its admin notices. */
  photoApproved: 'Photo approved',
  photoRejected: 'Photo rejected',
  approvePhotoFailed: 'Failed to approve photo',
  rejectPhotoFailed: 'Failed to reject photo',

  // ---- Contact ----
  sendMessageFailed: 'Failed to send message',
  sendMessageFailedDescription: 'Please try again later.',
} as const;

export type NoticeKey = keyof typeof NOTICES;
