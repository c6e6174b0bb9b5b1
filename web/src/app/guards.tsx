import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadingScreen } from '../components/ui/LoadingScreen';
import { returnPathOf } from '../lib/navigation';
import { useSession } from '../lib/session';
import { AppLayout } from './layout-route';
import { MarketingIntegrationsPage } from './marketing-routes';

/** Spec §2: protected screens show a spinner while the session is restored, else go to /login. */
export function RequireAuth() {
  const { status, ended } = useSession();
  const location = useLocation();
  if (status === 'restoring') return <LoadingScreen fullPage />;
  // A session the server ended is said on the sign-in page (LoginScreen), a sign-out is not.
  if (status === 'anonymous')
    return (
      <Navigate
        to="/login"
        replace
        state={{ from: returnPathOf(location), ...(ended ? { flash: 'sessionEnded' } : {}) }}
      />
    );
  return <Outlet />;
}

/**
 * /integrations is both a public marketing page and a protected child route. Signed-out
 * visitors get the marketing page; signed-in users get the Integrations screen in the app layout.
 */
export function IntegrationsGate() {
  const { status } = useSession();
  if (status === 'restoring') return <LoadingScreen fullPage />;
  if (status === 'anonymous') return <MarketingIntegrationsPage />;
  return <AppLayout />;
}
