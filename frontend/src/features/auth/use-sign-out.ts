import { useCallback, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { api, useLogoutMutation } from '../../api/api';
import { clearSessionToken } from '../../api/session-token';
import { useAppDispatch } from '../../app/hooks';

/** Navigation state that tells the layout a sign-out has just brought the user home. */
const SIGNED_OUT = { signedOut: true } as const;

/**
 * Sign Out: tell the server, then forget the session token and go home; the cached responses are
 * emptied once home has replaced the page (useFinishSignOut). The local sign-out happens even
 * when the call fails (spec, section 4 "Logout").
 */
export function useSignOut(): { signOut: () => Promise<void>; isSigningOut: boolean } {
  const [logout, { isLoading }] = useLogoutMutation();
  const navigate = useNavigate();

  const signOut = useCallback(async () => {
    try {
      await logout().unwrap();
    } catch (error) {
      console.warn('Logout failed; clearing the local session anyway.', error);
    } finally {
      clearSessionToken();
      await navigate('/', { state: SIGNED_OUT });
    }
  }, [logout, navigate]);

  return { signOut, isSigningOut: isLoading };
}

/**
 * Empties every cached response after a sign-out, once the new page is on screen. Emptying it
 * earlier lets a signed-in-only page (Profile) that is still shown during the navigation
 * transition see no user and send the visitor to Sign In instead of home. Used by the layout.
 */
export function useFinishSignOut(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const signedOut = (location.state as { signedOut?: boolean } | null)?.signedOut === true;
  useEffect(() => {
    if (!signedOut) return;
    dispatch(api.util.resetApiState());
    // Once only: going back or reloading must not empty the cache again.
    void navigate(location.pathname, { replace: true, state: null });
  }, [signedOut, dispatch, navigate, location.pathname]);
}
