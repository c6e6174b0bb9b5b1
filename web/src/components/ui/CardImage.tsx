import { useState, type ReactNode } from 'react';
import { Box, CardMedia } from '@mui/material';
import ImageIcon from '@mui/icons-material/Image';

interface CardImageProps {
  /** The picture's URL; none, or one that fails to load, shows the placeholder. */
  src: string | null | undefined;
  alt: string;
  height: number;
  /** Shown under the picture icon in the placeholder (e.g. 'Awaiting Photo'). */
  placeholder?: ReactNode;
  testId?: string;
  placeholderTestId?: string;
}

/**
 * A card's picture, or the placeholder when there is none or it cannot be loaded (a file
 * removed from storage, a network failure): never the browser's broken-image icon.
 */
export function CardImage({ src, alt, height, placeholder, testId, placeholderTestId }: CardImageProps) {
  const [failed, setFailed] = useState<string | null>(null);
  if (src && failed !== src)
    return (
      <CardMedia
        component="img"
        image={src}
        alt={alt}
        loading="lazy"
        onError={() => setFailed(src)}
        sx={{ height, objectFit: 'cover' }}
        data-testid={testId}
      />
    );
  return (
    <Box
      sx={{
        height,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: 'action.hover',
        color: 'text.secondary',
      }}
      data-testid={placeholderTestId}
    >
      <ImageIcon fontSize="large" aria-hidden />
      {placeholder}
    </Box>
  );
}
