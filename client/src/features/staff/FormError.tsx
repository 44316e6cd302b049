import { ui } from './ui';

/** Why the form's last request failed, in the reader's language, read out as soon as it shows. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className={ui.alertError}>
      {message}
    </p>
  );
}
