import { useState } from 'react';
import {
  Avatar,
  Button,
  Card,
  CardContent,
  Chip,
  List,
  ListItem,
  ListItemAvatar,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ROLES } from '@planted/domain';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { NativeSelectInput } from '../../../components/ui/TextInput';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { initials } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import type { Role, User } from '../../../lib/types';
import { validationKey } from '../../../lib/validation-text';
import { useUsers } from '../../../lib/users-api';
import { useRemoveUser } from '../api/remove-user';
import { useSetUserRole } from '../api/set-user-role';

const ROLE_COLORS: Record<Role, 'primary' | 'secondary' | 'default'> = {
  admin: 'primary',
  user: 'secondary',
  viewer: 'default',
};

const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);

/** What the confirmation dialog asks about: removing a member, or changing a role (one's own or another's). */
type Pending = { kind: 'remove'; member: User } | { kind: 'role'; member: User; role: Role };

/**
 * The company's users (spec §2 Users). Administrators also change a user's role and remove
 * users (spec §6); either ends that user's sessions, so changing one's own role or removing
 * oneself asks first. The server keeps the last administrator and says why.
 */
export function TeamMembersList() {
  const { t, i18n } = useTranslation(['users', 'common']);
  const users = useUsers();
  const { user: me } = useSession();
  const manages = me?.role === 'admin';
  const setRole = useSetUserRole();
  const remove = useRemoveUser();
  const toast = useToast();
  // Kept while the dialog closes, so its text does not change as it fades out.
  const [pending, setPending] = useState<Pending | null>(null);
  const [confirming, setConfirming] = useState(false);

  // Spec §8: the server's `error`, else the fallback; a server text the contracts word is shown translated.
  const failure = (error: unknown, fallback: string) => {
    const text = errorMessage(error, fallback);
    const key = validationKey(text);
    return key && i18n.exists(key) ? t(key) : text;
  };
  const roleName = (role: Role) => t(`common:roles.${role}`);

  const changeRole = (member: User, role: Role) =>
    setRole.mutate(
      { id: member.id, role },
      {
        onSuccess: () => toast.success(t('manage.roleChanged', { name: member.name, role: roleName(role) })),
        onError: (error) => toast.error(failure(error, t('manage.roleFailed'))),
        onSettled: () => setConfirming(false),
      },
    );

  const removeMember = (member: User) =>
    remove.mutate(member.id, {
      onSuccess: () => toast.success(t('manage.removed', { name: member.name })),
      onError: (error) => toast.error(failure(error, t('manage.removeFailed'))),
      onSettled: () => setConfirming(false),
    });

  const ask = (next: Pending) => {
    setPending(next);
    setConfirming(true);
  };

  // Asked first, for anyone: a native select changes on one arrow key, and a role change ends
  // every session of the member (AP-3).
  const onRoleSelected = (member: User, value: string) => {
    if (!isRole(value) || value === member.role) return;
    ask({ kind: 'role', member, role: value });
  };

  const own = pending?.member.id === me?.id;
  const dialog =
    pending?.kind === 'role'
      ? {
          title: own
            ? t('manage.confirmOwnRoleTitle')
            : t('manage.confirmRoleTitle', { name: pending.member.name }),
          message: own
            ? t('manage.confirmOwnRoleMessage', { role: roleName(pending.role) })
            : t('manage.confirmRoleMessage', { name: pending.member.name, role: roleName(pending.role) }),
          confirmLabel: t('manage.confirmOwnRole'),
          busy: setRole.isPending,
          onConfirm: () => changeRole(pending.member, pending.role),
        }
      : {
          title: t('manage.confirmRemoveTitle'),
          message: own
            ? t('manage.confirmRemoveOwnMessage')
            : t('manage.confirmRemoveMessage', {
                name: pending?.member.name ?? '',
                email: pending?.member.email ?? '',
              }),
          confirmLabel: t('manage.remove'),
          busy: remove.isPending,
          onConfirm: () => pending && removeMember(pending.member),
        };

  return (
    <Card variant="outlined" data-testid="team-members">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('list.title')}
        </Typography>
        {users.isPending ? (
          <Typography color="text.secondary" role="status">
            {t('list.loading')}
          </Typography>
        ) : users.isError ? (
          <Typography color="error" role="alert">
            {t('list.failed')}
          </Typography>
        ) : users.data.length === 0 ? (
          <Typography color="text.secondary">{t('list.empty')}</Typography>
        ) : (
          <List disablePadding>
            {users.data.map((member) => (
              <ListItem
                key={member.id}
                divider
                disableGutters
                data-testid={`user-row-${member.id}`}
                secondaryAction={
                  manages ? undefined : (
                    <Chip
                      size="small"
                      color={ROLE_COLORS[member.role] ?? 'default'}
                      label={roleName(member.role)}
                      data-testid="role-badge"
                    />
                  )
                }
                sx={manages ? { flexWrap: 'wrap', columnGap: 2, rowGap: 1 } : { pr: 14 }}
              >
                <ListItemAvatar>
                  {/* MUI's default grey behind white initials is 1.7:1; the theme's primary pair passes. */}
                  <Avatar
                    src={member.profile_picture_url ?? undefined}
                    alt=""
                    sx={{ bgcolor: 'primary.main', color: 'primary.contrastText' }}
                  >
                    {initials(member.name)}
                  </Avatar>
                </ListItemAvatar>
                {/* Long names and emails wrap (at any character if need be) rather than being cut off. */}
                <ListItemText
                  primary={
                    member.id === me?.id && manages ? `${member.name} (${t('manage.you')})` : member.name
                  }
                  secondary={member.email}
                  sx={manages ? { flex: '1 1 12rem' } : undefined}
                  slotProps={{
                    primary: { sx: { overflowWrap: 'anywhere' } },
                    secondary: { sx: { overflowWrap: 'anywhere' } },
                  }}
                />
                {manages && (
                  <Stack direction="row" spacing={1} alignItems="center">
                    <NativeSelectInput
                      id={`user-role-${member.id}`}
                      label={t('manage.role')}
                      accessibleName={t('manage.roleOf', { name: member.name })}
                      value={member.role}
                      disabled={setRole.isPending && setRole.variables?.id === member.id}
                      testId="user-role-select"
                      onChange={(value) => onRoleSelected(member, value)}
                    >
                      {ROLES.map((role) => (
                        <option key={role} value={role}>
                          {roleName(role)}
                        </option>
                      ))}
                    </NativeSelectInput>
                    <Button
                      size="small"
                      variant="outlined"
                      color="error"
                      aria-label={t('manage.removeNamed', { name: member.name })}
                      data-testid="remove-user"
                      onClick={() => ask({ kind: 'remove', member })}
                    >
                      {t('manage.remove')}
                    </Button>
                  </Stack>
                )}
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
      {manages && (
        <ConfirmDialog
          open={confirming}
          title={dialog.title}
          message={dialog.message}
          confirmLabel={dialog.confirmLabel}
          destructive
          busy={dialog.busy}
          onCancel={() => setConfirming(false)}
          onConfirm={dialog.onConfirm}
        />
      )}
    </Card>
  );
}
