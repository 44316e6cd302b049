import { KindForm } from '../../features/intake/KindForm';

/** /new-application (spec 1 §2-§5): the New kind's form on the one form shell (docs/decisions/026-citizen-forms.md). */
export default function NewApplication() {
  return <KindForm kind="New" />;
}
