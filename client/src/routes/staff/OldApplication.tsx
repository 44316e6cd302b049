import { useT } from '../../i18n/locale';
import { useLocalities, usePublicSettings } from '../../offline/cached';
import { ImportPanel } from '../../features/old-records/ImportPanel';
import { OldRecordForm } from '../../features/old-records/OldRecordForm';
import { ui } from '../../features/staff/ui';

/**
 * Old-application entry (spec 2 §2; docs/decisions/039-old-records-import.md), in the staff shell at
 * /admin-page/old-application; the legacy /old-application leads here. Shown only while the
 * office's others1 setting is ON (the server refuses otherwise too): one record by the form, or
 * many from a CSV file.
 */
export default function OldApplication() {
  const t = useT();
  const { data: settings, loading } = usePublicSettings();
  const { data: localities } = useLocalities();

  if (!settings && loading) {
    return (
      <p role="status" className="p-4 text-gray-600">
        {t('oldRecords.loading')}
      </p>
    );
  }
  return (
    <div className="space-y-4">
      <h1 className={ui.h1}>{t('oldRecords.title')}</h1>
      {settings?.others1 === 'OFF' ? (
        <p role="alert" className={ui.alertInfo}>
          {t('oldRecords.closed')}
        </p>
      ) : (
        <>
          <p className="text-gray-700">{t('oldRecords.intro')}</p>
          <OldRecordForm upazila={settings?.address ?? ''} localities={localities} />
          <ImportPanel />
        </>
      )}
    </div>
  );
}
