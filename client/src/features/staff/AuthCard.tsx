import type { ReactNode } from 'react';

/** The narrow card the sign-in, registration and password pages sit in (phone width first). */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mx-auto my-4 w-full max-w-md rounded-lg border border-gray-200 bg-white p-5 shadow-sm">
      <h1 className="mb-4 text-xl font-bold text-gray-900">{title}</h1>
      {children}
    </section>
  );
}
