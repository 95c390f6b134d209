import { Navigate } from 'react-router';

// Set while Sign Out runs: the user is on the way home, and a signed-in-only page that still
// renders meanwhile (its user gone from the cache) must not send them to Sign In instead.
let signingOut = false;

export function beginSignOut(): void {
  signingOut = true;
}

export function endSignOut(): void {
  signingOut = false;
}

/** What a signed-in-only page renders for a visitor: a redirect to Sign In (spec, section 6). */
export function SignInRedirect() {
  return signingOut ? null : <Navigate to="/login" replace />;
}
