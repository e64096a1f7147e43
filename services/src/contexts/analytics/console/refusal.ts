import { ValidationError } from '../../../platform/errors';

/** A console query refused before or by ClickHouse: 422 with the reason under errors.sql. */
export class SqlRefused extends ValidationError {
  constructor(reason: string, message = 'Запрос не разрешён') {
    super(message, { sql: [reason] });
  }
}
