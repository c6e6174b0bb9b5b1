import { IconButton, ToggleButton, ToggleButtonGroup } from '@mui/material';
import FavoriteIcon from '@mui/icons-material/Favorite';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import { useTranslation } from 'react-i18next';
import { useCanChange } from '../../lib/session';

/**
 * The heart on an equipment or supplier card (spec §2, §4 Favourites): pressed when a favourite.
 * Favourites are the company's, so a viewer, who changes nothing, sees a favourite's heart
 * and cannot press it (the API refuses a viewer's change too).
 */
export function FavoriteButton({
  name,
  favorite,
  onToggle,
  disabled,
  testId,
}: {
  name: string;
  favorite: boolean;
  onToggle: () => void;
  disabled?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation('common');
  const canChange = useCanChange();
  if (!canChange)
    return favorite ? (
      <FavoriteIcon
        role="img"
        aria-hidden={false}
        aria-label={t('favorites.is', { name })}
        color="error"
        sx={{ m: 1 }}
        data-testid={testId}
        data-favorite
      />
    ) : null;
  return (
    <IconButton
      aria-label={favorite ? t('favorites.remove', { name }) : t('favorites.add', { name })}
      aria-pressed={favorite}
      onClick={onToggle}
      disabled={disabled}
      color={favorite ? 'error' : 'default'}
      data-testid={testId}
      data-favorite={favorite}
    >
      {favorite ? <FavoriteIcon /> : <FavoriteBorderIcon />}
    </IconButton>
  );
}

/** 'My Favorites' / 'Show All' (spec §2 Equipment and Suppliers). */
export function FavoritesToggle({
  favorites,
  onChange,
  testId,
}: {
  favorites: boolean;
  onChange: (favorites: boolean) => void;
  testId?: string;
}) {
  const { t } = useTranslation('common');
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      value={favorites ? 'favorites' : 'all'}
      onChange={(_, value: string | null) => {
        if (value) onChange(value === 'favorites');
      }}
      aria-label={t('favorites.label')}
      data-testid={testId}
      // MUI's grey for the unpressed button misses 4.5:1 on the page background (axe).
      sx={{ '& .MuiToggleButton-root:not(.Mui-selected)': { color: 'text.primary' } }}
    >
      <ToggleButton value="all">{t('favorites.showAll')}</ToggleButton>
      <ToggleButton value="favorites">{t('favorites.mine')}</ToggleButton>
    </ToggleButtonGroup>
  );
}
