import http from 'node:http';
import https from 'node:https';

export interface StoreTimeouts {
  /** How long opening a connection may take (a store that does not accept, a black-holed address). */
  connectMs: number;
  /**
   * How long the store may stay silent before its answer starts: while the request (and an upload's
   * body) is being sent, any traffic restarts the clock; a store that accepts and never answers fails
   * after this. Once the answer has begun, its body is read at the reader's pace (playback may pause).
   */
  responseMs: number;
}

/** The store did not connect or answer in time; `phase` says which. */
export class StoreTimeoutError extends Error {
  readonly code = 'ESTORETIMEOUT';
  constructor(
    readonly phase: 'connect' | 'response',
    ms: number,
  ) {
    super(
      phase === 'connect' ? `no connection to the object store within ${ms} ms` : `no answer within ${ms} ms`,
    );
  }
}

/**
 * The http(s) module's `request` with connect and response timeouts, for the minio client's `transport`
 * option (its every request goes through it). Node's own requests wait for ever: a store that accepts
 * connections and never answers held uploads, playback and the task worker for minutes.
 */
export function timedTransport(useSSL: boolean, timeouts: StoreTimeouts) {
  const base = useSSL ? https : http;
  return {
    request(options: http.RequestOptions, callback?: (response: http.IncomingMessage) => void) {
      const request = base.request(options, (response) => {
        clearTimeout(connectTimer);
        // The answer has begun: its body is read at the reader's pace.
        request.setTimeout(0);
        callback?.(response);
      });
      const connectTimer = setTimeout(
        () => request.destroy(new StoreTimeoutError('connect', timeouts.connectMs)),
        timeouts.connectMs,
      );
      request.once('socket', (socket) => {
        const connected = () => clearTimeout(connectTimer);
        if (socket.connecting) socket.once('connect', connected);
        else connected();
      });
      request.setTimeout(timeouts.responseMs, () =>
        request.destroy(new StoreTimeoutError('response', timeouts.responseMs)),
      );
      request.once('close', () => clearTimeout(connectTimer));
      return request;
    },
  };
}
