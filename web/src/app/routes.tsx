import { Suspense } from 'react';
import { Navigate, Outlet, useLocation, type RouteObject } from 'react-router';
import { LoadingScreen } from '../components/ui/LoadingScreen';
import { RouteErrorBoundary } from './RouteError';
import { IntegrationsGate, RequireAuth } from './guards';
import { AppLayout } from './layout-route';
import { lazyNamed } from './lazy';
import {
  AboutPage,
  ContactPage,
  CookiesPage,
  FeaturesPage,
  HomePage,
  PricingPage,
  PrivacyPage,
  SupportPage,
  TermsPage,
} from './marketing-routes';

const LoginScreen = lazyNamed(() => import('../features/auth/components/LoginScreen'), 'LoginScreen');
const SignupScreen = lazyNamed(() => import('../features/auth/components/SignupScreen'), 'SignupScreen');
const AcceptInviteScreen = lazyNamed(
  () => import('../features/auth/components/AcceptInviteScreen'),
  'AcceptInviteScreen',
);
const ForgotPasswordScreen = lazyNamed(
  () => import('../features/auth/components/ForgotPasswordScreen'),
  'ForgotPasswordScreen',
);
const ResetPasswordScreen = lazyNamed(
  () => import('../features/auth/components/ResetPasswordScreen'),
  'ResetPasswordScreen',
);
const AuthSuccessScreen = lazyNamed(
  () => import('../features/auth/components/AuthSuccessScreen'),
  'AuthSuccessScreen',
);
const DashboardScreen = lazyNamed(
  () => import('../features/dashboard/components/DashboardScreen'),
  'DashboardScreen',
);
const ProfileScreen = lazyNamed(
  () => import('../features/profile/components/ProfileScreen'),
  'ProfileScreen',
);
const UsersScreen = lazyNamed(() => import('../features/users/components/UsersScreen'), 'UsersScreen');
const IntegrationsScreen = lazyNamed(
  () => import('../features/integrations/components/IntegrationsScreen'),
  'IntegrationsScreen',
);
const HiresScreen = lazyNamed(() => import('../features/hires/components/HiresScreen'), 'HiresScreen');
const EquipmentScreen = lazyNamed(
  () => import('../features/equipment/components/EquipmentScreen'),
  'EquipmentScreen',
);
const SitesScreen = lazyNamed(() => import('../features/sites/components/SitesScreen'), 'SitesScreen');
const SuppliersScreen = lazyNamed(
  () => import('../features/suppliers/components/SuppliersScreen'),
  'SuppliersScreen',
);
const ZaharaScreen = lazyNamed(() => import('../features/zahara/components/ZaharaScreen'), 'ZaharaScreen');
const SimpleMapScreen = lazyNamed(
  () => import('../features/maps/components/SimpleMapScreen'),
  'SimpleMapScreen',
);
const HiresMapScreen = lazyNamed(
  () => import('../features/maps/components/HiresMapScreen'),
  'HiresMapScreen',
);
const SubscriptionScreen = lazyNamed(
  () => import('../features/subscription/components/SubscriptionScreen'),
  'SubscriptionScreen',
);

function RootBoundary() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <Suspense fallback={<LoadingScreen fullPage />}>
        <Outlet />
      </Suspense>
    </RouteErrorBoundary>
  );
}

export const routes: RouteObject[] = [
  {
    element: <RootBoundary />,
    children: [
      { path: 'home', element: <HomePage /> },
      { path: 'features', element: <FeaturesPage /> },
      { path: 'pricing', element: <PricingPage /> },
      { path: 'about', element: <AboutPage /> },
      { path: 'contact', element: <ContactPage /> },
      { path: 'support', element: <SupportPage /> },
      { path: 'privacy', element: <PrivacyPage /> },
      { path: 'terms', element: <TermsPage /> },
      { path: 'cookies', element: <CookiesPage /> },
      { path: 'login', element: <LoginScreen /> },
      { path: 'signup', element: <SignupScreen /> },
      { path: 'accept-invite', element: <AcceptInviteScreen /> },
      { path: 'forgot-password', element: <ForgotPasswordScreen /> },
      { path: 'reset-password', element: <ResetPasswordScreen /> },
      { path: 'auth/success', element: <AuthSuccessScreen /> },
      {
        path: 'integrations',
        element: <IntegrationsGate />,
        children: [{ index: true, element: <IntegrationsScreen /> }],
      },
      {
        path: '/',
        element: <RequireAuth />,
        children: [
          {
            element: <AppLayout />,
            children: [
              { index: true, element: <Navigate to="/dashboard" replace /> },
              { path: 'dashboard', element: <DashboardScreen /> },
              { path: 'hires', element: <HiresScreen /> },
              { path: 'equipment', element: <EquipmentScreen /> },
              { path: 'sites', element: <SitesScreen /> },
              { path: 'suppliers', element: <SuppliersScreen /> },
              { path: 'users', element: <UsersScreen /> },
              { path: 'zahara', element: <ZaharaScreen /> },
              { path: 'simple-map', element: <SimpleMapScreen /> },
              { path: 'hires-map', element: <HiresMapScreen /> },
              { path: 'profile', element: <ProfileScreen /> },
              { path: 'subscription', element: <SubscriptionScreen /> },
              { path: '*', element: <Navigate to="/dashboard" replace /> },
            ],
          },
        ],
      },
    ],
  },
];
