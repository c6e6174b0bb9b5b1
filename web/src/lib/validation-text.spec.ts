import { IDEMPOTENCY, MESSAGES } from '@planted/contracts/messages';
import { VALIDATION_MESSAGES } from '@planted/domain';
import { i18n } from './i18n';
import { setupI18n } from '../test/utils';
import { serverText, validationKey } from './validation-text';

beforeAll(() => setupI18n('en'));

describe('schema messages are translatable (spec §1: English and Spanish)', () => {
  it.each(['en', 'es'])('every contract and domain message has a %s text', (language) => {
    for (const text of [...Object.values(MESSAGES), ...Object.values(VALIDATION_MESSAGES)]) {
      const key = validationKey(text);
      expect({
        text,
        key: key !== null,
        exists: key !== null && i18n.exists(key, { lng: language }),
      }).toEqual({
        text,
        key: true,
        exists: true,
      });
    }
  });

  it('says an unknown outcome in the user’s words, not the API’s (Idempotency-Key)', async () => {
    expect(serverText(i18n, IDEMPOTENCY.OUTCOME_UNKNOWN)).toBe(
      'We could not confirm that this was saved. Send it again unchanged: it will not be saved twice.',
    );
    await i18n.changeLanguage('es');
    expect(serverText(i18n, IDEMPOTENCY.IN_FLIGHT)).toBe(
      'Todavía se está guardando. Espera un momento y vuelve a enviarlo sin cambios.',
    );
    await i18n.changeLanguage('en');
  });

  it('leaves a text it does not know alone', () => {
    expect(validationKey('Email domain not accepted')).toBeNull();
  });
});
