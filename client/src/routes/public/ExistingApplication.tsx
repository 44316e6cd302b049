import { KindForm } from '../../features/intake/KindForm';

/** /existing-application (spec 1 §2-§5): the Existing kind's form on the one form shell (docs/decisions/026-citizen-forms.md). */
export default function ExistingApplication() {
  return <KindForm kind="Existing" />;
}
