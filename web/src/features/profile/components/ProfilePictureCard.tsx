import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { Avatar, Button, Card, CardContent, Typography } from '@mui/material';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import type { Area } from 'react-easy-crop';
import { useTranslation } from 'react-i18next';
import { FlashMessage, useFlash } from '../../../components/ui/FlashMessage';
import { errorMessage } from '../../../lib/api-client';
import { initials } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { sessionStore } from '../../../lib/session-store';
import { useUploadProfilePicture } from '../api/upload-profile-picture';
import { cropToJpeg } from '../crop-image';
import { validateProfileImage } from '../validation';
import { CropDialog } from './CropDialog';

export function ProfilePictureCard() {
  const { t } = useTranslation(['profile', 'common']);
  const { user } = useSession();
  const upload = useUploadProfilePicture();
  const [source, setSource] = useState<string | null>(null);
  const [cropping, setCropping] = useState(false);
  const { flash, show, clear } = useFlash();
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(
    () => () => {
      if (source) URL.revokeObjectURL(source);
    },
    [source],
  );

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = validateProfileImage(file);
    if (problem) {
      show('error', t(`common:validation.${problem}`));
      return;
    }
    clear();
    setSource(URL.createObjectURL(file));
  };

  const onSave = async (area: Area) => {
    if (!source) return;
    setCropping(true);
    try {
      const image = await cropToJpeg(source, area);
      const answer = await upload.mutateAsync(image);
      const current = sessionStore.getState().user;
      if (answer.user) sessionStore.update({ user: answer.user });
      else if (current)
        sessionStore.update({
          user: { ...current, profile_picture_url: answer.profile_picture_url ?? null },
        });
      setSource(null);
      show('success', t('picture.updated'));
    } catch (error) {
      show('error', errorMessage(error, t('picture.failed')));
      setSource(null);
    } finally {
      setCropping(false);
    }
  };

  return (
    <Card variant="outlined">
      <CardContent sx={{ textAlign: 'center' }}>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('picture.title')}
        </Typography>
        <Avatar
          src={user?.profile_picture_url ?? undefined}
          alt={user?.name ?? ''}
          sx={{
            width: 120,
            height: 120,
            mx: 'auto',
            mb: 2,
            fontSize: 40,
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
          }}
          data-testid="profile-avatar"
        >
          {initials(user?.name)}
        </Avatar>
        {/* One button that opens the file picker; the input itself is hidden from tab order and readers. */}
        <Button
          variant="outlined"
          startIcon={<PhotoCameraIcon aria-hidden />}
          onClick={() => fileInput.current?.click()}
          data-testid="change-picture-button"
        >
          {t('picture.change')}
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          hidden
          tabIndex={-1}
          onChange={onFile}
          data-testid="profile-picture-input"
        />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('picture.hint')}
        </Typography>
        <FlashMessage flash={flash} onClose={clear} testId="picture-message" />
      </CardContent>
      {source && (
        <CropDialog
          image={source}
          saving={cropping}
          onCancel={() => setSource(null)}
          onSave={(area) => void onSave(area)}
          onImageError={() => {
            setSource(null);
            show('error', t('common:validation.IMAGE_NOT_IMAGE'));
          }}
        />
      )}
    </Card>
  );
}
