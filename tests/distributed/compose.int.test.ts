import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRegistry } from '@sabaq/events';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '../../services/src/platform/config/config';

/**
 * The distributed topology's compose file, checked without starting it: validated by the compose CLI
 * where one is installed (it needs no Docker engine for that), and held to the topology's rules by
 * reading the YAML everywhere.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const composeFile = path.join(root, 'docker-compose.yml');

const ROLES = ['api', 'projector', 'relay', 'persister', 'transcoder', 'analyzer'];
const STATEFUL = ['kafka', 'kurrentdb', 'postgres', 'clickhouse', 'minio'];

interface Service {
  image?: string;
  build?: unknown;
  command?: string[] | string;
  restart?: string;
  environment?: Record<string, string | number | boolean | null>;
  depends_on?: Record<string, { condition?: string }> | string[];
  healthcheck?: { test?: string[] | string; disable?: boolean };
  ports?: (string | { host_ip?: string; published?: string | number })[];
  volumes?: (string | { type?: string; source?: string })[];
}

interface ComposeFile {
  services: Record<string, Service>;
  volumes?: Record<string, unknown>;
  'x-contexts'?: string;
}

const compose = parse(readFileSync(composeFile, 'utf8'), { merge: true }) as ComposeFile;
const services = Object.entries(compose.services);
const roles = services.filter(([, service]) => service.build !== undefined);

/** Compose's interpolation with nothing set: `${X:-default}` and `${X-default}` give the default, `$$` a `$`. */
function interpolate(value: string): string {
  return value
    .replace(
      /\$\{[A-Za-z_][A-Za-z0-9_]*(?::?-([^}]*))?\}/g,
      (_match, fallback: string | undefined) => fallback ?? '',
    )
    .replaceAll('$$', '$');
}

function environmentOf(service: Service): Record<string, string> {
  return Object.fromEntries(
    Object.entries(service.environment ?? {}).map(([key, value]) => [key, interpolate(String(value ?? ''))]),
  );
}

function composeCli(): string[] | undefined {
  for (const command of [['docker', 'compose'], ['docker-compose']]) {
    const probe = spawnSync(command[0]!, [...command.slice(1), 'version'], {
      encoding: 'utf8',
      timeout: 20_000,
    });
    if (probe.status === 0) return command;
  }
  return undefined;
}

