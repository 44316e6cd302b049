import { lazy, Suspense } from 'react';
import { useT } from '../../../i18n/locale';
import type { RichTextEditorProps } from './RichTextEditor';

/** TipTap comes in its own chunk, fetched only when a notice or page editor opens. */
const RichTextEditor = lazy(() => import('./RichTextEditor'));

export function LazyRichTextEditor(props: RichTextEditorProps) {
  const t = useT();
  return (
    <Suspense
      fallback={
        <p
          role="status"
          className="flex min-h-52 items-center justify-center rounded border border-gray-300 bg-gray-50 text-gray-600"
        >
          {t('content.editor.loading')}
        </p>
      }
    >
      <RichTextEditor {...props} />
    </Suspense>
  );
}
