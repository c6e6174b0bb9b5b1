import type { ReactNode } from 'react';
import { Box, Button, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { pageItems, pageWindow } from '../../lib/pagination';

interface PaginationProps {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
}

function PreviousNext({
  page,
  totalPages,
  onPageChange,
  children,
}: PaginationProps & { children?: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <Box
      component="nav"
      aria-label={t('pagination.label')}
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        flexWrap: 'wrap',
        gap: 1,
        mt: 3,
      }}
    >
      <Button variant="outlined" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        {t('pagination.previous')}
      </Button>
      {children}
      <Button variant="outlined" disabled={page >= totalPages} onClick={() => onPageChange(page + 1)}>
        {t('pagination.next')}
      </Button>
    </Box>
  );
}

/**
 * Previous, numbered pages, Next. `ellipses` (spec §2 Suppliers): first and last page with
 * ellipses, at most 7 slots; without (spec §2 Equipment): a run of 5 pages around the current.
 */
export function NumberedPagination({ ellipses = true, ...props }: PaginationProps & { ellipses?: boolean }) {
  const { t } = useTranslation('common');
  const { page, totalPages, onPageChange } = props;
  if (totalPages <= 1) return null;
  const items = ellipses ? pageItems(page, totalPages) : pageWindow(page, totalPages);
  return (
    <PreviousNext {...props}>
      {items.map((item) =>
        typeof item === 'number' ? (
          <Button
            key={item}
            variant={item === page ? 'contained' : 'text'}
            aria-current={item === page ? 'page' : undefined}
            aria-label={t('pagination.goTo', { page: item })}
            onClick={() => onPageChange(item)}
            sx={{ minWidth: 40 }}
          >
            {item}
          </Button>
        ) : (
          <Typography key={item} component="span" aria-hidden sx={{ px: 0.5 }}>
            …
          </Typography>
        ),
      )}
    </PreviousNext>
  );
}

/** Previous, 'Page X of Y', Next (spec §2 Hires). */
export function PageOfPagination(props: PaginationProps) {
  const { t } = useTranslation('common');
  if (props.totalPages <= 1) return null;
  return (
    <PreviousNext {...props}>
      <Typography component="span" aria-live="polite" sx={{ px: 1 }}>
        {t('pagination.pageOf', { page: props.page, total: props.totalPages })}
      </Typography>
    </PreviousNext>
  );
}
