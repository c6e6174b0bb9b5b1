import { InfoPage } from './InfoPage';

export function FeaturesPage() {
  return <InfoPage page="features" />;
}

/** The public /integrations page, shown to signed-out visitors (signed-in users get the app screen). */
export function IntegrationsMarketingPage() {
  return <InfoPage page="integrations" />;
}

export function AboutPage() {
  return <InfoPage page="about" />;
}

export function ContactPage() {
  return <InfoPage page="contact" />;
}

export function SupportPage() {
  return <InfoPage page="support" />;
}

export function PrivacyPage() {
  return <InfoPage page="privacy" />;
}

export function TermsPage() {
  return <InfoPage page="terms" />;
}

export function CookiesPage() {
  return <InfoPage page="cookies" />;
}
