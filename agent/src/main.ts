#!/usr/bin/env node
import { homedir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_DEVICE_AGENT_RULES, DEVICE_AGENT_PORT } from '@sabaq/events';
import { loadOrMakeCertificate } from './certificate';
import { collectSnapshot } from './collect';
import { buildReport } from './evaluate-rules';
import { PlatformClient } from './platform-client';
import { startAgentServer } from './server';
import { AGENT_VERSION } from './version';

/**
 * The Sabaq exam agent (docs/device-agent.md):
 *   sabaq-agent --platform https://school.example [--port 47810] [--data-dir DIR] [--display-report FILE]
 *   sabaq-agent --self-check   (prints what it sees under the default rules; sends nothing)
 * It listens on 127.0.0.1 only and does nothing until an exam page of that platform says hello.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      platform: { type: 'string' },
      port: { type: 'string' },
      'data-dir': { type: 'string' },
      'display-report': { type: 'string' },
      'scan-ms': { type: 'string' },
      'self-check': { type: 'boolean' },
    },
  });
  // The student's (or the school's) own look at what the agent would see under the default rules:
  // printed here, sent nowhere.
  if (values['self-check']) {
    const snapshot = await collectSnapshot({ displayReportPath: values['display-report'] });
    console.log(
      JSON.stringify(
        buildReport(snapshot, { ...DEFAULT_DEVICE_AGENT_RULES, full_report: true }, AGENT_VERSION),
        null,
        2,
      ),
    );
    return;
  }
  if (!values.platform) {
    console.error(
      'Usage: sabaq-agent --platform <origin> [--port 47810] [--data-dir DIR] [--display-report FILE]',
    );
    process.exit(2);
  }
  const origin = new URL(values.platform).origin;
  const dataDir = values['data-dir'] ?? join(homedir(), '.sabaq-agent');
  const certificate = await loadOrMakeCertificate(dataDir);
  const reportPath = values['display-report'];
  const agent = await startAgentServer({
    certificate,
    platform: new PlatformClient(origin),
    port: values.port ? Number(values.port) : DEVICE_AGENT_PORT,
    collect: () => collectSnapshot({ displayReportPath: reportPath }),
    log: (line) => console.log(`[agent] ${line}`),
    ...(values['scan-ms'] ? { scanMs: Number(values['scan-ms']) } : {}),
  });
  // The line tests and scripts wait for; the port is the one bound (0 asks the system for a free one).
  console.log(`sabaq-agent ${AGENT_VERSION} listening on https://127.0.0.1:${agent.port}/ for ${origin}`);
  const stop = () => void agent.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
