import { data, type LoaderFunctionArgs } from 'react-router';
import { isApiError } from '../../shared/api';
import { fetchPublicReport } from './api';

/**
 * Loads the report before the page shows, so an unknown or revoked link is the app's own 404 page
 * (the route's error boundary) rather than an empty report.
 */
export async function reportLoader({ params, request }: LoaderFunctionArgs) {
  try {
    return await fetchPublicReport(params.token ?? '', request.signal);
  } catch (error) {
    if (isApiError(error) && error.httpStatus === 404) throw data(error.message, { status: 404 });
    throw error;
  }
}
