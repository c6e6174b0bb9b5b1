import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage, SUPPORTED_LANGUAGES } from '../../lib/language';
import { useChangeLanguage } from '../../lib/use-change-language';
import { NativeSelectInput } from './TextInput';

export const LANGUAGE_NAMES = { en: 'English', es: 'Español' } as const;

/** Compact language chooser for public pages and the sidebar. */
export function LanguageSelect({ onError }: { onError?: (error: unknown) => void }) {
  const { t, i18n } = useTranslation('common');
  const changeLanguage = useChangeLanguage();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const current = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  return (
    <NativeSelectInput
      id={`${id}-language`}
      label={t('language')}
      value={current}
      disabled={busy}
      testId="language-select"
      onChange={(next) => {
        if (!isLanguage(next)) return;
        setBusy(true);
        changeLanguage(next)
          .catch((error: unknown) => onError?.(error))
          .finally(() => setBusy(false));
      }}
    >
      {SUPPORTED_LANGUAGES.map((lang) => (
        <option key={lang} value={lang} lang={lang}>
          {LANGUAGE_NAMES[lang]}
        </option>
      ))}
    </NativeSelectInput>
  );
}
