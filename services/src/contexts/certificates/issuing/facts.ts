import type { AssignmentRecord } from '@sabaq/events';
import type { ContextServices } from '../../../platform/context';
import { withTables } from '../../../platform/read-models/database';
import type { CertificatesTables } from '../read-model/tables';
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
  const db = withTables<CertificatesTables>(services.db);
  const user = await db
    .selectFrom('users')
    .select(['firstname', 'lastname', 'patronymic'])
    .where('id', '=', studentId)
    .executeTakeFirst();
  const school =
    schoolId === null
      ? undefined
      : await db
          .selectFrom('schools_schools')
          .select(['name', 'logo'])
          .where('id', '=', schoolId)
          .executeTakeFirst();
  return {
    // The specification's full name: last name, first name and patronymic joined by spaces.
    fullname: [user?.lastname, user?.firstname, user?.patronymic].filter(Boolean).join(' '),
    subject: record.name,
    points: score === null ? '' : String(score),
    companyName: school?.name ?? '',
    companyLogo: school?.logo ?? '',
  };
}
