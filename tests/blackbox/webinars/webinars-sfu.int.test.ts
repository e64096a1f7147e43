import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenFor } from '../records/records-app';
import { TestClient } from '../realtime/client';
import { caller } from '../schools/contexts-app';
import { SfuTestPeer } from './sfu-client';
import { startWebinarsApp, type WebinarsApp } from './webinars-app';

/**
 * The server's SFU over the real realtime socket, with two Node WebRTC clients (werift): each has one
 * peer connection to the server; what one publishes reaches the other as RTP with the publisher's own
 * payload; when the publisher leaves, the other's next offer stops its m-line and no longer names its
 * stream. Outsiders cannot signal, and a small group's webinar stays on the mesh.
 */
let env: WebinarsApp;
const call = caller(() => env.app);
const teacher = tokenFor('teacher', 'school-a');
const S = (n: number) => `student-school-a-${n}`;
const student = (n: number) => tokenFor('student', 'school-a', n);
const outsider = tokenFor('student', 'school-b');
const classA = `cl-${randomUUID()}`;
const peers: SfuTestPeer[] = [];
const sockets: TestClient[] = [];

// Failure bound only: a passing wait returns as soon as its condition holds.
// Generous: DTLS and SRTP in pure TypeScript for three peers in one process take long on a loaded machine.
async function until(condition: () => boolean, what: string, ms = 90_000): Promise<void> {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function subscribed(token: string, channel: string): Promise<TestClient> {
  const { client, socketId } = await TestClient.connect(env.url, token);
  sockets.push(client);
  const signed = await call('POST', '/broadcasting/auth', token, {
    socket_id: socketId,
    channel_name: channel,
  });
  expect(signed.status).toBe(200);
  expect(await client.subscribe(channel, signed.body.auth as string)).toMatchObject({ event: 'subscribed' });
  return client;
}

beforeAll(async () => {
  // Rooms of two here, so a third participant meets a full room.
  process.env.SFU_MAX_PEERS = '2';
  env = await startWebinarsApp();
  await env.store.append(
    `class-${classA}`,
    [
      {
        id: randomUUID(),
        type: 'ClassCreated',
        data: {
          id: classA,
          type: 'group',
          image: null,
          color: null,
          name: '9 «Б»',
          description: null,
          chat_id: null,
          teachers: ['teacher-school-a-1'],
          students: [S(1), S(2)],
          settings: {},
        },
        metadata: { schoolId: 'school-a', userId: 'teacher-school-a-1' },
      },
    ],
    { expectedVersion: 'any' },
  );
  await env.caughtUp();
});
afterAll(async () => {
  for (const peer of peers) await peer.close();
  for (const socket of sockets) socket.close();
  await env?.close();
});

describe('the webinar SFU', () => {
  it('answers the type: sfu when asked, mesh for a small class', async () => {
    const mesh = await call('POST', '/api/webinars', teacher, { name: 'Малая группа', class_id: classA });
    expect(mesh.body.entity).toMatchObject({ type: 'mesh' });
    const sfu = await call('POST', '/api/webinars', teacher, {
      name: 'Поток',
      class_id: classA,
      type: 'sfu',
    });
    expect(sfu.status, JSON.stringify(sfu.body)).toBe(201);
    expect(sfu.body.entity).toMatchObject({ type: 'sfu' });
    const bad = await call('POST', '/api/webinars', teacher, { name: 'x', type: 'p2p' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toHaveProperty('type');

    // The mesh webinar's SFU room cannot be joined: its peers signal each other.
    const channel = `webinar.${mesh.body.entity!.id}`;
    const socket = await subscribed(student(1), channel);
    socket.send({ event: 'whisper', channel, name: 'sfu-join' });
    expect(await socket.next((m) => m.event === 'error')).toMatchObject({ data: { status_code: 409 } });
  });

  it('forwards one participant’s RTP to the other and stops it when they leave', async () => {
    const made = await call('POST', '/api/webinars', teacher, {
      name: 'Лекция',
      class_id: classA,
      type: 'sfu',
    });
    const channel = `webinar.${made.body.entity!.id}`;

    // An outsider can neither subscribe nor signal the SFU.
    const { client: stranger } = await TestClient.connect(env.url, outsider);
    sockets.push(stranger);
    expect(await stranger.subscribe(channel)).toMatchObject({ event: 'subscription_error' });
    stranger.send({ event: 'whisper', channel, name: 'sfu-join' });
    expect(await stranger.next((m) => m.event === 'error')).toMatchObject({ data: { status_code: 403 } });
    stranger.send({
      event: 'whisper',
      channel,
      name: 'sfu-signal',
      sfu: { kind: 'answer', description: { type: 'answer', sdp: 'v=0' } },
    });
    await until(() => stranger.pushes('error').length === 2, 'second refusal');
    expect(stranger.pushes('error')[1]).toMatchObject({ data: { status_code: 403 } });

    const publisher = new SfuTestPeer('teacher', await subscribed(teacher, channel), channel);
    const viewer = new SfuTestPeer('student-1', await subscribed(student(1), channel), channel);
    peers.push(publisher, viewer);
    // A signal before joining is refused.
    viewer.client.send({
      event: 'whisper',
      channel,
      name: 'sfu-signal',
      sfu: { kind: 'candidate', candidate: null },
    });
    expect(await viewer.client.next((m) => m.event === 'error')).toMatchObject({
      data: { status_code: 409 },
    });

    publisher.join();
    await until(() => publisher.offers.length > 0, 'the publisher’s first offer');
    publisher.startSending();
    viewer.join();
    await until(() => viewer.offers.length > 0, 'the viewer’s first offer');
    const owners = viewer.offers[0]!.streams;
    expect(owners).toEqual([expect.objectContaining({ user_id: 'teacher-school-a-1' })]);

    await until(
      () => viewer.received.some((r) => r.kind === 'video' && r.payloads.length >= 10),
      'the teacher’s RTP at the student',
    );
    const video = viewer.received.find((r) => r.kind === 'video')!;
    expect(video.streamId).toBe(owners[0]!.stream_id);
    expect(video.payloads.every((p) => /^teacher#\d+$/.test(p))).toBe(true);
    // The publisher hears nothing of its own: it gets the student's (silent) m-lines only.
    expect(publisher.received.flatMap((r) => r.payloads)).toHaveLength(0);

    // Rough cost: packets forwarded per second over two seconds of a 50 packets/s camera, and the CPU
    // this process spent meanwhile (the server and both clients: an upper bound for the forwarding).
    const before = video.payloads.length;
    const started = Date.now();
    const cpu = process.cpuUsage();
    await until(() => Date.now() - started >= 2000, 'two seconds');
    const spent = process.cpuUsage(cpu);
    const elapsed = Date.now() - started;
    const rate = ((video.payloads.length - before) * 1000) / elapsed;
    const share = ((spent.user + spent.system) / 1000 / elapsed) * 100;
    console.info(
      `sfu: ${rate.toFixed(0)} packets/s forwarded to one subscriber, ${share.toFixed(0)}% of a core in all`,
    );
    expect(rate).toBeGreaterThan(0);

    // The publisher leaves: the viewer's next offer stops the teacher's m-lines and names nobody.
    const offersBefore = viewer.offers.length;
    publisher.leave();
    await until(() => viewer.offers.length > offersBefore, 'the renegotiation after the leave');
    const last = viewer.offers.at(-1)!;
    expect(last.streams).toEqual([]);
    expect(last.description.sdp).toMatch(
      new RegExp(`m=video 0 [^\\n]*\\r?\\n(?:(?!m=)[^\\n]*\\n)*a=mid:${video.mid}\\r?\\n`),
    );
    await until(() => video.transceiver.stopped, 'the stopped m-line at the viewer');
  }, 300_000);

  it('drops a participant whose socket closes, and tells the others', async () => {
    const made = await call('POST', '/api/webinars', teacher, {
      name: 'Семинар',
      class_id: classA,
      type: 'sfu',
    });
    const channel = `webinar.${made.body.entity!.id}`;
    const first = new SfuTestPeer('student-1', await subscribed(student(1), channel), channel);
    const second = new SfuTestPeer('student-2', await subscribed(student(2), channel), channel);
    peers.push(first, second);
    first.join();
    await until(() => first.offers.length > 0, 'the first offer');
    second.join();
    second.startSending();
    await until(
      () =>
        first.received.some((r) => r.kind === 'video' && r.payloads.some((p) => p.startsWith('student-2#'))),
      'student 2’s RTP at student 1',
    );
    // A third is refused: the room holds two here.
    const third = await subscribed(teacher, channel);
    third.send({ event: 'whisper', channel, name: 'sfu-join' });
    expect(await third.next((m) => m.event === 'sfu-closed')).toMatchObject({ data: { reason: 'full' } });
    expect(await third.next((m) => m.event === 'error')).toMatchObject({ data: { status_code: 409 } });

    const seen = first.offers.length;
    second.client.close();
    await until(
      () => first.offers.length > seen && first.offers.at(-1)!.streams.length === 0,
      'the offer without student 2',
    );

    // The teacher ends the webinar: the room closes and its last participant is told.
    expect((await call('POST', `/api/webinars/${made.body.entity!.id}/end.json`, teacher)).status).toBe(200);
    expect(await first.client.next((m) => m.event === 'sfu-closed')).toMatchObject({
      channel,
      data: { reason: 'ended' },
    });
  }, 300_000);
});
