import { Fragment, useMemo, type MouseEvent, type ReactNode } from 'react';
import { answerParts, type Block, type Citation, type HeadingLevel, type Inline } from '@/ui/answer/answer-parts';
import '@/ui/answer/answer.css';

export interface AnswerTextProps {
  /** The answer as written, possibly still streaming in. */
  text: string;
  /** How many sources are listed with the answer: `[n]` cites the n-th, 1-based. */
  sourceCount: number;
  /** Where a citation of source n leads (an anchor of the page's sources list). */
  sourceHref: (source: number) => string;
  /** The title of source n, for the citation's accessible name ("Source 2: Title"). */
  sourceTitle?: (source: number) => string;
  /** Follows a plain click on a citation (the page moves focus to the source; it may prevent the default). */
  onCite?: (source: number, event: MouseEvent<HTMLAnchorElement>) => void;
  /** Shown at the end of the last block (a cursor while the answer streams in). */
  trailing?: ReactNode;
  /**
   * Read the text as Markdown (an article): its headings, lists, quotes, rules, italics and links. `#` is
   * shown at `topHeading`, so that the text's headings come under the page's own.
   */
  markdown?: { topHeading: HeadingLevel };
}

type Links = Pick<AnswerTextProps, 'sourceHref' | 'sourceTitle' | 'onCite'>;

function CitationLinks({ citation, links }: { citation: Citation; links: Links }) {
  const follow = (source: number, event: MouseEvent<HTMLAnchorElement>) => {
    // A click that asks for a new tab or window keeps the browser's own behaviour.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return;
    }
    links.onCite?.(source, event);
  };
  return (
    <span className="answer-citation">
      {citation.pieces.map((piece, index) => {
        if (piece.kind === 'text') {
          return <Fragment key={index}>{piece.text}</Fragment>;
        }
        const title = links.sourceTitle?.(piece.source);
        return (
          <a
            key={index}
            href={links.sourceHref(piece.source)}
            aria-label={title === undefined ? `Source ${piece.source}` : `Source ${piece.source}: ${title}`}
            onClick={(event) => follow(piece.source, event)}
          >
            {piece.text}
          </a>
        );
      })}
    </span>
  );
}

function InlineParts({ parts, links }: { parts: Inline[]; links: Links }) {
  return parts.map((part, index) => {
    switch (part.kind) {
      case 'text':
        return <Fragment key={index}>{part.text}</Fragment>;
      case 'code':
        return <code key={index}>{part.text}</code>;
      case 'strong':
        return (
          <strong key={index}>
            <InlineParts parts={part.content} links={links} />
          </strong>
        );
      case 'em':
        return (
          <em key={index}>
            <InlineParts parts={part.content} links={links} />
          </em>
        );
      case 'link':
        return (
          <a key={index} href={part.href} target="_blank" rel="noreferrer noopener">
            {part.text}
          </a>
        );
      case 'citation':
        return <CitationLinks key={index} citation={part} links={links} />;
    }
  });
}

function AnswerBlock({ block, links, topHeading, trailing }: { block: Block; links: Links; topHeading: HeadingLevel; trailing?: ReactNode }) {
  switch (block.kind) {
    case 'paragraph':
      return (
        <p>
          <InlineParts parts={block.content} links={links} />
          {trailing}
        </p>
      );
    case 'code':
      // Focusable so a keyboard can scroll a long line sideways; named so that focus says what it is.
      return (
        <pre className="answer-code" tabIndex={0} role="group" aria-label={block.language ? `Code, ${block.language}` : 'Code'}>
          <code className={block.language ? `language-${block.language}` : undefined}>{block.text}</code>
          {trailing}
        </pre>
      );
    case 'heading': {
      const Heading = `h${Math.min(6, topHeading + block.level - 1)}` as `h${HeadingLevel}`;
      return (
        <Heading>
          <InlineParts parts={block.content} links={links} />
          {trailing}
        </Heading>
      );
    }
    case 'list': {
      const items = block.items.map((item, index) => (
        <li key={index}>
          <InlineParts parts={item} links={links} />
          {index === block.items.length - 1 ? trailing : null}
        </li>
      ));
      return block.ordered ? <ol start={block.start === 1 ? undefined : block.start}>{items}</ol> : <ul>{items}</ul>;
    }
    case 'quote':
      return (
        <blockquote>
          {block.paragraphs.map((paragraph, index) => (
            <p key={index}>
              <InlineParts parts={paragraph} links={links} />
              {index === block.paragraphs.length - 1 ? trailing : null}
            </p>
          ))}
        </blockquote>
      );
    case 'rule':
      return (
        <>
          <hr />
          {trailing}
        </>
      );
  }
}

/**
 * An agent's answer: paragraphs, code blocks kept verbatim, inline code, bold runs, and each citation
 * marker's numbers as links to the sources they name. With `markdown`, a text's Markdown blocks too.
 */
export function AnswerText({ text, sourceCount, sourceHref, sourceTitle, onCite, trailing, markdown }: AnswerTextProps) {
  const asMarkdown = markdown !== undefined;
  const blocks = useMemo(() => answerParts(text, sourceCount, { markdown: asMarkdown }), [text, sourceCount, asMarkdown]);
  const links = { sourceHref, sourceTitle, onCite };
  return (
    <div className="answer-text">
      {blocks.map((block, index) => (
        <AnswerBlock
          key={index}
          block={block}
          links={links}
          topHeading={markdown?.topHeading ?? 1}
          trailing={index === blocks.length - 1 ? trailing : undefined}
        />
      ))}
      {blocks.length === 0 && trailing ? <p>{trailing}</p> : null}
    </div>
  );
}
