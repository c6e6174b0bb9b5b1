import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

export interface PageHeaderProps {
  /** The screen's one h1. */
  title: ReactNode;
  subtitle?: ReactNode;
  subtitleTestId?: string;
  /** Buttons and toggles beside the title (below it on a phone). */
  actions?: ReactNode;
  /** Space below the header (theme spacing units). */
  mb?: number;
}

/**
 * The heading every dashboard screen opens with: title, optional subtitle, and its actions
 * on the right (stacked under the title on a phone).
 */
export function PageHeader({ title, subtitle, subtitleTestId, actions, mb = 3 }: PageHeaderProps) {
  const heading = (
    <Box>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {subtitle !== undefined && (
        <Typography color="text.secondary" data-testid={subtitleTestId}>
          {subtitle}
        </Typography>
      )}
    </Box>
  );
  if (!actions) return <Box sx={{ mb }}>{heading}</Box>;
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'space-between', mb }}
    >
      {heading}
      {actions}
    </Stack>
  );
}
