/** Process names that serve the desktop this program runs in to another computer. */
const REMOTE_SESSION_PROCESSES = ['xrdp', 'xrdp-sesman', 'xrdp-chansrv', 'rdpclip', 'x2goagent', 'nxagent'];

/**
 * Signs that the desktop is used from another computer (pure, so it is tested with made-up inputs):
 * an SSH login, an RDP session (Windows' SESSIONNAME is `RDP-Tcp#…` there, `Console` at the
 * keyboard), an xrdp or X2Go session, or their server processes in the process list.
 */
export function remoteSessionSigns(
  env: Readonly<Record<string, string | undefined>>,
  processNames: readonly string[],
): string[] {
  const signs: string[] = [];
  if (env.SSH_CONNECTION || env.SSH_CLIENT) signs.push('SSH_CONNECTION');
  const session = env.SESSIONNAME ?? '';
  if (/^rdp-/i.test(session)) signs.push(`SESSIONNAME=${session}`);
  if (env.XRDP_SESSION || env.XRDP_SOCKET_PATH) signs.push('XRDP_SESSION');
  if (env.X2GO_SESSION) signs.push('X2GO_SESSION');
  const running = new Set(processNames.map((n) => n.toLowerCase().replace(/\.exe$/, '')));
  for (const name of REMOTE_SESSION_PROCESSES) if (running.has(name)) signs.push(`process ${name}`);
  return signs;
}
