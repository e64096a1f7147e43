import { Modal, Text } from '@mantine/core';

/** The heading of a modal view; also the dialog's accessible name. */
export function ViewTitle({ title, description }: { title: string; description?: string }) {
  return (
    <div>
      <Modal.Title fz={24} fw={650} component="h2">
        {title}
      </Modal.Title>
      {description ? (
        <Text c="dimmed" mt={4}>
          {description}
        </Text>
      ) : null}
    </div>
  );
}
