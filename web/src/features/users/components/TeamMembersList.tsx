import {
  Avatar,
  Card,
  CardContent,
  Chip,
  List,
  ListItem,
  ListItemAvatar,
  ListItemText,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { initials } from '../../../lib/format';
import type { Role } from '../../../lib/types';
import { useUsers } from '../api/get-users';

const ROLE_COLORS: Record<Role, 'primary' | 'secondary' | 'default'> = {
  admin: 'primary',
  user: 'secondary',
  viewer: 'default',
};

export function TeamMembersList() {
  const { t } = useTranslation(['users', 'common']);
  const users = useUsers();
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
                  <Chip
                    size="small"
                    color={ROLE_COLORS[member.role] ?? 'default'}
                    label={t(`common:roles.${member.role}`)}
                    data-testid="role-badge"
                  />
                }
                sx={{ pr: 14 }}
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
                  primary={member.name}
                  secondary={member.email}
                  slotProps={{
                    primary: { sx: { overflowWrap: 'anywhere' } },
                    secondary: { sx: { overflowWrap: 'anywhere' } },
                  }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
