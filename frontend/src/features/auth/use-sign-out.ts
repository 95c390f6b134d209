import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { api, useLogoutMutation } from '../../api/api';
import { clearSessionToken } from '../../api/session-token';
import { useAppDispatch } from '../../app/hooks';
import { beginSignOut, endSignOut } from './sign-in-redirect';

/**
 * Sign Out: tell the server, then forget the session token and every cached response and go
 * home. The local sign-out happens even when the call fails (spec, section 4 "Logout").
 */
export function useSignOut(): { signOut: () => Promise<void>; isSigningOut: boolean } {
  const [logout, { isLoading }] = useLogoutMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  const signOut = useCallback(async () => {
    beginSignOut();
    try {
      await logout().unwrap();
    } catch (error) {
      console.warn('Logout failed; clearing the local session anyway.', error);
    } finally {
      clearSessionToken();
      // Leave the page first: a signed-in-only page (Profile) that saw the cache emptied would
      // redirect to Sign In. Not in a transition (flushSync): a transition keeps the old page on
      // screen while the home page's code loads, and it would see the emptied cache meanwhile.
      await navigate('/', { flushSync: true });
      dispatch(api.util.resetApiState());
      endSignOut();
    }
  }, [logout, dispatch, navigate]);

  return { signOut, isSigningOut: isLoading };
}
