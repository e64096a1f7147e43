import { randomBytes } from 'node:crypto';

/**
 * A launch link's token: 128 random bits in base64url (22 characters). It says nothing of the
 * assignment (ids are guessable uuids of a school's records); the read model maps it back.
 */
export function newLaunchToken(): string {
  return randomBytes(16).toString('base64url');
}

/** What a token may look like; anything else is 404 without a database look-up. */
export const LAUNCH_TOKEN = /^[A-Za-z0-9_-]{16,64}$/;

/** Where the web app opens a launch link (specification 000 §2, `external-assignment`). */
export const launchPath = (token: string) => `/session/assignment/${token}`;
