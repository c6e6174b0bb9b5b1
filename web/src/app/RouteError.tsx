import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Box, Button, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

function RouteErrorMessage() {
  const { t, ready } = useTranslation('common', { useSuspense: false });
  return (
    <Box role="alert" sx={{ p: 4, textAlign: 'center' }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {ready ? t('routeError.title') : 'Something went wrong'}
      </Typography>
      <Typography sx={{ mb: 2 }}>{ready ? t('routeError.body') : 'Please reload the page.'}</Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        {ready ? t('routeError.reload') : 'Reload'}
      </Button>
    </Box>
  );
}

/**
 * Shown when a screen fails to render or its code cannot be downloaded (for example after a
 * deploy replaced the chunks). `resetKey` (the path) clears the error on navigation.
 */
export class RouteErrorBoundary extends Component<
  { children: ReactNode; resetKey: string },
  { failedAt: string | null }
> {
  override state: { failedAt: string | null } = { failedAt: null };

  static getDerivedStateFromError(): { failedAt: string } {
    return { failedAt: '' };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Screen failed to render', error, info.componentStack);
    this.setState({ failedAt: this.props.resetKey });
  }

  override render() {
    const { failedAt } = this.state;
    if (failedAt !== null && (failedAt === '' || failedAt === this.props.resetKey))
      return <RouteErrorMessage />;
    return this.props.children;
  }
}
