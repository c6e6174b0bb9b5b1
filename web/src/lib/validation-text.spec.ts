import {
  controlCharactersMessage,
  IDEMPOTENCY,
  MESSAGES,
  RATE_LIMIT_MESSAGES,
  USER_LIMIT_MESSAGES,
} from '@planted/contracts/messages';
import { VALIDATION_MESSAGES } from '@planted/domain';
import { purchaseOrderCompletedMessage, zaharaRefusedMessage } from '@planted/contracts';
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

  it('words a control character in a field (a pasted tab) in the user’s language', async () => {
    const text = controlCharactersMessage('Equipment name');
    expect(serverText(i18n, text)).toBe('Equipment name must not contain control characters');
    await i18n.changeLanguage('es');
    expect(serverText(i18n, text)).toBe(
      'Hay un carácter de control (por ejemplo, un tabulador pegado): vuelve a escribir el texto sin él',
    );
    expect(serverText(i18n, MESSAGES.IMAGE_TOO_MANY_PIXELS)).toBe(
      'La imagen puede tener como máximo 25 megapíxeles',
    );
    await i18n.changeLanguage('en');
  });

  it('words a purchase order update Zahara refused in the user’s language, Zahara’s own words kept', async () => {
    await i18n.changeLanguage('es');
    expect(serverText(i18n, purchaseOrderCompletedMessage('PO-00003'))).toBe(
      'La orden de compra PO-00003 está completada en Zahara, así que este cambio no se le ha enviado. Cámbiala allí si hace falta.',
    );
    expect(serverText(i18n, zaharaRefusedMessage('SupplierId 7 is not an active supplier.'))).toBe(
      'Zahara rechazó la solicitud: SupplierId 7 is not an active supplier.',
    );
    await i18n.changeLanguage('en');
    expect(serverText(i18n, purchaseOrderCompletedMessage('PO-00003'))).toBe(
      purchaseOrderCompletedMessage('PO-00003'),
    );
  });

  it('words the plan’s user limit in the user’s language, with its numbers', async () => {
    await i18n.changeLanguage('es');
    expect(serverText(i18n, USER_LIMIT_MESSAGES.USER_LIMIT_INVITE(2))).toBe(
      'Tu plan permite hasta 2 usuarios. Mejora tu suscripción para invitar a más.',
    );
    expect(serverText(i18n, USER_LIMIT_MESSAGES.USER_LIMIT_COMPANY_FULL(10))).toBe(
      'El plan de esta empresa permite hasta 10 usuarios. Pide a su administrador que mejore la suscripción.',
    );
    for (const [users, invited] of [
      [1, 1],
      [3, 2],
    ])
      expect(serverText(i18n, USER_LIMIT_MESSAGES.USER_LIMIT_SEATS_HELD(5, users, invited))).toBe(
        `Tu plan permite hasta 5 usuarios, y sus plazas las ocupan usuarios activos (${users}) e invitaciones pendientes (${invited}). Revoca una invitación o mejora tu suscripción para invitar a más.`,
      );
    await i18n.changeLanguage('en');
    expect(serverText(i18n, USER_LIMIT_MESSAGES.USER_LIMIT_INVITE(5))).toBe(
      USER_LIMIT_MESSAGES.USER_LIMIT_INVITE(5),
    );
  });

  it('words the attempt limits’ wait in the user’s language, singular and plural', async () => {
    await i18n.changeLanguage('es');
    expect(serverText(i18n, RATE_LIMIT_MESSAGES.TOO_MANY_LOGIN_ATTEMPTS(1))).toBe(
      'Demasiados intentos de inicio de sesión. Vuelve a intentarlo en 1 segundo.',
    );
    expect(serverText(i18n, RATE_LIMIT_MESSAGES.TOO_MANY_LOGIN_ATTEMPTS(42))).toBe(
      'Demasiados intentos de inicio de sesión. Vuelve a intentarlo en 42 segundos.',
    );
    expect(serverText(i18n, RATE_LIMIT_MESSAGES.TOO_MANY_ATTEMPTS(600))).toBe(
      'Demasiados intentos. Vuelve a intentarlo en 10 minutos.',
    );
    await i18n.changeLanguage('en');
    for (const seconds of [1, 30, 60, 61, 3600])
      expect(serverText(i18n, RATE_LIMIT_MESSAGES.TOO_MANY_ATTEMPTS(seconds))).toBe(
        RATE_LIMIT_MESSAGES.TOO_MANY_ATTEMPTS(seconds),
      );
  });

  it('leaves a text it does not know alone', () => {
    expect(validationKey('Email domain not accepted')).toBeNull();
  });
});
