import { Suspense, useState } from 'react';
import { AppBar, Box, Drawer, IconButton, Toolbar, Typography, useMediaQuery, useTheme } from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoadingScreen } from '../../components/ui/LoadingScreen';
import { RouteErrorBoundary } from '../RouteError';
import { HelpButton } from './HelpPanel';
import { RouteFlash } from './RouteFlash';
import { Sidebar } from './Sidebar';

export const DRAWER_WIDTH = 272;

export function AppLayout() {
  const { t } = useTranslation('layout');
  const theme = useTheme();
  const isDesktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [mobileOpen, setMobileOpen] = useState(false);
  const { pathname, key: locationKey } = useLocation();
  const [openedAt, setOpenedAt] = useState(pathname);
  // The phone drawer closes once the user has navigated somewhere.
  if (openedAt !== pathname) {
    setOpenedAt(pathname);
    if (mobileOpen) setMobileOpen(false);
  }

  const closeMenu = () => setMobileOpen(false);

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <Box component="a" href="#main-content" sx={skipLinkSx}>
        {t('skipToContent')}
      </Box>
      {!isDesktop && (
        <AppBar position="fixed" color="default" elevation={1} sx={{ bgcolor: 'background.paper' }}>
          <Toolbar>
            <IconButton
              edge="start"
              size="large"
              aria-label={t('openMenu')}
              aria-controls="app-navigation"
              aria-expanded={mobileOpen}
              onClick={() => setMobileOpen(true)}
              data-testid="menu-button"
            >
              <MenuIcon />
            </IconButton>
            <Typography variant="h6" component="span" sx={{ ml: 1, fontWeight: 700 }}>
              Planted
            </Typography>
          </Toolbar>
        </AppBar>
      )}
      <Box sx={{ width: { md: DRAWER_WIDTH }, flexShrink: { md: 0 } }}>
        {isDesktop ? (
          <Drawer
            variant="permanent"
            open
            PaperProps={{ id: 'app-navigation' }}
            sx={{ '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' } }}
          >
            <Sidebar onNavigate={closeMenu} />
          </Drawer>
        ) : (
          <Drawer
            variant="temporary"
            open={mobileOpen}
            onClose={closeMenu}
            ModalProps={{ keepMounted: true }}
            PaperProps={{ id: 'app-navigation', 'aria-label': t('menu') }}
            sx={{ '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' } }}
          >
            <Sidebar onNavigate={closeMenu} onClose={closeMenu} />
          </Drawer>
        )}
      </Box>
      <Box
        component="main"
        id="main-content"
        tabIndex={-1}
        // Side padding and top padding apart: a shorthand p for sm would also set the top, under
        // the top bar that stays up to md.
        sx={{
          flexGrow: 1,
          minWidth: 0,
          px: { xs: 2, sm: 3 },
          pt: { xs: 10, md: 3 },
          pb: 12,
          outline: 'none',
        }}
      >
        <RouteFlash key={locationKey} />
        {/* A screen that fails (its code not downloaded while the server was unreachable, say)
            fails inside the layout: the navigation stays, and another screen opens as usual. */}
        <RouteErrorBoundary resetKey={pathname}>
          <Suspense fallback={<LoadingScreen />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </Box>
      <HelpButton />
    </Box>
  );
}

const skipLinkSx = {
  position: 'absolute',
  left: 8,
  top: -48,
  zIndex: 2000,
  p: 1,
  bgcolor: 'background.paper',
  color: 'primary.main',
  '&:focus': { top: 8 },
} as const;
