import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { CssBaseline } from '@mui/material';
// @mui/system's provider, as @mui/material's does for a theme without CSS variables (ours):
// @mui/material's own also bundles the CSS-variables provider, 3 KB more for /login.
import { ThemeProvider } from '@mui/system';
import { useTranslation } from 'react-i18next';
import { readItem, writeItem } from './storage';
import { createAppTheme, themeNameFor, type ThemeName } from './theme';

export const DARK_MODE_KEY = 'darkMode';

interface ThemeMode {
  darkMode: boolean;
  themeName: ThemeName;
  setDarkMode: (on: boolean) => void;
}

const ThemeModeContext = createContext<ThemeMode | null>(null);

export function ThemeModeProvider({ children }: { children: ReactNode }) {
  const [darkMode, setDarkModeState] = useState(() => readItem(DARK_MODE_KEY) === 'true');
  const themeName = themeNameFor(darkMode);
  // The common texts are loaded before the first render (main.tsx); no suspending here.
  const { t } = useTranslation('common', { useSuspense: false });
  const close = t('close');
  const open = t('picker.open');
  const closePicker = t('picker.close');
  const clear = t('picker.clear');
  const loading = t('picker.loading');
  const noOptions = t('picker.noOptions');
  const theme = useMemo(
    () =>
      createAppTheme(themeName, {
        close,
        picker: { open, close: closePicker, clear, loading, noOptions },
      }),
    [themeName, close, open, closePicker, clear, loading, noOptions],
  );

  useEffect(() => {
    document.documentElement.dataset.theme = themeName;
    document.documentElement.style.colorScheme = darkMode ? 'dark' : 'light';
  }, [themeName, darkMode]);

  const setDarkMode = useCallback((on: boolean) => {
    writeItem(DARK_MODE_KEY, on ? 'true' : 'false');
    setDarkModeState(on);
  }, []);

  const value = useMemo(() => ({ darkMode, themeName, setDarkMode }), [darkMode, themeName, setDarkMode]);
  return (
    <ThemeModeContext.Provider value={value}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </ThemeModeContext.Provider>
  );
}

export function useThemeMode(): ThemeMode {
  const value = useContext(ThemeModeContext);
  if (!value) throw new Error('useThemeMode must be used inside ThemeModeProvider');
  return value;
}
