import type { Page, PageSlug } from '@portal/shared/schemas/content';
import { useT } from '../../i18n/locale';
import { LoadState } from './LoadState';
import { RichHtml } from './RichHtml';
import { useContent } from './useContent';

/** Policies, Application Instruction, About Us (spec 1 §2): a title and the Admin's text. */
export function StaticPage({ slug }: { slug: PageSlug }) {
  const t = useT();
  const { data, error, loading, reload } = useContent<Page>(`/api/public/pages/${slug}`);
  return (
    <article className="mx-auto max-w-3xl rounded-lg bg-white p-4 shadow-sm">
      <h1 className="mb-3 text-xl font-bold text-brand-900">{data?.title || t(`content.page.${slug}`)}</h1>
      <LoadState loading={loading} error={error} reload={reload}>
        {data?.html ? <RichHtml html={data.html} /> : <p className="text-gray-600">{t('content.page.empty')}</p>}
      </LoadState>
    </article>
  );
}
