export { RichTextField, type RichTextEditorProps } from './rich-text-field';
export { plainTextOf, RichTextView } from './rich-text-view';
