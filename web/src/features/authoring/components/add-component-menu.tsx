import { Button, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconPlus } from '../../../shared/ui/icons';
import { CONTENT_TYPES, QUESTION_TYPES, type EditableType } from '../model';

/** Adds a question of any type the platform grades, or a piece of material. */
export function AddComponentMenu({ onAdd }: { onAdd: (type: EditableType) => void }) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-start">
      <Menu.Target>
        <Button variant="light" leftSection={<IconPlus size={16} />} data-testid="add-component">
          {t('authoring.editor.add')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('authoring.editor.questions')}</Menu.Label>
        {QUESTION_TYPES.map((type) => (
          <Menu.Item key={type} onClick={() => onAdd(type)}>
            {t(`assignments.questionTypes.${type}`)}
          </Menu.Item>
        ))}
        <Menu.Label>{t('authoring.editor.material')}</Menu.Label>
        {CONTENT_TYPES.map((type) => (
          <Menu.Item key={type} onClick={() => onAdd(type)}>
            {t(`assignments.questionTypes.${type}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
