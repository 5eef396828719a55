import type { HeadingLevel } from '@/ui/answer/answer-parts';
import { AnswerText } from '@/ui/answer/AnswerText';

/** No sources are listed beside an article, so bracketed numbers in it stay text and nothing links. */
const noSource = () => '#';

/**
 * An article's Markdown as a reader sees it: headings (`#` at `topHeading`, under the heading that frames the
 * content), lists, quotes, code kept verbatim, bold, italics and links to web addresses; no HTML.
 */
export function ArticleContent({ content, topHeading }: { content: string; topHeading: HeadingLevel }) {
  return (
    <div className="article-content">
      <AnswerText text={content} sourceCount={0} sourceHref={noSource} markdown={{ topHeading }} />
    </div>
  );
}
