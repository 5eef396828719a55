import { AnswerText } from '@/ui/answer/AnswerText';

/** No sources are listed beside an article, so bracketed numbers in it stay text and nothing links. */
const noSource = () => '#';

/** An article's text as a reader sees it: paragraphs, code blocks kept verbatim, inline code and bold, no HTML. */
export function ArticleContent({ content }: { content: string }) {
  return (
    <div className="article-content">
      <AnswerText text={content} sourceCount={0} sourceHref={noSource} />
    </div>
  );
}
