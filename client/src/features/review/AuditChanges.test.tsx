import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { bn } from '@portal/shared/i18n/index';
import { LocaleProvider } from '../../i18n/locale';
import { AuditChanges } from './AuditChanges';

afterEach(cleanup);

/** An application's history reads in words, not the codes the server keeps (issue 21). */
describe('AuditChanges', () => {
  it("names an application's kind, its documents and a reference number in Bangla", () => {
    render(
      <LocaleProvider>
        <AuditChanges
          changes={[]}
          facts={[
            { name: 'kind', value: 'NameChange' },
            { name: 'files', value: 7 },
            { name: 'referenceNumber', value: 12 },
          ]}
        />
      </LocaleProvider>,
    );
    const text = screen.getByRole('list').textContent ?? '';
    expect(text).toContain(`${bn['audit.field.kind']}: ${bn['decisions.kind.NameChange']}`);
    expect(text).toContain(`${bn['audit.field.files']}: ৭`);
    expect(text).toContain(`${bn['audit.field.referenceNumber']}: ১২`);
    expect(text).not.toMatch(/NameChange|files|referenceNumber/);
  });
});
