import { ApiError, apiErrorFromAnswer } from '../../shared/api/api-error';
import { currentLocale } from '../../shared/i18n';
import { refreshSession, useSession } from '../../shared/session';
import type { MediaItem } from './model';

const BASE_URL = (import.meta.env.VITE_API_BASE_URL ?? '').replace(/\/$/, '');

function sendOnce(
  form: FormData,
  token: string | null,
  onProgress: (loaded: number, total: number) => void,
  signal?: AbortSignal,
): Promise<{ status: number; statusText: string; body: unknown }> {
  return new Promise((resolve, reject) => {
    // XMLHttpRequest, not fetch: only it reports upload progress in every browser (fetch's upload
    // streams need HTTP/2 and report nothing themselves).
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${BASE_URL}/api/media`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Locale', currentLocale());
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : 0);
    xhr.onload = () => {
      let body: unknown = xhr.responseText;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // Not JSON: kept as text for the error's message.
      }
      resolve({ status: xhr.status, statusText: xhr.statusText, body });
    };
    xhr.onerror = () => reject(new ApiError('network', 'No answer from /api/media'));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/**
 * One file to the library (POST /api/media, multipart, one file per request), reporting progress.
 * An expired token is renewed once, as the API client does for other calls, and the file sent again.
 */
export async function uploadMedia(
  file: File,
  parentId: string | null,
  onProgress: (loaded: number, total: number) => void,
  signal?: AbortSignal,
): Promise<MediaItem> {
  const form = () => {
    const data = new FormData();
    // Fields before the file: the server reads the parts in order.
    if (parentId) data.append('parent_id', parentId);
    data.append('name', file.name);
    data.append('file', file, file.name);
    return data;
  };
  const token = useSession.getState().accessToken;
  let answer = await sendOnce(form(), token, onProgress, signal);
  if (answer.status === 401 && token && (await refreshSession(token))) {
    answer = await sendOnce(form(), useSession.getState().accessToken, onProgress, signal);
  }
  if (answer.status < 200 || answer.status >= 300)
    throw apiErrorFromAnswer(answer.status, answer.statusText, answer.body);
  const entity = (answer.body as { entity?: MediaItem } | null)?.entity;
  if (!entity) throw new ApiError('http', 'No data in fetch response', answer.status);
  return entity;
}
