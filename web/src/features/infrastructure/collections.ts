import { isApiError } from '../../shared/api';
import { SERVERS, STORAGES, type ServerRecord, type StorageRecord } from './api';
import {
  emptyServer,
  emptyStorage,
  firstErrors,
  serverBody,
  serverChanges,
  serverFieldsOf,
  storageBody,
  storageChanges,
  storageFieldsOf,
  type ServerFields,
  type StorageFields,
} from './model';

/**
 * What the list, create and edit pages of one infrastructure collection differ in: where it lives in the
 * API and the router, the section of its texts, and how its form's fields map to and from a record.
 */
export interface InfrastructureCollection<R extends { id: string; name: string }, F> {
  collection: typeof SERVERS | typeof STORAGES;
  /** The list's path; `create` and `edit/{id}` sit under it. */
  path: string;
  /** The edit route's parameter. */
  param: 'server' | 'storage';
  /** `infrastructure.{texts}.*`: title, create, created, saved, missing and the rest. */
  texts: 'servers' | 'storages';
  empty: F;
  fieldsOf: (record: R) => F;
  /** The whole body, as POST takes it. */
  body: (fields: F) => object;
  /** Only what changed against the saved record, as PUT takes it. */
  changes: (record: R, fields: F) => object;
}

export const serversCollection: InfrastructureCollection<ServerRecord, ServerFields> = {
  collection: SERVERS,
  path: '/m/servers',
  param: 'server',
  texts: 'servers',
  empty: emptyServer,
  fieldsOf: serverFieldsOf,
  body: serverBody,
  changes: serverChanges,
};

export const storagesCollection: InfrastructureCollection<StorageRecord, StorageFields> = {
  collection: STORAGES,
  path: '/m/storages',
  param: 'storage',
  texts: 'storages',
  empty: emptyStorage,
  fieldsOf: storageFieldsOf,
  body: storageBody,
  changes: storageChanges,
};

/** The server's field errors of a failed save, first text each; none for any other failure. */
export const fieldErrorsOf = (error: unknown) => (isApiError(error) ? firstErrors(error.errors) : {});
