import { DomainError } from '../../../platform/errors';

/** The specification's 9103: the web client shows its text under the code field ('verification'). */
export class WrongCodeError extends DomainError {
  constructor(message = 'Введен неправильный код активации') {
    super(message, 422, 9103, { verification: [message] });
  }
}

/** 9101: the phone already belongs to another user, where the flow needs a phone nobody has. */
export class PhoneExistsError extends DomainError {
  constructor() {
    super('Пользователь с таким телефоном уже существует', 422, 9101, {
      phone: ['Пользователь с таким телефоном уже существует'],
    });
  }
}

/** 9102: the flow needs a phone some user has, and no user has it. */
export class PhoneNotExistsError extends DomainError {
  constructor() {
    super('Пользователь с таким телефоном не найден', 422, 9102, {
      phone: ['Пользователь с таким телефоном не найден'],
    });
  }
}

/** The answer of every rate limit here, as the web client expects it for 'notification-request-reach-limit'. */
export class TooManyRequestsError extends DomainError {
  constructor() {
    super('Превышен лимит запросов', 429);
  }
}
