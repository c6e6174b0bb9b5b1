import { useId, useState } from 'react';
import { FormControl, InputLabel, MenuItem, Select } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { isLanguage, SUPPORTED_LANGUAGES } from '../../lib/language';
import { useChangeLanguage } from '../../lib/use-change-language';

export const LANGUAGE_NAMES = { en: 'English', es: 'Español' } as const;

/** Compact language chooser for public pages and the sidebar. */
export function LanguageSelect({ onError }: { onError?: (error: unknown) => void }) {
  const { t, i18n } = useTranslation('common');
  const changeLanguage = useChangeLanguage();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const current = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  return (
    <FormControl size="small" sx={{ minWidth: 130 }}>
      <InputLabel id={`${id}-label`}>{t('language')}</InputLabel>
      <Select
        labelId={`${id}-label`}
        label={t('language')}
        value={current}
        disabled={busy}
        data-testid="language-select"
        onChange={(event) => {
          const next = event.target.value;
          if (!isLanguage(next)) return;
          setBusy(true);
          changeLanguage(next)
            .catch((error: unknown) => onError?.(error))
            .finally(() => setBusy(false));
        }}
      >
        {SUPPORTED_LANGUAGES.map((lang) => (
          <MenuItem key={lang} value={lang} lang={lang}>
            {LANGUAGE_NAMES[lang]}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
