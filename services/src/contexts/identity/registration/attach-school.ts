import type { ContextServices } from '../../../platform/context';
import { NotFoundError } from '../../../platform/errors';
import { waitForProjections } from '../../../platform/projections/wait-for-projection';
import { handleCommand } from '../../../platform/commands/handle-command';
import { loadState } from '../../../platform/commands/decider';
import { schoolsOfUser, type SchoolView } from '../directory/queries';
import { uuidV5 } from '../../../platform/ids';
import { inviteByCode, releaseInviteUse, useInviteCode } from '../invites/commands';
import { InviteCodeError } from '../invites/errors';
import { refusalOf } from '../invites/invite-decider';
import { userDecider, userStream } from '../user-decider';

/**
 * A signed-in user joins the school of an invite (the school selection modal's "attach a school").
 * The user keeps their group: an invite's group applies to the people it registers. Joining a school
 * the user is already in takes no use and changes nothing. Answers the user's schools, the new one
 * included, so the modal can offer it at once.
 */
export async function attachSchool(
  services: ContextServices,
  userId: string,
  code: string,
  onUnknownCode: () => void,
): Promise<SchoolView[]> {
  const trimmed = code.trim();
  if (!trimmed) throw new InviteCodeError('required');
  const { inviteId, state } = await inviteByCode(services.store, trimmed);
  if (!inviteId || state.status !== 'live') {
    onUnknownCode();
    throw new InviteCodeError('unknown');
  }
  const { state: user } = await loadState(services.store, userStream(userId), userDecider);
  if (user.status !== 'registered') throw new NotFoundError('Пользователь не найден');
  const schoolId = state.invite.school_id;
  if (user.schoolIds.includes(schoolId)) {
    // Already a member: a code the user came in with stays good for them; any other must still be usable.
    const refusal = state.users.includes(userId) ? null : refusalOf(state, services.clock().toISOString());
    if (refusal) throw new InviteCodeError(refusal);
  } else {
    await useInviteCode(services, trimmed, { userId, purpose: 'attach_school', contacts: [] });
    try {
      await handleCommand(
        services.store,
        userStream(userId),
        userDecider,
        { type: 'JoinSchool', data: { userId, schoolId } },
        { eventId: () => uuidV5(`${userId}:joined:${schoolId}`), metadata: { userId, schoolId } },
      );
    } catch (error) {
      await releaseInviteUse(services, inviteId, userId);
      throw error;
    }
  }
  const last = (await services.store.readStream(userStream(userId))).at(-1);
  if (last) await waitForProjections(services.db, ['identity.directory'], last.globalPosition);
  return schoolsOfUser(services.db, userId);
}
