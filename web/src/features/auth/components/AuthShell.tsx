import type { ReactNode } from 'react';
import { Box, Container, Link, Paper, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { LanguageSelect } from '../../../components/ui/LanguageSelect';
import { usePageTitle } from '../../../components/ui/usePageTitle';

/** Frame of the signed-out screens: brand, language choice and a centred card. */
export function AuthShell({
  title,
  subtitle,
  children,
  width = 'xs',
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  width?: 'xs' | 'sm';
}) {
  usePageTitle(title);
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default', py: { xs: 2, sm: 4 } }}>
      <Container maxWidth={width === 'xs' ? 'sm' : 'md'}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 3, gap: 2 }}>
          <Link
            component={RouterLink}
            to="/home"
            variant="h5"
            sx={{ fontWeight: 800 }}
            data-testid="brand-link"
          >
            Planted
          </Link>
          <LanguageSelect />
        </Box>
        <Paper
          component="main"
          sx={{ p: { xs: 3, sm: 4 }, maxWidth: width === 'xs' ? 480 : 640, mx: 'auto' }}
        >
          <Typography variant="h4" component="h1" gutterBottom sx={{ fontWeight: 700 }}>
            {title}
          </Typography>
          {subtitle && (
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {subtitle}
            </Typography>
          )}
          {children}
        </Paper>
      </Container>
    </Box>
  );
}
