import { useState } from 'react';
import {
  Card,
  CardContent,
  FormControl,
  FormControlLabel,
  InputLabel,
  MenuItem,
  Select,
  Stack,
  Switch,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { FlashMessage, useFlash } from '../../../components/ui/FlashMessage';
import { LANGUAGE_NAMES } from '../../../components/ui/LanguageSelect';
import { errorMessage } from '../../../lib/api-client';
import { DEFAULT_LANGUAGE, isLanguage, SUPPORTED_LANGUAGES } from '../../../lib/language';
import { useThemeMode } from '../../../lib/theme-mode';
import { useChangeLanguage } from '../../../lib/use-change-language';

export function PreferencesCard() {
  const { t, i18n } = useTranslation(['profile', 'common']);
  const { darkMode, setDarkMode } = useThemeMode();
  const changeLanguage = useChangeLanguage();
  const [saving, setSaving] = useState(false);
  const { flash, show, clear } = useFlash();
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;

  const onLanguage = async (next: string) => {
    if (!isLanguage(next)) return;
    setSaving(true);
    clear();
    // The screen switches language before the server answers, so the message uses the new one.
    const inNewLanguage = i18n.getFixedT(next, 'profile');
    try {
      await changeLanguage(next);
      show('success', inNewLanguage('preferences.languageUpdated'));
    } catch (error) {
      show('error', errorMessage(error, inNewLanguage('preferences.languageFailed')));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('preferences.title')}
        </Typography>
        <Stack spacing={2}>
          <FormControlLabel
            control={
              <Switch
                checked={darkMode}
                onChange={(event) => setDarkMode(event.target.checked)}
                slotProps={{ input: { 'aria-describedby': 'dark-mode-help' } }}
                data-testid="dark-mode-toggle"
              />
            }
            label={t('preferences.darkMode')}
          />
          <Typography id="dark-mode-help" variant="body2" color="text.secondary" sx={{ mt: '0 !important' }}>
            {t('preferences.darkModeHelp')}
          </Typography>
          <FormControl fullWidth>
            <InputLabel id="language-preference-label">{t('preferences.language')}</InputLabel>
            <Select
              labelId="language-preference-label"
              id="language-preference"
              label={t('preferences.language')}
              value={language}
              disabled={saving}
              onChange={(event) => void onLanguage(event.target.value)}
              data-testid="language-preference"
            >
              {SUPPORTED_LANGUAGES.map((lang) => (
                <MenuItem key={lang} value={lang} lang={lang}>
                  {LANGUAGE_NAMES[lang]}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <FlashMessage flash={flash} onClose={clear} testId="language-message" />
        </Stack>
      </CardContent>
    </Card>
  );
}
