import { styled } from '@mui/material/styles';
import { Link as RouterLink } from 'react-router';

/**
 * An in-app text link, always underlined so that it is told apart from the sentence by more
 * than colour (WCAG 1.4.1), in the theme's primary colour (at least 4.5:1 on the card in both
 * themes). Lighter than MUI's Link, which matters on /login.
 */
export const TextLink = styled(RouterLink)(({ theme }) => ({
  color: theme.palette.primary.main,
  fontWeight: 600,
  textDecoration: 'underline',
  textUnderlineOffset: '2px',
  '&:hover': { textDecorationThickness: '2px' },
  '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: '2px' },
}));

/** The brand link of the signed-out screens: no underline until hovered, like a logo. */
export const BrandLink = styled(RouterLink)(({ theme }) => ({
  ...theme.typography.h5,
  fontWeight: 800,
  color: theme.palette.primary.main,
  textDecoration: 'none',
  '&:hover': { textDecoration: 'underline' },
  '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: '2px' },
}));
