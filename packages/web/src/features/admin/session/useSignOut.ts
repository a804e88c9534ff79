import { useNavigate } from 'react-router';
import { useStaffApi } from '../AdminServices';
import { useSessionStore } from './sessionStore';

/** Ends the session on the server (best effort) and goes to the login. */
export function useSignOut(): () => Promise<void> {
  const staff = useStaffApi();
  const navigate = useNavigate();
  return async () => {
    try {
      await staff.logout();
    } catch (error) {
      // The session may already be gone; the cookie is cleared by the server when it is not.
      console.warn('logout failed', error);
    }
    useSessionStore.getState().signedOut('signOut');
    await navigate('/admin/login', { replace: true });
  };
}
