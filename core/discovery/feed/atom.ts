/** One Atom entry: the evidence of one record. */
export interface AtomEntry {
  id: string;
  title: string;
  updated: string;
  link: string;
  summary: string;
  category: string;
  author: string;
}

/** Characters XML 1.0 cannot carry at all: stripped rather than escaped. */
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

export function xmlText(text: string): string {
  return text
    .toWellFormed()
    .replace(NOT_XML, '')
    .replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

/** An Atom 1.0 document (RFC 4287). */
export function atomFeed(feed: { id: string; title: string; subtitle: string; self: string; home: string; updated: string; entries: AtomEntry[] }): string {
  const entries = feed.entries.map(
    (entry) => `  <entry>
    <id>${xmlText(entry.id)}</id>
    <title>${xmlText(entry.title)}</title>
    <updated>${xmlText(entry.updated)}</updated>
    <link rel="alternate" href="${xmlText(entry.link)}"/>
    <author><name>${xmlText(entry.author)}</name></author>
    <category term="${xmlText(entry.category)}"/>
    <summary>${xmlText(entry.summary)}</summary>
  </entry>`,
  );
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <id>${xmlText(feed.id)}</id>
  <title>${xmlText(feed.title)}</title>
  <subtitle>${xmlText(feed.subtitle)}</subtitle>
  <updated>${xmlText(feed.updated)}</updated>
  <link rel="self" type="application/atom+xml" href="${xmlText(feed.self)}"/>
  <link rel="alternate" href="${xmlText(feed.home)}"/>
  <author><name>Agent Arena</name></author>
${entries.join('\n')}
</feed>
`;
}
