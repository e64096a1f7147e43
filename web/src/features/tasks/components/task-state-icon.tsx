import { ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';
import { IconCheck, IconHourglass, IconLock, IconPlayerPlay, IconShield } from '../../../shared/ui/icons';
import type { TaskState } from '../model';

/** Each state's colour and icon (001 §4: "each with colour and icon"). */
const LOOK: Record<TaskState, { color: string; icon: ReactNode }> = {
  new: { color: 'gray', icon: <IconHourglass size={16} /> },
  process: { color: 'blue', icon: <IconPlayerPlay size={16} /> },
  suspended: { color: 'yellow', icon: <IconLock size={16} /> },
  completed: { color: 'green', icon: <IconCheck size={16} /> },
  failure: { color: 'red', icon: <IconShield size={16} /> },
};

export const stateColor = (state: TaskState) => LOOK[state]?.color ?? 'gray';

export function TaskStateIcon({ state }: { state: TaskState }) {
  const look = LOOK[state] ?? LOOK.new;
  return (
    <ThemeIcon variant="light" radius="xl" color={look.color} data-state={state}>
      {look.icon}
    </ThemeIcon>
  );
}
