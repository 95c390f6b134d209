/**
 * A member as the photos service knows them from auth's events: a read model, never a query to
 * auth. Only members who turned on the `publicProfile` preference get a public page.
 */
export interface Photographer {
  userId: string;
  firstName: string;
  lastName: string;
  /** Empty when the member has no profile image. */
  profileImageUrl: string;
  publicProfile: boolean;
}

/** A profile change as an event carries it; `at` orders changes arriving on different topics. */
export interface ProfileFacts {
  firstName: string;
  lastName: string;
  /** Undefined when the event does not carry it (registration). */
  profileImageUrl?: string;
  at: Date;
}

/** Counts over a photographer's public photos. */
export interface PhotographerTotals {
  photos: number;
  likes: number;
  views: number;
}
