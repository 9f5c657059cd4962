import type { THub } from '@commons/contract';
import { Image } from '@mantine/core';

/**
 * The hub's logo (branding settings, issue #22 item 1) beside its name in the header; nothing without one.
 * Decorative: the hub's name is always written next to it.
 */
export function HubLogo(props: { hub: THub | undefined; height?: number }) {
  const url = props.hub?.branding.logoUrl ?? null;
  if (url === null) return null;
  return <Image src={url} alt="" h={props.height ?? 28} w="auto" fit="contain" style={{ flex: 'none' }} />;
}
