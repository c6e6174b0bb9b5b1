import { Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { customerStatusKind, type CustomerStatusKind } from '@planted/domain';

const COLORS: Readonly<Record<CustomerStatusKind, 'info' | 'success' | 'warning'>> = {
  free: 'info',
  active: 'success',
  inactive: 'warning',
};

/** Spec §1: free shows 'Free Edition', active 'Active', anything else 'Inactive'. */
export function StatusBadge({
  status,
  size = 'small',
}: {
  status: string | null | undefined;
  size?: 'small' | 'medium';
}) {
  const { t } = useTranslation('common');
  const kind = customerStatusKind(status);
  return <Chip size={size} color={COLORS[kind]} label={t(`status.${kind}`)} data-testid="status-badge" />;
}
