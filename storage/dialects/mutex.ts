/** A first-come queue for a single connection: `lock` waits for every earlier holder to `unlock`. */
export class Mutex {
  #tail: Promise<void> = Promise.resolve();
  #release: (() => void) | undefined;

  async lock(): Promise<void> {
    const previous = this.#tail;
    let release!: () => void;
    this.#tail = new Promise<void>((resolve) => (release = resolve));
    await previous;
    this.#release = release;
  }

  unlock(): void {
    const release = this.#release;
    this.#release = undefined;
    release?.();
  }
}
