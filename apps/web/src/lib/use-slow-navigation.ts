import { useEffect, useState } from 'react';
import { useNavigation, type Location } from 'react-router';

/**
 * How long a page change may take before it shows (progress bar, skeleton): quicker ones, the usual
 * case once a page's code is cached, would only flicker.
 */
export const SLOW_NAVIGATION_MS = 120;

/**
 * The location being loaded (lazy page code, loaders) once its navigation has taken longer than
 * SLOW_NAVIGATION_MS; null otherwise. Each navigation has its own location key, so a new one starts
 * its own wait.
 */
export function useSlowNavigation(): Location | null {
  const navigation = useNavigation();
  const pending = navigation.state === 'idle' ? null : (navigation.location ?? null);
  const pendingKey = pending?.key ?? null;
  const [slowKey, setSlowKey] = useState<string | null>(null);
  useEffect(() => {
    if (pendingKey === null) return undefined;
    const timer = window.setTimeout(() => setSlowKey(pendingKey), SLOW_NAVIGATION_MS);
    return () => window.clearTimeout(timer);
  }, [pendingKey]);
  return pending !== null && slowKey === pendingKey ? pending : null;
}
