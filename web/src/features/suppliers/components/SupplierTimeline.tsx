import { useEffect } from 'react';
import { Alert, Box, List, ListItem, ListItemText, Skeleton, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Form } from '../../../components/ui/form/Form';
import { FormError } from '../../../components/ui/form/FormError';
import { FormTextField } from '../../../components/ui/form/FormTextField';
import { SubmitButton } from '../../../components/ui/form/SubmitButton';
import { useZodForm } from '../../../components/ui/form/use-zod-form';
import { useToast } from '../../../components/ui/toast';
import { formatDate } from '../../../lib/format';
import { useErrorText, useTranslateApiError } from '../../../lib/use-error-text';
import { useAddNote, useTimeline } from '../api/timeline';
import { supplierNoteSchema } from '../schemas';

/**
 * The right panel (spec §2 Suppliers): the company's own timeline and an Add Note box. `draft`
 * follows the note typed and not yet added, so saving the supplier can add it rather than lose it.
 */
export function SupplierTimeline({
  supplierId,
  draft,
  canAdd = true,
}: {
  supplierId: string | null;
  draft?: { current: string };
  /** False for a viewer: the timeline is shown without the Add Note box. */
  canAdd?: boolean;
}) {
  const { t, i18n } = useTranslation(['suppliers', 'forms', 'common']);
  const timeline = useTimeline(supplierId);
  const addNote = useAddNote();
  const toast = useToast();
  const translateError = useTranslateApiError();
  const errorText = useErrorText();
  const form = useZodForm(supplierNoteSchema, { defaultValues: { note: '' } });
  useEffect(() => {
    if (!draft) return undefined;
    const subscription = form.watch((values) => {
      draft.current = typeof values.note === 'string' ? values.note : '';
    });
    return () => subscription.unsubscribe();
  }, [form, draft]);

  return (
    <Box component="section" aria-labelledby="supplier-timeline-title" data-testid="supplier-timeline">
      <Typography id="supplier-timeline-title" variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {t('timeline.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('timeline.private')}
      </Typography>
      {supplierId === null ? (
        <Typography color="text.secondary" sx={{ mt: 2 }}>
          {t('timeline.afterSave')}
        </Typography>
      ) : (
        <>
          {canAdd && (
            <Form
              form={form}
              aria-label={t('timeline.addNote')}
              errorFallback={t('timeline.noteFailed')}
              onSubmit={async ({ note }) => {
                await addNote.mutateAsync({ id: supplierId, note }).catch((error: unknown) => {
                  throw translateError(error);
                });
                form.reset({ note: '' });
                toast.success(t('timeline.noteAdded'));
              }}
            >
              <FormError testId="supplier-note-error" />
              <FormTextField
                id="supplier-note"
                name="note"
                label={t('timeline.note')}
                multiline
                minRows={2}
                testId="supplier-note"
              />
              <SubmitButton size="small" pendingLabel={t('common:saving')} testId="supplier-add-note">
                {t('timeline.addNote')}
              </SubmitButton>
            </Form>
          )}
          {timeline.isPending ? (
            <Box sx={{ mt: 2 }} aria-busy="true">
              <Skeleton />
              <Skeleton width="70%" />
            </Box>
          ) : timeline.isError ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {errorText(timeline.error, t('timeline.loadFailed'))}
            </Alert>
          ) : timeline.data.length === 0 ? (
            <Typography color="text.secondary" sx={{ mt: 2 }}>
              {t('timeline.empty')}
            </Typography>
          ) : (
            <List dense sx={{ mt: 1 }} data-testid="supplier-timeline-events">
              {timeline.data.map((event) => (
                <ListItem
                  key={event.id}
                  disableGutters
                  alignItems="flex-start"
                  divider
                  data-type={event.type}
                >
                  <ListItemText
                    primary={t(`timeline.types.${event.type}`, { defaultValue: event.title })}
                    secondary={
                      <>
                        {event.body && (
                          <Typography
                            component="span"
                            variant="body2"
                            color="text.primary"
                            sx={{ display: 'block', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                          >
                            {event.body}
                          </Typography>
                        )}
                        {t('timeline.byline', {
                          author: event.author,
                          date: formatDate(event.created_at, i18n.language),
                        })}
                      </>
                    }
                  />
                </ListItem>
              ))}
            </List>
          )}
        </>
      )}
    </Box>
  );
}
