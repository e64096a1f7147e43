import { Alert, Box as Frame, Loader, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { templatesApi } from '../api';
import {
  isBuiltIn,
  movedBox,
  previewBody,
  resizedBox,
  type Box,
  type TemplateDraft,
} from '../template-model';

/** The sheet's proportions: A4 landscape, as the server draws it. */
const SHEET_RATIO = 1123 / 794;
/** The preview is redrawn once the teacher pauses, not on every keystroke or pixel of a drag. */
const PREVIEW_DEBOUNCE_MS = 300;

/** An object URL for an SVG text, revoked when it changes. */
function useSvgUrl(svg: string | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!svg) return undefined;
    const next = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [svg]);
  return url;
}

interface Drag {
  index: number;
  mode: 'move' | 'resize';
  startX: number;
  startY: number;
  box: Box;
}

/**
 * The live preview: the sheet as the server's own renderer draws it (the same SVG the certificate and
 * its PDF are made from) with sample values, and over it a frame per element that is dragged to move
 * it and by its corner to resize it. Frames move at once; the drawing follows after a pause.
 */
export function SheetPreview({
  draft,
  samples,
  selected,
  onSelect,
  onPlace,
}: {
  draft: Pick<TemplateDraft, 'image' | 'elements'>;
  samples: Record<string, string>;
  selected: number | null;
  onSelect: (index: number) => void;
  onPlace: (index: number, box: Box) => void;
}) {
  const { t } = useTranslation();
  const sheet = useRef<HTMLDivElement>(null);
  const drag = useRef<Drag | null>(null);
  const [body] = useDebouncedValue(JSON.stringify(previewBody(draft, samples)), PREVIEW_DEBOUNCE_MS);
  const preview = useQuery({
    queryKey: ['certificate-preview', body],
    queryFn: ({ signal }) => templatesApi.preview(JSON.parse(body) as object, signal),
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    meta: { errorToast: false },
  });
  const url = useSvgUrl(preview.data);

  const start = (event: PointerEvent, index: number, mode: Drag['mode']) => {
    event.preventDefault();
    event.stopPropagation();
    (event.currentTarget as HTMLElement).setPointerCapture(event.pointerId);
    onSelect(index);
    drag.current = {
      index,
      mode,
      startX: event.clientX,
      startY: event.clientY,
      box: draft.elements[index]!.options,
    };
  };
  const move = (event: PointerEvent) => {
    const current = drag.current;
    const rect = sheet.current?.getBoundingClientRect();
    if (!current || !rect || rect.width === 0) return;
    const dx = ((event.clientX - current.startX) / rect.width) * 100;
    const dy = ((event.clientY - current.startY) / rect.height) * 100;
    onPlace(
      current.index,
      current.mode === 'move' ? movedBox(current.box, dx, dy) : resizedBox(current.box, dx, dy),
    );
  };
  const end = () => {
    drag.current = null;
  };

  return (
    <div>
      <Frame
        ref={sheet}
        pos="relative"
        w="100%"
        style={{
          aspectRatio: String(SHEET_RATIO),
          border: '1px solid var(--mantine-color-default-border)',
          background: 'white',
          touchAction: 'none',
          userSelect: 'none',
        }}
        role="group"
        aria-label={t('certificates.editor.sheet')}
        data-testid="template-preview"
        data-state={preview.isFetching ? 'loading' : preview.isError ? 'error' : 'ready'}
      >
        {url ? (
          <img
            src={url}
            alt={t('certificates.editor.preview')}
            draggable={false}
            style={{ position: 'absolute', inset: 0, width: '100%', height: '100%' }}
            data-testid="template-preview-image"
          />
        ) : null}
        {preview.isFetching && !url ? <Loader size="sm" pos="absolute" top="45%" left="48%" /> : null}
        {draft.elements.map((element, index) =>
          element.is_active ? (
            <div
              key={element.generated_id ?? index}
              onPointerDown={(e) => start(e, index, 'move')}
              onPointerMove={move}
              onPointerUp={end}
              onPointerCancel={end}
              data-testid="sheet-element"
              data-variable={element.variable}
              title={
                isBuiltIn(element.variable)
                  ? t(`certificates.variables.${element.variable}`)
                  : (element.label ?? '')
              }
              style={{
                position: 'absolute',
                left: `${element.options.x}%`,
                top: `${element.options.y}%`,
                width: `${element.options.width}%`,
                height: `${element.options.height}%`,
                cursor: 'move',
                border:
                  selected === index
                    ? '2px solid var(--mantine-color-blue-6)'
                    : '1px dashed var(--mantine-color-gray-5)',
                background: selected === index ? 'rgba(34, 139, 230, 0.08)' : 'transparent',
              }}
            >
              <div
                onPointerDown={(e) => start(e, index, 'resize')}
                onPointerMove={move}
                onPointerUp={end}
                onPointerCancel={end}
                data-testid="sheet-element-resize"
                style={{
                  position: 'absolute',
                  right: -5,
                  bottom: -5,
                  width: 10,
                  height: 10,
                  cursor: 'nwse-resize',
                  background: 'var(--mantine-color-blue-6)',
                  display: selected === index ? 'block' : 'none',
                }}
              />
            </div>
          ) : null,
        )}
      </Frame>
      {preview.isError ? (
        <Alert color="red" mt="xs" data-testid="template-preview-error">
          {t('certificates.editor.previewFailed')}
        </Alert>
      ) : (
        <Text size="xs" c="dimmed" mt={4}>
          {t('certificates.editor.previewHint')}
        </Text>
      )}
    </div>
  );
}
