import { Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { HireStatus, SiteStatus } from '@planted/domain';

/** Spec §4: active green, completed blue, collection booked orange. */
const HIRE_COLORS: Readonly<Record<HireStatus, 'success' | 'info' | 'warning'>> = {
  active: 'success',
  completed: 'info',
  collection_booked: 'warning',
};

/** Spec §4: site badges success, warning, info. */
const SITE_COLORS: Readonly<Record<SiteStatus, 'success' | 'warning' | 'info'>> = {
  active: 'success',
  inactive: 'warning',
  completed: 'info',
};

/** A hire's status pill (hire cards, the maps' marker panels), with its label capitalised. */
export function HireStatusChip({ status, testId }: { status: HireStatus; testId?: string }) {
  const { t } = useTranslation('common');
  return (
    <Chip
      size="small"
      color={HIRE_COLORS[status] ?? 'default'}
      label={t(`hireStatus.${status}`, { defaultValue: status })}
      data-testid={testId}
    />
  );
}

export function SiteStatusChip({ status, testId }: { status: SiteStatus; testId?: string }) {
  const { t } = useTranslation('common');
  return (
    <Chip
      size="small"
      variant="outlined"
      color={SITE_COLORS[status] ?? 'default'}
      label={t(`siteStatus.${status}`, { defaultValue: status })}
      data-testid={testId}
    />
  );
}
