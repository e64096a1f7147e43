import type { ChunkRecord } from './chunk-record';

/** Specification 001 §9: the browser's own database of recorded chunks. */
export const CHUNK_DB = 'VideoChunksDb';
export const CHUNK_STORE = 'chunks';

let opened: Promise<IDBDatabase> | undefined;

function database(): Promise<IDBDatabase> {
  opened ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(CHUNK_DB, 1);
    request.onupgradeneeded = () => {
      const store = request.result.createObjectStore(CHUNK_STORE, { keyPath: 'id' });
      store.createIndex('session_id', 'session_id');
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => {
      opened = undefined;
      reject(request.error ?? new Error(`${CHUNK_DB} did not open`));
    };
  });
  return opened;
}

function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return database().then(
    (db) =>
      new Promise<T>((resolve, reject) => {
        const transaction = db.transaction(CHUNK_STORE, mode);
        const request = work(transaction.objectStore(CHUNK_STORE));
        // Resolved on commit, so a chunk said to be saved survives a reload that follows at once.
        transaction.oncomplete = () => resolve(request.result);
        transaction.onerror = () => reject(transaction.error ?? request.error);
        transaction.onabort = () => reject(transaction.error ?? new Error('transaction aborted'));
      }),
  );
}

/** The chunks of the browser's database: the recording goes in here first, then to the server. */
export const chunkStore = {
  put: (chunk: ChunkRecord) => run('readwrite', (s) => s.put(chunk)).then(() => undefined),
  all: () => run<ChunkRecord[]>('readonly', (s) => s.getAll() as IDBRequest<ChunkRecord[]>),
  ofSession: (sessionId: string) =>
    run<ChunkRecord[]>(
      'readonly',
      (s) => s.index('session_id').getAll(sessionId) as IDBRequest<ChunkRecord[]>,
    ),
  /** After the playlist was accepted the server has the whole recording: the local copy goes. */
  removeSession: async (sessionId: string) => {
    const chunks = await chunkStore.ofSession(sessionId);
    for (const chunk of chunks) await run('readwrite', (s) => s.delete(chunk.id));
  },
};
