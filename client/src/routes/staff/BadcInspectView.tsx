import { useNavigate } from 'react-router-dom';
import { ChecklistForm } from '../../features/review/ChecklistForm';
import { DetailPage, type PanelProps } from '../../features/review/DetailPage';
import { SitingPanel } from '../../features/map/SitingPanel';
import { SitingProvider } from '../../features/map/siting';
import { useDecision } from '../../features/review/useDecision';
import { Section } from '../../features/review/ui';
import { useT } from '../../i18n/locale';
import { useInspectVisit } from '../../features/field-visit/useInspectVisit';
import { VisitList } from '../../features/field-visit/VisitList';

function InspectPanel({ detail, onDetail, locked }: PanelProps) {
  const t = useT();
  const navigate = useNavigate();
  const { run, busy, error } = useDecision(detail, onDetail);
  // The site visit is queued just before the decision, with its checklist (docs/decisions/032); its
  // map is the screen's one map, and the position placed there is the one the checklist sends.
  const visit = useInspectVisit(detail, busy || locked);
  // The licensed wells nearby, above the checklist and on the visit's map (docs/decisions/029-map-picker-and-live-map.md).
  return (
    <SitingProvider applicationId={detail.id}>
      <SitingPanel />
      {visit.panel}
      <Section title={t('decisions.checklist.title')} id="checklist-title">
        <ChecklistForm
          kind={detail.kind}
          position={visit.position}
          busy={busy}
          disabled={locked}
          error={error}
          onSubmit={async (payload) => {
            if (!(await visit.beforeDecision(payload.checklist))) return;
            const result = await run('inspect', payload, {
              success: 'decisions.checklist.success',
              fail: 'decisions.checklist.fail',
            });
            if (result?.outcome.kind === 'done') navigate('/admin-page/bseen');
          }}
        />
      </Section>
    </SitingProvider>
  );
}

/** b-unseen-view/{id} (spec 3 §2, §5): the BADC inspection with the seven-item checklist; works offline on an opened application. */
export default function BadcInspectView() {
  const t = useT();
  return (
    <DetailPage titleKey="decisions.title.inspect" backTo="/admin-page/bunseen">
      {({ detail, replace, locked }) => (
        <>
          {detail.allowedActions.includes('inspect') ? (
            <InspectPanel detail={detail} onDetail={replace} locked={locked} />
          ) : (
            <p className="mt-4 text-gray-700">{t('decisions.nothingToDo')}</p>
          )}
          <VisitList applicationId={detail.id} />
        </>
      )}
    </DetailPage>
  );
}
