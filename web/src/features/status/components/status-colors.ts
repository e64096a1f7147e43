import type { MantineColor } from '@mantine/core';
import type { ComponentStatus, OverallStatus, ProjectionStatus } from '../types';

// One colour language for the whole page: green is fine, yellow is on its way, red needs a person.
export const overallColor: Record<OverallStatus, MantineColor> = {
  up: 'teal',
  degraded: 'orange',
  down: 'red',
};

export const componentColor: Record<ComponentStatus, MantineColor> = {
  up: 'teal',
  starting: 'yellow',
  down: 'red',
};

export const projectionColor: Record<ProjectionStatus, MantineColor> = {
  live: 'teal',
  catching_up: 'blue',
  rebuilding: 'violet',
  stopped: 'gray',
  failed: 'red',
};

/** A status the platform added after this build is shown in grey rather than breaking the page. */
export function colorOf<S extends string>(palette: Record<S, MantineColor>, status: string): MantineColor {
  return (palette as Record<string, MantineColor | undefined>)[status] ?? 'gray';
}
