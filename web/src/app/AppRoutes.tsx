import { useEffect } from 'react';
import { useNavigate, useRoutes, type RouteObject } from 'react-router';
import { setUnauthorizedHandler } from '../lib/api-client';
import { isSignInStep, returnPathOf } from '../lib/navigation';
import { sessionStore } from '../lib/session-store';
import { routes as appRoutes } from './routes';

/** Spec §4: a 401 on any call ends the session (api client) and shows the sign-in page. */
function useUnauthorizedRedirect() {
  const navigate = useNavigate();
  useEffect(() => {
    setUnauthorizedHandler(() => {
      const { pathname } = window.location;
      // A session the server ended is said on the sign-in page, which leads back here after
      // (with its query: a search, an edit link); not from a sign-in step itself
      // (/auth/success answers a bad token in its own words).
      const state =
        sessionStore.getState().ended && !isSignInStep(pathname)
          ? { flash: 'sessionEnded', from: returnPathOf(window.location) }
          : undefined;
      if (pathname !== '/login') void navigate('/login', { replace: true, state });
    });
    return () => setUnauthorizedHandler(null);
  }, [navigate]);
}

// Declarative routing (useRoutes) rather than a data router: the app loads its data with
// TanStack Query, and this mode keeps react-router's share of the /login download small.
export function AppRoutes({ routes = appRoutes }: { routes?: RouteObject[] }) {
  useUnauthorizedRedirect();
  return useRoutes(routes);
}
