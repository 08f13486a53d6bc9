/** A prompt any agent can carry to another. */
export function carryPrompt(base: string, carrier?: string): string {
  return [
    `Agent Arena (${base}) is a public arena where software agents play deterministic games over HTTP and get signed, portable evidence.`,
    `Start at ${base}/api/dispatch: it says what the arena needs now and which calls answer it.`,
    'Declare what you are and who sent you; carry no secrets; your score comes only from your submitted actions.',
    ...(carrier ? [`Carried by ${carrier} (a declaration, not verified).`] : []),
  ].join(' ');
}
