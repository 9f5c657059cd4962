import classes from './cover-image.module.css';

/**
 * The cover of a group or event (issue #16 item 18), 3:1 and decorative: the title next to it names the
 * thing, so the image has an empty alt. Nothing is rendered without a cover. A card shows it edge to edge
 * at its top; a banner heads a group or event page.
 */
export function CoverImage(props: { url: string | null; variant?: 'card' | 'banner' }) {
  if (props.url === null) return null;
  return (
    <img
      src={props.url}
      alt=""
      className={props.variant === 'banner' ? `${classes.cover} ${classes.banner}` : classes.cover}
      loading="lazy"
      decoding="async"
    />
  );
}
