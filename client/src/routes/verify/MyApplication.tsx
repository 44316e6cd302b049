import { VerificationPage } from '../../features/verification/VerificationPage';

/** /my-application — the status look-up: the same flow as /verification/1 (spec 1 §2). */
export default function MyApplication() {
  return <VerificationPage purpose={1} />;
}
