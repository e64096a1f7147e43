import { Checkbox, NumberInput, Select, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ProctoringSettings } from '@sabaq/events';
import { useTranslation } from 'react-i18next';
import type { AssignmentForm } from '../form-model';
import { DeviceAgentFields } from './device-agent-fields';
import { FormSection } from './form-section';

type Set = <K extends keyof AssignmentForm>(key: K, value: AssignmentForm[K]) => void;

const RECORDING = [
  'main_camera_record',
  'screen_share_record',
  'second_camera_record',
  'upload',
  'microphone_record',
] as const;
const CHECKS = [
  'check_env',
  'displays_check',
  'fullscreen_mode',
  'focus_detector',
  'extension_detector',
  'noise_detector',
  'speech_detector',
  'head_identity',
  'head_tracking',
] as const;

/** A labelled group of independent checkboxes (Checkbox.Group would own their checked state). */
function CheckboxSet({ label, children }: { label: string; children: ReactNode }) {
  const id = `set-${label.replace(/\s+/g, '-')}`;
  return (
    <div role="group" aria-labelledby={id}>
      <Text fw={500} size="sm" id={id}>
        {label}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
        {children}
      </SimpleGrid>
    </div>
  );
}

/**
 * The proctoring settings form: recording, checks and detectors, and the sensitivities, starting from
 * the specification's defaults (000 §9). The remaining tuning values travel unchanged.
 */
export function ProctoringFields({ form, set }: { form: AssignmentForm; set: Set }) {
  const { t } = useTranslation();
  const p = form.proctoring;
  const put = (patch: Partial<ProctoringSettings>) => set('proctoring', { ...p, ...patch });
  const numberOf = (value: string | number, fallback: number) =>
    typeof value === 'number' ? value : fallback;
  return (
    <FormSection title={t('assignments.form.proctoring')} testId="proctoring-form">
      <Stack gap="md">
        <Switch
          label={t('assignments.flags.is_proctoring')}
          description={t('assignments.form.proctoringHint')}
          checked={form.is_proctoring}
          onChange={(e) => set('is_proctoring', e.currentTarget.checked)}
        />
        {form.is_proctoring ? (
          <>
            <CheckboxSet label={t('assignments.proctoring.recording')}>
              {RECORDING.map((key) => (
                <Checkbox
                  key={key}
                  label={t(`assignments.proctoring.${key}`)}
                  checked={p[key]}
                  onChange={(e) => put({ [key]: e.currentTarget.checked })}
                />
              ))}
            </CheckboxSet>
            <CheckboxSet label={t('assignments.proctoring.checks')}>
              {CHECKS.map((key) => (
                <Checkbox
                  key={key}
                  label={t(`assignments.proctoring.${key}`)}
                  checked={p[key]}
                  onChange={(e) => put({ [key]: e.currentTarget.checked })}
                />
              ))}
              <Checkbox
                label={t('assignments.proctoring.face_landmarker')}
                checked={p.face_landmarker.enabled}
                onChange={(e) =>
                  put({ face_landmarker: { ...p.face_landmarker, enabled: e.currentTarget.checked } })
                }
              />
              <Checkbox
                label={t('assignments.proctoring.object_detection')}
                checked={p.object_detection.enabled}
                onChange={(e) =>
                  put({ object_detection: { ...p.object_detection, enabled: e.currentTarget.checked } })
                }
              />
            </CheckboxSet>
            <Switch
              label={t('assignments.proctoring.ai_analysis')}
              description={t('assignments.proctoring.aiAnalysisHint')}
              checked={p.ai_analysis !== false}
              onChange={(e) => put({ ai_analysis: e.currentTarget.checked })}
              data-testid="ai-analysis-switch"
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label={t('assignments.proctoring.browser_type')}
                data={['any', 'chrome', 'safe-exam-browser'].map((value) => ({
                  value,
                  label: t(`assignments.proctoring.browsers.${value as 'any'}`),
                }))}
                value={p.browser_type}
                allowDeselect={false}
                onChange={(value) => put({ browser_type: value ?? 'any' })}
              />
              <NumberInput
                label={t('assignments.proctoring.noise_sensitivity')}
                min={0}
                max={100}
                value={p.noise_sensitivity}
                onChange={(value) => put({ noise_sensitivity: numberOf(value, p.noise_sensitivity) })}
              />
            </SimpleGrid>
            <Text fw={500} size="sm">
              {t('assignments.proctoring.head')}
            </Text>
            <SimpleGrid cols={{ base: 2, sm: 5 }}>
              {(['x', 'y', 'depth'] as const).map((axis) => (
                <NumberInput
                  key={axis}
                  label={t(`assignments.proctoring.sensitivity.${axis}`)}
                  min={0}
                  max={100}
                  value={p.head_sensitivity[axis]}
                  onChange={(value) =>
                    put({
                      head_sensitivity: {
                        ...p.head_sensitivity,
                        [axis]: numberOf(value, p.head_sensitivity[axis]),
                      },
                    })
                  }
                />
              ))}
              {(['width', 'height'] as const).map((side) => (
                <NumberInput
                  key={side}
                  label={t(`assignments.proctoring.centre.${side}`)}
                  min={0}
                  max={100}
                  value={p.head_center_area[side]}
                  onChange={(value) =>
                    put({
                      head_center_area: {
                        ...p.head_center_area,
                        [side]: numberOf(value, p.head_center_area[side]),
                      },
                    })
                  }
                />
              ))}
            </SimpleGrid>
            <DeviceAgentFields rules={p.device_agent} onChange={(device_agent) => put({ device_agent })} />
            <Switch
              label={t('assignments.flags.proctoring_fallback_allow')}
              checked={form.proctoring_fallback_allow}
              onChange={(e) => set('proctoring_fallback_allow', e.currentTarget.checked)}
            />
            <Switch
              label={t('assignments.flags.proctoring_mobile_restrict')}
              checked={form.proctoring_mobile_restrict}
              onChange={(e) => set('proctoring_mobile_restrict', e.currentTarget.checked)}
            />
          </>
        ) : null}
      </Stack>
    </FormSection>
  );
}
