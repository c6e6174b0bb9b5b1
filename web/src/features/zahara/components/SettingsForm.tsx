import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Divider,
  FormControlLabel,
  Stack,
  Switch,
  Typography,
} from '@mui/material';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import WifiTetheringIcon from '@mui/icons-material/WifiTethering';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { useFlash } from '../../../components/ui/FlashMessage';
import { FormTextField } from '../../../components/ui/form/FormTextField';
import { Form } from '../../../components/ui/form/Form';
import { FormError } from '../../../components/ui/form/FormError';
import { SubmitButton } from '../../../components/ui/form/SubmitButton';
import { useZodForm } from '../../../components/ui/form/use-zod-form';
import { useToast } from '../../../components/ui/toast';
import { isAccountingActive, type AccountingSettings } from '../../../lib/accounting';
import { useErrorText, useTranslateApiError } from '../../../lib/use-error-text';
import { LOOKUP_KINDS } from '../api/lookup-code';
import { useSaveSettings } from '../api/save-settings';
import { useTestConnection } from '../api/test-connection';
import { settingsFormSchema } from '../schemas';
import { CodeLookupField } from './CodeLookupField';

function defaultsOf(settings: AccountingSettings) {
  return {
    api_key: settings.api_key ?? '',
    nominal_code: settings.nominal_code ?? '',
    nominal_code_id: settings.nominal_code_id,
    nominal_description: settings.nominal_description,
    tax_code: settings.tax_code ?? '',
    tax_code_id: settings.tax_code_id,
    tax_description: settings.tax_description,
    tax_percentage: settings.tax_percentage,
    cost_code: settings.cost_code ?? '',
    cost_code_id: settings.cost_code_id,
    cost_description: settings.cost_description,
    division_code: settings.division_code ?? '',
    division_code_id: settings.division_code_id,
    division_description: settings.division_description,
    auto_create_purchase_orders: settings.auto_create_purchase_orders,
  };
}

function AutoCreateSwitch() {
  const { t } = useTranslation('zahara');
  const { control } = useFormContext();
  const { field } = useController({ name: 'auto_create_purchase_orders', control });
  return (
    <FormControlLabel
      sx={{ mt: 2 }}
      control={
        <Switch
          checked={Boolean(field.value)}
          onChange={(event) => field.onChange(event.target.checked)}
          inputRef={field.ref}
          slotProps={{ input: { 'aria-describedby': 'zahara-auto-create-hint' } }}
          data-testid="zahara-auto-create"
        />
      }
      label={t('settings.autoCreate')}
    />
  );
}

/**
 * Disconnect: the saved key removed (PUT with api_key null, so is_active false), after a
 * confirmation. The codes and the auto-create choice are kept as saved, so a key saved again
 * later picks up where the company left off; matches and purchase orders raised stay too.
 */
