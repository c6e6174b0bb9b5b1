import { useState } from 'react';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Slider,
  Typography,
} from '@mui/material';
import Cropper, { type Area, type Point } from 'react-easy-crop';
import { useTranslation } from 'react-i18next';

/**
 * Square crop with a circular mask (spec §5); hands back the chosen area in image pixels.
 * `onImageError` is called when the browser cannot show the picked file (a corrupt file, or a
 * format it does not decode such as HEIC): the cropper would otherwise stay empty for good.
 */
export function CropDialog({
  image,
  saving,
  onCancel,
  onSave,
  onImageError,
}: {
  image: string;
  saving: boolean;
  onCancel: () => void;
  onSave: (area: Area) => void;
  onImageError: () => void;
}) {
  const { t } = useTranslation('profile');
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);

  return (
    <Dialog open onClose={saving ? undefined : onCancel} fullWidth maxWidth="sm" aria-labelledby="crop-title">
      <DialogTitle id="crop-title">{t('picture.cropTitle')}</DialogTitle>
      <DialogContent>
        <Box
          sx={{
            position: 'relative',
            width: '100%',
            height: { xs: 280, sm: 360 },
            bgcolor: 'grey.900',
            borderRadius: 1,
          }}
        >
          <Cropper
            image={image}
            crop={crop}
            zoom={zoom}
            aspect={1}
            cropShape="round"
            showGrid={false}
            onCropChange={setCrop}
            onZoomChange={setZoom}
            onCropComplete={(_area, pixels) => setArea(pixels)}
            mediaProps={{ onError: onImageError }}
          />
        </Box>
        <Typography id="zoom-label" variant="body2" sx={{ mt: 2 }}>
          {t('picture.zoom')}
        </Typography>
        <Slider
          value={zoom}
          min={1}
          max={3}
          step={0.1}
          aria-labelledby="zoom-label"
          onChange={(_event, value) => setZoom(value as number)}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={saving}>
          {t('common:cancel')}
        </Button>
        <Button
          variant="contained"
          disabled={!area || saving}
          onClick={() => area && onSave(area)}
          data-testid="crop-save"
        >
          {saving ? t('picture.uploading') : t('picture.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
