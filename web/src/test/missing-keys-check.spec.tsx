import { useTranslation } from 'react-i18next';
import { render } from '@testing-library/react';
import { setupI18n } from './utils';
import { takeMissingTranslationKeys } from './missing-keys';

function UsesAnUnknownKey() {
  const { t } = useTranslation('common');
  return <p>{t('no.such.key')}</p>;
}

it('the test setup notices a translation key that no locale file has', async () => {
  await setupI18n('en');
  render(<UsesAnUnknownKey />);
  expect(takeMissingTranslationKeys()).toEqual(['en:common:no.such.key']);
});
