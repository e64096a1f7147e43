import { Checkbox, NumberInput, SimpleGrid, Stack, Switch, TagsInput, Text } from '@mantine/core';
import { PROCESS_CLASSES, USB_CLASSES, type DeviceAgentRules } from '@sabaq/events';
import { useTranslation } from 'react-i18next';

/** Turns one value of a list on or off, keeping the others in their order. */
const toggled = <T,>(list: readonly T[], value: T, on: boolean): T[] =>
  on ? [...list.filter((v) => v !== value), value] : list.filter((v) => v !== value);

/**
 * The proctoring section's "device agent" block: whether the attempt needs the local agent (the
 * specification's "only with the special client app") and what the agent refuses on the student's
 * computer. Defaults come from the contract (not required).
 */
export function DeviceAgentFields({
  rules,
  onChange,
}: {
  rules: DeviceAgentRules;
  onChange: (rules: DeviceAgentRules) => void;
}) {
  const { t } = useTranslation();
  const put = (patch: Partial<DeviceAgentRules>) => onChange({ ...rules, ...patch });
  const resolution = rules.min_resolution;
  return (
    <Stack gap="sm" data-testid="device-agent-fields" role="group" aria-labelledby="device-agent-title">
      <Text fw={500} size="sm" id="device-agent-title">
        {t('assignments.deviceAgent.title')}
      </Text>
      <Switch
        label={t('assignments.deviceAgent.required')}
        description={t('assignments.deviceAgent.requiredHint')}
        checked={rules.required}
        onChange={(e) => put({ required: e.currentTarget.checked })}
        data-testid="device-agent-required"
      />
      {rules.required ? (
        <>
          <TagsInput
            label={t('assignments.deviceAgent.processes')}
            description={t('assignments.deviceAgent.processesHint')}
            value={rules.prohibited_processes}
            onChange={(value) => put({ prohibited_processes: value.map((v) => v.trim()).filter(Boolean) })}
            maxTags={200}
            data-testid="device-agent-processes"
          />
          <div>
            <Text size="sm" fw={500}>
              {t('assignments.deviceAgent.processClasses')}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} mt={4}>
              {PROCESS_CLASSES.map((c) => (
                <Checkbox
                  key={c}
                  label={t(`assignments.deviceAgent.processClass.${c}`)}
                  checked={rules.prohibited_process_classes.includes(c)}
                  onChange={(e) =>
                    put({
                      prohibited_process_classes: toggled(
                        rules.prohibited_process_classes,
                        c,
                        e.currentTarget.checked,
                      ),
                    })
                  }
                />
              ))}
            </SimpleGrid>
          </div>
          <div>
            <Text size="sm" fw={500}>
              {t('assignments.deviceAgent.usbClasses')}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} mt={4}>
              {USB_CLASSES.map((c) => (
                <Checkbox
                  key={c}
                  label={t(`assignments.deviceAgent.usbClass.${c}`)}
                  checked={rules.forbidden_usb_classes.includes(c)}
                  onChange={(e) =>
                    put({
                      forbidden_usb_classes: toggled(rules.forbidden_usb_classes, c, e.currentTarget.checked),
                    })
                  }
                />
              ))}
            </SimpleGrid>
          </div>
          <Switch
            label={t('assignments.deviceAgent.minResolution')}
            checked={resolution !== null}
            onChange={(e) =>
              put({ min_resolution: e.currentTarget.checked ? { width: 1024, height: 720 } : null })
            }
          />
          {resolution ? (
            <SimpleGrid cols={2}>
              {(['width', 'height'] as const).map((side) => (
                <NumberInput
                  key={side}
                  label={t(`assignments.deviceAgent.${side}`)}
                  min={1}
                  max={20_000}
                  allowDecimal={false}
                  value={resolution[side]}
                  onChange={(value) =>
                    put({
                      min_resolution: {
                        ...resolution,
                        [side]: typeof value === 'number' ? value : resolution[side],
                      },
                    })
                  }
                />
              ))}
            </SimpleGrid>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {(
              ['single_display', 'refuse_remote_session', 'refuse_virtual_machine', 'full_report'] as const
            ).map((key) => (
              <Checkbox
                key={key}
                label={t(`assignments.deviceAgent.${key}`)}
                checked={rules[key]}
                onChange={(e) => put({ [key]: e.currentTarget.checked })}
                data-testid={`device-agent-${key}`}
              />
            ))}
          </SimpleGrid>
          {rules.full_report ? (
            <Text size="xs" c="dimmed">
              {t('assignments.deviceAgent.fullReportHint')}
            </Text>
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}
