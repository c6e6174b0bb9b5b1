import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { initI18n } from './lib/i18n';
import { browserLanguages, readStoredLanguage, resolveLanguage } from './lib/language';
import { adoptDashboardToken, restoreSession } from './lib/session-api';
import { sessionStore } from './lib/session-store';

const session = sessionStore.load();
sessionStore.followOtherTabs();
adoptDashboardToken(window.location);
void initI18n(
  resolveLanguage({
    userPreference: session.user?.language_preference,
    stored: readStoredLanguage(),
    browserLanguages: browserLanguages(),
  }),
);
void restoreSession();

const container = document.getElementById('root');
if (container) createRoot(container).render(<App />);
