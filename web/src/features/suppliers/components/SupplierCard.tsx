import {
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  IconButton,
  Link,
  Stack,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import EmailIcon from '@mui/icons-material/Email';
import LinkIcon from '@mui/icons-material/Link';
import LocationOnIcon from '@mui/icons-material/LocationOn';
import PhoneIcon from '@mui/icons-material/Phone';
import StickyNote2Icon from '@mui/icons-material/StickyNote2';
import { useTranslation } from 'react-i18next';
import { FavoriteButton } from '../../../components/ui/Favorites';
import { useAccountingActive } from '../../../lib/accounting';
import type { Supplier } from '../api/get-suppliers';

function ContactLine({ icon, children }: { icon: React.ReactNode; children: React.ReactNode }) {
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', mb: 0.5, minWidth: 0 }}>
      <Box component="span" sx={{ color: 'text.secondary', display: 'flex', mt: 0.25 }} aria-hidden>
        {icon}
      </Box>
      <Typography variant="body2" component="span" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
        {children}
      </Typography>
    </Box>
  );
}

export function SupplierCard({
  supplier,
  isAdmin,
  favoriteBusy,
  onToggleFavorite,
  onOpen,
  onDelete,
}: {
  supplier: Supplier;
  isAdmin: boolean;
  favoriteBusy: boolean;
  onToggleFavorite: () => void;
  /** Edit (admins) or the details and notes (everyone): the same modal. */
  onOpen: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('suppliers');
  const accountingActive = useAccountingActive();
  const mine = supplier.created_by_you;
  return (
    <Card
      variant="outlined"
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
      data-testid={`supplier-card-${supplier.id}`}
    >
      <CardContent sx={{ flexGrow: 1, pb: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
          <Typography variant="h6" component="h2" sx={{ flexGrow: 1, overflowWrap: 'anywhere' }}>
            {supplier.name}
          </Typography>
          <FavoriteButton
            name={supplier.name}
            favorite={supplier.is_favorite}
            onToggle={onToggleFavorite}
            disabled={favoriteBusy}
            testId="supplier-favorite"
          />
        </Box>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 1.5 }}>
          <Chip
            size="small"
            color={mine ? 'primary' : 'default'}
            variant={mine ? 'filled' : 'outlined'}
            label={mine ? t('card.createdByYou') : t('card.community')}
            data-testid="supplier-origin"
          />
          {/* Spec §6: integration features only while the integration is configured. */}
          {accountingActive && supplier.zahara_supplier_id && (
            <Chip
              size="small"
              color="success"
              icon={<LinkIcon />}
              label={t('card.zaharaMatched')}
              data-testid="supplier-zahara"
            />
          )}
          {supplier.has_customer_note && (
            <Chip
              size="small"
              variant="outlined"
              icon={<StickyNote2Icon />}
              label={t('card.hasNotes')}
              data-testid="supplier-has-note"
            />
          )}
        </Stack>
        {supplier.contact_email && (
          <ContactLine icon={<EmailIcon fontSize="small" />}>
            <Link href={`mailto:${supplier.contact_email}`}>{supplier.contact_email}</Link>
          </ContactLine>
        )}
        {supplier.contact_phone && (
          <ContactLine icon={<PhoneIcon fontSize="small" />}>
            <Link href={`tel:${supplier.contact_phone.replace(/\s+/g, '')}`}>{supplier.contact_phone}</Link>
          </ContactLine>
        )}
        {supplier.address && (
          <ContactLine icon={<LocationOnIcon fontSize="small" />}>{supplier.address}</ContactLine>
        )}
        {!supplier.contact_email && !supplier.contact_phone && !supplier.address && (
          <Typography variant="body2" color="text.secondary">
            {t('card.noContact')}
          </Typography>
        )}
      </CardContent>
      <CardActions sx={{ justifyContent: 'flex-end', pt: 0 }}>
        {isAdmin ? (
          <>
            <IconButton
              aria-label={t('card.edit', { name: supplier.name })}
              onClick={onOpen}
              data-testid="supplier-edit"
            >
              <EditIcon />
            </IconButton>
            {mine && (
              <IconButton
                aria-label={t('card.delete', { name: supplier.name })}
                onClick={onDelete}
                color="error"
                data-testid="supplier-delete"
              >
                <DeleteIcon />
              </IconButton>
            )}
          </>
        ) : (
          <Button
            size="small"
            onClick={onOpen}
            aria-label={t('card.openFor', { name: supplier.name })}
            data-testid="supplier-open"
          >
            {t('card.open')}
          </Button>
        )}
      </CardActions>
    </Card>
  );
}
