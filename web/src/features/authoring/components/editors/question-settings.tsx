import { NumberInput, SimpleGrid, Switch, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { QuizComponent } from '../../model';

/** The question settings of 001 §3: points, penalty, hint, feedback, attachments, anti-plagiarism. */
export function QuestionSettings({
  component,
  onSettings,
  errors,
}: {
  component: QuizComponent;
  onSettings: (settings: Record<string, unknown>) => void;
  errors: Record<string, string>;
}) {
  const { t } = useTranslation();
  const s = component.settings;
  const set = (key: string, value: unknown) => onSettings({ ...s, [key]: value });
  const code = component.component_type === 'code';
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {code ? null : (
          <NumberInput
            label={t('authoring.editor.points')}
            min={0}
            max={10_000}
            value={Number(s.points ?? 1)}
            onChange={(v) => set('points', typeof v === 'number' ? v : 0)}
            error={errors['settings.points']}
          />
        )}
        <NumberInput
          label={t('authoring.editor.penalty')}
          min={0}
          max={10_000}
          value={Number(s.penalty_points ?? 0)}
          onChange={(v) => set('penalty_points', typeof v === 'number' ? v : 0)}
          error={errors['settings.penalty_points']}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Textarea
          label={t('authoring.editor.hint')}
          autosize
          value={String(s.hint ?? '')}
          onChange={(e) => set('hint', e.currentTarget.value || null)}
        />
        <Textarea
          label={t('authoring.editor.feedback')}
          autosize
          value={String(s.feedback ?? '')}
          onChange={(e) => set('feedback', e.currentTarget.value || null)}
        />
      </SimpleGrid>
      {component.component_type === 'free' || component.component_type === 'open' ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Switch
            label={t('authoring.editor.attachments')}
            checked={Boolean(s.is_attachments_allowed)}
            onChange={(e) => set('is_attachments_allowed', e.currentTarget.checked)}
          />
          <Switch
            label={t('authoring.editor.antiplagiarism')}
            checked={Boolean(s.is_antiplagiarism)}
            onChange={(e) => set('is_antiplagiarism', e.currentTarget.checked)}
          />
        </SimpleGrid>
      ) : null}
    </>
  );
}
