import { changePasswordSchema, profileUpdateSchema } from '@planted/contracts';
import { VALIDATION_MESSAGES } from '@planted/domain';
import { withConfirmation } from '../../components/ui/form/confirmation';

/** Spec §5 Profile: the update contract's rules. */
export const profileFormSchema = profileUpdateSchema;

/**
 * Spec §5 Password change: the contract plus the client-only confirmation, and a new password
 * that is not the current one (identity refuses that too).
 */
export const changePasswordFormSchema = withConfirmation(changePasswordSchema, {
  field: 'newPassword',
  confirm: 'confirmPassword',
  requiredMessage: VALIDATION_MESSAGES.CONFIRM_PASSWORD_REQUIRED,
  mismatchMessage: VALIDATION_MESSAGES.NEW_PASSWORDS_DO_NOT_MATCH,
}).check((ctx) => {
  const { currentPassword, newPassword } = ctx.value;
  if (newPassword && newPassword === currentPassword)
    ctx.issues.push({
      code: 'custom',
      input: newPassword,
      path: ['newPassword'],
      message: VALIDATION_MESSAGES.NEW_PASSWORD_SAME,
    });
});
