import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ui } from './ui';

/** The narrow card the sign-in, registration and password pages sit in (phone width first). */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mx-auto my-4 w-full max-w-md rounded-lg border border-gray-200 bg-white p-5 shadow-sm">
      <h1 className="mb-4 text-xl font-bold text-gray-900">{title}</h1>
      {children}
    </section>
  );
}

/** A card that only says how things stand (done, or what went wrong) and offers the one way on. */
export function AuthNotice({
  title,
  role,
  message,
  to,
  linkLabel,
}: {
  title: string;
  role: 'status' | 'alert';
  message: string;
  to: string;
  linkLabel: string;
}) {
  return (
    <AuthCard title={title}>
      <p role={role} className={role === 'status' ? ui.alertOk : ui.alertError}>
        {message}
      </p>
      <Link to={to} className={`${ui.primary} mt-4 w-full`}>
        {linkLabel}
      </Link>
    </AuthCard>
  );
}
