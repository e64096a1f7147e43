import { DomainError } from '../../platform/errors';

/** The specification's answer for an unknown user or a wrong password: one text, so neither is told apart. */
export class InvalidCredentialsError extends DomainError {
  constructor() {
    super('Пользователь не найден или введен неправильный пароль', 401, 1102);
  }
}

export class InvalidTokenError extends DomainError {
  constructor(message = 'Unauthenticated.') {
    super(message, 401);
  }
}
