import {
  Avatar,
  Box,
  Button,
  Divider,
  IconButton,
  Link,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Typography,
} from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import HomeIcon from '@mui/icons-material/Home';
import LogoutIcon from '@mui/icons-material/Logout';
import { Link as RouterLink, NavLink, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '../../components/ui/LanguageSelect';
import { StatusBadge } from '../../components/ui/StatusBadge';
import { initials } from '../../lib/format';
import { useSession } from '../../lib/session';
import { signOut as endSession } from '../../lib/session-api';
import { NAV_ITEMS } from './nav-items';

// Dense rows keep the whole sidebar within 1280x800; a finger needs 44 px (WCAG 2.5.5), so on
// phones and touch screens the rows grow.
const rowSx = {
  mx: 1,
  borderRadius: 2,
  minHeight: { xs: 44, md: 36 },
  '@media (pointer: coarse)': { minHeight: 44 },
} as const;

/** `onClose` is given where the sidebar is a drawer over the page (phones): it adds a close button. */
export function Sidebar({ onNavigate, onClose }: { onNavigate: () => void; onClose?: () => void }) {
  const { t } = useTranslation('layout');
  const { user, customer } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const signOut = async () => {
    await endSession();
    queryClient.clear();
    onNavigate();
    void navigate('/login', { replace: true });
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Box
        sx={{
          px: 2.5,
          pt: 2,
          pb: 0.5,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
        }}
      >
        <Typography variant="h5" component="p" sx={{ fontWeight: 800, color: 'primary.main' }}>
          Planted
        </Typography>
        {onClose && (
          <IconButton
            aria-label={t('closeMenu')}
            onClick={onClose}
            edge="end"
            size="large"
            data-testid="menu-close-button"
          >
            <CloseIcon />
          </IconButton>
        )}
      </Box>
      <Box
        sx={{ display: 'flex', gap: 1.5, alignItems: 'center', px: 2.5, py: 1 }}
        data-testid="sidebar-user"
      >
        {/*
          The avatar is a second way to the same place for pointers only; keyboards and screen
          readers get one link, named by the user name it shows.
        */}
        <Avatar
          component={RouterLink}
          to="/profile"
          onClick={onNavigate}
          tabIndex={-1}
          aria-hidden
          src={user?.profile_picture_url ?? undefined}
          alt=""
          sx={{
            width: 48,
            height: 48,
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            textDecoration: 'none',
          }}
          data-testid="sidebar-avatar"
        >
          {initials(user?.name)}
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          {/* Long names and company names wrap rather than being cut off. */}
          <Link
            component={RouterLink}
            to="/profile"
            onClick={onNavigate}
            title={t('openProfile')}
            color="inherit"
            underline="hover"
            sx={{ display: 'block', fontWeight: 600, overflowWrap: 'anywhere' }}
            data-testid="sidebar-user-name"
          >
            {user?.name}
          </Link>
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ overflowWrap: 'anywhere' }}
            data-testid="sidebar-company-name"
          >
            {customer?.name}
          </Typography>
          <Box sx={{ mt: 0.5 }}>
            <StatusBadge status={customer?.status} />
          </Box>
        </Box>
      </Box>
      <Divider />
      <List dense component="nav" aria-label={t('navigation')} sx={{ flexGrow: 1, py: 0.5 }}>
        {NAV_ITEMS.map(({ key, to, icon: Icon }) =>
          to ? (
            <ListItemButton
              key={key}
              component={NavLink}
              to={to}
              onClick={onNavigate}
              data-testid={`nav-${key}`}
              sx={{ ...rowSx, '&.active': { bgcolor: 'action.selected', fontWeight: 700 } }}
            >
              <ListItemIcon sx={{ minWidth: 40 }}>
                <Icon fontSize="small" />
              </ListItemIcon>
              <ListItemText primary={t(`nav.${key}`)} />
            </ListItemButton>
          ) : (
            <ListItemButton key={key} onClick={() => void signOut()} data-testid={`nav-${key}`} sx={rowSx}>
              <ListItemIcon sx={{ minWidth: 40 }}>
                <Icon fontSize="small" />
              </ListItemIcon>
              <ListItemText primary={t(`nav.${key}`)} />
            </ListItemButton>
          ),
        )}
        <ListItemButton
          component={RouterLink}
          to="/home"
          onClick={onNavigate}
          data-testid="nav-home"
          sx={rowSx}
        >
          <ListItemIcon sx={{ minWidth: 40 }}>
            <HomeIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={t('nav.home')} />
        </ListItemButton>
      </List>
      <Divider />
      <Box sx={{ px: 2, py: 1.5, display: 'flex', flexDirection: 'column', gap: 1 }}>
        <LanguageSelect onError={(error) => console.error('Failed to update language preference', error)} />
        <Button
          variant="outlined"
          color="inherit"
          startIcon={<LogoutIcon />}
          onClick={() => void signOut()}
          data-testid="sign-out-button"
        >
          {t('signOut')}
        </Button>
      </Box>
    </Box>
  );
}
