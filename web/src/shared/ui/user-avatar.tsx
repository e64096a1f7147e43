import { Avatar, type MantineSize } from '@mantine/core';
import { initialsOf } from './initials';

export function UserAvatar({
  person,
  size = 'md',
}: {
  person: {
    firstname?: string | null;
    lastname?: string | null;
    photo?: string | null;
    color?: string | null;
  } | null;
  size?: MantineSize | number;
}) {
  return (
    <Avatar
      src={person?.photo ?? null}
      size={size}
      radius="xl"
      color={person?.color ?? 'blue'}
      alt=""
      aria-hidden
    >
      {initialsOf(person)}
    </Avatar>
  );
}
