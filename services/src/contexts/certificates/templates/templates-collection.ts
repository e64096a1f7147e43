import {
  CERTIFICATE_VARIABLES,
  certificateTemplateEditSchema,
  certificateTemplateSchema,
  changesOf,
  type CertificateElement,
} from '@sabaq/events';
import type { CollectionDefinition, RecordCommandHandler } from '../../../platform/http/records/collection';
import { handleRecordCommand } from '../../../platform/http/records/commands';
import { templateEntity } from '../read-model/entities';
import { CERTIFICATES_PROJECTION, TEMPLATES_TABLE } from '../read-model/tables';

const BUILT_IN = new Set<string>(CERTIFICATE_VARIABLES);

/** is_native says whether the platform fills the element in: it follows the variable, not the client. */
function withNativeFlags(data: Record<string, unknown>): Record<string, unknown> {
  if (!Array.isArray(data.elements)) return data;
  const elements = (data.elements as CertificateElement[]).map((element) => ({
    ...element,
    is_native: BUILT_IN.has(element.variable),
  }));
  return { ...data, elements };
}

const templateCommands: RecordCommandHandler = (services, command, caller) => {
  const normalised =
    command.type === 'create'
      ? { ...command, data: withNativeFlags(command.data) }
      : command.type === 'update'
        ? { ...command, changes: withNativeFlags(command.changes) }
        : command;
  return handleRecordCommand(services, templatesCollection, normalised, caller);
};

/**
 * `/api/certificates`: a school's certificate templates, made by its teachers (who edit their own)
 * and its staff. Deleting one keeps every certificate already issued from it.
 */
export const templatesCollection: CollectionDefinition = {
  name: 'certificates',
  category: 'certificate',
  table: TEMPLATES_TABLE,
  projection: CERTIFICATES_PROJECTION,
  columns: {},
  toEntity: templateEntity,
  create: certificateTemplateSchema.strict(),
  update: changesOf(certificateTemplateEditSchema),
  events: { created: 'CertificateCreated', updated: 'CertificateUpdated', deleted: 'CertificateDeleted' },
  filters: { id: 'string', owner_id: 'string', name: 'string' },
  sortable: ['id', 'name', 'created_at', 'updated_at'],
  defaultOrder: { field: 'created_at', direction: 'desc' },
  paging: { defaultLimit: 25, maxLimit: 100 },
  schoolScoped: true,
  search: ['name', 'description'],
  handle: templateCommands,
};
