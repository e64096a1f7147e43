import type { TFunction } from 'i18next';
import type { ComponentName, ComponentStatus, OverallStatus, PlatformMode, ProjectionStatus } from '../types';

// Values this build knows how to translate. Anything newer from the platform is shown as sent,
// so a server upgraded before the web app still renders a readable page.
const componentNames: readonly string[] = [
  'event_store',
  'read_models',
  'analytics',
  'objects',
  'log',
  'http',
  'transcoder',
  'analyzer',
];
const componentStates: readonly string[] = ['up', 'down', 'starting'];
const projectionStates: readonly string[] = ['live', 'catching_up', 'rebuilding', 'failed'];
const overallStates: readonly string[] = ['up', 'degraded', 'down'];
const modes: readonly string[] = ['embedded', 'distributed'];

export const componentLabel = (t: TFunction, name: string) =>
  componentNames.includes(name) ? t(`status.components.names.${name as ComponentName}`) : name;

export const componentStateLabel = (t: TFunction, status: string) =>
  componentStates.includes(status) ? t(`status.components.states.${status as ComponentStatus}`) : status;

export const projectionStateLabel = (t: TFunction, status: string) =>
  projectionStates.includes(status) ? t(`status.projections.states.${status as ProjectionStatus}`) : status;

export const overallLabel = (t: TFunction, status: string) =>
  overallStates.includes(status) ? t(`status.overall.${status as OverallStatus}`) : t('status.unknown');

export const modeLabel = (t: TFunction, mode: string) =>
  modes.includes(mode) ? t(`status.mode.${mode as PlatformMode}`) : mode;
