import { useState } from 'react';
import { useEditor, useEditorState, EditorContent, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useT } from '../../../i18n/locale';
import { richTextClasses } from '../../../features/content/RichHtml';

/**
 * The rich-text editor of the notice and page screens (TipTap). Loaded only by those screens,
 * through a lazy import, so no citizen's phone downloads it. It offers what the server's allowlist
 * keeps (paragraphs, headings, lists, bold/italic/underline, links); the server sanitises again
 * whatever arrives (docs/decisions/007-rich-text-and-images.md).
 */
export interface RichTextEditorProps {
  id: string;
  labelledBy: string;
  initialHtml: string;
  onChange: (html: string) => void;
}

function Toolbar({ editor }: { editor: Editor }) {
  const t = useT();
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      link: e.isActive('link'),
    }),
  });
  const button = (label: string, active: boolean, run: () => void, text: string) => (
    <button
      type="button"
      title={label}
      // The name holds the visible text too ("বোল্ড B"): a voice user says what they see (WCAG 2.5.3).
      // Not in brackets: axe (and some speech tools) drop "(H2)" whole and then miss "H2".
      aria-label={text === label ? label : `${label} ${text}`}
      aria-pressed={active}
      onMouseDown={(e) => e.preventDefault()}
      onClick={run}
      className={`min-h-9 min-w-9 rounded px-2 text-sm ${active ? 'bg-brand-700 text-white' : 'bg-white text-gray-800 hover:bg-gray-100'}`}
    >
      {text}
    </button>
  );
  const chain = () => editor.chain().focus();
  const link = () => {
    const current = (editor.getAttributes('link').href as string | undefined) ?? 'https://';
    const href = window.prompt(t('content.editor.linkPrompt'), current);
    if (href === null) return;
    if (href.trim() === '' || href.trim() === 'https://') chain().extendMarkRange('link').unsetLink().run();
    else chain().extendMarkRange('link').setLink({ href: href.trim() }).run();
  };
  return (
    <div
      role="toolbar"
      aria-label={t('content.editor.toolbar')}
      className="flex flex-wrap gap-1 border-b border-gray-300 bg-gray-50 p-1"
    >
      {button(t('content.editor.bold'), state.bold, () => chain().toggleBold().run(), 'B')}
      {button(t('content.editor.italic'), state.italic, () => chain().toggleItalic().run(), 'I')}
      {button(t('content.editor.underline'), state.underline, () => chain().toggleUnderline().run(), 'U')}
      {button(t('content.editor.heading'), state.h2, () => chain().toggleHeading({ level: 2 }).run(), 'H2')}
      {button(t('content.editor.subheading'), state.h3, () => chain().toggleHeading({ level: 3 }).run(), 'H3')}
      {button(t('content.editor.bulletList'), state.bullet, () => chain().toggleBulletList().run(), '•')}
      {button(t('content.editor.orderedList'), state.ordered, () => chain().toggleOrderedList().run(), '১.')}
      {button(t('content.editor.link'), state.link, link, t('content.editor.link'))}
      {button(t('content.editor.undo'), false, () => chain().undo().run(), '↶')}
      {button(t('content.editor.redo'), false, () => chain().redo().run(), '↷')}
    </div>
  );
}

/** Tables (allowed by the server, e.g. in pages written before) have no place in this editor: they are edited as HTML so they are not lost. */
const HAS_TABLE = /<table[\s>]/i;

export default function RichTextEditor({ id, labelledBy, initialHtml, onChange }: RichTextEditorProps) {
  const t = useT();
  const [source, setSource] = useState<string | null>(HAS_TABLE.test(initialHtml) ? initialHtml : null);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        code: false,
        codeBlock: false,
        link: { openOnClick: false, protocols: ['mailto'], defaultProtocol: 'https' },
      }),
    ],
    content: HAS_TABLE.test(initialHtml) ? '' : initialHtml,
    editorProps: {
      attributes: {
        id,
        'aria-labelledby': labelledBy,
        'aria-multiline': 'true',
        role: 'textbox',
        class: `${richTextClasses} min-h-40 p-3 focus:outline-none`,
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });
  if (!editor) return null;

  const toHtml = () => {
    const html = editor.isEmpty ? '' : editor.getHTML();
    setSource(html);
    onChange(html);
  };
  const toRich = () => {
    if (source === null) return;
    editor.commands.setContent(source);
    setSource(null);
    onChange(editor.isEmpty ? '' : editor.getHTML());
  };

  if (source !== null) {
    const hasTable = HAS_TABLE.test(source);
    return (
      <div className="space-y-2">
        {hasTable && (
          <p className="rounded border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900">
            {t('content.editor.tableNote')}
          </p>
        )}
        <textarea
          id={id}
          aria-label={t('content.editor.htmlLabel')}
          value={source}
          onChange={(e) => {
            setSource(e.target.value);
            onChange(e.target.value);
          }}
          rows={12}
          spellCheck={false}
          className="block w-full rounded border border-gray-300 p-3 font-mono text-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none"
        />
        {!hasTable && (
          <button
            type="button"
            onClick={toRich}
            className="min-h-9 rounded border border-gray-300 bg-white px-3 text-sm"
          >
            {t('content.editor.richMode')}
          </button>
        )}
      </div>
    );
  }

  return (
    <div className="space-y-2">
      <div className="overflow-hidden rounded border border-gray-300 bg-white focus-within:border-brand-600 focus-within:ring-2 focus-within:ring-brand-600/30">
        <Toolbar editor={editor} />
        <EditorContent editor={editor} />
      </div>
      <button type="button" onClick={toHtml} className="min-h-9 rounded border border-gray-300 bg-white px-3 text-sm">
        {t('content.editor.htmlMode')}
      </button>
    </div>
  );
}
