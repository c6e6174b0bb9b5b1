import { Box, CircularProgress } from '@mui/material';
import { useTranslation } from 'react-i18next';

export function LoadingScreen({ fullPage = false }: { fullPage?: boolean }) {
  return (
    <Box
      sx={{ display: 'grid', placeItems: 'center', minHeight: fullPage ? '100vh' : 240, width: '100%' }}
      data-testid="loading"
    >
      <SpinnerLabel />
    </Box>
  );
}

function SpinnerLabel() {
  const { t, ready } = useTranslation('common', { useSuspense: false });
  return <CircularProgress aria-label={ready ? t('loading') : 'Loading'} />;
}
