import { useSlowNavigation } from '../lib/use-slow-navigation';
import classes from './navigation-progress.module.css';

/**
 * A thin bar across the top of the window while a page change loads (issue #16 item 16). The time is
 * unknown, so the bar is indeterminate (no aria-valuenow): it eases towards the end and waits there.
 */
export function NavigationProgress() {
  const pending = useSlowNavigation();
  if (pending === null) return null;
  return <div className={classes.bar} role="progressbar" aria-label="Loading the page" />;
}
