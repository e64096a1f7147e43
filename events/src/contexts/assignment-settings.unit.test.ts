import { describe, expect, it } from 'vitest';
import { DEFAULT_DEVICE_AGENT_RULES } from '../contracts/device-agent';
import { proctoringSettingsSchema } from './assignment-settings';

describe('the device agent part of the proctoring settings', () => {
  it('reads as the contract defaults when an assignment gives none (not required)', () => {
    const agent = proctoringSettingsSchema.parse({}).device_agent;
    expect(agent).toEqual(DEFAULT_DEVICE_AGENT_RULES);
    expect(agent.required).toBe(false);
  });

  it('keeps what is given and defaults the rest', () => {
    const agent = proctoringSettingsSchema.parse({
      device_agent: { required: true, min_resolution: null, prohibited_processes: ['anydesk'] },
    }).device_agent;
    expect(agent.required).toBe(true);
    expect(agent.min_resolution).toBeNull();
    expect(agent.prohibited_processes).toEqual(['anydesk']);
    expect(agent.single_display).toBe(DEFAULT_DEVICE_AGENT_RULES.single_display);
  });

  it('refuses an unknown USB class or process class', () => {
    expect(
      proctoringSettingsSchema.safeParse({ device_agent: { forbidden_usb_classes: ['toaster'] } }).success,
    ).toBe(false);
    expect(
      proctoringSettingsSchema.safeParse({ device_agent: { prohibited_process_classes: ['games'] } }).success,
    ).toBe(false);
  });
});
