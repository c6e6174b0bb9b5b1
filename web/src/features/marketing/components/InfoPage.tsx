import type { ReactNode } from 'react';
import { Box, Button, Container, Link, Paper, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MarketingLayout } from './MarketingLayout';

interface Section {
  heading: string;
  body: string;
}

// The capture group makes split() keep the addresses, at the odd indexes.
const EMAIL = /([\w.+-]+@[\w-]+(?:\.[\w-]+)+)/;

/** Text with each email address in it as a mailto: link (underlined: it sits inside a sentence). */
function withMailLinks(text: string): ReactNode[] {
  return text.split(EMAIL).map((part, index) =>
    index % 2 === 1 ? (
      <Link key={index} href={`mailto:${part}`} underline="always">
        {part}
      </Link>
    ) : (
      part
    ),
  );
}

/** A short public page whose title, introduction and sections come from marketing:pages.<page>. */
export function InfoPage({ page, children }: { page: string; children?: ReactNode }) {
  const { t } = useTranslation('marketing');
  const title = t(`pages.${page}.title`);
  const sections = t(`pages.${page}.sections`, { returnObjects: true }) as unknown;
  return (
    <MarketingLayout title={title}>
      <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
        <Typography variant="h3" component="h1" gutterBottom sx={{ fontWeight: 800 }}>
          {title}
        </Typography>
        <Typography variant="h6" component="p" color="text.secondary" sx={{ mb: 4 }}>
          {t(`pages.${page}.intro`)}
        </Typography>
        {Array.isArray(sections) &&
          (sections as Section[]).map((section) => (
            <Paper key={section.heading} component="section" sx={{ p: 3, mb: 2 }}>
              <Typography variant="h6" component="h2" gutterBottom>
                {section.heading}
              </Typography>
              <Typography color="text.secondary">{withMailLinks(section.body)}</Typography>
            </Paper>
          ))}
        {children}
        <Box sx={{ mt: 4 }}>
          <Button component={RouterLink} to="/signup" variant="contained" size="large">
            {t('cta.startTrial')}
          </Button>
        </Box>
      </Container>
    </MarketingLayout>
  );
}
