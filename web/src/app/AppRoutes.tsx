import { useEffect } from 'react';
import { useNavigate, useRoutes, type RouteObject } from 'react-router';
import { setUnauthorizedHandler } from '../lib/api-client';
import { routes as appRoutes } from './routes';

/** Spec §4: a 401 on any call ends the session (api client) and shows the sign-in page. */
function useUnauthorizedRedirect() {
  const navigate = useNavigate();
  useEffect(() => {
    setUnauthorizedHandler(() => {
      if (window.location.pathname !== '/login') void navigate('/login', { replace: true });
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
