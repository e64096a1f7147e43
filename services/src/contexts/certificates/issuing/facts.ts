import type { AssignmentRecord } from '@sabaq/events';
import type { ContextServices } from '../../../platform/context';
import { SCHOOLS_TABLE } from '../../schools/table';
import type { IssueFacts } from '../templates/template-decider';

/**
 * What a certificate says about its holder and the assignment, read when it is issued: the student's
 * full name from identity's directory, the school's name and logo from the schools read model. A
 * missing row gives an empty value rather than no certificate.
 */
export async function issueFacts(
  services: Pick<ContextServices, 'db'>,
  record: AssignmentRecord,
  studentId: string,
  schoolId: string | null,
  score: number | null,
): Promise<IssueFacts> {
  const user = await services.db
    .selectFrom('users')
    .select(['firstname', 'lastname', 'patronymic'])
    .where('id', '=', studentId)
    .executeTakeFirst();
  const school =
    schoolId === null
      ? undefined
      : await services.db
          .selectFrom(SCHOOLS_TABLE)
          .select(['name', 'logo'])
          .where('id', '=', schoolId)
          .executeTakeFirst();
  const u = user as { firstname?: string; lastname?: string; patronymic?: string | null } | undefined;
  const s = school as { name?: string; logo?: string | null } | undefined;
  return {
    // The specification's full name: last name, first name and patronymic joined by spaces.
    fullname: [u?.lastname, u?.firstname, u?.patronymic].filter(Boolean).join(' '),
    subject: record.name,
    points: score === null ? '' : String(score),
    companyName: s?.name ?? '',
    companyLogo: s?.logo ?? '',
  };
}
