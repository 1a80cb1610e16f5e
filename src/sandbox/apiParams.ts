/** The address form every action checks: 0x and 40 hex digits, either case. */
export const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

export function positiveInt(text: string | null): number | undefined {
  if (text === null || !/^[0-9]+$/.test(text)) return undefined;
  const value = Number(text);
  return value >= 1 ? value : undefined;
}

export function blockParam(text: string | null, fallback: number): number {
  return text !== null && /^[0-9]+$/.test(text) ? Number(text) : fallback;
}

/** `latest` (default) or a block number in hex or decimal. */
export function tagBlock(tag: string | null, head: number): number | undefined {
  if (tag === null || tag === '' || tag === 'latest') return head;
  if (/^0x[0-9a-fA-F]+$/.test(tag)) return Math.min(parseInt(tag, 16), head);
  if (/^[0-9]+$/.test(tag)) return Math.min(Number(tag), head);
  return undefined;
}
