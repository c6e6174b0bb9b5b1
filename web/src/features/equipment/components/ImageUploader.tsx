import { useId, useRef, useState, type DragEvent } from 'react';
import { Alert, Box, Button, Chip, FormControlLabel, Checkbox, Paper, Typography } from '@mui/material';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import { useTranslation } from 'react-i18next';
import { EQUIPMENT_IMAGE_TYPES, type ImageSource } from '../image-rules';

export interface PickedImage {
  file: File;
  source: ImageSource;
  /** An object URL of the file, revoked by whoever made it when the image is dropped. */
  previewUrl: string;
}

/**
 * The equipment image (spec §2): browse, drag and drop, or paste (the modal hands pasted files
 * here); a preview tagged with where the image came from; the Current Image panel when editing.
 */
export function ImageUploader({
  picked,
  problem,
  currentImageUrl,
  removeCurrent,
  onRemoveCurrentChange,
  onPick,
  onClear,
  onUnreadable,
}: {
  picked: PickedImage | null;
  /** The translated reason the last picked file was refused. */
  problem: string | null;
  currentImageUrl: string | null;
  removeCurrent: boolean;
  onRemoveCurrentChange: (remove: boolean) => void;
  onPick: (file: File, source: ImageSource) => void;
  onClear: () => void;
  /** The browser could not show the picked file: not an image, whatever its name or type says. */
  onUnreadable: () => void;
}) {
  const { t } = useTranslation('equipment');
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files?.[0];
    if (file) onPick(file, 'drag');
  };

  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {t('image.title')}
      </Typography>
      {currentImageUrl && (
        <Paper variant="outlined" sx={{ p: 1.5, my: 1 }} data-testid="equipment-current-image">
          <Typography variant="subtitle2" component="h4">
            {t('image.current')}
          </Typography>
          <Box
            component="img"
            src={currentImageUrl}
            alt={t('image.currentAlt')}
            sx={{
              display: 'block',
              maxWidth: '100%',
              maxHeight: 180,
              borderRadius: 1,
              my: 1,
              opacity: removeCurrent || picked ? 0.4 : 1,
            }}
          />
          {picked ? (
            <Typography variant="body2" color="text.secondary">
              {t('image.willReplace')}
            </Typography>
          ) : (
            <FormControlLabel
              control={
                <Checkbox
                  checked={removeCurrent}
                  onChange={(event) => onRemoveCurrentChange(event.target.checked)}
                  data-testid="equipment-remove-image"
                />
              }
              label={t('image.removeCurrent')}
            />
          )}
        </Paper>
      )}
      <Box
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="equipment-image-dropzone"
        sx={{
          border: 2,
          borderStyle: 'dashed',
          borderColor: dragging ? 'primary.main' : 'divider',
          bgcolor: dragging ? 'action.hover' : undefined,
          borderRadius: 1,
          p: 2,
          textAlign: 'center',
        }}
      >
        <CloudUploadIcon color="action" aria-hidden />
        <Typography variant="body2">{t('image.dropHint')}</Typography>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={EQUIPMENT_IMAGE_TYPES.join(',')}
          hidden
          data-testid="equipment-image-input"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) onPick(file, 'browse');
          }}
        />
        <Button variant="outlined" size="small" sx={{ mt: 1 }} onClick={() => input.current?.click()}>
          {t('image.browse')}
        </Button>
        <Typography variant="caption" component="p" color="text.secondary" sx={{ mt: 1 }}>
          {t('image.guidance')}
        </Typography>
      </Box>
      {problem && (
        <Alert severity="error" sx={{ mt: 1 }} data-testid="equipment-image-error">
          {problem}
        </Alert>
      )}
      {picked && (
        <Paper variant="outlined" sx={{ p: 1.5, mt: 1 }} data-testid="equipment-image-preview">
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
            <Typography variant="subtitle2" component="h4" sx={{ flexGrow: 1 }}>
              {t('image.newImage')}
            </Typography>
            <Chip
              size="small"
              color="primary"
              label={t(`image.source.${picked.source}`)}
              data-testid="equipment-image-source"
              data-source={picked.source}
            />
          </Box>
          <Box
            component="img"
            src={picked.previewUrl}
            alt={t('image.previewAlt')}
            onError={onUnreadable}
            sx={{ display: 'block', maxWidth: '100%', maxHeight: 180, borderRadius: 1 }}
          />
          <Typography
            variant="caption"
            color="text.secondary"
            sx={{ display: 'block', overflowWrap: 'anywhere' }}
          >
            {picked.file.name}
          </Typography>
          <Button size="small" onClick={onClear} sx={{ mt: 0.5 }}>
            {t('image.clear')}
          </Button>
        </Paper>
      )}
    </Box>
  );
}
