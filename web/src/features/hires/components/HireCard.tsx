import {
  Avatar,
  Box,
  Card,
  CardActions,
  CardContent,
  Checkbox,
  Divider,
  IconButton,
  Link,
  Stack,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { exVatFromTotal } from '@planted/domain';
import { HireStatusChip } from '../../../components/ui/StatusChips';
import { useDocumentUrl } from '../../../lib/accounting';
import { formatDate, formatMoney, initials } from '../../../lib/format';
import { serverText } from '../../../lib/validation-text';
import type { Hire } from '../api/get-hires';
import { isPendingOrderText } from '../schemas';
import { CardImage } from '../../../components/ui/CardImage';

function Line({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ textAlign: 'right', overflowWrap: 'anywhere' }} data-testid={testId}>
        {value}
      </Typography>
    </Box>
  );
}

/** Spec §2 Hires card: the PO number linking to Zahara's document, or 'No PO created'. */
function PurchaseOrderLabel({ hire }: { hire: Hire }) {
  const { t } = useTranslation('hires');
  const documentUrl = useDocumentUrl();
  if (!hire.zahara_po_number) return t('card.noPo');
  const label = t('card.poNumber', { number: hire.zahara_po_number });
  if (!hire.zahara_document_id) return label;
  return (
    <Link
      href={documentUrl(hire.zahara_document_id)}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t('card.poLink', { number: hire.zahara_po_number })}
      data-testid="hire-po-link"
    >
      {label}
    </Link>
  );
}

/** Spec §2 Hires card: every field of a hire in the list, with selection, edit and delete. */
export function HireCard({
  hire,
  selected,
  onToggleSelected,
  onEdit,
  onDelete,
}: {
  hire: Hire;
  selected: boolean;
  /** Absent for a viewer, as onEdit and onDelete: the card then offers no selection or change. */
  onToggleSelected?: () => void;
  onEdit?: () => void;
  onDelete?: () => void;
}) {
  const { t, i18n } = useTranslation(['hires', 'equipment', 'common']);
  const name = hire.equipment_name ?? t('card.unknownEquipment');
  const date = (value: string) => formatDate(value, i18n.language);
  return (
    <Card
      variant="outlined"
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        borderColor: selected ? 'primary.main' : undefined,
      }}
      data-testid={`hire-card-${hire.id}`}
    >
      <CardImage src={hire.equipment_image_url} alt={name} height={140} />
      <CardContent sx={{ flexGrow: 1, pb: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
          {onToggleSelected && (
            <Checkbox
              checked={selected}
              onChange={onToggleSelected}
              slotProps={{ input: { 'aria-label': t('card.select', { name }) } }}
              sx={{ ml: -1, mt: -0.5 }}
              data-testid="hire-select"
            />
          )}
          <Typography
            variant="h6"
            component="h2"
            sx={{ flexGrow: 1, overflowWrap: 'anywhere', lineHeight: 1.3 }}
          >
            {name}
          </Typography>
          <HireStatusChip status={hire.hire_status} testId="hire-status" />
        </Box>
        {hire.equipment_category && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t(`equipment:categories.${hire.equipment_category}`, { defaultValue: hire.equipment_category })}
          </Typography>
        )}
        <Stack spacing={0.5}>
          <Line label={t('card.supplier')} value={hire.supplier_name ?? '—'} testId="hire-supplier" />
          <Line
            label={t('card.site')}
            value={
              hire.job_number
                ? t('card.siteWithJob', { site: hire.site_name ?? '—', job: hire.job_number })
                : (hire.site_name ?? '—')
            }
            testId="hire-site"
          />
          <Line
            label={t('card.dates')}
            value={t('card.dateRange', { start: date(hire.hire_start_date), end: date(hire.hire_end_date) })}
            testId="hire-dates"
          />
          <Line
            label={t('card.duration')}
            value={t('summary.days', { count: hire.hire_duration_days })}
            testId="hire-duration"
          />
          <Line
            label={t('card.price')}
            value={t('card.pricePerTerm', {
              price: formatMoney(hire.price),
              term: t(`termsPer.${hire.pricing_term}`),
              perDay: formatMoney(hire.price_per_day),
            })}
            testId="hire-price"
          />
          <Line label={t('card.po')} value={<PurchaseOrderLabel hire={hire} />} testId="hire-po" />
          {hire.purchase_order_error &&
            !hire.zahara_po_number &&
            (isPendingOrderText(hire.purchase_order_error) ? (
              <Typography variant="body2" color="warning.main" data-testid="hire-po-pending">
                {t('card.poPending', { message: serverText(i18n, hire.purchase_order_error) })}
              </Typography>
            ) : (
              <Typography variant="body2" color="error" data-testid="hire-po-error">
                {t('card.poFailed', { message: serverText(i18n, hire.purchase_order_error) })}
              </Typography>
            ))}
          {hire.zahara_po_number && hire.purchase_order_update_error && (
            <Typography variant="body2" color="warning.main" data-testid="hire-po-not-updated">
              {t('card.poNotUpdated', { message: serverText(i18n, hire.purchase_order_update_error) })}
            </Typography>
          )}
        </Stack>
        <Divider sx={{ my: 1 }} />
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {t('card.total')}
          </Typography>
          <Typography variant="h6" component="p" sx={{ fontWeight: 700 }} data-testid="hire-total">
            {formatMoney(hire.total_cost)}
          </Typography>
        </Box>
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ textAlign: 'right' }}
          data-testid="hire-ex-vat"
        >
          {t('card.exVat', { amount: formatMoney(exVatFromTotal(hire.total_cost)) })}
        </Typography>
      </CardContent>
      <CardActions sx={{ pt: 0, px: 2, pb: 1.5, gap: 1 }}>
        <Avatar
          src={hire.creator_profile_picture ?? undefined}
          alt=""
          sx={{ width: 28, height: 28, fontSize: 12, bgcolor: 'primary.main', color: 'primary.contrastText' }}
        >
          {initials(hire.creator_name)}
        </Avatar>
        <Typography variant="caption" color="text.secondary" sx={{ flexGrow: 1 }} data-testid="hire-creator">
          {t('card.createdBy', { name: hire.creator_name ?? '—', date: date(hire.created_at) })}
        </Typography>
        {onEdit && (
          <IconButton aria-label={t('card.edit', { name })} onClick={onEdit} data-testid="hire-edit">
            <EditIcon />
          </IconButton>
        )}
        {onDelete && (
          <IconButton
            aria-label={t('card.delete', { name })}
            onClick={onDelete}
            color="error"
            data-testid="hire-delete"
          >
            <DeleteIcon />
          </IconButton>
        )}
      </CardActions>
    </Card>
  );
}
