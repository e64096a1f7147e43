import {
  Accordion,
  Alert,
  Button,
  Grid,
  Group,
  Menu,
  NumberInput,
  Paper,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../../shared/api';
import { notifySuccess } from '../../../shared/toasts/notify';
import { IconArrowLeft, IconPlus } from '../../../shared/ui/icons';
import { PageHeading } from '../../../shared/ui/page-heading';
import { templateKeys, templateQuery, templatesApi } from '../api';
import {
  VARIABLE_CHOICES,
  customVariable,
  draftOf,
  emptyDraft,
  isBuiltIn,
  newElement,
  templateBody,
  type CertificateTemplate,
  type TemplateDraft,
  type TemplateElement,
} from '../template-model';
import { ElementFields } from './element-fields';
import { SheetPreview } from './sheet-preview';
import { templateEditPath } from './templates-list-page';

/** Field errors of a refused save, one message per field (`elements.0.variable` and so on). */
function errorsOf(error: unknown): Record<string, string> {
  if (!isApiError(error)) return {};
  return Object.fromEntries(
    Object.entries(error.errors).map(([field, messages]) => [field, messages[0] ?? '']),
  );
}

/**
 * The background's picker: the media library's field, handed in by the app (a feature does not import
 * another feature, docs/architecture.md "Web layers").
 */
export type BackgroundPicker = (props: {
  value: string | null;
  onChange: (src: string | null) => void;
  error?: string;
}) => ReactNode;

/** /t/certificates/create */
export function TemplateCreatePage({ backgroundPicker }: { backgroundPicker: BackgroundPicker }) {
  return <TemplateEditor saved={null} backgroundPicker={backgroundPicker} />;
}

/** /t/certificates/edit/{id} */
export function TemplateEditPage({ backgroundPicker }: { backgroundPicker: BackgroundPicker }) {
  const { t } = useTranslation();
  const id = useParams().id ?? '';
  const template = useQuery({ ...templateQuery(id), meta: { errorToast: false } });
  if (template.isPending) return <Skeleton height={480} radius="md" />;
  if (!template.data) return <PageHeading title={t('certificates.templates.missing')} />;
  // Keyed by the saved record: after a save the editor restarts from what the server stored.
  return (
    <TemplateEditor
      key={JSON.stringify(template.data)}
      saved={template.data}
      backgroundPicker={backgroundPicker}
    />
  );
}

/**
 * The template editor: the template's fields, its elements (built-in variables and custom texts),
 * each placed by dragging on the live preview or by numbers in per cent, and styled.
 */
function TemplateEditor({
  saved,
  backgroundPicker,
}: {
  saved: CertificateTemplate | null;
  backgroundPicker: BackgroundPicker;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const initial = useMemo(() => (saved ? draftOf(saved) : emptyDraft()), [saved]);
  const [draft, setDraft] = useState<TemplateDraft>(initial);
  const [selected, setSelected] = useState<number | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const samples = useMemo(
    () => ({
      fullname: t('certificates.samples.fullname'),
      subject: t('certificates.samples.subject'),
      points: t('certificates.samples.points'),
      'company-name': t('certificates.samples.company-name'),
      certificate_number: `${draft.serial_number}${String(draft.serial_counter + 1).padStart(6, '0')}`,
    }),
    [t, draft.serial_number, draft.serial_counter],
  );
  const set = (patch: Partial<TemplateDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const setElements = (update: (elements: TemplateElement[]) => TemplateElement[]) =>
    setDraft((current) => ({ ...current, elements: update(current.elements) }));

  const save = useMutation({
    mutationFn: () =>
      saved
        ? templatesApi.update(saved.id, templateBody(draft, initial))
        : templatesApi.create(templateBody(draft)),
    onSuccess: (stored) => {
      setErrors({});
      notifySuccess(t(saved ? 'certificates.editor.saved' : 'certificates.editor.created'));
      void queryClient.invalidateQueries({ queryKey: templateKeys.all });
      queryClient.setQueryData(templateKeys.one(stored.id), stored);
      if (!saved) void navigate(templateEditPath(stored.id), { replace: true });
    },
    onError: (error) => setErrors(errorsOf(error)),
  });

  const add = (variable: string) => {
    const name = variable === 'custom' ? customVariable(draft.elements.map((e) => e.variable)) : variable;
    setElements((elements) => [
      ...elements,
      newElement(name, variable === 'custom' ? t('certificates.variables.custom') : ''),
    ]);
    setSelected(draft.elements.length);
  };
  const moveElement = (index: number, delta: -1 | 1) => {
    setElements((elements) => {
      const next = [...elements];
      [next[index], next[index + delta]] = [next[index + delta]!, next[index]!];
      return next;
    });
    setSelected(index + delta);
  };
  const elementTitle = (e: TemplateElement) =>
    isBuiltIn(e.variable)
      ? t(`certificates.variables.${e.variable}`)
      : e.label || t('certificates.variables.custom');

  return (
    <Stack gap="md">
      <PageHeading
        title={
          saved
            ? t('certificates.editor.editTitle', { name: saved.name })
            : t('certificates.editor.createTitle')
        }
        description={t('certificates.editor.description')}
        toolbar={[
          {
            key: 'back',
            label: t('certificates.editor.back'),
            icon: <IconArrowLeft size={16} />,
            to: '/t/certificates',
            variant: 'default',
          },
        ]}
      />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Stack gap="md">
            <Paper withBorder p="md" radius="md">
              <Stack gap="sm">
                <Title order={2} size="h4">
                  {t('certificates.editor.fields')}
                </Title>
                <TextInput
                  label={t('certificates.editor.name')}
                  required
                  value={draft.name}
                  onChange={(e) => set({ name: e.currentTarget.value })}
                  error={errors.name}
                  data-testid="template-name"
                />
                <Textarea
                  label={t('certificates.editor.about')}
                  autosize
                  minRows={1}
                  value={draft.description}
                  onChange={(e) => set({ description: e.currentTarget.value })}
                  error={errors.description}
                />
                <Group grow align="flex-start">
                  <TextInput
                    label={t('certificates.editor.prefix')}
                    description={t('certificates.editor.prefixHint')}
                    value={draft.serial_number}
                    onChange={(e) => set({ serial_number: e.currentTarget.value })}
                    error={errors.serial_number}
                    data-testid="template-prefix"
                  />
                  {saved ? (
                    <Text size="sm" c="dimmed" mt="lg">
                      {t('certificates.editor.counterLocked', { count: saved.serial_counter })}
                    </Text>
                  ) : (
                    <NumberInput
                      label={t('certificates.editor.counter')}
                      description={t('certificates.editor.counterHint')}
                      min={0}
                      allowDecimal={false}
                      value={draft.serial_counter}
                      onChange={(value) => set({ serial_counter: typeof value === 'number' ? value : 0 })}
                      error={errors.serial_counter}
                    />
                  )}
                </Group>
                {backgroundPicker({
                  value: draft.image,
                  onChange: (src) => set({ image: src }),
                  error: errors.image,
                })}
                <TextInput
                  label={t('certificates.editor.backgroundUrl')}
                  placeholder="https://"
                  value={draft.image ?? ''}
                  onChange={(e) => set({ image: e.currentTarget.value || null })}
                  data-testid="template-background-url"
                />
              </Stack>
            </Paper>
            <Paper withBorder p="md" radius="md">
              <Group justify="space-between" mb="sm">
                <Title order={2} size="h4">
                  {t('certificates.editor.elements')}
                </Title>
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <Button
                      size="xs"
                      variant="light"
                      leftSection={<IconPlus size={14} />}
                      data-testid="element-add"
                    >
                      {t('certificates.editor.add')}
                    </Button>
                  </Menu.Target>
                  <Menu.Dropdown>
                    {VARIABLE_CHOICES.map((variable) => (
                      <Menu.Item
                        key={variable}
                        onClick={() => add(variable)}
                        data-testid={`element-add-${variable}`}
                      >
                        {t(`certificates.variables.${variable}`)}
                      </Menu.Item>
                    ))}
                  </Menu.Dropdown>
                </Menu>
              </Group>
              {errors.elements ? (
                <Alert color="red" mb="sm">
                  {errors.elements}
                </Alert>
              ) : null}
              <Accordion
                value={selected === null ? null : String(selected)}
                onChange={(value) => setSelected(value === null ? null : Number(value))}
                variant="separated"
              >
                {draft.elements.map((element, index) => (
                  <Accordion.Item key={element.generated_id ?? index} value={String(index)}>
                    <Accordion.Control data-testid="element-item">
                      <Text size="sm" c={element.is_active ? undefined : 'dimmed'}>
                        {elementTitle(element)}
                      </Text>
                    </Accordion.Control>
                    <Accordion.Panel>
                      <ElementFields
                        element={element}
                        index={index}
                        count={draft.elements.length}
                        customName={customVariable(draft.elements.map((e) => e.variable))}
                        errors={errors}
                        onChange={(next) => setElements((all) => all.map((e, i) => (i === index ? next : e)))}
                        onMove={(delta) => moveElement(index, delta)}
                        onRemove={() => {
                          setElements((all) => all.filter((_, i) => i !== index));
                          setSelected(null);
                        }}
                      />
                    </Accordion.Panel>
                  </Accordion.Item>
                ))}
              </Accordion>
            </Paper>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Paper withBorder p="md" radius="md" style={{ position: 'sticky', top: 16 }}>
            <Title order={2} size="h4" mb="sm">
              {t('certificates.editor.preview')}
            </Title>
            <SheetPreview
              draft={draft}
              samples={samples}
              selected={selected}
              onSelect={setSelected}
              onPlace={(index, box) =>
                setElements((all) => all.map((e, i) => (i === index ? { ...e, options: box } : e)))
              }
            />
            <Group justify="flex-end" mt="md">
              <Button variant="default" component={Link} to="/t/certificates">
                {t('common.cancel')}
              </Button>
              <Button
                onClick={() =>
                  draft.name.trim()
                    ? save.mutate()
                    : setErrors({ name: t('certificates.editor.nameRequired') })
                }
                loading={save.isPending}
                data-testid="template-save"
              >
                {t('certificates.editor.save')}
              </Button>
            </Group>
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
