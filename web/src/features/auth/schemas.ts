import {
  forgotPasswordSchema,
  invitationAcceptSchema,
  resetPasswordSchema,
  loginRequestSchema,
  OAUTH_PROVIDER_ID_PARAM,
  registerRequestSchema,
} from '@planted/contracts';
import { VALIDATION_MESSAGES } from '@planted/domain';
import { withConfirmation } from '../../components/ui/form/confirmation';

/** Spec §5 Login: the contract's own rules. */
export const loginFormSchema = loginRequestSchema;

const confirmPassword = {
  field: 'password',
  confirm: 'confirmPassword',
  requiredMessage: VALIDATION_MESSAGES.CONFIRM_PASSWORD_REQUIRED,
  mismatchMessage: VALIDATION_MESSAGES.PASSWORDS_DO_NOT_MATCH,
} as const;

/** Spec §5 Signup: the register contract plus the client-only confirmation. */
export const signupFormSchema = withConfirmation(registerRequestSchema, confirmPassword);

/** Social completion mode: the same company and person rules, and no password fields. */
export const socialSignupFormSchema = registerRequestSchema.omit({ password: true });

/** Spec §5 Invitation: the accept contract (the token comes from the link) plus the confirmation. */
export const acceptInviteFormSchema = withConfirmation(
  invitationAcceptSchema.omit({ token: true }),
  confirmPassword,
);

/** The email of a password reset request: the contract's rules. */
export const forgotPasswordFormSchema = forgotPasswordSchema;

/** The new password (signup rules, the token comes from the link) plus the confirmation. */
export const resetPasswordFormSchema = withConfirmation(
  resetPasswordSchema.omit({ token: true }),
  confirmPassword,
);

/** Query parameter (and complete-signup field) of each provider's account id (spec §2 Signup). */
export const PROVIDER_ID_PARAM = OAUTH_PROVIDER_ID_PARAM;
