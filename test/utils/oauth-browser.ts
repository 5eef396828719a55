/** What the person does on the service's authorization pages. */
export interface BrowserChoices {
  email: string;
  password: string;
  /** Allow (default) or decline the client's request. */
  consent?: 'allow' | 'decline';
}

/**
 * A browser walking the authorization server's flow over real HTTP, with its own cookie jar, as the web
 * console's consent page does it: it starts at an authorization URL, reads the interaction's details, signs
 * in with a password when asked (POST /api/auth/login), continues, allows or declines, and returns the
 * address the server finally sends it to (the client's redirect URI with `code` or `error`) without following it.
 */
export class OAuthBrowser {
  private readonly cookies = new Map<string, string>();
  private csrf: string | undefined;
  /** How many consent pages this browser was shown. */
  consentPages = 0;
  /** How many times this browser signed in with a password. */
  signIns = 0;

  constructor(
    private readonly origin: string,
    private readonly redirectUri: string,
  ) {}

  /** Keeps cookies across walks: a second authorization finds the person signed in. */
  async authorize(authorizationUrl: string, choices: BrowserChoices): Promise<string> {
    let next = authorizationUrl;
    for (let step = 0; step < 20; step++) {
      const response = await this.send(next);
      const location = response.headers.get('location');
      if (!location) {
        throw new Error(`Stuck at ${next} (${response.status}): ${(await response.text()).slice(0, 500)}`);
      }
      const target = new URL(location, next).href;
      if (target.startsWith(this.redirectUri)) {
        return target;
      }
      next = /\/oauth\/interaction\/[^/]+$/.test(new URL(target).pathname) ? await this.interact(target, choices) : target;
    }
    throw new Error('Too many steps');
  }

  /** The console's consent page: answers where the browser goes next. */
  private async interact(page: string, choices: BrowserChoices): Promise<string> {
    const details = (await this.json(`${page}/details`)) as { prompt: string; signed_in: boolean; organization_id: string };
    if (details.prompt === 'login') {
      if (!details.signed_in) {
        const signedIn = (await this.json(`${this.origin}/api/auth/login`, {
          email: choices.email,
          password: choices.password,
          organization_id: details.organization_id,
        })) as { csrf_token: string };
        this.csrf = signedIn.csrf_token;
        this.signIns++;
      }
      return ((await this.json(`${page}/login`, {})) as { redirect_to: string }).redirect_to;
    }
    this.consentPages++;
    const answer = (choices.consent ?? 'allow') === 'allow' ? 'confirm' : 'abort';
    return ((await this.json(`${page}/${answer}`, {})) as { redirect_to: string }).redirect_to;
  }

  /** Signs out of the service (DELETE /api/auth/logout), keeping every other cookie. */
  async signOut(): Promise<void> {
    const response = await fetch(`${this.origin}/api/auth/logout`, {
      method: 'DELETE',
      headers: { cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '), origin: this.origin, 'x-csrf-token': this.csrf ?? '' },
    });
    if (response.status !== 204) {
      throw new Error(`Sign-out refused (${response.status})`);
    }
    this.keepCookies(response);
    this.csrf = undefined;
  }

  private async json(url: string, body?: Record<string, unknown>): Promise<unknown> {
    const response = await this.send(url, body);
    const parsed = (await response.json()) as { error?: { code: string; message: string } };
    if (!response.ok) {
      throw new Error(`Refused at ${url} (${response.status}): ${parsed.error?.code} ${parsed.error?.message}`);
    }
    return parsed;
  }

  private async send(url: string, body?: Record<string, unknown>): Promise<globalThis.Response> {
    const response = await fetch(url, {
      method: body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(body ? { 'content-type': 'application/json', origin: this.origin, ...(this.csrf ? { 'x-csrf-token': this.csrf } : {}) } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    this.keepCookies(response);
    return response;
  }

  private keepCookies(response: globalThis.Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index);
      const value = pair.slice(index + 1);
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(header) || value === '') {
        this.cookies.delete(name);
      } else {
        this.cookies.set(name, value);
      }
    }
  }
}
