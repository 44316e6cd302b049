import { Link } from 'react-router-dom';
import { useLiveQuery } from 'dexie-react-hooks';
import { useT } from '../../i18n/locale';
import { db, type OutboxItem } from '../../offline/db';

/** Which verification a queued change request needs again, or null when it needs none. */
export function verifyAgainPurpose(item: Pick<OutboxItem, 'kind' | 'status' | 'lastError'>): 2 | 3 | null {
  if (item.status === 'received' || item.lastError?.code !== 'VERIFICATION_REQUIRED') return null;
  if (item.kind === 'NameChange') return 2;
  if (item.kind === 'PlotChange') return 3;
  return null;
}

/**
 * A change request is sent only under the holder's verification, which expires (spec README
 * defect 3). When the phone got its connection too late, the server answered 401
 * VERIFICATION_REQUIRED: the request is still kept here and is retried, and this says so in
 * Bangla with the way on, verifying the mobile again. Used on the form's status and on /saved.
 */
export function VerifyAgain({ item }: { item: Pick<OutboxItem, 'kind' | 'status' | 'lastError'> }) {
  const t = useT();
  const purpose = verifyAgainPurpose(item);
  if (!purpose) return null;
  return (
    <div role="alert" className="mt-3 rounded border border-red-300 bg-red-50 p-3 text-red-900">
      <p className="mb-2 font-semibold">{t('application.kind.change.verifyAgain')}</p>
      <Link
        to={`/verification/${purpose}`}
        className="inline-flex min-h-11 items-center rounded bg-brand-700 px-4 font-semibold text-white"
      >
        {t('application.kind.change.verifyAgainLink')}
      </Link>
    </div>
  );
}

/** The same notice for the item just queued, live from the outbox. */
export function VerifyAgainNotice({ itemId }: { itemId: string }) {
  const item = useLiveQuery(() => db.outbox.get(itemId), [itemId]);
  return item ? <VerifyAgain item={item} /> : null;
}
