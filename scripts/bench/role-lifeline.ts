/**
 * Preloaded into each role process the distributed bench starts (`node --import tsx --import
 * role-lifeline.ts services/src/roles/main.ts <role>`): the bench holds the role's stdin open, so when
 * the bench goes away in any way, even killed outright, stdin ends and the role shuts itself down
 * cleanly with SIGTERM instead of living on as an orphan. The role's code is not changed for this.
 */
let signalled = false;
// A role already told to stop must not get a second signal: main.ts takes a second one as "exit now".
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    signalled = true;
    // Still loading, before main.ts took the signals over: nothing has started that needs stopping,
    // and without this listener's company the signal would be swallowed.
    if (process.listenerCount(signal) === 1) process.exit(128 + (signal === 'SIGTERM' ? 15 : 2));
  });
}

const lifeline = () => {
  if (signalled) return;
  signalled = true;
  process.kill(process.pid, 'SIGTERM');
};
process.stdin.on('end', lifeline).on('close', lifeline).on('error', lifeline).resume();
