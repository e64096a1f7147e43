import { DEFAULT_DEVICE_AGENT_RULES, deviceAgentRules, type DeviceAgentRules } from '@sabaq/events';

/**
 * An assignment's agent rules from its proctoring settings (`device_agent`), a partial value filled
 * from the defaults; anything unreadable (settings saved before the agent existed) gives the defaults.
 */
export function deviceAgentRulesOf(settings: unknown): DeviceAgentRules {
  const stored =
    typeof settings === 'object' && settings !== null
      ? (settings as Record<string, unknown>).device_agent
      : undefined;
  if (typeof stored !== 'object' || stored === null) return DEFAULT_DEVICE_AGENT_RULES;
  const parsed = deviceAgentRules.safeParse({ ...DEFAULT_DEVICE_AGENT_RULES, ...stored });
  return parsed.success ? parsed.data : DEFAULT_DEVICE_AGENT_RULES;
}
