/**
 * Styles of a light Alert whose title must stay readable: Mantine draws that title in the colour's light-variant
 * shade whatever shade is asked for, below 4.5:1 on the tinted background for green, yellow, blue and grape (axe
 * color-contrast). The title takes the text colour; the tint and icon still carry the colour.
 */
export const READABLE_ALERT_TITLE = { title: { color: 'var(--mantine-color-text)' } } as const;
