import { Menu, Skeleton, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useLayoutEffect, useRef, useState } from 'react';
import { Link, matchPath, useLocation } from 'react-router';
import { countFittingTabs } from './fitting-tabs';
import classes from './tab-link-nav.module.css';

/** One tab of a TabLinkNav. */
export interface TTabLink {
  key: string;
  name: string;
  href: string;
  isExternal: boolean;
  /** Only active on exactly this path (home tabs). */
  isExact: boolean;
  /** Other addresses of the same page: the hub home is both /hub/x/ and /hub/x/home. */
  alsoCurrentOn?: readonly string[];
}

/** Whether `item` is the tab of the page at `pathname` (marked with aria-current="page"). */
export function isTabActive(item: TTabLink, pathname: string): boolean {
  if (item.isExternal) return false;
  return [item.href, ...(item.alsoCurrentOn ?? [])].some(
    (path) => matchPath({ path, end: item.isExact }, pathname) !== null,
  );
}

function ExternalMark() {
  return <VisuallyHidden> (opens in a new tab)</VisuallyHidden>;
}

function Chevron() {
  return (
    <svg
      width="12"
      height="12"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      aria-hidden="true"
    >
      <path d="m6 9 6 6 6-6" />
    </svg>
  );
}

/**
 * Keeps the tabs on one row: measures every tab once (in a hidden copy) and the room the row has
 * (ResizeObserver), and returns how many tabs fit; the rest go into the More menu.
 */
function useFittingTabCount(items: readonly TTabLink[], isLoading: boolean) {
  const rowRef = useRef<HTMLDivElement>(null);
  const measureRef = useRef<HTMLDivElement>(null);
  const [fitting, setFitting] = useState(items.length);
  // The row and its hidden copy exist only once loaded; measure again when they appear or the tabs change.
  const itemsKey = `${String(isLoading)}|${items.map((item) => `${item.key}:${item.name}`).join('|')}`;

  useLayoutEffect(() => {
    const row = rowRef.current;
    const measure = measureRef.current;
    if (row === null || measure === null) return undefined;
    const update = () => {
      const widths = [...measure.children].map((child) => child.getBoundingClientRect().width);
      const moreWidth = widths.pop() ?? 0;
      const gap = Number.parseFloat(getComputedStyle(measure).columnGap) || 0;
      setFitting(
        countFittingTabs({ tabWidths: widths, gap, moreWidth, available: row.getBoundingClientRect().width }),
      );
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(row);
    return () => observer.disconnect();
  }, [itemsKey]);

  return { rowRef, measureRef, fitting: Math.min(fitting, items.length) };
}

/**
 * A navigation landmark of links styled as tabs on one row (issue #16 item 14): the tabs that do not fit
 * go into a "More" menu (Mantine Menu: arrow keys, Enter, Escape, focus back on the button). The current
 * page's link has aria-current="page"; More is marked when it holds it. External links open in a new
 * tab and say so to screen readers.
 */
export function TabLinkNav(props: {
  label: string;
  items: TTabLink[];
  isLoading: boolean;
  className?: string;
}) {
  const { pathname } = useLocation();
  const { rowRef, measureRef, fitting } = useFittingTabCount(props.items, props.isLoading);
  if (props.isLoading) {
    return (
      <nav aria-label={props.label} aria-busy="true" className={props.className}>
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
  const shown = props.items.slice(0, fitting);
  const overflow = props.items.slice(fitting);
  const isCurrentInMore = overflow.some((item) => isTabActive(item, pathname));
  return (
    <nav aria-label={props.label} className={props.className}>
      <div ref={rowRef} className={classes.row}>
        <ul className={classes.list}>
          {shown.map((item) => (
            <li key={item.key}>
              {item.isExternal ? (
                <a className={classes.link} href={item.href} target="_blank" rel="noopener noreferrer">
                  {item.name}
                  <ExternalMark />
                </a>
              ) : (
                <Link
                  className={classes.link}
                  to={item.href}
                  aria-current={isTabActive(item, pathname) ? 'page' : undefined}
                >
                  {item.name}
                </Link>
              )}
            </li>
          ))}
        </ul>
        {overflow.length === 0 ? null : (
          // The first item takes focus on opening (menu button pattern); Mantine's own placeholder for it
          // is a div that a role="menu" may not hold (axe aria-required-children).
          <Menu
            position="bottom-end"
            shadow="md"
            width={240}
            transitionProps={{ duration: 0 }}
            withInitialFocusPlaceholder={false}
          >
            <Menu.Target>
              <UnstyledButton className={classes.link} data-current={isCurrentInMore || undefined}>
                More <Chevron />
              </UnstyledButton>
            </Menu.Target>
            <Menu.Dropdown>
              {overflow.map((item, index) =>
                item.isExternal ? (
                  <Menu.Item
                    key={item.key}
                    data-autofocus={index === 0 || undefined}
                    component="a"
                    href={item.href}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    {item.name}
                    <ExternalMark />
                  </Menu.Item>
                ) : (
                  <Menu.Item
                    key={item.key}
                    data-autofocus={index === 0 || undefined}
                    component={Link}
                    to={item.href}
                    aria-current={isTabActive(item, pathname) ? 'page' : undefined}
                    fw={isTabActive(item, pathname) ? 700 : undefined}
                  >
                    {item.name}
                  </Menu.Item>
                ),
              )}
            </Menu.Dropdown>
          </Menu>
        )}
      </div>
      {/* Widths of every tab and of More, measured where nobody sees or reaches them. */}
      <div ref={measureRef} className={classes.measure} aria-hidden="true">
        {props.items.map((item) => (
          <span key={item.key} className={classes.link}>
            {item.name}
          </span>
        ))}
        <span className={classes.link}>
          More <Chevron />
        </span>
      </div>
    </nav>
  );
}

/** The same links as a vertical list (the phone's menu drawer). */
export function TabLinkList(props: { label: string; items: TTabLink[]; isLoading: boolean }) {
  const { pathname } = useLocation();
  if (props.isLoading) {
    return (
      <nav aria-label={props.label} aria-busy="true">
        {[0, 1, 2, 3].map((key) => (
          <Skeleton key={key} height={28} my={6} />
        ))}
      </nav>
    );
  }
  return (
    <nav aria-label={props.label}>
      <ul className={classes.verticalList}>
        {props.items.map((item) => (
          <li key={item.key}>
            {item.isExternal ? (
              <a className={classes.verticalLink} href={item.href} target="_blank" rel="noopener noreferrer">
                {item.name}
                <ExternalMark />
              </a>
            ) : (
              <Link
                className={classes.verticalLink}
                to={item.href}
                aria-current={isTabActive(item, pathname) ? 'page' : undefined}
              >
                {item.name}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
