import { useChannel } from '../../shared/realtime';

/** Calls back when the task ends (completed, failed, suspended or aborted): a page refreshes what it changed. */
export function useWhenTaskEnds(taskId: string | null, onEnd: (state: string | undefined) => void): void {
  useChannel(taskId ? `task.${taskId}` : null, {
    onEvent: (event, data) => {
      if (event === 'TaskFinished') onEnd((data as { task?: { state?: string } }).task?.state);
    },
  });
}
