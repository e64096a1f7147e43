import { Group, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';

/** The product's mark and name; always leads home. */
export function Brand() {
  return (
    <UnstyledButton component={Link} to="/" aria-label="Sabaq">
      <Group gap={8} wrap="nowrap">
        <img src="/favicon.svg" alt="" width={28} height={28} />
        <Text fw={700} fz="lg">
          Sabaq
        </Text>
      </Group>
    </UnstyledButton>
  );
}
