import { lazyNamed } from './lazy';

const marketing = () => import('../features/marketing/components/MarketingPages');

export const HomePage = lazyNamed(() => import('../features/marketing/components/HomePage'), 'HomePage');
export const FeaturesPage = lazyNamed(marketing, 'FeaturesPage');
export const PricingPage = lazyNamed(
  () => import('../features/marketing/components/PricingPage'),
  'PricingPage',
);
export const MarketingIntegrationsPage = lazyNamed(marketing, 'IntegrationsMarketingPage');
export const AboutPage = lazyNamed(marketing, 'AboutPage');
export const ContactPage = lazyNamed(marketing, 'ContactPage');
export const SupportPage = lazyNamed(marketing, 'SupportPage');
export const PrivacyPage = lazyNamed(marketing, 'PrivacyPage');
export const TermsPage = lazyNamed(marketing, 'TermsPage');
export const CookiesPage = lazyNamed(marketing, 'CookiesPage');
