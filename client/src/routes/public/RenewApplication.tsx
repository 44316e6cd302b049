import { KindForm } from '../../features/intake/KindForm';

/** /renew-application (spec 1 §2-§5): the Renew kind's form on the one form shell (docs/decisions/026-citizen-forms.md). */
export default function RenewApplication() {
  return <KindForm kind="Renew" />;
}
