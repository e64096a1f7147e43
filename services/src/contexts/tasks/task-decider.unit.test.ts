import { describe, expect, it } from 'vitest';
import { decideTask, evolveTask, initialTaskState, type TaskCommand, type TaskEvent } from './task-decider';

const at = '2026-03-05T10:00:00.000Z';
const create: TaskCommand = {
  type: 'Create',
  id: 't1',
  ownerId: 'u1',
  schoolId: 's1',
  kind: 'results-export',
  name: 'Экспорт результатов',
  description: 'CSV',
  params: { assignment_id: 'a1', format: 'csv' },
  at,
};
const owner = (type: 'Suspend' | 'Resume' | 'Abort'): TaskCommand => ({ type, id: 't1', at, by: 'u1' });
const start: TaskCommand = { type: 'Start', id: 't1', at, total: 10 };
const progress: TaskCommand = {
  type: 'Progress',
  id: 't1',
  at,
  processed: 5,
  total: 10,
  appendix: 'половина',
};
const file = { key: 'tasks/t1/r.csv', file_name: 'r.csv', content_type: 'text/csv', size: 10 };
const complete: TaskCommand = { type: 'Complete', id: 't1', at, processed: 10, file };

/** Runs commands in order on the state the previous ones left, as the stream would. */
function run(commands: TaskCommand[]): { events: TaskEvent[]; status: string } {
  const events: TaskEvent[] = [];
  let state = initialTaskState;
  for (const command of commands) {
    const decided = decideTask(command, state);
    events.push(...decided);
    state = decided.reduce(evolveTask, state);
  }
  return { events, status: state.status };
}
const types = (commands: TaskCommand[]) => run(commands).events.map((e) => e.type);

describe('the task decider', () => {
  it('runs new → process → completed with progress on the way', () => {
    expect(types([create, start, progress, complete])).toEqual([
      'TaskCreated',
      'TaskStarted',
      'TaskProgressed',
      'TaskCompleted',
    ]);
    expect(run([create, start, progress, complete]).status).toBe('completed');
  });

  it('lets one worker take a task: a second start decides nothing', () => {
    expect(types([create, start, start])).toEqual(['TaskCreated', 'TaskStarted']);
  });

  it('suspends a running task; the worker’s later progress and completion decide nothing', () => {
    const { events, status } = run([create, start, owner('Suspend'), progress, complete]);
    expect(events.map((e) => e.type)).toEqual(['TaskCreated', 'TaskStarted', 'TaskSuspended']);
    expect(status).toBe('suspended');
  });

  it('resumes a suspended task as new, to be taken again', () => {
    const { status } = run([create, start, owner('Suspend'), owner('Resume')]);
    expect(status).toBe('new');
    expect(types([create, start, owner('Suspend'), owner('Resume'), start, complete]).slice(-2)).toEqual([
      'TaskStarted',
      'TaskCompleted',
    ]);
    // Resuming what is not suspended, or suspending twice, changes nothing.
    expect(types([create, owner('Resume'), owner('Suspend'), owner('Suspend')])).toEqual([
      'TaskCreated',
      'TaskSuspended',
    ]);
  });

  it('aborts a task that has not ended, once; an ended task cannot be suspended or aborted', () => {
    expect(run([create, owner('Suspend'), owner('Abort'), owner('Abort')])).toMatchObject({
      status: 'failure',
    });
    expect(types([create, owner('Abort'), owner('Abort')])).toEqual(['TaskCreated', 'TaskAborted']);
    expect(() => run([create, start, complete, owner('Abort')])).toThrow(/завершена/);
    expect(() => run([create, start, complete, owner('Suspend')])).toThrow(/завершена/);
    expect(() => run([create, owner('Abort'), owner('Resume')])).toThrow(/завершена/);
  });

  it('records a failure of a running task, and refuses a task made twice or never made', () => {
    expect(run([create, start, { type: 'Fail', id: 't1', at, error: 'Задание не найдено' }]).status).toBe(
      'failure',
    );
    expect(() => run([create, create])).toThrow(/уже создана/);
    expect(() => decideTask(owner('Suspend'), initialTaskState)).toThrow(/не найдена/);
  });
});
