import { useState, type ReactNode } from 'react';
import {
  Box,
  Button,
  Container,
  Divider,
  Drawer,
  Grid,
  IconButton,
  Link,
  List,
  ListItemButton,
  ListItemText,
  Stack,
  Toolbar,
  Typography,
} from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import MenuIcon from '@mui/icons-material/Menu';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '../../../components/ui/LanguageSelect';
import { usePageTitle } from '../../../components/ui/usePageTitle';

export const FOOTER_LINKS = [
  { group: 'product', links: ['features', 'pricing', 'integrations'] },
  { group: 'company', links: ['about', 'contact', 'support'] },
  { group: 'legal', links: ['privacy', 'terms', 'cookies'] },
] as const;

/** The pages linked from the header (on phones, from its menu). */
export const HEADER_LINKS = ['features', 'pricing', 'integrations'] as const;

export function MarketingLayout({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation('marketing');
  const [menuOpen, setMenuOpen] = useState(false);
  usePageTitle(title);
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Box component="header" sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}>
        <Container maxWidth="lg">
          <Toolbar disableGutters sx={{ gap: { xs: 1, md: 2 }, py: 1 }}>
            <Link
              component={RouterLink}
              to="/home"
              variant="h5"
              sx={{ fontWeight: 800, mr: 'auto' }}
              data-testid="brand-link"
            >
              Planted
            </Link>
            {/* Below md the links, the language and Sign In move into the menu, so the bar stays one line. */}
            <Stack
              direction="row"
              spacing={1}
              component="nav"
              aria-label={t('nav.label')}
              sx={{ display: { xs: 'none', md: 'flex' } }}
            >
              {HEADER_LINKS.map((link) => (
                <Button key={link} component={RouterLink} to={`/${link}`} color="inherit">
                  {t(`footer.links.${link}`)}
                </Button>
              ))}
            </Stack>
            <Box sx={{ display: { xs: 'none', md: 'block' } }}>
              <LanguageSelect />
            </Box>
            <Button
              component={RouterLink}
              to="/login"
              variant="outlined"
              sx={{ display: { xs: 'none', md: 'inline-flex' } }}
              data-testid="header-sign-in"
            >
              {t('nav.signIn')}
            </Button>
            <Button component={RouterLink} to="/signup" variant="contained" data-testid="header-get-started">
              {t('nav.getStarted')}
            </Button>
            <IconButton
              edge="end"
              size="large"
              aria-label={t('nav.openMenu')}
              aria-controls="site-menu"
              aria-expanded={menuOpen}
              onClick={() => setMenuOpen(true)}
              sx={{ display: { md: 'none' } }}
              data-testid="site-menu-button"
            >
              <MenuIcon />
            </IconButton>
          </Toolbar>
        </Container>
      </Box>
      <Drawer
        anchor="right"
        open={menuOpen}
        onClose={() => setMenuOpen(false)}
        PaperProps={{ id: 'site-menu', 'aria-label': t('nav.menu') }}
      >
        <Box sx={{ width: 280, p: 2 }} data-testid="site-menu">
          <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
            <IconButton
              size="large"
              aria-label={t('nav.closeMenu')}
              onClick={() => setMenuOpen(false)}
              data-testid="site-menu-close"
            >
              <CloseIcon />
            </IconButton>
          </Box>
          <List component="nav" aria-label={t('nav.label')}>
            {HEADER_LINKS.map((link) => (
              <ListItemButton
                key={link}
                component={RouterLink}
                to={`/${link}`}
                onClick={() => setMenuOpen(false)}
                sx={{ minHeight: 48 }}
                data-testid={`site-menu-${link}`}
              >
                <ListItemText primary={t(`footer.links.${link}`)} />
              </ListItemButton>
            ))}
          </List>
          <Stack spacing={2} sx={{ mt: 2 }}>
            <Button
              component={RouterLink}
              to="/login"
              variant="outlined"
              size="large"
              data-testid="site-menu-sign-in"
            >
              {t('nav.signIn')}
            </Button>
            <LanguageSelect />
          </Stack>
        </Box>
      </Drawer>
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
