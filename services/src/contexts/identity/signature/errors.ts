import { DomainError } from '../../../platform/errors';

const TEXTS = {
  malformed: 'Подпись должна быть XML-документом в base64',
  document: 'Подписан не тот документ: подпишите документ входа',
  algorithm: 'Алгоритм подписи не поддерживается: используйте RSA с SHA-256',
  signature: 'Подпись не прошла проверку',
  unknownKey: 'Сертификат подписи не зарегистрирован ни за одним пользователем',
  expiredCertificate: 'Срок действия сертификата истек',
  stale: 'Подпись устарела: подпишите документ входа заново',
  replayed: 'Эта подпись уже использована: подпишите документ входа заново',
  user: 'Пользователь не найден или заблокирован',
} as const;

/**
 * Sign-in by signature refused: 401 in the shape of the password grant's 1102 (the web client handles
 * that code), with a text that says what was wrong with the signature.
 */
export class SignatureRefusedError extends DomainError {
  constructor(readonly reason: keyof typeof TEXTS) {
    super(TEXTS[reason], 401, 1102);
  }
}
