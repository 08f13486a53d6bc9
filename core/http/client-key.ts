/**
 * The key a client is counted under (its hourly budget of anonymous writes, its check-ins of the
 * day, its open event streams): one key per IPv4 address, and one per IPv6 /64, whatever the
 * spelling. An IPv4-mapped IPv6 address (`::ffff:203.0.113.9`, `::ffff:cb00:7109`) is its IPv4
 * address; brackets, a port, a zone id, upper case and leading zeros change nothing. Without
 * this, one client could count as many by spelling its address many ways, and one holder of a
 * /64 (the least a site is given) as 2^64.
 */

/**
 * The client key of an address, or undefined when `text` is not an IP address. An IPv4 key is
 * its dotted quad (`203.0.113.9`); an IPv6 key is the first address of its /64, its four
 * leading groups (`2001:db8:0:7::`). A key is its own key, so keying twice changes nothing.
 */
export function clientKeyOf(text: string): string | undefined {
  const bytes = addressBytes(text.trim());
  if (!bytes) return undefined;
  if (isIpv4Mapped(bytes)) return bytes.slice(12).join('.');
  const groups = [0, 2, 4, 6].map((at) => ((bytes[at]! << 8) | bytes[at + 1]!).toString(16));
  return `${groups.join(':')}::`;
}

/** `::ffff:0:0/96`: IPv4 addresses as IPv6 sockets report them. */
function isIpv4Mapped(bytes: Uint8Array): boolean {
  return bytes.slice(0, 10).every((byte) => byte === 0) && bytes[10] === 0xff && bytes[11] === 0xff;
}

const BRACKETED = /^\[([^\]]+)\](?::\d{1,5})?$/;
const IPV4_WITH_PORT = /^([\d.]+):\d{1,5}$/;
const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;
const HEX_GROUP = /^[\da-f]{1,4}$/i;
/** RFC 6874's zone id characters, percent-encoding included. */
const ZONE = /^[\w.~%-]+$/;

/** The 16 bytes of an address (an IPv4 address mapped into IPv6), or undefined. */
function addressBytes(text: string): Uint8Array | undefined {
  const bracketed = BRACKETED.exec(text);
  if (bracketed) return ipv6Bytes(bracketed[1]!);
  const v4 = ipv4Bytes(IPV4_WITH_PORT.exec(text)?.[1] ?? text);
  if (v4) return mapped(v4);
  return ipv6Bytes(text);
}

function mapped(v4: number[]): Uint8Array {
  return Uint8Array.from([...new Array<number>(10).fill(0), 0xff, 0xff, ...v4]);
}

/** Four decimal octets; a leading zero is decimal too (`010` is ten), as every octet's own value. */
function ipv4Bytes(text: string): number[] | undefined {
  const octets = IPV4.exec(text)?.slice(1).map(Number);
  return octets?.every((octet) => octet <= 255) ? octets : undefined;
}

/** RFC 4291's text forms: eight groups, or fewer around one `::`, the last two as a dotted quad if so written; a zone id after `%`. */
function ipv6Bytes(text: string): Uint8Array | undefined {
  const zoneAt = text.indexOf('%');
  if (zoneAt >= 0 && !ZONE.test(text.slice(zoneAt + 1))) return undefined;
  const address = zoneAt >= 0 ? text.slice(0, zoneAt) : text;
  if (!address.includes(':')) return undefined;
  const halves = address.split('::');
  if (halves.length > 2) return undefined;
  // Only the address's last group may be written as a dotted quad.
  const sides = halves.map((half, index) => (half === '' ? [] : groupsOf(half, index === halves.length - 1)));
  if (sides.some((side) => side === undefined)) return undefined;
  const [head, tail = []] = sides as number[][];
  const written = head!.length + tail.length;
  if (halves.length === 1 ? written !== 8 : written > 7) return undefined;
  const groups = [...head!, ...new Array<number>(8 - written).fill(0), ...tail];
  return Uint8Array.from(groups.flatMap((group) => [group >> 8, group & 0xff]));
}

/** One side of `::` as 16-bit groups; the last side may end in a dotted quad, as two groups. */
function groupsOf(side: string, last: boolean): number[] | undefined {
  const parts = side.split(':');
  const dotted = parts.at(-1)!.includes('.');
  if (dotted && !last) return undefined;
  const v4 = dotted ? ipv4Bytes(parts.at(-1)!) : undefined;
  if (dotted && !v4) return undefined;
  const hex = v4 ? parts.slice(0, -1) : parts;
  if (!hex.every((part) => HEX_GROUP.test(part))) return undefined;
  const groups = hex.map((part) => parseInt(part, 16));
  return v4 ? [...groups, (v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!] : groups;
}
