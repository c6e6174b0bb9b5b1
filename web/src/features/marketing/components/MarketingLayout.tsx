import type { ReactNode } from 'react';
import { Box, Button, Container, Divider, Grid, Link, Stack, Toolbar, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '../../../components/ui/LanguageSelect';
import { usePageTitle } from '../../../components/ui/usePageTitle';

export const FOOTER_LINKS = [
  { group: 'product', links: ['features', 'pricing', 'integrations'] },
  { group: 'company', links: ['about', 'contact', 'support'] },
  { group: 'legal', links: ['privacy', 'terms', 'cookies'] },
] as const;

export function MarketingLayout({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation('marketing');
  usePageTitle(title);
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Box component="header" sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}>
        <Container maxWidth="lg">
          <Toolbar disableGutters sx={{ gap: 2, flexWrap: 'wrap', py: 1 }}>
            <Link
              component={RouterLink}
              to="/home"
              variant="h5"
              sx={{ fontWeight: 800, mr: 'auto' }}
              data-testid="brand-link"
            >
              Planted
            </Link>
            <Stack
              direction="row"
              spacing={1}
              component="nav"
              aria-label={t('nav.label')}
              sx={{ display: { xs: 'none', sm: 'flex' } }}
            >
              <Button component={RouterLink} to="/features" color="inherit">
                {t('footer.links.features')}
              </Button>
              <Button component={RouterLink} to="/pricing" color="inherit">
                {t('footer.links.pricing')}
              </Button>
              <Button component={RouterLink} to="/integrations" color="inherit">
                {t('footer.links.integrations')}
              </Button>
            </Stack>
            <LanguageSelect />
            <Button component={RouterLink} to="/login" variant="outlined" data-testid="header-sign-in">
              {t('nav.signIn')}
            </Button>
            <Button component={RouterLink} to="/signup" variant="contained" data-testid="header-get-started">
              {t('nav.getStarted')}
            </Button>
          </Toolbar>
        </Container>
      </Box>
      <Box component="main" sx={{ flexGrow: 1 }}>
        {children}
      </Box>
      <Box
        component="footer"
        sx={{ bgcolor: 'background.paper', borderTop: 1, borderColor: 'divider', py: 5, mt: 6 }}
      >
        <Container maxWidth="lg">
          <Grid container spacing={4}>
            <Grid size={{ xs: 12, md: 3 }}>
              <Typography variant="h6" component="p" sx={{ fontWeight: 800 }}>
                Planted
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('footer.tagline')}
              </Typography>
            </Grid>
            {FOOTER_LINKS.map(({ group, links }) => (
              <Grid key={group} size={{ xs: 12, sm: 4, md: 3 }}>
                <Typography variant="subtitle2" component="h2" sx={{ mb: 1, fontWeight: 700 }}>
                  {t(`footer.groups.${group}`)}
                </Typography>
                <Stack spacing={0.75} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
                  {links.map((link) => (
                    <li key={link}>
                      <Link component={RouterLink} to={`/${link}`} data-testid={`footer-${link}`}>
                        {t(`footer.links.${link}`)}
                      </Link>
                    </li>
                  ))}
                </Stack>
              </Grid>
            ))}
          </Grid>
          <Divider sx={{ my: 3 }} />
          <Typography variant="body2" color="text.secondary">
            {t('footer.copyright', { year: new Date().getFullYear() })}
          </Typography>
        </Container>
      </Box>
    </Box>
  );
}
