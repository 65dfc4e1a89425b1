import type { DeviceInfo } from '@kerf/contract';

/** What a machine is called on screen: its name, or its machine code until it has one. */
export function deviceTitle(device: Pick<DeviceInfo, 'name' | 'machineCode'>): string {
  return device.name.trim() || device.machineCode;
}

/** The address of a machine's detail page (SPEC §2 /device/detail). */
export function deviceDetailPath(id: string): string {
  return `/device/detail?${new URLSearchParams({ id })}`;
}

/**
 * The machine's image as an address the page may load: web addresses and paths of this site only; any
 * other scheme (`javascript:`, `data:`…) in a stored value is shown as text, never loaded.
 */
export function deviceImageUrl(image: string | null | undefined): string | null {
  const value = image?.trim();
  if (!value) return null;
  if (/^https?:\/\//i.test(value)) return value;
  if (value.startsWith('/') && !value.startsWith('//')) return value;
  return null;
}
