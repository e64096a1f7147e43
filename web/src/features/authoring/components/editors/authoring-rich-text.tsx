import { useTranslation } from 'react-i18next';
import { RichTextField, type RichTextEditorProps } from '../../../../shared/rich-text';
import { MediaField } from '../../../media-library';

/** The rich text field of the authoring screens: its image form also offers the media library. */
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
        <MediaField
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
