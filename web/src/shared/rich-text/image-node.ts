import { mergeAttributes, Node } from '@tiptap/core';

/**
 * An image block (src and alt only, as the server's sanitiser keeps them). A node of our own: the
 * starter kit has none, and an image is no more than this.
 */
export const ImageNode = Node.create({
  name: 'image',
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes() {
    return { src: { default: null }, alt: { default: null } };
  },
  parseHTML() {
    return [{ tag: 'img[src]' }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['img', mergeAttributes(HTMLAttributes)];
  },
});
