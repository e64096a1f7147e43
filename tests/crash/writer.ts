/**
 * The crash test's victim: the embedded platform (store, projections, HTTP) with a writer appending
 * proctoring actions as fast as it can. Each acknowledged append is printed as `ack <id> <id>…`
 * only after append() resolved, so the parent knows exactly what the platform promised to keep.
 */
import { startEmbeddedPlatform } from '../../services/src/roles/embedded';
import { actionEvents, attemptStream } from '../support/events';

async function main(): Promise<void> {
  const dataDir = process.argv[2];
  if (!dataDir) throw new Error('usage: writer.ts <dataDir>');
  const platform = await startEmbeddedPlatform({ dataDir });
  process.stdout.write(`ready ${process.pid}\n`);
  const streams = Array.from({ length: 4 }, () => attemptStream());
  for (let i = 0; ; i++) {
    const stream = streams[i % streams.length]!;
    const batch = actionEvents(stream, 1 + (i % 5));
    await platform.store.append(stream, batch);
    process.stdout.write(`ack ${batch.map((e) => e.id).join(' ')}\n`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
