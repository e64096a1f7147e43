import { createContext, useContext } from 'react';

/**
 * What must happen before the attempt is finished: a proctored exam stops its recorders and posts
 * `recording_stopped` and `session_ended`, which the server refuses once the attempt is finished.
 */
export const BeforeFinishContext = createContext<() => Promise<void>>(async () => undefined);

export const useBeforeFinish = () => useContext(BeforeFinishContext);
