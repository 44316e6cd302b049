/**
 * Shows rich text that the SERVER sanitised before storing it (features/content/rich-text.ts on
 * the server, docs/decisions/007-rich-text-and-images.md). Only strings from the content API may
 * be passed here; nothing typed in the browser is ever rendered as HTML.
 */
export const richTextClasses = [
  'text-gray-800 leading-relaxed break-words',
  '[&_p]:my-2 [&_h2]:mt-4 [&_h2]:mb-2 [&_h2]:text-lg [&_h2]:font-bold [&_h3]:mt-3 [&_h3]:mb-1 [&_h3]:font-bold',
  '[&_h4]:mt-3 [&_h4]:font-semibold [&_ul]:my-2 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-2 [&_ol]:list-decimal [&_ol]:pl-6',
  '[&_li]:my-1 [&_a]:text-brand-700 [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:border-gray-300 [&_blockquote]:pl-3',
  '[&_table]:my-3 [&_table]:w-full [&_table]:border-collapse [&_td]:border [&_td]:border-gray-300 [&_td]:p-1',
  '[&_th]:border [&_th]:border-gray-300 [&_th]:bg-gray-50 [&_th]:p-1',
].join(' ');

export function RichHtml({ html, className = '' }: { html: string; className?: string }) {
  // Wide tables scroll inside their box instead of widening a phone's page.
  return (
    <div className={`${richTextClasses} overflow-x-auto ${className}`} dangerouslySetInnerHTML={{ __html: html }} />
  );
}
