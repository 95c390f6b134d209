/** The preferences a member sets themselves (spec: user_preferences). */
export interface Preferences {
  emailNotifications: boolean;
  /** Whether the member has a public photographer page (default off: members stay anonymous). */
  publicProfile: boolean;
}

export const DEFAULT_PREFERENCES: Preferences = { emailNotifications: true, publicProfile: false };

/** The profile facts announced with a preference change, so consumers need no earlier event. */
export interface PreferencesOwner {
  userId: string;
  firstName: string;
  lastName: string;
  profileImageUrl: string | null;
}