describe('docker-compose.yml', () => {
  const cli = composeCli();

  it.skipIf(!cli)(`is valid for ${cli?.join(' ') ?? 'the compose CLI (none installed)'}`, () => {
    const [bin, ...args] = cli!;
    const result = spawnSync(bin!, [...args, '--file', composeFile, 'config', '--quiet'], {
      cwd: root,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.stderr.trim(), 'compose config rejected the file').toBe('');
    expect(result.status).toBe(0);
  });

  it('gives every service a healthcheck', () => {
    for (const [name, service] of services) {
      expect(service.healthcheck?.test, `${name} has no healthcheck`).toBeDefined();
      expect(service.healthcheck?.disable, `${name} disables its healthcheck`).not.toBe(true);
    }
  });

  it('publishes ports on 127.0.0.1 only', () => {
    for (const [name, service] of services) {
      for (const port of service.ports ?? []) {
        if (typeof port === 'string') {
          expect(interpolate(port), `${name} publishes ${port}`).toMatch(
            /^127\.0\.0\.1:\d+:\d+(\/(tcp|udp))?$/,
          );
        } else {
          expect(port.host_ip, `${name} publishes ${JSON.stringify(port)}`).toBe('127.0.0.1');
        }
      }
    }
  });

  it('waits for what each service needs: healthy, or for one-shot jobs, completed', () => {
    for (const [name, service] of services) {
      const dependsOn = service.depends_on ?? {};
      expect(Array.isArray(dependsOn), `${name} lists depends_on without conditions`).toBe(false);
      for (const [dependency, { condition }] of Object.entries(dependsOn)) {
        const target = compose.services[dependency];
        expect(target, `${name} depends on unknown ${dependency}`).toBeDefined();
        const job = target?.restart === 'no';
        expect(condition, `${name} → ${dependency}`).toBe(
          job ? 'service_completed_successfully' : 'service_healthy',
        );
      }
    }
  });

  it('keeps state in named volumes', () => {
    const declared = Object.keys(compose.volumes ?? {});
    for (const [name, service] of services) {
      const sources = (service.volumes ?? []).map((v) =>
        typeof v === 'string' ? v.split(':')[0]! : (v.source ?? ''),
      );
      for (const source of sources) {
        expect(declared, `${name} mounts ${source}, which is not a named volume`).toContain(source);
      }
      if (STATEFUL.includes(name))
        expect(sources.length, `${name} keeps its data in no volume`).toBeGreaterThan(0);
    }
  });

  it('runs every role from one image built from the root Dockerfile', () => {
    expect(roles.map(([name]) => name).sort()).toEqual([...ROLES].sort());
    const [, first] = roles[0]!;
    for (const [name, service] of roles) {
      expect(service.build, name).toEqual(first.build);
      expect(service.image, name).toBe(first.image);
      expect(service.command, name).toEqual([name]);
    }
    expect(first.build).toBe('.');
    const others = services.filter(([, s]) => s.build === undefined && s.image === first.image);
    expect(others.map(([name]) => name)).toEqual([]);
  });

  it('configures every role for the distributed back ends, as the platform reads its configuration', () => {
    for (const [name, service] of roles) {
      const env = environmentOf(service);
      const config = loadConfig(env);
      expect(config.eventStore, name).toEqual({
        kind: 'kurrentdb',
        url: 'kurrentdb://kurrentdb:2113?tls=false',
      });
      expect(config.log, name).toMatchObject({ kind: 'kafka', brokers: ['kafka:9092'] });
      expect(config.analytics, name).toMatchObject({ kind: 'server', url: 'http://clickhouse:8123' });
      expect(config.objects.endpoint, name).toBe('http://minio:9000');
      expect(config.databaseUrl, name).toMatch(/^postgres:\/\/sabaq:[^@]+@postgres:5432\/sabaq$/);
      expect(env.REALTIME_SECRET, name).toBeTruthy();
      for (const host of ['kurrentdb', 'kafka', 'postgres', 'clickhouse', 'minio']) {
        expect(compose.services[host], `${name} reaches ${host}`).toBeDefined();
      }
    }
    // The servers are set up with the credentials the roles use.
    const role = environmentOf(roles[0]![1]);
    expect(environmentOf(compose.services.clickhouse!)).toMatchObject({
      CLICKHOUSE_USER: role.ANALYTICS_USER,
      CLICKHOUSE_PASSWORD: role.ANALYTICS_PASSWORD,
      CLICKHOUSE_DB: role.ANALYTICS_DATABASE,
    });
    expect(environmentOf(compose.services.minio!)).toMatchObject({
      MINIO_ROOT_USER: role.S3_ACCESS_KEY,
      MINIO_ROOT_PASSWORD: role.S3_SECRET_KEY,
    });
    expect(environmentOf(compose.services['minio-init']!).S3_BUCKET).toBe(role.S3_BUCKET);
    expect(role.DATABASE_URL).toContain(
      `sabaq:${environmentOf(compose.services.postgres!).POSTGRES_PASSWORD}@`,
    );
  });

  it('creates both topics of every context, including each one the event registry knows', () => {
    const listed = (compose['x-contexts'] ?? '').split(/\s+/).filter(Boolean);
    expect(new Set(listed).size).toBe(listed.length);
    for (const context of createRegistry().contexts()) expect(listed).toContain(context);
    const init = compose.services['kafka-init']!;
    expect(init.environment?.CONTEXTS).toBe(compose['x-contexts']);
    const script = [init.command ?? []].flat().join('\n');
    expect(script).toContain('events.$$context');
    expect(script).toContain('ingest.$$context');
    expect(environmentOf(compose.services.kafka!).KAFKA_AUTO_CREATE_TOPICS_ENABLE).toBe('false');
  });

  it('builds the image from node:20-bookworm-slim with ffmpeg, npm ci and the roles entry point', () => {
    const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');
    const stages = [...dockerfile.matchAll(/^FROM\s+(\S+)/gm)].map((m) => m[1]);
    expect(stages.every((image) => image === 'node:20-bookworm-slim')).toBe(true);
    expect(dockerfile).toMatch(/apt-get install[^\n]*\bffmpeg\b/);
    expect(dockerfile).toMatch(/^RUN npm ci\b/m);
    // The roles run with the young-generation size `npm start` uses (docs/capacity.md, package.json).
    expect(dockerfile).toContain(
      'ENTRYPOINT ["node", "--max-semi-space-size=64", "--import", "tsx", "services/src/roles/main.ts"]',
    );
    const start = (
      JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
        scripts: Record<string, string>;
      }
    ).scripts.start;
    expect(start).toBe('node --max-semi-space-size=64 scripts/start.mjs');
    const ignored = readFileSync(path.join(root, '.dockerignore'), 'utf8').split('\n');
    for (const entry of ['**/node_modules', '.git', '.env', '.data']) expect(ignored).toContain(entry);
  });
});
