import { Box, Card, CardContent, Chip, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Form } from '../../../components/ui/form/Form';
import { FormError } from '../../../components/ui/form/FormError';
import { FormTextField } from '../../../components/ui/form/FormTextField';
import { SubmitButton } from '../../../components/ui/form/SubmitButton';
import { useZodForm } from '../../../components/ui/form/use-zod-form';
import { useToast } from '../../../components/ui/toast';
import type { User } from '../../../lib/types';
import { useUpdateProfile } from '../api/update-profile';
import { profileFormSchema } from '../schemas';

export function ProfileInfoForm({ user }: { user: User }) {
  const { t } = useTranslation(['profile', 'common']);
  const update = useUpdateProfile();
  const form = useZodForm(profileFormSchema, {
    defaultValues: { name: user.name ?? '', email: user.email ?? '' },
  });
  const toast = useToast();

  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2">
          {t('info.title')}
        </Typography>
        <Form
          form={form}
          aria-label={t('info.title')}
          errorFallback={t('info.failed')}
          onSubmit={async (values) => {
            const { user: saved } = await update.mutateAsync(values);
            // The form shows what was saved (the name trimmed, the email in lower case), not what was typed.
            form.reset({ name: saved.name ?? '', email: saved.email ?? '' });
            toast.success(t('info.updated'));
          }}
        >
          <FormError testId="profile-info-error" />
          <FormTextField
            id="profile-name"
            name="name"
            label={t('info.fullName')}
            autoComplete="name"
            testId="profile-name"
          />
          <FormTextField
            id="profile-email"
            name="email"
            type="email"
            label={t('info.email')}
            autoComplete="email"
            testId="profile-email"
          />
          {/* The role is not the user's to change: shown as text, not as a field. */}
          <Box component="dl" sx={{ my: 2 }}>
            <Typography component="dt" variant="body2" color="text.secondary" id="profile-role-label">
              {t('info.role')}
            </Typography>
            <Box component="dd" sx={{ m: 0, mt: 0.5 }}>
              <Chip
                label={t(`common:roles.${user.role}`)}
                size="small"
                aria-labelledby="profile-role-label"
                data-testid="profile-role"
              />
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                {user.role === 'admin' ? t('info.roleHelpAdmin') : t('info.roleHelp')}
              </Typography>
            </Box>
          </Box>
          <SubmitButton sx={{ mt: 1 }} testId="profile-save" pendingLabel={t('common:saving')}>
            {t('info.save')}
          </SubmitButton>
        </Form>
      </CardContent>
    </Card>
  );
}
