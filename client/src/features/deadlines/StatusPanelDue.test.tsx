import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { bn } from '@portal/shared/i18n/index';
import type { StatusPanel as Panel } from '@portal/shared/schemas/citizen';
import { StatusPanel } from '../verification/StatusPanel';

/** The applicant's status panel shows when the present stage should be done (docs/decisions/040-stage-deadlines.md). */
const panel = (stageDue: Panel['stageDue'], stage: Panel['stage'] = 'StepTwo'): Panel => ({
  applicationId: '0f8fad5b-d9cb-469f-a165-70867728950e',
  applicationNumber: 42,
  applicantName: 'করিম উদ্দিন',
  mobile: '01712345678',
  kind: 'New',
  submittedAt: '2026-11-20T10:00:00.000Z',
  intakeStatus: 'complete',
  stage,
  progress: { chairman: 'done', uno: 'current', badc: 'waiting' },
  finalRemarks: null,
  suspendNote: null,
  recheck: { requested: false, message: null },
  stageDue,
  licence: null,
  grantPurpose: 1,
});

const show = (p: Panel) =>
  render(
    <MemoryRouter>
      <StatusPanel panel={p} />
    </MemoryRouter>,
  );

afterEach(cleanup);

describe('the expected date of the present stage', () => {
  it('is given in Bangla, day-month-year', () => {
    show(panel({ date: '2026-12-08', late: false }));
    expect(screen.getByText(bn['deadlines.citizen.due'].replace('{date}', '০৮-১২-২০২৬'))).toBeTruthy();
  });

  it('says the day has passed and the work goes on, when it has', () => {
    show(panel({ date: '2026-11-29', late: true }));
    expect(screen.getByText(bn['deadlines.citizen.late'].replace('{date}', '২৯-১১-২০২৬'))).toBeTruthy();
  });

  it('is not shown at a final stage', () => {
    show(panel(null, 'Approved'));
    expect(screen.queryByText(/সম্ভাব্য তারিখ/)).toBeNull();
  });
});
