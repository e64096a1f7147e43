import { ScrollArea, Text } from '@mantine/core';
import { segmentsOf } from '../model';

/** A text with its matched fragments marked; code keeps its lines and spacing. */
export function HighlightedText({
  text,
  ranges,
  testId,
}: {
  text: string;
  ranges: readonly { start: number; end: number }[];
  testId?: string;
}) {
  return (
    <ScrollArea.Autosize mah={420}>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', lineHeight: 1.6 }} data-testid={testId}>
        {segmentsOf(text, ranges).map((segment, index) =>
          segment.marked ? (
            <mark
              key={index}
              data-testid="matched-fragment"
              style={{ background: 'var(--mantine-color-orange-2)', padding: '0 1px' }}
            >
              {segment.text}
            </mark>
          ) : (
            <span key={index}>{segment.text}</span>
          ),
        )}
      </Text>
    </ScrollArea.Autosize>
  );
}
