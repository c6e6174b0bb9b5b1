import { useMemo, useState } from 'react';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Card,
  CardContent,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import LinkIcon from '@mui/icons-material/Link';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { useToast } from '../../../components/ui/toast';
import { useErrorText } from '../../../lib/use-error-text';
import { validationKey } from '../../../lib/validation-text';
import {
  useMatchSuppliers,
  useOurSuppliers,
  useSupplierMatches,
  useUnmatchSupplier,
  useZaharaSuppliers,
  type Supplier,
  type SupplierMatch,
  type ZaharaSupplier,
} from '../api/supplier-matching';
import { supplierMatchFormSchema } from '../schemas';

const zaharaLabel = (supplier: ZaharaSupplier) =>
  supplier.referenceNumber ? `${supplier.supplierName} (${supplier.referenceNumber})` : supplier.supplierName;

/**
 * Spec §2, §5: one of our suppliers and one of Zahara's, Match (both required), and the list of
 * matches. A match carries the Zahara supplier's default codes, which its purchase orders use.
 * Matching is an administrator's (it reads the business unit's suppliers with the company's
 * key); everyone else sees the matches.
 */
export function SupplierMatching({ configured, canMatch }: { configured: boolean; canMatch: boolean }) {
  const { t } = useTranslation(['zahara', 'forms']);
  const toast = useToast();
  const errorText = useErrorText();
  const ours = useOurSuppliers();
  const theirs = useZaharaSuppliers(configured && canMatch);
  const matches = useSupplierMatches();
  const match = useMatchSuppliers();
  const unmatch = useUnmatchSupplier();
  const [toUnmatch, setToUnmatch] = useState<SupplierMatch | null>(null);
  const [unmatchProblem, setUnmatchProblem] = useState<string | null>(null);
  const onUnmatch = (entry: SupplierMatch) => {
    setUnmatchProblem(null);
    unmatch.mutate(entry.supplier_id, {
      onSuccess: () => {
        setToUnmatch(null);
        toast.success(
          t('matching.unmatched', { supplier: entry.supplier_name ?? t('matching.unknownSupplier') }),
        );
      },
      onError: (error) => {
        setToUnmatch(null);
        setUnmatchProblem(errorText(error, t('matching.unmatchFailed')));
      },
    });
  };
  const [supplier, setSupplier] = useState<Supplier | null>(null);
  const [zahara, setZahara] = useState<ZaharaSupplier | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const zaharaById = useMemo(
    () => new Map((theirs.data ?? []).map((entry) => [entry.supplierId, entry])),
    [theirs.data],
  );

  const submit = () => {
    const parsed = supplierMatchFormSchema.safeParse({
      supplier_id: supplier?.id ?? '',
      zahara_supplier_id: zahara?.supplierId ?? '',
    });
    if (!parsed.success || !supplier || !zahara) {
      const message = parsed.success ? '' : (parsed.error.issues[0]?.message ?? '');
      const key = validationKey(message);
      setProblem(key ? t(key) : message);
      return;
    }
    setProblem(null);
    match.mutate(
      {
        supplier_id: supplier.id,
        zahara_supplier_id: zahara.supplierId,
        zahara_nominal_id: zahara.defaultNominalCodeId,
        zahara_default_tax_code_id: zahara.defaultTaxCodeId,
        zahara_cost_code_id: zahara.defaultCostCodeId,
        zahara_division_id: zahara.defaultDivisionId,
      },
      {
        onSuccess: () => {
          toast.success(t('matching.matched', { supplier: supplier.name, zahara: zahara.supplierName }));
          setSupplier(null);
          setZahara(null);
        },
        onError: (error) => setProblem(errorText(error, t('matching.failed'))),
      },
    );
  };

  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2">
          {t('matching.title')}
        </Typography>
        <Typography color="text.secondary" variant="body2" sx={{ mb: 2 }}>
          {t('matching.hint')}
        </Typography>
        {!configured && (
          <Alert severity="info" sx={{ mb: 2 }} data-testid="zahara-matching-needs-key">
            {t(canMatch ? 'matching.needsKey' : 'matching.notConfigured')}
          </Alert>
        )}
        {canMatch && (
          <>
            {ours.isError && (
              <Alert severity="error" sx={{ mb: 2 }}>
                {errorText(ours.error, t('matching.oursFailed'))}
              </Alert>
            )}
            {configured && theirs.isError && (
              <Alert severity="error" sx={{ mb: 2 }} data-testid="zahara-suppliers-error">
                {errorText(theirs.error, t('matching.theirsFailed'))}
              </Alert>
            )}
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
              <Autocomplete
                id="zahara-match-ours"
                options={ours.data ?? []}
                loading={ours.isPending}
                value={supplier}
                onChange={(_, value) => {
                  setSupplier(value);
                  setProblem(null);
                }}
                getOptionLabel={(option) => option.name}
                // Suppliers may share a name: each row is keyed by its id, or React mixes them up.
                getOptionKey={(option) => option.id}
                isOptionEqualToValue={(option, value) => option.id === value.id}
                disabled={!configured}
                sx={{ flex: 1 }}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    label={t('matching.ours')}
                    slotProps={{ htmlInput: { ...params.inputProps, 'data-testid': 'zahara-match-ours' } }}
                  />
                )}
              />
              <Autocomplete
                id="zahara-match-theirs"
                options={theirs.data ?? []}
                loading={configured && theirs.isPending}
                value={zahara}
                onChange={(_, value) => {
                  setZahara(value);
                  setProblem(null);
                }}
                getOptionLabel={zaharaLabel}
                getOptionKey={(option) => option.supplierId}
                isOptionEqualToValue={(option, value) => option.supplierId === value.supplierId}
                disabled={!configured}
                sx={{ flex: 1 }}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    label={t('matching.theirs')}
                    slotProps={{ htmlInput: { ...params.inputProps, 'data-testid': 'zahara-match-theirs' } }}
                  />
                )}
              />
              <Button
                variant="contained"
                startIcon={<LinkIcon />}
                onClick={submit}
                disabled={!configured || match.isPending}
                sx={{ minHeight: 56, whiteSpace: 'nowrap' }}
                data-testid="zahara-match"
              >
                {match.isPending ? t('matching.matching') : t('matching.match')}
              </Button>
            </Stack>
            <Box role="status" sx={{ mt: problem ? 2 : 0 }}>
              {problem && (
                <Alert severity="error" data-testid="zahara-match-error">
                  {problem}
                </Alert>
              )}
            </Box>
          </>
        )}

        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mt: 3 }}>
          {t('matching.listTitle')}
        </Typography>
        {matches.isPending ? (
          <Skeleton variant="rounded" height={48} sx={{ mt: 1 }} />
        ) : matches.isError ? (
          <Alert severity="error" sx={{ mt: 1 }}>
            {errorText(matches.error, t('matching.listFailed'))}
          </Alert>
        ) : matches.data.length === 0 ? (
          <Typography color="text.secondary" sx={{ mt: 1 }} data-testid="zahara-matches-empty">
            {t(canMatch ? 'matching.none' : 'matching.noneYet')}
          </Typography>
        ) : (
          <List dense data-testid="zahara-matches">
            {matches.data.map((entry) => {
              const other = zaharaById.get(entry.zahara_supplier_id);
              return (
                <ListItem
                  key={entry.id}
                  disableGutters
                  divider
                  data-testid="zahara-match-row"
                  secondaryAction={
                    canMatch ? (
                      <IconButton
                        edge="end"
                        aria-label={t('matching.unmatchLabel', {
                          supplier: entry.supplier_name ?? t('matching.unknownSupplier'),
                        })}
                        onClick={() => setToUnmatch(entry)}
                        data-testid="zahara-unmatch"
                      >
                        <LinkOffIcon />
                      </IconButton>
                    ) : undefined
                  }
                >
                  <ListItemText
                    primary={entry.supplier_name ?? t('matching.unknownSupplier')}
                    secondary={t('matching.matchedWith', {
                      zahara: other
                        ? zaharaLabel(other)
                        : t('matching.zaharaId', { id: entry.zahara_supplier_id }),
                    })}
                  />
                </ListItem>
              );
            })}
          </List>
        )}
        {unmatchProblem && (
          <Alert severity="error" sx={{ mt: 1 }} data-testid="zahara-unmatch-error">
            {unmatchProblem}
          </Alert>
        )}
        <ConfirmDialog
          open={toUnmatch !== null}
          title={t('matching.unmatchTitle')}
          message={t('matching.unmatchMessage', {
            supplier: toUnmatch?.supplier_name ?? t('matching.unknownSupplier'),
          })}
          confirmLabel={t('matching.unmatch')}
          destructive
          busy={unmatch.isPending}
          onCancel={() => setToUnmatch(null)}
          onConfirm={() => toUnmatch && onUnmatch(toUnmatch)}
        />
      </CardContent>
    </Card>
  );
}
