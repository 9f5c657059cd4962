import { startTransition, useEffect, useState, type ReactNode } from 'react';

/** Set once the app's first page has painted: later pages render everything at once. */
let hasFirstPaintPassed = false;

/**
 * Renders `children` only after the app's first page has painted (issue #17 item 7): on the first load of a long
 * page the part below a phone's first screen (the home's tabs and feed, the directory's later cards) would
 * otherwise be rendered, styled and laid out before anything shows, and that main-thread work delays the
 * largest paint on a slow phone. Until then it shows `fallback` (keep it about as tall, or below the first
 * screen). The later render is a transition: React splits it into short tasks, so the page stays responsive.
 * After the first load (client-side navigation) children render at once.
 */
export function AfterFirstPaint({
  children,
  fallback = null,
}: {
  children: ReactNode;
  fallback?: ReactNode;
}) {
  const [isShown, setIsShown] = useState(
    () => hasFirstPaintPassed || typeof requestAnimationFrame !== 'function',
  );
  useEffect(() => {
    if (isShown) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The frame callback runs before the first paint; the task it queues runs after it.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        hasFirstPaintPassed = true;
        startTransition(() => setIsShown(true));
      }, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [isShown]);
  return isShown ? children : fallback;
}
