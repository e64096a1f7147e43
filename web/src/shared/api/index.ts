export { ApiError, isApiError, type ApiErrorKind, type FieldErrors } from './api-error';
export {
  api,
  fetchBlob,
  request,
  REQUEST_TIMEOUT_MS,
  setAuthHooks,
  type AuthHooks,
  type RequestOptions,
} from './client';
export { showErrorToast } from './error-toast';
export { toQueryString, type QueryParams, type QueryValue } from './query-string';
export { changedFields, clampPage, records, type Page } from './records';
