import { isApiError } from '../../../shared/api';

/**
 * The record API refuses proctors the assignments, attempts and students collections (records/access.ts
 * gives them no rule): the screens then fall back to what the proctoring calls tell, and say so.
 * Any other failure is still an error.
 */
export async function unlessRefused<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    if (isApiError(error) && error.httpStatus === 403) return null;
    throw error;
  }
}
