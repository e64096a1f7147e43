import { DomainError } from '../../platform/errors';

/** The request contradicts what the stream already holds (a chunk name reused for other bytes). */
export class ConflictError extends DomainError {
  constructor(message: string, errors: Record<string, string[]> = {}) {
    super(message, 409, 409, errors);
  }
}
