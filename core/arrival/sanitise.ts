/**
 * A public declaration as the Arrival Hall shows it: well-formed text, with line breaks and
 * tabs turned into spaces, every other control and invisible formatting character removed,
 * runs of whitespace collapsed, and the ends trimmed.
 */
export function sanitise(text: string): string {
  return text
    .toWellFormed()
    .replace(/[\t\n\v\f\r\u0085\u2028\u2029]/g, ' ')
    .replace(/[\u0000-\u001f\u007f-\u009f\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}
