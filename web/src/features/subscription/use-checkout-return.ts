import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../components/ui/toast';
import { useErrorText } from '../../lib/use-error-text';
import { useQueryParamsOnce } from '../../lib/use-query-params-once';
import { confirmCheckout } from './api/confirm-checkout';
import type { SubscriptionAnswer } from './api/get-subscription';

const RETURN_PARAMS = ['success', 'session_id', 'canceled'] as const;

/**
 * Spec §4 Return from checkout: success=true with session_id confirms the session, then
 * `refresh` brings the profile and the plans up to date and a success message shows;
 * canceled=true says so. The parameters leave the URL at once, replacing the history entry
 * (so Back does not confirm again), and the session is confirmed once even when React runs
 * the effect twice. `refresh` must be stable (a module function or a memoised callback).
 */
export function useCheckoutReturn(refresh: (answer: SubscriptionAnswer) => Promise<void>): {
  confirming: boolean;
} {
  const { t } = useTranslation('subscription');
  const toast = useToast();
  const errorText = useErrorText();
  const params = useQueryParamsOnce(RETURN_PARAMS);
  const [confirming, setConfirming] = useState(params.success === 'true');
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    if (params.canceled === 'true' && params.success !== 'true') {
      toast.show('info', t('return.canceled'));
      return;
    }
    if (params.success !== 'true') return;
    const sessionId = params.session_id;
    (sessionId ? confirmCheckout(sessionId) : Promise.reject(new Error('success=true without session_id')))
      .then(
        async (answer) => {
          await refresh(answer).catch((error: unknown) =>
            console.error('Failed to refresh after checkout', error),
          );
          toast.success(t('return.confirmed'));
        },
        (error: unknown) => {
          console.error('Failed to confirm the checkout session', error);
          toast.error(errorText(error, t('return.failed')));
        },
      )
      .finally(() => setConfirming(false));
  }, [params, refresh, t, toast, errorText]);

  return { confirming };
}
