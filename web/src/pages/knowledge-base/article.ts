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

export const ARTICLE_STATUSES: readonly ArticleStatus[] = STATUS_OPTIONS.map((option) => option.value);

export const STATUS_LABELS: Record<ArticleStatus, string> = { draft: 'Draft', published: 'Published' };

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

/** The list's query: its page, and its status filter when one is chosen (both kept in the address, ui/paging). */
export function listQuery(status: ArticleStatus | undefined, limit: number, offset: number): ListQuery {
  return { limit, offset, ...(status ? { status } : {}) };
}
