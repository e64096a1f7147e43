import { describe, expect, it } from 'vitest';
import { wantsSecondCamera } from './external-attempt';

const settings = (second?: boolean) => ({
  settings: { proctoring_settings: second === undefined ? {} : { second_camera_record: second } },
});

describe('whether an assignment asks for the second camera', () => {
  it('by its settings, on by default (specification 000 §9), only when proctored', () => {
    expect(wantsSecondCamera(true, settings())).toBe(true);
    expect(wantsSecondCamera(true, {})).toBe(true);
    expect(wantsSecondCamera(true, settings(true))).toBe(true);
    expect(wantsSecondCamera(true, settings(false))).toBe(false);
    expect(wantsSecondCamera(false, settings(true))).toBe(false);
  });

  it('the teacher’s manual flags: disabled wins, enabled turns it on against the settings', () => {
    expect(wantsSecondCamera(true, { ...settings(true), second_camera_manual_disabled: true })).toBe(false);
    expect(wantsSecondCamera(true, { ...settings(false), second_camera_manual_enabled: true })).toBe(true);
    expect(
      wantsSecondCamera(true, {
        ...settings(false),
        second_camera_manual_enabled: true,
        second_camera_manual_disabled: true,
      }),
    ).toBe(false);
  });
});
