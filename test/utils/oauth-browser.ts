/** What the person does on the service's authorization pages. */
export interface BrowserChoices {
  email: string;
  password: string;
  /** Allow (default) or decline the client's request. */
  consent?: 'allow' | 'decline';
}

/**
 * A browser walking the authorization server's pages over real HTTP, with its own cookie jar: it starts at
 * an authorization URL, signs in on the login page, answers the consent page, and returns the address the
 * server finally sends it to (the client's redirect URI with `code` or `error`) without following it.
 */
export class OAuthBrowser {
  private readonly cookies = new Map<string, string>();
  /** How many consent pages this browser was shown. */
  consentPages = 0;

  constructor(
    private readonly origin: string,
    private readonly redirectUri: string,
  ) {}

  /** Keeps cookies across walks: a second authorization finds the person signed in. */
  async authorize(authorizationUrl: string, choices: BrowserChoices): Promise<string> {
    let next: { url: string; method: 'GET' | 'POST'; form?: Record<string, string> } = { url: authorizationUrl, method: 'GET' };
    for (let step = 0; step < 20; step++) {
      const response = await fetch(next.url, {
        method: next.method,
        redirect: 'manual',
        headers: {
          cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
          ...(next.form ? { 'content-type': 'application/x-www-form-urlencoded', origin: this.origin } : {}),
        },
        body: next.form ? new URLSearchParams(next.form).toString() : undefined,
      });
      this.keepCookies(response);
      const location = response.headers.get('location');
      if (location) {
        const target = new URL(location, next.url).href;
        if (target.startsWith(this.redirectUri)) {
          return target;
        }
        next = { url: target, method: 'GET' };
        continue;
      }
      const page = await response.text();
      if (page.includes('role="alert"')) {
        throw new Error(`Refused at ${next.url} (${response.status}): ${page.slice(0, 800)}`);
      }
      const action = /<form method="post" action="([^"]+\/(login|confirm|abort))">/g;
      const forms = [...page.matchAll(action)].map((match) => ({ url: new URL(match[1], this.origin).href, kind: match[2] }));
      const login = forms.find((form) => form.kind === 'login');
      if (login) {
        next = { url: login.url, method: 'POST', form: { email: choices.email, password: choices.password } };
        continue;
      }
      const consent = forms.find((form) => form.kind === ((choices.consent ?? 'allow') === 'allow' ? 'confirm' : 'abort'));
      if (consent) {
        this.consentPages++;
        next = { url: consent.url, method: 'POST', form: {} };
        continue;
      }
      throw new Error(`Stuck at ${next.url} (${response.status}): ${page.slice(0, 500)}`);
    }
    throw new Error('Too many steps');
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
