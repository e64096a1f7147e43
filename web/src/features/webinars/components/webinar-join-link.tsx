import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { useWebinarText } from '../i18n/use-webinar-text';

/** The student's way into an assignment's webinar from the assignment page (light: no WebRTC code). */
export function WebinarJoinLink({ assignmentId }: { assignmentId: string }) {
  const text = useWebinarText();
  return (
    <Button
      component={Link}
      to={`/s/assignments/${encodeURIComponent(assignmentId)}/webinar`}
      variant="light"
      data-testid="webinar-join"
    >
      {text('join')}
    </Button>
  );
}
