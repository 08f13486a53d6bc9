/**
 * Strict base64url (RFC 4648 section 5, no padding).
 *
 * Decoding is canonical: a string whose unused trailing bits are not zero is refused, so two
 * different strings never decode to the same bytes. Without this, editing the last character
 * of a signature could leave the decoded signature unchanged.
 */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const VALUES = new Int8Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) VALUES[ALPHABET.charCodeAt(i)] = i;

/** Bytes per `String.fromCharCode` call: well below any engine's limit on arguments. */
const CHUNK = 0x8000;

/**
 * Through the platform's `btoa` (a Web standard on every runtime): about twice as fast as
 * building the text three bytes at a time, which showed in every signed token's cost.
 */
export function encodeBase64Url(bytes: Uint8Array): string {
  let binary = '';
  // `apply` takes the typed array as it is; spreading it into arguments is several times slower.
  for (let i = 0; i < bytes.length; i += CHUNK) binary += String.fromCharCode.apply(null, bytes.subarray(i, i + CHUNK) as unknown as number[]);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Returns the decoded bytes, or `null` when the text is not canonical base64url. */
export function decodeBase64Url(text: string): Uint8Array | null {
  if (text.length % 4 === 1) return null;
  const out = new Uint8Array(Math.floor((text.length * 3) / 4));
  let buffer = 0;
  let bits = 0;
  let o = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const value = code < 128 ? VALUES[code]! : -1;
    if (value < 0) return null;
    buffer = ((buffer << 6) | value) & 0xffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (buffer >> bits) & 0xff;
    }
  }
  if ((buffer & ((1 << bits) - 1)) !== 0) return null;
  return out;
}

export function encodeBase64UrlText(text: string): string {
  return encodeBase64Url(new TextEncoder().encode(text));
}
