import { useTranslation } from 'react-i18next';
import { RichTextField, type RichTextEditorProps } from '../../../../shared/rich-text';
import { SlotMediaField } from '../../../../shared/media/media-field-slot';

/**
 * The rich text field of the authoring screens: its image form also offers the media library, through
 * the shared slot the app fills (a feature never imports another).
 */
export function AuthoringRichText(
  props: Omit<RichTextEditorProps, 'imagePicker'> & {
    label: string;
    description?: string;
    required?: boolean;
    error?: string;
  },
) {
  const { t } = useTranslation();
  return (
    <RichTextField
      {...props}
      imagePicker={(insert) => (
        <SlotMediaField
          label={t('authoring.editor.fromLibrary')}
          kinds={['image']}
          value={null}
          onChange={(media) => {
            if (media?.src) insert(media.src);
          }}
        />
      )}
    />
  );
}
