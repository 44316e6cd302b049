import { Component, useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Renders `children` only once the box comes near the screen (IntersectionObserver), showing
 * `placeholder` until then. The home page uses it for the parts below the fold whose code is a
 * separate chunk (the map, the contact form), so a citizen who never scrolls never downloads them.
 * The placeholder must have the same height as what replaces it, so nothing jumps.
 */
export function WhenVisible({
  placeholder,
  children,
  margin = '300px',
}: {
  placeholder: ReactNode;
  children: ReactNode;
  margin?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // With no IntersectionObserver (an old browser), at once; on the server, never: the first
  // screen holds the placeholder, as the phone's first render does.
  const [seen, setSeen] = useState(() => typeof window !== 'undefined' && typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (seen || !ref.current) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setSeen(true);
          observer.disconnect();
        }
      },
      { rootMargin: margin },
    );
    observer.observe(ref.current);
    return () => observer.disconnect();
  }, [seen, margin]);
  return <div ref={ref}>{seen ? children : placeholder}</div>;
}

/**
 * A lazy chunk that cannot be fetched (no connection, and not in the service worker's cache)
 * shows `fallback` in its box instead of taking the whole page down; `onFail` lets the screen
 * around it change too (the dashboard's charts then show their tables).
 */
export class ChunkBoundary extends Component<
  { fallback: ReactNode; onFail?: () => void; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch() {
    this.props.onFail?.();
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
