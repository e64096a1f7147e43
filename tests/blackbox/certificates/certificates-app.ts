import type { BoundedContext } from '../../../services/src/platform/context';
import { assignmentsContext } from '../../../services/src/contexts/assignments';
import { authoringContext } from '../../../services/src/contexts/authoring';
import { certificatesContext } from '../../../services/src/contexts/certificates';
import { ISSUING_PROCESS } from '../../../services/src/contexts/certificates/issuing/process-manager';
import { certificatesProjection } from '../../../services/src/contexts/certificates/read-model/projection';
import { identityContext } from '../../../services/src/contexts/identity';
import { schoolsContext } from '../../../services/src/contexts/schools';
import { waitForProjections } from '../../../services/src/platform/projections/wait-for-projection';
import { tokenFor } from '../records/records-app';
import { startContextsApp, type ContextsApp } from '../schools/contexts-app';
import { registerSchool } from '../support/quiz-school';

/** Who else calls the certificates' routes: a teacher of the school who is not the assignment's, another school's, the manager. */
export const colleague = tokenFor('teacher', 'school-a', 2);
export const outsider = tokenFor('teacher', 'school-b');
export const manager = tokenFor('manager', 'school-a');

/**
 * Authoring, assignments, schools and certificates as the platform assembles them, with identity's
 * directory (names on certificates) and any other `background` context behind them, and school-a
 * registered with `students` students (support/quiz-school.ts).
 */
export async function startCertificatesApp(
  students: number,
  background: readonly BoundedContext[] = [],
): Promise<ContextsApp> {
  const env = await startContextsApp(
    [authoringContext, assignmentsContext, schoolsContext, certificatesContext],
    {
      background: [identityContext, ...background],
    },
  );
  await registerSchool(env, students);
  return env;
}

/** The issuing process manager and the read models have seen everything appended so far. */
export async function settled(env: ContextsApp): Promise<void> {
  // The issuing process appends as it goes; wait for it, then for the read models to follow.
  await waitForProjections(env.db, [ISSUING_PROCESS], await env.store.headPosition());
  await env.caughtUp();
}

/** Rebuilds the certificates read model from the whole log with every event applied twice, as a replay may. */
export async function replayTwice(env: ContextsApp): Promise<void> {
  const events = (await env.store.readAll({ maxCount: 100_000 })).filter((e) =>
    certificatesProjection.handles.includes(e.type),
  );
  await env.db.transaction().execute(async (tx) => {
    await certificatesProjection.reset(tx);
    await certificatesProjection.apply(tx, events);
    await certificatesProjection.apply(tx, events);
  });
}
