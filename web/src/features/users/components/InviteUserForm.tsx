import { Alert, Card, CardContent, Typography } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DEFAULT_INVITE_ROLE, INVITE_ROLES } from '@planted/domain';
import { Form } from '../../../components/ui/form/Form';
import { FormError } from '../../../components/ui/form/FormError';
import { FormSelectField } from '../../../components/ui/form/FormSelectField';
import { FormTextField } from '../../../components/ui/form/FormTextField';
import { SubmitButton } from '../../../components/ui/form/SubmitButton';
import { useZodForm } from '../../../components/ui/form/use-zod-form';
import { useToast } from '../../../components/ui/toast';
import { useCreateInvitation } from '../api/create-invitation';
import { usePendingInvitations } from '../api/get-pending-invitations';
import { inviteFormSchema } from '../schemas';

const EMPTY = { email: '', name: '', role: DEFAULT_INVITE_ROLE };

export function InviteUserForm() {
  const { t } = useTranslation(['users', 'common']);
  const invite = useCreateInvitation();
  // An address with a pending invitation gets a new link, and its old one stops working: said so.
  const pending = usePendingInvitations();
  const form = useZodForm(inviteFormSchema, { defaultValues: EMPTY });
  const toast = useToast();
  const roleName = (role: string) => t(`common:roles.${role}`);
  // The address typed already has a pending invitation: sending replaces it, with the role now
  // chosen (the form starts at User), so that is said before, and its Resend pointed to.
  const [typedEmail, typedRole] = useWatch({ control: form.control, name: ['email', 'role'] }) as [
    string,
    string,
  ];
  const pendingFor = (address: string) =>
    (pending.data?.invitations ?? []).find(
      (earlier) => earlier.email.toLowerCase() === address.trim().toLowerCase(),
    );
  const replaced = typedEmail ? pendingFor(typedEmail) : undefined;

  return (
    <Card variant="outlined" data-testid="invite-user">
      <CardContent>
        <Typography variant="h6" component="h2">
          {t('invite.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('invite.subtitle')}
        </Typography>
        <Form
          form={form}
          aria-label={t('invite.title')}
          errorFallback={t('invite.failed')}
          onSubmit={async (values) => {
            const replaces = pendingFor(values.email) !== undefined;
            const { invitation } = await invite.mutateAsync(values);
            const email = invitation?.email ?? values.email;
            toast.success(
              replaces
                ? t('invite.sentAgain', { email, role: roleName(invitation?.role ?? values.role) })
                : t('invite.sent', { email }),
            );
            form.reset(EMPTY);
          }}
        >
          <FormError testId="invite-error" />
          <FormTextField
            id="invite-user-email"
            name="email"
            type="email"
            label={t('invite.email')}
            testId="invite-user-email"
          />
          <FormTextField
            id="invite-user-name"
            name="name"
            label={t('invite.name')}
            testId="invite-user-name"
          />
          <FormSelectField
            id="invite-user-role"
            name="role"
            label={t('invite.role')}
            options={INVITE_ROLES.map((role) => ({ value: role, label: t(`common:roles.${role}`) }))}
            testId="invite-user-role"
          />
          {replaced && (
            <Alert severity="info" sx={{ mt: 1 }} data-testid="invite-replaces-pending">
              {t('invite.replacesPending', {
                email: replaced.email,
                role: roleName(replaced.role),
                newRole: roleName(typedRole),
              })}
            </Alert>
          )}
          <SubmitButton sx={{ mt: 1 }} testId="invite-user-submit" pendingLabel={t('invite.sending')}>
            {t('invite.submit')}
          </SubmitButton>
        </Form>
      </CardContent>
    </Card>
  );
}
