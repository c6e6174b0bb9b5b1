import type { ReactNode, Ref } from 'react';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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

/** Several actions side by side in the header, wrapping on a narrow screen. */
export function HeaderActions({ children }: { children: ReactNode }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
      {children}
    </Stack>
  );
}

/** A screen's main 'Add …' button. */
export function AddButton({
  label,
  onClick,
  testId,
  disabled,
  buttonRef,
}: {
  label: ReactNode;
  onClick: () => void;
  testId: string;
  disabled?: boolean;
  /** Where a screen returns the focus when what the button started is over. */
  buttonRef?: Ref<HTMLButtonElement>;
}) {
  return (
    <Button
      ref={buttonRef}
      variant="contained"
      startIcon={<AddIcon />}
      onClick={onClick}
      disabled={disabled}
      data-testid={testId}
    >
      {label}
    </Button>
  );
}
