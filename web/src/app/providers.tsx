import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LoadingScreen } from '../components/ui/LoadingScreen';
import { ToastProvider } from '../components/ui/toast';
import { setDocumentLanguage } from '../lib/i18n';
import { isLanguage } from '../lib/language';
import { useSession } from '../lib/session';
import { ThemeModeProvider } from '../lib/theme-mode';
import { createQueryClient } from './query-client';

/** Applies the signed-in user's language_preference, which outranks any local choice (spec §1). */
function LanguageSync() {
  const { i18n } = useTranslation(undefined, { useSuspense: false });
  const preference = useSession().user?.language_preference;
  useEffect(() => {
    if (isLanguage(preference) && i18n.language !== preference) {
      setDocumentLanguage(preference);
      void i18n.changeLanguage(preference);
    }
  }, [preference, i18n]);
  return null;
}

export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <ThemeModeProvider>
        <LanguageSync />
        <ToastProvider>
          <Suspense fallback={<LoadingScreen fullPage />}>{children}</Suspense>
        </ToastProvider>
      </ThemeModeProvider>
    </QueryClientProvider>
  );
}