function DisconnectButton({ settings }: { settings: AccountingSettings }) {
  const { t } = useTranslation(['zahara', 'common']);
  const toast = useToast();
  const errorText = useErrorText();
  const save = useSaveSettings();
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // Awaited rather than given per-call callbacks: the save remounts the form (a new updated_at),
  // and a mutation's per-call callbacks never run once their component has gone.
  const disconnect = async () => {
    setProblem(null);
    try {
      await save.mutateAsync({ ...defaultsOf(settings), api_key: null });
      toast.success(t('settings.disconnected'));
    } catch (error) {
      setProblem(errorText(error, t('settings.disconnectFailed')));
    } finally {
      setConfirming(false);
    }
  };
  return (
    <>
      <Button
        variant="outlined"
        color="error"
        startIcon={<LinkOffIcon />}
        onClick={() => setConfirming(true)}
        disabled={save.isPending}
        data-testid="zahara-disconnect"
      >
        {t('settings.disconnect')}
      </Button>
      {problem && (
        <Alert severity="error" sx={{ mt: 1 }} data-testid="zahara-disconnect-error">
          {problem}
        </Alert>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('settings.disconnectTitle')}
        message={t('settings.disconnectMessage')}
        confirmLabel={t('settings.disconnect')}
        destructive
        busy={save.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void disconnect()}
      />
    </>
  );
}

/**
 * Spec §2 Accounting integration settings: the API key (only ever shown masked once saved), a
 * connection test, the default codes with their lookups, and Save (admins only; the key must not
 * be blank, spec §5).
 */
export function SettingsForm({ settings }: { settings: AccountingSettings }) {
  const { t } = useTranslation(['zahara', 'common', 'forms']);
  const toast = useToast();
  const translateError = useTranslateApiError();
  const save = useSaveSettings();
  const test = useTestConnection();
  const form = useZodForm(settingsFormSchema, { defaultValues: defaultsOf(settings) });
  const apiKey = useWatch({ control: form.control, name: 'api_key' });
  const keyPresent = typeof apiKey === 'string' && apiKey.trim() !== '';
  // The test's outcome leaves after 5 seconds (spec §4), and shows only beside the key it was
  // about: another key on screen, typed meanwhile or since, shows none (audits AD-1, AF-2).
  const { flash: connection, show: showConnection, clear: clearConnection } = useFlash();
  const [testedKey, setTestedKey] = useState<unknown>(undefined);
  const outcome = connection && apiKey === testedKey ? connection : null;

  /** The key to try: one typed, or none (the saved one), when the field still shows it masked. */
  const typedKey = () => {
    const value = String(form.getValues('api_key') ?? '').trim();
    return value && value !== settings.api_key ? value : undefined;
  };

  const runTest = () => {
    const key = form.getValues('api_key');
    clearConnection();
    setTestedKey(key);
    test.mutate(typedKey(), {
      onSuccess: () => {
        // A refusal of an earlier key no longer holds, if this key is still the one on screen.
        if (form.getValues('api_key') === key) {
          form.clearErrors('root');
          form.clearErrors('api_key');
        }
        showConnection('success', t('connection.ok'));
      },
      // Spec §8 Integration test: one message, whatever the reason.
      onError: () => showConnection('error', t('connection.failed')),
    });
  };

  const active = isAccountingActive(settings);
  return (
    <Form
      form={form}
      aria-label={t('settings.title')}
      errorFallback={t('settings.saveFailed')}
      onSubmit={async (values) => {
        await save.mutateAsync(values).catch((error: unknown) => {
          throw translateError(error);
        });
        toast.success(t('settings.saved'));
        clearConnection();
      }}
    >
      <Card variant="outlined" sx={{ mb: 3 }}>
        <CardContent>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
              {t('settings.connectionTitle')}
            </Typography>
            <Chip
              size="small"
              color={active ? 'success' : 'default'}
              label={active ? t('status.active') : t('status.notConfigured')}
              data-testid="zahara-status"
            />
          </Box>
          <Typography color="text.secondary" variant="body2">
            {t('settings.connectionHint')}
          </Typography>
          <FormError testId="zahara-settings-error" />
          <FormTextField
            id="zahara-api-key"
            name="api_key"
            label={t('settings.apiKey')}
            autoComplete="off"
            hint={settings.has_api_key ? t('settings.apiKeySavedHint') : t('settings.apiKeyHint')}
            testId="zahara-api-key"
          />
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ mt: 1, alignItems: { sm: 'center' } }}
          >
            <Button
              variant="outlined"
              startIcon={<WifiTetheringIcon />}
              onClick={runTest}
              disabled={!keyPresent || test.isPending}
              data-testid="zahara-test-connection"
            >
              {test.isPending ? t('connection.testing') : t('connection.test')}
            </Button>
            <Box role="status" sx={{ flexGrow: 1 }}>
              {outcome && (
                <Alert severity={outcome.severity} data-testid="zahara-connection-result">
                  {outcome.text}
                </Alert>
              )}
            </Box>
          </Stack>
          <AutoCreateSwitch />
          <Typography id="zahara-auto-create-hint" variant="body2" color="text.secondary">
            {t('settings.autoCreateHint')}
          </Typography>
          {settings.has_api_key && (
            <Box sx={{ mt: 2 }}>
              <DisconnectButton settings={settings} />
            </Box>
          )}
        </CardContent>
      </Card>

      <Card variant="outlined" sx={{ mb: 3 }}>
        <CardContent>
          <Typography variant="h6" component="h2">
            {t('settings.codesTitle')}
          </Typography>
          <Typography color="text.secondary" variant="body2">
            {t('settings.codesHint')}
          </Typography>
          {!keyPresent && (
            <Alert severity="info" sx={{ mt: 2 }} data-testid="zahara-needs-key">
              {t('settings.needsKey')}
            </Alert>
          )}
          {LOOKUP_KINDS.map((kind) => (
            <CodeLookupField key={kind} kind={kind} apiKey={typedKey} disabled={!keyPresent} />
          ))}
          <Divider sx={{ my: 2 }} />
          <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
            <SubmitButton
              pendingLabel={t('common:saving')}
              disabled={!keyPresent}
              testId="zahara-save"
              fullWidth={false}
            >
              {t('settings.save')}
            </SubmitButton>
          </Box>
        </CardContent>
      </Card>
    </Form>
  );
}
