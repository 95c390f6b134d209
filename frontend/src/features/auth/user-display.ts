// How the signed-in user is named in the header (spec, section 2 "Header").
import type { CurrentUser, PlanName } from '../../api/types';

type NamedUser = Pick<CurrentUser, 'email' | 'firstName'>;

function emailLocalPart(email: string): string {
  const at = email.indexOf('@');
  return at > 0 ? email.slice(0, at) : email;
}

/** First name, or the local part of the e-mail when there is no first name. */
export function displayName(user: NamedUser): string {
  const firstName = user.firstName?.trim();
  return firstName ? firstName : emailLocalPart(user.email);
}

/** The avatar letter when there is no profile image: first letter of first name or e-mail. */
export function avatarInitial(user: NamedUser): string {
  const source = user.firstName?.trim() || user.email.trim();
  return source.charAt(0).toUpperCase();
}

/** 'enthusiast' → 'Enthusiast Plan'. */
export function planLabel(plan: PlanName | string): string {
  return `${plan.charAt(0).toUpperCase()}${plan.slice(1)} Plan`;
}
