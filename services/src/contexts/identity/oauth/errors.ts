import { DomainError } from '../../../platform/errors';

const TEXTS = {
  application: 'Приложение для входа не найдено или отключено',
  state: 'Вход через приложение не начат в этом браузере или устарел: начните заново',
  denied: 'Вход отменен в приложении',
  provider: 'Приложение не подтвердило вход: попробуйте еще раз',
  identity: 'Приложение не сообщило, кто вы',
  unverified: 'Адрес электронной почты не подтвержден в приложении',
  unknownUser:
    'Пользователь с такой учетной записью не найден. Войдите по логину и паролю или зарегистрируйтесь по коду приглашения',
  user: 'Пользователь не найден или заблокирован',
  code: 'Код входа недействителен или уже использован: начните вход заново',
} as const;

export type OAuthRefusal = keyof typeof TEXTS;

/** Sign-in through an application refused: 401 with the password grant's 1102 (the web client knows it). */
export class OAuthRefusedError extends DomainError {
  constructor(readonly reason: OAuthRefusal) {
    super(TEXTS[reason], 401, 1102);
  }
}
