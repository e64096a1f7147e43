import { Badge, Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { screenIsExtended } from '../checks/client-checks';
import { useExamText, type ExamKey } from '../i18n/use-exam-text';
import type { HeldEquipment } from '../model/held-equipment';
import {
  displaysPass,
  MIN_SCREEN,
  resolutionPasses,
  type CheckState,
  type Equipment,
} from '../model/requirements';

export type CheckStates = Partial<Record<Equipment, CheckState>>;

const BADGE: Record<CheckState, string> = { idle: 'gray', checking: 'blue', passed: 'green', failed: 'red' };

const reasonOf = (error: unknown) =>
  error instanceof Error ? `${error.name}: ${error.message}` : String(error);

/**
 * Each required piece of equipment with its state, what was found and a retry: camera and microphone
 * (getUserMedia, with a level meter), the screen (getDisplayMedia), displays (screen.isExtended) and
 * the resolution. The streams it gets are kept in `equipment` for the recording.
 */
export function EquipmentCheck({
  required,
  equipment,
  onChange,
}: {
  required: readonly Equipment[];
  equipment: HeldEquipment;
  onChange: (states: CheckStates) => void;
}) {
  const t = useExamText();
  const [states, setStates] = useState<CheckStates>({});
  const [details, setDetails] = useState<Partial<Record<Equipment, string>>>({});
  const [level, setLevel] = useState(0);
  const report = useCallback(
    (item: Equipment, state: CheckState, detail = '') => {
      setStates((s) => ({ ...s, [item]: state }));
      setDetails((d) => ({ ...d, [item]: detail }));
      if (state !== 'checking') equipment.findings[item] = `${state}${detail ? `: ${detail}` : ''}`;
    },
    [equipment],
  );
  useEffect(() => onChange(states), [states, onChange]);

  const check = useCallback(
    async (item: Equipment) => {
      report(item, 'checking');
      try {
        if (item === 'camera') {
          for (const track of equipment.camera?.getTracks() ?? []) track.stop();
          const stream = await navigator.mediaDevices.getUserMedia({
            video: { width: { ideal: 640 }, height: { ideal: 480 } },
          });
          equipment.camera = stream;
          const settings = stream.getVideoTracks()[0]?.getSettings();
          report(item, 'passed', `${settings?.width ?? '?'} × ${settings?.height ?? '?'}`);
        } else if (item === 'microphone') {
          for (const track of equipment.microphone?.getTracks() ?? []) track.stop();
          const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
          equipment.microphone = stream;
          report(item, 'passed', stream.getAudioTracks()[0]?.label ?? '');
        } else if (item === 'screen') {
          for (const track of equipment.screen?.getTracks() ?? []) track.stop();
          const stream = await navigator.mediaDevices.getDisplayMedia({ video: true, audio: false });
          const surface = stream.getVideoTracks()[0]?.getSettings().displaySurface;
          equipment.screen = stream;
          report(item, 'passed', surface ?? '');
        } else if (item === 'displays') {
          const ok = displaysPass(screenIsExtended());
          report(item, ok ? 'passed' : 'failed', t(ok ? 'check.oneDisplay' : 'check.manyDisplays'));
        } else {
          const { width, height } = window.screen;
          const ok = resolutionPasses(width, height);
          report(
            item,
            ok ? 'passed' : 'failed',
            ok ? t('check.resolutionValue', { width, height }) : t('check.resolutionLow', MIN_SCREEN),
          );
        }
      } catch (error) {
        report(item, 'failed', t('check.denied', { reason: reasonOf(error) }));
      }
    },
    [equipment, report, t],
  );

  // Camera, microphone, displays and resolution are checked at once; the screen needs a click (the
  // browser asks for a user gesture before sharing it).
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      for (const item of required) if (item !== 'screen') await check(item);
    })();
  }, [required, check]);

  const microphone = states.microphone === 'passed' ? equipment.microphone : undefined;
  useEffect(() => {
    if (!microphone) return;
    const context = new AudioContext();
    const analyser = context.createAnalyser();
    analyser.fftSize = 1024;
    context.createMediaStreamSource(microphone).connect(analyser);
    const samples = new Float32Array(analyser.fftSize);
    // Ten looks a second are enough for a meter and cost nothing next to an animation frame loop.
    const timer = setInterval(() => {
      analyser.getFloatTimeDomainData(samples);
      let sum = 0;
      for (const s of samples) sum += s * s;
      setLevel(Math.min(100, Math.round(Math.sqrt(sum / samples.length) * 300)));
    }, 100);
    return () => {
      clearInterval(timer);
      void context.close();
    };
  }, [microphone]);

  return (
    <Paper
      withBorder
      radius="md"
      p="lg"
      component="section"
      aria-labelledby="equipment-title"
      data-testid="equipment-check"
    >
      <Title order={2} fz="md" mb="xs" id="equipment-title">
        {t('check.title')}
      </Title>
      <Text mb="md" c="dimmed">
        {t('check.intro')}
      </Text>
      <Stack gap="sm">
        {required.map((item) => {
          const state = states[item] ?? 'idle';
          return (
            <Group
              key={item}
              justify="space-between"
              wrap="nowrap"
              data-testid={`check-${item}`}
              data-state={state}
            >
              <Stack gap={2} style={{ flex: 1 }}>
                <Group gap="xs">
                  <Text fw={500}>{t(`check.${item}` as ExamKey)}</Text>
                  <Badge color={BADGE[state]} variant="light" aria-live="polite">
                    {t(`check.${state}` as ExamKey)}
                  </Badge>
                </Group>
                {details[item] ? (
                  <Text fz="sm" c={state === 'failed' ? 'red' : 'dimmed'}>
                    {details[item]}
                  </Text>
                ) : null}
                {item === 'microphone' && state === 'passed' ? (
                  <Progress
                    value={level}
                    aria-label={t('check.level')}
                    data-testid="microphone-level"
                    size="sm"
                  />
                ) : null}
              </Stack>
              {state !== 'passed' ? (
                <Button
                  variant="light"
                  size="xs"
                  loading={state === 'checking'}
                  onClick={() => void check(item)}
                  data-testid={`check-${item}-run`}
                >
                  {state === 'idle' ? t('check.run') : t('check.retry')}
                </Button>
              ) : null}
            </Group>
          );
        })}
      </Stack>
    </Paper>
  );
}
