import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FlashMessage, useFlash } from '../../components/ui/FlashMessage';
import { useHandedOverFlash } from '../../lib/use-handed-over-flash';

const ROUTE_MESSAGES = ['loginSuccess', 'registrationSuccess'];

/** Success messages handed over by the sign-in and sign-up screens through navigation state. */
export function RouteFlash() {
  const { t } = useTranslation('common');
  const state = useLocation().state as { flash?: string } | null;
  const key = state?.flash && ROUTE_MESSAGES.includes(state.flash) ? state.flash : null;
  const { flash, clear } = useFlash(key ? { severity: 'success', text: t(`flash.${key}`) } : null);
  useHandedOverFlash(key ?? undefined);
  return <FlashMessage flash={flash} onClose={clear} testId="route-flash" />;
}
