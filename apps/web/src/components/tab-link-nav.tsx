import { Skeleton, VisuallyHidden } from '@mantine/core';
import { NavLink } from 'react-router';
import classes from './tab-link-nav.module.css';

/** One tab of a TabLinkNav. */
export interface TTabLink {
  key: string;
  name: string;
  href: string;
  isExternal: boolean;
  /** Only active on exactly this path (home tabs). */
  isExact: boolean;
}

/**
 * A navigation landmark of links styled as tabs; the current page's link has aria-current="page".
 * External links open in a new tab and say so to screen readers.
 */
export function TabLinkNav(props: { label: string; items: TTabLink[]; isLoading: boolean }) {
  if (props.isLoading) {
    return (
      <nav aria-label={props.label} aria-busy="true">
        <ul className={classes.list}>
          {[0, 1, 2, 3].map((key) => (
            <li key={key}>
              <Skeleton height={32} width={88} my={4} />
            </li>
          ))}
        </ul>
      </nav>
    );
  }
  return (
    <nav aria-label={props.label}>
      <ul className={classes.list}>
        {props.items.map((item) => (
          <li key={item.key}>
            {item.isExternal ? (
              <a className={classes.link} href={item.href} target="_blank" rel="noopener noreferrer">
                {item.name}
                <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
              </a>
            ) : (
              <NavLink className={classes.link} to={item.href} end={item.isExact}>
                {item.name}
              </NavLink>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
