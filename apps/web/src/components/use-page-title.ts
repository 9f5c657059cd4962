import { useEffect } from 'react';

/** The product name shown after every page title. */
export const APP_NAME = 'Commons';

/** Sets the document title to "<page> · Commons" (WCAG 2.4.2 Page Titled). */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title === '' ? APP_NAME : `${title} · ${APP_NAME}`;
  }, [title]);
}
