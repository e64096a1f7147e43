import { useLocalStorage } from '@mantine/hooks';

const AUTO_OPEN_KEY = 'assignment-watcher.auto-open';

/** 'Открыть автоматически при начале', remembered in this browser across visits. */
export function useAutoOpen() {
  return useLocalStorage<boolean>({
    key: AUTO_OPEN_KEY,
    defaultValue: false,
    getInitialValueInEffect: false,
  });
}
