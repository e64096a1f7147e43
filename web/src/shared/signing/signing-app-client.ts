/**
 * The signing application on the user's machine (spec 001 §7, §9): a local secure websocket speaking
 * the NCALayer protocol most signing programs here use. A request names a module, a method and its
 * arguments; the answer carries code '200' and a responseObject, anything else is a failure with a
 * message. Answers carry no id, so requests go one at a time, in order.
 */
export const SIGNING_MODULE = 'kz.gov.pki.knca.commonUtils';
/** The storage the program asks the user to pick the key from; the auth key of the pair signs in. */
export const KEY_STORAGE = 'PKCS12';
export const AUTH_KEY_TYPE = 'AUTHENTICATION';
/** 001 §9: the connection is retried every second until it opens. */
export const RETRY_MS = 1000;

export interface SigningAnswer {
  code: string;
  message?: string;
  responseObject?: unknown;
}
export interface KeyInfo {
  subjectCn?: string;
  subjectDn?: string;
  certNotAfter?: string;
  [field: string]: unknown;
}

export class SigningAppError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

export const signXmlRequest = (xml: string) => ({
  module: SIGNING_MODULE,
  method: 'signXml',
  args: [KEY_STORAGE, AUTH_KEY_TYPE, xml, '', ''],
});
export const keyInfoRequest = () => ({ module: SIGNING_MODULE, method: 'getKeyInfo', args: [KEY_STORAGE] });

/** The answer's object when its code is '200'; otherwise the program's message as an error. */
export function resultOf(answer: SigningAnswer): unknown {
  if (String(answer.code) === '200') return answer.responseObject;
  throw new SigningAppError(answer.message || `code ${answer.code}`, String(answer.code));
}

/** The fixed sign-in document the server expects (docs/identity.md), made fresh each time. */
export const AUTH_DOCUMENT_TEXT = 'Sabaq: вход по электронной подписи';
export function authDocument(now: Date, nonce: string): string {
  return `<auth><text>${AUTH_DOCUMENT_TEXT}</text><timestamp>${now.toISOString()}</timestamp><nonce>${nonce}</nonce></auth>`;
}

/** Base64 of the text's UTF-8 bytes (btoa alone takes Latin-1 only). */
export function utf8Base64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export type ConnectionState = 'connecting' | 'open';

/**
 * One connection that keeps trying: closed or refused, it opens again after RETRY_MS, reporting its
 * state and the number of tries. `request` waits for the answer to this request (one at a time).
 */
export class SigningAppConnection {
  private socket: WebSocket | null = null;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;
  private queue: Promise<unknown> = Promise.resolve();
  private pending: { resolve: (answer: SigningAnswer) => void; reject: (error: Error) => void } | null = null;
  attempts = 0;

  constructor(
    private readonly url: string,
    private readonly onState: (state: ConnectionState, attempts: number) => void,
    private readonly makeSocket: (url: string) => WebSocket = (u) => new WebSocket(u),
  ) {}

  start(): void {
    this.stopped = false;
    this.open();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.retry);
    this.socket?.close();
    this.socket = null;
  }

  private open(): void {
    if (this.stopped) return;
    this.attempts += 1;
    this.onState('connecting', this.attempts);
    let socket: WebSocket;
    try {
      socket = this.makeSocket(this.url);
    } catch {
      this.retry = setTimeout(() => this.open(), RETRY_MS);
      return;
    }
    this.socket = socket;
    socket.onopen = () => this.onState('open', this.attempts);
    socket.onmessage = (event) => {
      const pending = this.pending;
      this.pending = null;
      if (!pending) return;
      try {
        pending.resolve(JSON.parse(String(event.data)) as SigningAnswer);
      } catch {
        pending.reject(new SigningAppError('Приложение для подписи ответило не JSON', 'format'));
      }
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.pending?.reject(new SigningAppError('Соединение с приложением для подписи закрыто', 'closed'));
      this.pending = null;
      if (!this.stopped) this.retry = setTimeout(() => this.open(), RETRY_MS);
    };
  }

  request(body: object): Promise<unknown> {
    const run = () =>
      new Promise<SigningAnswer>((resolve, reject) => {
        const socket = this.socket;
        if (!socket || socket.readyState !== WebSocket.OPEN) {
          reject(new SigningAppError('Нет соединения с приложением для подписи', 'closed'));
          return;
        }
        this.pending = { resolve, reject };
        socket.send(JSON.stringify(body));
      }).then(resultOf);
    const next = this.queue.then(run, run);
    this.queue = next.catch(() => undefined);
    return next;
  }
}
