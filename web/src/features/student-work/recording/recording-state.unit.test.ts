import { describe, expect, it } from 'vitest';
import {
  attemptToUpload,
  recordingState,
  recordsAnything,
  unsentHere,
  type AttemptSession,
} from './recording-state';

const session = (id: string, status: AttemptSession['status']): AttemptSession => ({
  id,
  session_type: 'main-camera',
  status,
});

describe('what the student is told about an attempt’s recording', () => {
  it('is none without sessions, incomplete while one is open, sent once every one is finished', () => {
    expect(recordingState([])).toBe('none');
    expect(recordingState([session('a', 'finished'), session('b', 'started')])).toBe('incomplete');
    expect(recordingState([session('a', 'finished'), session('b', 'finished')])).toBe('sent');
  });

  it('counts only this attempt’s pieces still unsent in this browser', () => {
    const sessions = [session('a', 'started'), session('b', 'finished')];
    const chunks = [
      { session_id: 'a', is_uploaded: false },
      { session_id: 'a', is_uploaded: true },
      { session_id: 'b', is_uploaded: false },
      { session_id: 'other-attempt', is_uploaded: false },
    ];
    expect(unsentHere(sessions, chunks)).toBe(2);
    expect(unsentHere([], chunks)).toBe(0);
  });

  it('offers the link for the newest attempt that is over, never a running one', () => {
    const attempts = [
      { number: 1, status: 'finished' },
      { number: 3, status: 'active' },
      { number: 2, status: 'finished' },
    ];
    expect(attemptToUpload(attempts)?.number).toBe(2);
    expect(attemptToUpload([{ number: 1, status: 'active' }])).toBeNull();
    expect(attemptToUpload([])).toBeNull();
  });

  it('offers it only when the assignment records something, a missing setting counting as on', () => {
    const off = { main_camera_record: false, screen_share_record: false, second_camera_record: false };
    expect(recordsAnything({ proctoring_settings: off })).toBe(false);
    expect(recordsAnything({ proctoring_settings: { ...off, screen_share_record: true } })).toBe(true);
    expect(recordsAnything({ proctoring_settings: { main_camera_record: false } })).toBe(true);
    expect(recordsAnything(null)).toBe(true);
    expect(recordsAnything({ proctoring_settings: 'broken' })).toBe(true);
  });
});
