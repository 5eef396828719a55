import type { components, operations } from '@/api/schema';

export type Article = components['schemas']['KbArticleResponseDto'];
export type ArticleVersion = components['schemas']['KbArticleVersionResponseDto'];
export type ArticleStatus = Article['status'];
type ArticleBody = components['schemas']['CreateKbArticleDto'];
type ListQuery = NonNullable<operations['Kb_list']['parameters']['query']>;

/** The limits the API enforces, repeated on the inputs so a person learns them before saving. */
export const TITLE_MAX = 300;
export const CONTENT_MAX = 200_000;

export const STATUS_OPTIONS: ReadonlyArray<{ value: ArticleStatus; label: string }> = [
  { value: 'draft', label: 'Draft' },
  { value: 'published', label: 'Published' },
];

export const STATUS_LABELS: Record<ArticleStatus, string> = { draft: 'Draft', published: 'Published' };

export function isArticleStatus(value: string | null | undefined): value is ArticleStatus {
  return value === 'draft' || value === 'published';
}

/** What the article form edits, as the inputs hold it (tags as one comma-separated line). */
export interface ArticleFormValues {
  title: string;
  content: string;
  tags: string;
  status: ArticleStatus;
}

export function newArticleForm(): ArticleFormValues {
  return { title: '', content: '', tags: '', status: 'draft' };
}

export function articleFormFrom(article: Pick<Article, 'title' | 'content' | 'tags' | 'status'>): ArticleFormValues {
  return { title: article.title, content: article.content, tags: article.tags.join(', '), status: article.status };
}

/** Tags typed as "account, security": trimmed, empty ones dropped, each kept once (the API refuses repeats). */
export function parseTags(text: string): string[] {
  const tags: string[] = [];
  for (const part of text.split(',')) {
    const tag = part.trim();
    if (tag !== '' && !tags.includes(tag)) {
      tags.push(tag);
    }
  }
  return tags;
}

/** The body of a create or an update: every field, so the new version is exactly what the form shows. */
export function articleBody(values: ArticleFormValues): ArticleBody {
  return { title: values.title.trim(), content: values.content, tags: parseTags(values.tags), status: values.status };
}

/** Whether saving the form would store a version identical to the current one (each save adds a version). */
export function unchanged(values: ArticleFormValues, article: Pick<Article, 'title' | 'content' | 'tags' | 'status'>): boolean {
  const body = articleBody(values);
  return (
    body.title === article.title &&
    body.content === article.content &&
    body.status === article.status &&
    body.tags?.length === article.tags.length &&
    body.tags.every((tag, index) => tag === article.tags[index])
  );
}

/** The list's filter and page as they live in the address bar, named as the API's query parameters. */
export interface ArticleListFilters {
  status?: ArticleStatus;
  offset: number;
}

/** Reads the filters from the address; anything malformed (a hand-edited link) is ignored rather than sent. */
export function readListFilters(params: URLSearchParams): ArticleListFilters {
  const status = params.get('status');
  const offset = Number(params.get('offset') ?? '0');
  return { ...(isArticleStatus(status) ? { status } : {}), offset: Number.isInteger(offset) && offset > 0 ? offset : 0 };
}

/** The address of the filters: only what is set, so links stay short. */
export function writeListFilters(filters: ArticleListFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.status) {
    params.set('status', filters.status);
  }
  if (filters.offset > 0) {
    params.set('offset', String(filters.offset));
  }
  return params;
}

export function listQuery(filters: ArticleListFilters, limit: number): ListQuery {
  return { limit, offset: filters.offset, ...(filters.status ? { status: filters.status } : {}) };
}
