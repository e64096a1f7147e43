export { ApiError, isApiError, type ApiErrorKind, type FieldErrors } from './api-error';
export { api, request, REQUEST_TIMEOUT_MS, type RequestOptions } from './client';
export { showErrorToast } from './error-toast';
export { toQueryString, type QueryParams, type QueryValue } from './query-string';
