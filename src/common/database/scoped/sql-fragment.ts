const BRAND: unique symbol = Symbol('SqlFragment');

let fragment: (strings: readonly string[], values: readonly unknown[]) => SqlFragment;

/**
 * A piece of SQL whose values are always parameters. The only way to make one is the `sql` tag, so a
 * string built at run time (and whatever a client put into it) can never stand where a condition is
 * expected: `sql\`status = ${status}\`` sends `status` as `$n`, and a fragment interpolated into another
 * is spliced in with its own parameters renumbered.
 */
export class SqlFragment {
  private readonly [BRAND] = true;

  private constructor(
    private readonly strings: readonly string[],
    private readonly values: readonly unknown[],
  ) {}

  // The constructor stays reachable from this module only: `sql`, `identifier` and `join` below.
  static {
    fragment = (strings, values) => new SqlFragment(strings, values);
  }

  static isFragment(value: unknown): value is SqlFragment {
    return value instanceof SqlFragment;
  }

  /** The text with placeholders numbered from `$${first}`, and the parameters in that order. */
  render(first = 1): { text: string; params: unknown[] } {
    const params: unknown[] = [];
    const text = this.renderInto(params, first);
    return { text, params };
  }

  private renderInto(params: unknown[], first: number): string {
    let text = this.strings[0];
    this.values.forEach((value, index) => {
      text += value instanceof SqlFragment ? value.renderInto(params, first) : `$${first + params.push(value) - 1}`;
      text += this.strings[index + 1];
    });
    return text;
  }
}

export function sql(strings: TemplateStringsArray, ...values: unknown[]): SqlFragment {
  return fragment(strings, values);
}

/** A table or column name, quoted: for names that come from entity metadata, never from a request. */
export function identifier(name: string): SqlFragment {
  return fragment([`"${name.replace(/"/g, '""')}"`], []);
}

/** Fragments one after another with `separator` (a constant of the caller's code) between them. */
export function join(fragments: readonly SqlFragment[], separator: ', ' | ' AND ' | ' OR '): SqlFragment {
  return fragment(['', ...fragments.slice(1).map(() => separator), ''], fragments);
}

/** No condition beyond the organization's. */
export const EVERY_ROW = sql`TRUE`;

/** Conditions joined by AND, each in parentheses. */
export function and(...conditions: SqlFragment[]): SqlFragment {
  if (conditions.length === 0) {
    return EVERY_ROW;
  }
  return fragment(['(', ...conditions.slice(1).map(() => ') AND ('), ')'], conditions);
}
