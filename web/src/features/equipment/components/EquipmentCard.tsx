import {
  Box,
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
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FavoriteButton } from '../../../components/ui/Favorites';
import { useCanChange } from '../../../lib/session';
import { formatDate, formatMoney } from '../../../lib/format';
import type { Equipment } from '../api/get-equipment';
import type { PricingEntry } from '../api/get-pricing';
import { CardImage } from '../../../components/ui/CardImage';

/**
 * Spec §2 Equipment: a Latest Price opens a new hire with the item, supplier and price; without
 * one, with the item only.
 */
export function hireLink(item: Pick<Equipment, 'id' | 'name'>, price: PricingEntry | undefined): string {
  const query = new URLSearchParams({ equipment_id: item.id, equipment_name: item.name });
  if (price) {
    query.set('supplier_id', price.supplier_id);
    query.set('price_per_day', String(price.price_per_day));
  }
  return `/hires?${query.toString()}`;
}

export function EquipmentCard({
  item,
  price,
  canManage,
  favoriteBusy,
  onToggleFavorite,
  onEdit,
  onDelete,
}: {
  item: Equipment;
  price: PricingEntry | undefined;
  /** An admin of the owning company (spec §6). */
  canManage: boolean;
  favoriteBusy: boolean;
  onToggleFavorite: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t, i18n } = useTranslation('equipment');
  const canChange = useCanChange();
  return (
    <Card
      variant="outlined"
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
      data-testid={`equipment-card-${item.id}`}
    >
      <CardImage
        src={item.image_card_url}
        alt={item.name}
        height={160}
        placeholder={<Typography variant="body2">{t('card.awaitingPhoto')}</Typography>}
        testId="equipment-image"
        placeholderTestId="equipment-awaiting-photo"
      />
      <CardContent sx={{ flexGrow: 1, pb: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
          <Typography variant="h6" component="h2" sx={{ flexGrow: 1, overflowWrap: 'anywhere' }}>
            {item.name}
          </Typography>
          <FavoriteButton
            name={item.name}
            favorite={item.is_favorite}
            onToggle={onToggleFavorite}
            disabled={favoriteBusy}
            testId="equipment-favorite"
          />
        </Box>
        {item.description && (
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{
              display: '-webkit-box',
              WebkitLineClamp: 3,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
              // A long unbroken word wraps within the card rather than being cut at its edge.
              overflowWrap: 'anywhere',
              mb: 1,
            }}
          >
            {item.description}
          </Typography>
        )}
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 1.5 }}>
          {item.is_active === false && (
            <Chip size="small" color="warning" label={t('card.inactive')} data-testid="equipment-inactive" />
          )}
          <Chip size="small" label={t(`categories.${item.category}`, { defaultValue: item.category })} />
          {item.power && (
            <Chip
              size="small"
              variant="outlined"
              label={t(`power.${item.power}`, { defaultValue: item.power })}
            />
          )}
        </Stack>
        {price ? (
          // A viewer sees the latest price and is offered no new hire from it (it changes nothing).
          <Box
            component={canChange ? RouterLink : 'div'}
            {...(canChange ? { to: hireLink(item, price) } : {})}
            sx={{
              display: 'block',
              p: 1.25,
              borderRadius: 1,
              border: 1,
              borderColor: 'divider',
              color: 'text.primary',
              textDecoration: 'none',
              ...(canChange ? { '&:hover': { bgcolor: 'action.hover' } } : {}),
            }}
            data-testid="equipment-latest-price"
          >
            <Typography variant="overline" component="span" sx={{ display: 'block', lineHeight: 1.5 }}>
              {t('card.latestPrice')}
            </Typography>
            <Typography component="span" sx={{ display: 'block', fontWeight: 700 }}>
              {t('card.perDay', { price: formatMoney(price.price_per_day) })}
            </Typography>
            <Typography variant="body2" component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
              {price.supplier_name}
            </Typography>
            <Typography variant="body2" component="span" color="text.secondary" sx={{ display: 'block' }}>
              {t('card.startDate', { date: formatDate(price.hire_start_date, i18n.language) })}
            </Typography>
          </Box>
        ) : (
          canChange && (
            <Link
              component={RouterLink}
              to={hireLink(item, undefined)}
              aria-label={t('card.createHireFor', { name: item.name })}
              data-testid="equipment-create-hire"
            >
              {t('card.createHire')}
            </Link>
          )
        )}
      </CardContent>
      {canManage && (
        <CardActions sx={{ justifyContent: 'flex-end', pt: 0 }}>
          <IconButton
            aria-label={t('card.edit', { name: item.name })}
            onClick={onEdit}
            data-testid="equipment-edit"
          >
            <EditIcon />
          </IconButton>
          <IconButton
            aria-label={t('card.delete', { name: item.name })}
            onClick={onDelete}
            color="error"
            data-testid="equipment-delete"
          >
            <DeleteIcon />
          </IconButton>
        </CardActions>
      )}
    </Card>
  );
}
