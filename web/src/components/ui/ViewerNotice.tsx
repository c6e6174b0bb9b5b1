import { Alert } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** Said on the screens whose records a viewer sees but cannot change (they offer no add or edit). */
export function ViewerNotice() {
  const { t } = useTranslation('common');
  return (
    <Alert severity="info" sx={{ mb: 2 }} data-testid="viewer-notice">
      {t('viewerNotice')}
    </Alert>
  );
}
