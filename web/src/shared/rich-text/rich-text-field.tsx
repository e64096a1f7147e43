import { Input, Skeleton } from '@mantine/core';
import { lazy, Suspense, useId, type ReactNode } from 'react';

const RichTextEditor = lazy(() => import('./rich-text-editor'));

export interface RichTextEditorProps {
  /** HTML; plain text and old `<p>…</p>` texts open as they are. Empty text is ''. */
  value: string;
  onChange: (html: string) => void;
  minRows?: number;
  /** Offers images from elsewhere (the media library) in the image form; `insert` takes an address. */
  imagePicker?: (insert: (src: string) => void) => ReactNode;
  /** Set on the editable area. */
  testId?: string;
}

/**
 * A labelled rich text input (formatting, lists, headings, links, images, formulas), in place of the
 * raw-HTML text boxes. The label shows at once; the editor itself is loaded on first use, so pages
 * without one never download it. The editable area is a textbox named by the label.
 */
export function RichTextField({
  label,
  description,
  required,
  error,
  ...props
}: RichTextEditorProps & { label: string; description?: ReactNode; required?: boolean; error?: ReactNode }) {
  const id = useId();
  const describedBy = [description ? `${id}-description` : '', error ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <Input.Wrapper
      label={label}
      description={description}
      required={required}
      error={error}
      id={id}
      // The label names the editable area through aria-label; a <label for> cannot point at it.
      labelElement="div"
    >
      <Suspense fallback={<Skeleton height={(props.minRows ?? 3) * 26 + 44} radius="sm" />}>
        <RichTextEditor
          {...props}
          ariaLabel={label}
          required={Boolean(required)}
          invalid={Boolean(error)}
          describedBy={describedBy || undefined}
        />
      </Suspense>
    </Input.Wrapper>
  );
}
