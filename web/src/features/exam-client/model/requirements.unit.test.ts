import { DEFAULT_PROCTORING_SETTINGS } from '@sabaq/events';
import { describe, expect, it } from 'vitest';
import { canStart, displaysPass, requiredEquipment, resolutionPasses, settingsOf } from './requirements';

describe('what the equipment check asks for', () => {
  it('asks for nothing without proctoring, and for everything with the default settings', () => {
    expect(requiredEquipment(false, DEFAULT_PROCTORING_SETTINGS)).toEqual([]);
    expect(requiredEquipment(true, DEFAULT_PROCTORING_SETTINGS)).toEqual([
      'camera',
      'microphone',
      'screen',
      'displays',
      'resolution',
    ]);
  });

  it('follows the settings: no screen recording, no microphone use, no display checks', () => {
    const s = settingsOf({
      proctoring_settings: {
        screen_share_record: false,
        microphone_record: false,
        noise_detector: false,
        speech_detector: false,
        displays_check: false,
        check_env: false,
      },
    });
    expect(requiredEquipment(true, s)).toEqual(['camera']);
  });

  it('fills missing settings with the defaults', () => {
    expect(settingsOf(null).focus_tolerance).toBe(1_500);
    expect(settingsOf({ proctoring_settings: { focus_tolerance: 900 } })).toMatchObject({
      focus_tolerance: 900,
      head_tolerance: 1_500,
    });
  });

  it('lets the attempt start once the required checks pass and the photo is taken', () => {
    const required = ['camera', 'screen'] as const;
    expect(canStart(required, { camera: 'passed', screen: 'failed' }, true, true)).toBe(false);
    expect(canStart(required, { camera: 'passed', screen: 'passed' }, true, false)).toBe(false);
    expect(canStart(required, { camera: 'passed', screen: 'passed' }, true, true)).toBe(true);
    expect(canStart([], {}, false, false)).toBe(true);
  });

  it('judges displays and resolution', () => {
    expect(displaysPass(true)).toBe(false);
    expect(displaysPass(false)).toBe(true);
    expect(displaysPass(undefined)).toBe(true);
    expect(resolutionPasses(1280, 720)).toBe(true);
    expect(resolutionPasses(800, 600)).toBe(false);
  });
});
