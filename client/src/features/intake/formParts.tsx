import type { ReactNode } from 'react';
import type { Locality } from '@portal/shared';
import type { FormKind, KindValues } from './kindForms';

/** One group of the paper form, as a fieldset with its heading. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="mb-5 rounded-lg border border-gray-200 bg-white p-3 shadow-sm">
      <legend className="px-1 text-lg font-bold text-brand-800">{title}</legend>
      {children}
    </fieldset>
  );
}

/** The props of one text field: label `application.field.<name>`, value, setter and Bangla error. */
export interface BoundText {
  name: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  required: boolean;
  error: string | undefined;
}

/** What the shell gives a kind's field layout (client/src/features/intake/layouts/). */
export interface LayoutProps {
  kind: FormKind;
  values: KindValues;
  setValue: (name: string, value: string | boolean) => void;
  bind: (name: string, required?: boolean) => BoundText;
  localities: { unions: Locality[]; posts: Locality[] } | undefined;
}

/** The office's unions and post offices as suggestions (typing something else stays possible). */
export function LocalityLists({ localities }: { localities: LayoutProps['localities'] }) {
  return (
    <>
      <datalist id="unions-list">
        {localities?.unions.map((u) => (
          <option key={u.id} value={u.name} />
        ))}
      </datalist>
      <datalist id="posts-list">
        {localities?.posts.map((p) => (
          <option key={p.id} value={p.name} />
        ))}
      </datalist>
    </>
  );
}
