import type { ReactNode } from 'react';
import { Box, Container, Paper, Typography } from '@mui/material';
import { LanguageSelect } from '../../../components/ui/LanguageSelect';
import { BrandLink } from '../../../components/ui/TextLink';
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
          <BrandLink to="/home" data-testid="brand-link">
            Planted
          </BrandLink>
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

/** 'or' between the provider buttons and the form; a light rule with the word in the middle. */
export function OrDivider({ children }: { children: ReactNode }) {
  return (
    <Box
      role="separator"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 2,
        my: 2,
        color: 'text.secondary',
        '&::before, &::after': { content: '""', flex: 1, borderTop: 1, borderColor: 'divider' },
      }}
    >
      {children}
    </Box>
  );
}
