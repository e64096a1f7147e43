import {
  ActionIcon,
  ColorInput,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconChevronLeft, IconChevronRight, IconTrash } from '../../../shared/ui/icons';
import {
  VARIABLE_CHOICES,
  clampBox,
  isBuiltIn,
  typeOfVariable,
  type Box,
  type ElementStyles,
  type TemplateElement,
} from '../template-model';

/** The fonts the PDF carries (DejaVu, with Cyrillic and Kazakh): what the sheet may use. */
export const FONT_FAMILIES = {
  sans: 'DejaVu Sans',
  serif: 'DejaVu Serif',
  mono: 'DejaVu Sans Mono',
} as const;
const fontKey = (family: string | null) =>
  (Object.entries(FONT_FAMILIES).find(([, name]) => name === family)?.[0] ??
    'sans') as keyof typeof FONT_FAMILIES;
const isBold = (weight: ElementStyles['font_weight']) =>
  weight !== null && (String(weight) === 'bold' || Number(weight) >= 600);

/** One element's controls: what it shows, where it sits (per cent of the sheet) and how it looks. */
export function ElementFields({
  element,
  index,
  count,
  customName,
  errors,
  onChange,
  onMove,
  onRemove,
}: {
  element: TemplateElement;
  index: number;
  count: number;
  /** The variable a switch to a custom text gets (one no other element has). */
  customName: string;
  errors: Record<string, string>;
  onChange: (next: TemplateElement) => void;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const builtIn = isBuiltIn(element.variable);
  const set = (patch: Partial<TemplateElement>) => onChange({ ...element, ...patch });
  const style = (patch: Partial<ElementStyles>) => set({ styles: { ...element.styles, ...patch } });
  const place = (key: keyof Box, value: number | string) =>
    typeof value === 'number' && set({ options: clampBox({ ...element.options, [key]: value }) });
  const error = (field: string) => errors[`elements.${index}.${field}`];
  const isText = element.type === 'text';
  return (
    <Stack gap="xs" data-testid="element-fields" data-variable={element.variable}>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <Select
          style={{ flex: 1 }}
          label={t('certificates.editor.variable')}
          data={VARIABLE_CHOICES.map((value) => ({
            value,
            label: t(`certificates.variables.${value}`),
          }))}
          value={builtIn ? element.variable : 'custom'}
          allowDeselect={false}
          error={error('variable')}
          onChange={(value) => {
            if (!value || value === (builtIn ? element.variable : 'custom')) return;
            const variable = value === 'custom' ? customName : value;
            set({
              variable,
              type: typeOfVariable(variable),
              label: value === 'custom' ? element.label : null,
            });
          }}
          data-testid="element-variable"
        />
        <Switch
          mb={8}
          label={t('certificates.editor.active')}
          checked={element.is_active}
          onChange={(e) => set({ is_active: e.currentTarget.checked })}
        />
        <ActionIcon
          variant="subtle"
          mb={4}
          disabled={index === 0}
          onClick={() => onMove(-1)}
          aria-label={t('certificates.editor.up')}
        >
          <IconChevronLeft size={16} style={{ transform: 'rotate(90deg)' }} />
        </ActionIcon>
        <ActionIcon
          variant="subtle"
          mb={4}
          disabled={index === count - 1}
          onClick={() => onMove(1)}
          aria-label={t('certificates.editor.down')}
        >
          <IconChevronRight size={16} style={{ transform: 'rotate(90deg)' }} />
        </ActionIcon>
        <ActionIcon
          variant="subtle"
          color="red"
          mb={4}
          onClick={onRemove}
          aria-label={t('certificates.editor.removeElement')}
        >
          <IconTrash size={16} />
        </ActionIcon>
      </Group>
      {builtIn ? null : (
        <TextInput
          label={t('certificates.editor.customLabel')}
          value={element.label ?? ''}
          onChange={(e) => set({ label: e.currentTarget.value })}
          error={error('label')}
          data-testid="element-label"
        />
      )}
      {builtIn ? null : (
        <Select
          label={t('certificates.editor.type')}
          data={(['text', 'image'] as const).map((value) => ({
            value,
            label: t(`certificates.editor.types.${value}`),
          }))}
          value={element.type === 'image' ? 'image' : 'text'}
          allowDeselect={false}
          onChange={(value) => set({ type: value === 'image' ? 'image' : 'text' })}
        />
      )}
      {element.type === 'image' && element.variable !== 'company-logo' ? (
        <TextInput
          label={t('certificates.editor.imageUrl')}
          placeholder="https://"
          value={element.image ?? ''}
          onChange={(e) => set({ image: e.currentTarget.value })}
          error={error('image')}
        />
      ) : null}
      <Text size="sm" fw={500}>
        {t('certificates.editor.position')}
      </Text>
      <SimpleGrid cols={4} spacing="xs">
        {(['x', 'y', 'width', 'height'] as const).map((key) => (
          <NumberInput
            key={key}
            label={t(`certificates.editor.${key}`)}
            min={key === 'x' || key === 'y' ? 0 : 1}
            max={100}
            step={1}
            decimalScale={1}
            value={element.options[key]}
            onChange={(value) => place(key, value)}
            data-testid={`element-${key}`}
          />
        ))}
      </SimpleGrid>
      {isText ? (
        <>
          <Text size="sm" fw={500}>
            {t('certificates.editor.styles')}
          </Text>
          <SimpleGrid cols={2} spacing="xs">
            <ColorInput
              label={t('certificates.editor.color')}
              value={element.styles.color ?? '#1a1a1a'}
              onChange={(value) => style({ color: value || null })}
              format="hex"
              data-testid="element-color"
            />
            <Select
              label={t('certificates.editor.font')}
              data={(['sans', 'serif', 'mono'] as const).map((value) => ({
                value,
                label: t(`certificates.editor.fonts.${value}`),
              }))}
              value={fontKey(element.styles.font_family)}
              allowDeselect={false}
              onChange={(value) =>
                style({ font_family: FONT_FAMILIES[(value ?? 'sans') as keyof typeof FONT_FAMILIES] })
              }
            />
          </SimpleGrid>
          <Group gap="md" wrap="wrap" align="flex-end">
            <NumberInput
              w={110}
              label={t('certificates.editor.size')}
              min={6}
              max={200}
              value={element.styles.font_size ?? 28}
              onChange={(value) => typeof value === 'number' && style({ font_size: value })}
              error={error('styles.font_size')}
              data-testid="element-size"
            />
            <SegmentedControl
              size="xs"
              aria-label={t('certificates.editor.weight')}
              data={(['normal', 'bold'] as const).map((value) => ({
                value,
                label: t(`certificates.editor.weights.${value}`),
              }))}
              value={isBold(element.styles.font_weight) ? 'bold' : 'normal'}
              onChange={(value) => style({ font_weight: value === 'bold' ? 'bold' : null })}
            />
            <SegmentedControl
              size="xs"
              aria-label={t('certificates.editor.align')}
              data={(['left', 'center', 'right'] as const).map((value) => ({
                value,
                label: t(`certificates.editor.aligns.${value}`),
              }))}
              value={element.styles.align}
              onChange={(value) => style({ align: value as ElementStyles['align'] })}
            />
            <SegmentedControl
              size="xs"
              aria-label={t('certificates.editor.valign')}
              data={(['top', 'middle', 'bottom'] as const).map((value) => ({
                value,
                label: t(`certificates.editor.valigns.${value}`),
              }))}
              value={element.styles.valign}
              onChange={(value) => style({ valign: value as ElementStyles['valign'] })}
            />
          </Group>
        </>
      ) : null}
    </Stack>
  );
}
