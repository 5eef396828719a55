/**
 * A library imported on first use rather than when the process starts. Provider SDKs, connector clients
 * and the mailer would add to every start, a CLI command's included, and most processes never use them:
 * a worker without connectors, an api answering with the built-in model. `loaded` is undefined until
 * `load()` has resolved once, and nothing the library makes (a client, an error) can exist before that.
 */
export class LazyLibrary<T> {
  #loaded: T | undefined;
  #loading: Promise<T> | undefined;

  constructor(private readonly importer: () => Promise<T>) {}

  load(): Promise<T> {
    this.#loading ??= this.importer().then(
      (library) => (this.#loaded = library),
      (error: unknown) => {
        this.#loading = undefined;
        throw error;
      },
    );
    return this.#loading;
  }

  get loaded(): T | undefined {
    return this.#loaded;
  }
}
