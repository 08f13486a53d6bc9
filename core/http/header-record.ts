/** What the arena's own code reads and changes of an answer's headers: a Headers object or a {@link HeaderRecord}. */
export interface AnswerHeaders {
  get(name: string): string | null;
  has(name: string): boolean;
  set(name: string, value: string): void;
  append(name: string, value: string): void;
  delete(name: string): void;
  /** In order of name, as a Headers object gives them. */
  forEach(callback: (value: string, name: string) => void): void;
}

/**
 * An answer's headers as a plain record of lower-case names: the arena's own answers keep theirs
 * so until anything asks for their Headers object, and are set, read and handed to the runtime
 * without one (a Headers object checks every name and value it is given, and the runtime then
 * copies it). Only the arena's code writes it, with names and values it made, so it checks none.
 */
export class HeaderRecord implements AnswerHeaders {
  /** Name to value; no prototype, so no name is found that was not set. */
  readonly fields: Record<string, string> = Object.create(null);

  constructor(given: Record<string, string>) {
    for (const name of Object.keys(given)) this.fields[name.toLowerCase()] = given[name]!;
  }

  get(name: string): string | null {
    return this.fields[name.toLowerCase()] ?? null;
  }
  has(name: string): boolean {
    return name.toLowerCase() in this.fields;
  }
  set(name: string, value: string): void {
    this.fields[name.toLowerCase()] = value;
  }
  /** As Headers does: a second value joins the first, after a comma. */
  append(name: string, value: string): void {
    const key = name.toLowerCase();
    const existing = this.fields[key];
    this.fields[key] = existing === undefined ? value : `${existing}, ${value}`;
  }
  delete(name: string): void {
    delete this.fields[name.toLowerCase()];
  }
  forEach(callback: (value: string, name: string) => void): void {
    for (const name of Object.keys(this.fields).sort()) callback(this.fields[name]!, name);
  }
}
