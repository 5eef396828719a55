/** What a Drive search query can test of a file (the subset of query terms the fake understands). */
export interface QueryableFile {
  name: string;
  mimeType: string;
  modifiedTime: number;
  parents: readonly string[];
  trashed: boolean;
  ownedByMe: boolean;
  sharedWithMe: boolean;
}

export type DriveQuery = (file: QueryableFile) => boolean;

/** The query is not one Drive accepts: the API answers 400 `invalid` on `q`. */
export class InvalidQueryError extends Error {}

type Token = { kind: 'string'; value: string } | { kind: 'word'; value: string } | { kind: 'operator'; value: string } | { kind: 'paren'; value: '(' | ')' };

/** Parses Drive's `q` (and, or, not, parentheses; =, !=, <, <=, >, >=, contains, in) into a predicate. */
export function parseDriveQuery(q: string): DriveQuery {
  const tokens = tokenize(q);
  let position = 0;
  const peek = (): Token | undefined => tokens[position];
  const take = (): Token => {
    const token = tokens[position++];
    if (!token) {
      throw new InvalidQueryError('unexpected end of query');
    }
    return token;
  };
  const isWord = (token: Token | undefined, word: string): boolean => token?.kind === 'word' && token.value.toLowerCase() === word;

  const disjunction = (): DriveQuery => {
    const terms = [conjunction()];
    while (isWord(peek(), 'or')) {
      take();
      terms.push(conjunction());
    }
    return (file) => terms.some((term) => term(file));
  };
  const conjunction = (): DriveQuery => {
    const terms = [unary()];
    while (isWord(peek(), 'and')) {
      take();
      terms.push(unary());
    }
    return (file) => terms.every((term) => term(file));
  };
  const unary = (): DriveQuery => {
    if (isWord(peek(), 'not')) {
      take();
      const negated = unary();
      return (file) => !negated(file);
    }
    const token = peek();
    if (token?.kind === 'paren' && token.value === '(') {
      take();
      const inner = disjunction();
      const closing = take();
      if (closing.kind !== 'paren' || closing.value !== ')') {
        throw new InvalidQueryError('missing )');
      }
      return inner;
    }
    return comparison();
  };
  const comparison = (): DriveQuery => {
    const left = take();
    if (left.kind === 'string') {
      if (!isWord(take(), 'in')) {
        throw new InvalidQueryError('expected in');
      }
      return membership(left.value, take());
    }
    if (left.kind !== 'word') {
      throw new InvalidQueryError('expected a query term');
    }
    const operator = take();
    const operatorName = operator.kind === 'operator' || operator.kind === 'word' ? operator.value.toLowerCase() : '';
    return fieldTest(left.value, operatorName, take());
  };

  const query = disjunction();
  if (position !== tokens.length) {
    throw new InvalidQueryError('unexpected trailing terms');
  }
  return query;
}

function membership(value: string, collection: Token): DriveQuery {
  if (collection.kind === 'word' && collection.value === 'parents') {
    return (file) => file.parents.includes(value);
  }
  if (collection.kind === 'word' && collection.value === 'owners' && value === 'me') {
    return (file) => file.ownedByMe;
  }
  throw new InvalidQueryError(`unsupported collection`);
}

function fieldTest(field: string, operator: string, operand: Token): DriveQuery {
  switch (field) {
    case 'trashed':
    case 'sharedWithMe': {
      const expected = booleanOf(operand);
      const read = (file: QueryableFile): boolean => (field === 'trashed' ? file.trashed : file.sharedWithMe);
      return equality(operator, (file) => read(file) === expected);
    }
    case 'mimeType':
    case 'name': {
      const expected = stringOf(operand);
      const read = (file: QueryableFile): string => (field === 'mimeType' ? file.mimeType : file.name);
      if (operator === 'contains') {
        return (file) => read(file).includes(expected);
      }
      return equality(operator, (file) => read(file) === expected);
    }
    case 'modifiedTime': {
      const instant = rfc3339(stringOf(operand));
      const compare: Record<string, (time: number) => boolean> = {
        '>': (time) => time > instant,
        '>=': (time) => time >= instant,
        '<': (time) => time < instant,
        '<=': (time) => time <= instant,
        '=': (time) => time === instant,
        '!=': (time) => time !== instant,
      };
      const test = compare[operator];
      if (!test) {
        throw new InvalidQueryError('bad operator for modifiedTime');
      }
      return (file) => test(file.modifiedTime);
    }
    default:
      throw new InvalidQueryError(`unsupported query term ${field}`);
  }
}

function equality(operator: string, equal: DriveQuery): DriveQuery {
  if (operator === '=') {
    return equal;
  }
  if (operator === '!=') {
    return (file) => !equal(file);
  }
  throw new InvalidQueryError(`bad operator ${operator}`);
}

function booleanOf(token: Token): boolean {
  if (token.kind === 'word' && (token.value === 'true' || token.value === 'false')) {
    return token.value === 'true';
  }
  throw new InvalidQueryError('expected true or false');
}

function stringOf(token: Token): string {
  if (token.kind !== 'string') {
    throw new InvalidQueryError('expected a quoted string');
  }
  return token.value;
}

/** RFC 3339 as Drive reads it: the time zone defaults to UTC. */
function rfc3339(value: string): number {
  const withZone = /(Z|[+-]\d{2}:\d{2})$/i.test(value) ? value : `${value}Z`;
  const instant = Date.parse(withZone);
  if (!/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?/.test(value) || Number.isNaN(instant)) {
    throw new InvalidQueryError('invalid date');
  }
  return instant;
}

function tokenize(q: string): Token[] {
  const tokens: Token[] = [];
  let index = 0;
  while (index < q.length) {
    const char = q[index];
    if (/\s/.test(char)) {
      index += 1;
    } else if (char === '(' || char === ')') {
      tokens.push({ kind: 'paren', value: char });
      index += 1;
    } else if (char === "'") {
      let value = '';
      index += 1;
      while (index < q.length && q[index] !== "'") {
        value += q[index] === '\\' ? (q[++index] ?? '') : q[index];
        index += 1;
      }
      if (index >= q.length) {
        throw new InvalidQueryError('unterminated string');
      }
      index += 1;
      tokens.push({ kind: 'string', value });
    } else {
      const operator = /^(!=|<=|>=|=|<|>)/.exec(q.slice(index))?.[0];
      if (operator) {
        tokens.push({ kind: 'operator', value: operator });
        index += operator.length;
        continue;
      }
      const word = /^[A-Za-z_][A-Za-z0-9_]*/.exec(q.slice(index))?.[0];
      if (!word) {
        throw new InvalidQueryError(`unexpected character ${char}`);
      }
      tokens.push({ kind: 'word', value: word });
      index += word.length;
    }
  }
  return tokens;
}
