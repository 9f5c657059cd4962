import { Button } from '@mantine/core';

/** The school's payment page, opened in a new tab; the label says so (WCAG 3.2.5). */
export function PaymentPageLink({ url, label }: { url: string; label: string }) {
  return (
    <Button component="a" href={url} target="_blank" rel="noopener noreferrer">
      {label} (opens in a new tab)
    </Button>
  );
}
