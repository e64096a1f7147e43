/** The /health contract lives with the other shared contracts in @sabaq/events. */
export type {
  ComponentName,
  ComponentStatus,
  Health,
  HealthComponent,
  OverallStatus,
  PlatformMode,
  ProjectionHealth,
  ProjectionStatus,
} from '@sabaq/events';
