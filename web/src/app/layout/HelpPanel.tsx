import { useState } from 'react';
import { Box, Drawer, Fab, IconButton, Typography, useMediaQuery, useTheme } from '@mui/material';
import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import CloseIcon from '@mui/icons-material/Close';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';

/** Spec §2: pages with their own help; every other page shows the general text. */
export const HELP_PAGES = ['dashboard', 'equipment', 'suppliers', 'hires', 'sites', 'profile'] as const;

export function helpTopicFor(pathname: string): string {
  const first = pathname.split('/').filter(Boolean)[0] ?? '';
  return (HELP_PAGES as readonly string[]).includes(first) ? first : 'general';
}

export function HelpButton() {
  const { t } = useTranslation('help');
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const topic = helpTopicFor(pathname);
  // A smaller button nearer the corner on phones, where it covers more of the content.
  const compact = useMediaQuery(useTheme().breakpoints.down('sm'));
  const tips = t(`${topic}.tips`, { returnObjects: true }) as unknown;

  return (
    <>
      <Fab
        color="primary"
        aria-label={t('open')}
        onClick={() => setOpen(true)}
        data-testid="help-button"
        size={compact ? 'medium' : 'large'}
        sx={{ position: 'fixed', right: { xs: 16, sm: 24 }, bottom: { xs: 16, sm: 24 } }}
      >
        <HelpOutlineIcon />
      </Fab>
      <Drawer
        anchor="right"
        open={open}
        onClose={() => setOpen(false)}
        PaperProps={{ 'aria-labelledby': 'help-title' }}
      >
        <Box sx={{ width: { xs: '100vw', sm: 380 }, p: 3 }} data-testid="help-panel">
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
            <Typography id="help-title" variant="h6" component="h2">
              {t(`${topic}.title`)}
            </Typography>
            <IconButton aria-label={t('close')} onClick={() => setOpen(false)}>
              <CloseIcon />
            </IconButton>
          </Box>
          <Typography sx={{ mb: 2 }}>{t(`${topic}.intro`)}</Typography>
          {Array.isArray(tips) && (
            <Box component="ul" sx={{ pl: 2.5, m: 0, '& li': { mb: 1 } }}>
              {tips.map((tip) => (
                <li key={String(tip)}>
                  <Typography variant="body2">{String(tip)}</Typography>
                </li>
              ))}
            </Box>
          )}
        </Box>
      </Drawer>
    </>
  );
}
