import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguage, SUPPORTED_LANGUAGES } from '../../lib/language';
import type { Language } from '../../lib/types';
import { useChangeLanguage } from '../../lib/use-change-language';
import { NativeSelectInput } from './TextInput';

/** Each language in its own words, for every language of @planted/domain's LANGUAGES. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = { en: 'English', es: 'Español' };

/** Compact language chooser for public pages and the sidebar. */
export function LanguageSelect({ onError }: { onError?: (error: unknown) => void }) {
  const { t, i18n } = useTranslation('common');
  const changeLanguage = useChangeLanguage();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const current = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
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
